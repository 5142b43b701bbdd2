"""King in the browser: a whole deal against three bots by clicking, an illegal click, the
tables, the phone layout, and a reload that returns to the seat."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .helpers import create_table, shot, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")


def play_one(page: Page) -> bool:
    """Make the seat's move if it has one (choose the first contract offered, or play the first
    highlighted card); False when it is not the seat's turn."""
    if page.locator("#chooser").count():
        button = page.locator("#chooser .contract-btn").first
    elif page.locator(".hand .card.legal").count():
        button = page.locator(".hand .card.legal").first
    else:
        return False
    v = version(page)
    button.click()
    wait_past(page, v)
    return True


def test_whole_deal_by_clicking(new_page) -> None:
    page = new_page()
    create_table(page, "king", "Ada", seed=11)
    deadline = time.monotonic() + 60
    clicks = 0
    while "Deal 1/" in page.inner_text("#king-topbar .deal"):
        assert time.monotonic() < deadline, "the deal did not end within 60 s"
        if play_one(page):
            clicks += 1
        else:
            page.wait_for_timeout(30)
    assert clicks >= 1
    assert page.inner_text("#king-topbar .deal").startswith("Deal 2/")
    page.keyboard.press("t")  # the choice and score tables
    row = page.locator("#score-table tbody tr").first
    cells = row.locator("td").all_inner_texts()
    assert cells[0] == "1" and cells[2], cells
    assert sum(int(c.replace("+", "")) for c in cells[3:7]) != 0 or "Koz" not in cells[2]
    assert page.locator("#score-table tbody tr").count() == 20
    assert page.locator("#choice-table").count() == 1
    page.keyboard.press("l")
    assert page.locator("#last-trick").count() == 1
    page.keyboard.press("c")
    assert page.locator("#counter .counter-row").count() == 4
    shot(page, "king-after-deal")
    # a reload returns to the seat with the current view
    before = hand(page)
    page.reload()
    page.wait_for_selector(".board[data-version]")
    page.wait_for_selector("#king-topbar")
    assert page.inner_text(".seat-label") == "You: seat 1"
    assert sorted(hand(page)) == sorted(before) or page.locator(".hand .card").count() > 0


def test_illegal_click_names_the_rule(new_page) -> None:
    page = new_page()
    create_table(page, "king", "Ada", seed=5)
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no illegal card came up within 60 s"
        if page.locator(".hand .card.illegal").count() and page.locator(".hand .card.legal").count():
            break
        if not play_one(page):
            page.wait_for_timeout(30)
    before = hand(page)
    v = version(page)
    bad = page.locator(".hand .card.illegal").first
    card = bad.get_attribute("data-card")
    bad.click()
    refusal = page.locator("#refusal")  # told above the hand, not in a toast over it
    refusal.wait_for(state="visible")
    text = refusal.inner_text()
    assert "[" in text and "]" in text, text  # the message names the rule: "... [follow-suit]"
    assert any(rule in text for rule in ("follow-suit", "hearts-not-broken", "must-", "penalty-card",
                                         "trump-not-broken", "must-trump")), text
    page.wait_for_timeout(200)
    assert hand(page) == before and card in before
    assert version(page) == v
    shot(page, "king-illegal-click")
    # keyboard play: the arrow keys walk the hand, Enter plays the focused card
    for _ in range(14):
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.activeElement.classList.contains('legal')"):
            break
    played = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    wait_past(page, v)
    assert played not in hand(page)


def test_phone_layout(new_page) -> None:
    page = new_page(390, 844)
    create_table(page, "king", "Ada", seed=7)
    page.wait_for_selector(".hand .card")
    deadline = time.monotonic() + 30
    while not page.locator(".hand .card.legal").count() and not page.locator("#chooser").count():
        assert time.monotonic() < deadline
        page.wait_for_timeout(30)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    for selector in ("#king-topbar", ".felt", ".hand"):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 391, (selector, box)
    assert play_one(page)
    shot(page, "king-phone")
    page.goto("/")
    page.wait_for_selector(".game-tile")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "lobby-phone")
    # the other two tables fit the phone too
    create_table(page, "kukakoenig", "Ada", seed=2, players=4)
    page.wait_for_selector(".kkk-row:not([disabled])")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "kukakoenig-phone")
    create_table(page, "uchokrola", "Ada", seed=2, players=4)
    page.wait_for_selector("#prompt")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "uchokrola-phone")


def test_king_celebration(new_page) -> None:
    """A King (all 13 tricks of a trump deal) is celebrated on screen. A King cannot be arranged
    through the lobby (seeds only), so the board is fed two real views, the second with a King."""
    import kingscourt

    state = kingscourt.load_game("king").new_state(seed=1)
    before = state.view(0)
    after = dict(before, kings=[{"deal": 1, "seat": 2, "tricks": 13}])
    page = new_page()
    page.goto("/")
    page.wait_for_selector(".game-tile")
    page.evaluate("""async ([before, after]) => {
        const { mount } = await import("/games/king/board.js");
        const { gameInfo } = await import("/web/js/games.js");
        const board = document.createElement("div");
        board.className = "board";
        document.getElementById("app").replaceChildren(board);
        const names = ["You", "Bea", "Cem", "Dana"];
        const ctx = { me: 0, name: (s) => names[s], act: () => {}, game: await gameInfo("king") };
        const api = mount(board, ctx);
        api.update({ type: "state", version: 1, seat: 0, view: before, seats: [] });
        api.update({ type: "state", version: 2, seat: 0, view: after, seats: [] });
    }""", [before, after])
    page.wait_for_selector(".celebration")
    assert "KING!" in page.inner_text(".celebration")
    assert "Cem takes all 13 tricks of deal 1" in page.inner_text(".celebration")
    page.wait_for_timeout(700)  # the crown's entrance
    shot(page, "king-celebration")
    page.keyboard.press("Escape")  # the table's key handler is not mounted here: click instead
    page.click(".celebration button")
    assert page.locator(".celebration").count() == 0
