"""Chat in the browser: two people (two browser contexts) and a spectator at one King table.
Messages, a quick phrase and an emote go both ways, from the waiting room on; a spectator's
messages are shown apart; the host closes the chat to spectators; an HTML string stays text;
on a phone the chat is a button in the table's head line, never over the hand."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .helpers import create_table, invite_friend, shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

HTML = '<img src=x onerror="window.pwned=1"><b>bold</b> & <script>window.pwned=2</script>'


def table_id(page: Page) -> str:
    match = re.search(r"#/table/([^/]+)", page.url)
    assert match, page.url
    return match.group(1)


def write(page: Page, text: str) -> None:
    page.fill(".chat-input", text)
    page.press(".chat-input", "Enter")


def said(page: Page, where: str, text: str) -> None:
    """Wait until ``text`` is shown among the messages of ``where`` (players or spectators)."""
    page.locator(f".chat-{where} .chat-text", has_text=text).first.wait_for()


def test_two_players_and_a_spectator_chat(new_page) -> None:
    ada, bea = new_page(), new_page()
    create_table(ada, "king", "Ada", seed=21, seats={1: "human"})
    # the waiting room: chat works before the game starts
    write(ada, "Hello from the waiting room")
    said(ada, "players", "Hello from the waiting room")
    invite_friend(ada, bea, "Bea")
    # Bea gets the history on opening the table
    said(bea, "players", "Hello from the waiting room")
    assert "Ada (seat 1)" in bea.inner_text(".chat-players .chat-msg")
    bea.click(".chat-phrase:text-is('Good luck!')")
    said(ada, "players", "Good luck!")
    last = ada.locator(".chat-players .chat-msg").last
    assert last.get_attribute("data-seat") == "1" and "Bea (seat 2)" in last.inner_text()
    # an emote is drawn (inline SVG, named), never left to an emoji font
    assert ada.locator(".chat-emote svg.emote").count() == 6
    ada.click(".chat-emote[aria-label='thumbs up']")
    bea.locator(".chat-players .chat-text svg.emote[aria-label='thumbs up']").wait_for()
    # an HTML string is shown as the text it is: no element made of it, no script run
    write(ada, HTML)
    said(bea, "players", "<b>bold</b>")
    text = bea.locator(".chat-players .chat-text").last.text_content()
    assert text == HTML
    for page in (ada, bea):
        assert page.locator(".chat img, .chat b, .chat script").count() == 0
        assert page.evaluate("window.pwned") is None
    # a spectator, with the name this browser remembers, writes apart from the players
    sam = new_page()
    sam.goto("/")
    sam.evaluate("localStorage.setItem('kingscourt.name', JSON.stringify('Sam'))")
    sam.goto(f"/#/table/{table_id(ada)}")
    said(sam, "players", "Good luck!")
    assert sam.inner_text(".seat-label") == "Spectator"
    write(sam, "Go Bea!")
    said(ada, "spectators", "Go Bea!")
    assert "Sam (spectator)" in ada.inner_text(".chat-spectators")
    assert "Go Bea!" not in ada.inner_text(".chat-players")
    # only the host sees the switch; closed, the spectator cannot write
    assert bea.locator(".chat-toggle").is_hidden()
    ada.click(".chat-toggle:text('Close chat to spectators')")
    sam.wait_for_selector(".chat-input:disabled")
    assert "closed the chat to spectators" in sam.inner_text(".chat-note")
    ada.wait_for_selector(".chat-toggle:text('Open chat to spectators')")
    write(bea, "Well played")
    said(sam, "players", "Well played")  # spectators still read
    shot(ada, "chat-host")
    shot(bea, "chat-guest")
    shot(sam, "chat-spectator")


def test_a_refused_message_is_shown_in_the_chat(new_page) -> None:
    page = new_page()
    create_table(page, "king", "Ada", seed=22, seats={1: "bot:random"})
    page.wait_for_selector(".hand .card")
    # six at once: the server answers the sixth with rate-limited, shown in the chat panel
    for phrase in ("Good luck!", "Well played", "Thanks", "Oops", "Good luck!", "Thanks"):
        page.click(f".chat-phrase:text-is('{phrase}')")
    page.wait_for_selector(".chat-error:not([hidden])")
    assert "Too many messages" in page.inner_text(".chat-error")
    assert page.locator(".chat-players .chat-msg").count() == 5


def test_chat_on_a_phone(new_page) -> None:
    page = new_page(390, 844)
    create_table(page, "king", "Ada", seed=23, seats={1: "bot:random"})
    page.wait_for_selector(".hand .card")
    chat = page.locator("details.chat")
    assert chat.get_attribute("open") is None  # one line on a phone

    def apart() -> None:
        # the hand is drawn again on every move: measure both once they stand still on screen
        page.wait_for_function("() => document.querySelector('.hand') && "
                               "document.querySelector('details.chat')")
        hand = page.locator(".hand").bounding_box()
        box = chat.bounding_box()
        for _ in range(50):
            if hand and box:
                break
            page.wait_for_timeout(100)
            hand, box = page.locator(".hand").bounding_box(), chat.bounding_box()
        assert hand and box, (hand, box)
        # a button in the head line, above the board: never over the hand
        assert box["y"] + box["height"] <= hand["y"], (box, hand)

    apart()
    page.click("details.chat > summary")  # open: a drawer within the screen's width
    page.click(".chat-phrase:text-is('Oops')")
    said(page, "players", "Oops")
    assert chat.bounding_box()["width"] <= 390  # type: ignore[index]
    page.click("details.chat > summary")  # closed again: the button, the preview kept
    apart()
    assert "Oops" in (page.text_content(".chat-preview") or "")
    shot(page, "chat-phone")
