"""The replay viewer in the browser: a finished game opened from "Recent games" (the lobby's,
and a player's statistics page), stepped with next, previous, last, the slider and the arrow
keys, autoplayed, seen from a seat or with every hand open, and a move reviewed."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

import pytest

import kingscourt
from kingscourt import bots
from kingscourt.bots.analysis import Analyst

from ..server.harness import SeatLog, play_seat, run
from .helpers import shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import WebServer


def wait_over(server: WebServer, table: str) -> None:
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the game did not end"
        time.sleep(0.1)


def at(page: Page, version: int) -> None:
    page.wait_for_selector(f".replay-page[data-version='{version}']")


def explains(game: str) -> bool:
    return isinstance(bots.load("strong", kingscourt.load_game(game), seed=0), Analyst)


def check_review(page: Page, game: str) -> None:
    """The first move of the viewed seat reviewed: the bot's preferred move and the difference."""
    page.locator("#replay-moves li.viewed .review-btn").first.click()
    box = page.locator("#replay-moves li.viewed .review").first
    if explains(game):
        page.wait_for_function("() => { const r = document.querySelector('#replay-moves .review');"
                               " return r && !r.textContent.includes('thinking'); }", timeout=60_000)
        text = box.inner_text()
        assert "strong bot" in text and ("same" in text or "better by its estimate" in text), text
    else:
        page.wait_for_selector("#replay-moves .review:has-text('No review')")
        assert page.locator(".review-btn").count() == 0


@pytest.fixture(scope="module")
def king_table(web_server: WebServer) -> str:
    """A King game of bots (12 deals) begun before the first test, so that it plays while
    the first test runs (the second one replays it)."""
    t = web_server.create("king", [{"kind": "bot", "level": "random"}] * 4, seed=9,
                          rules={"short_game": True})
    return str(t["id"])


def test_replay_from_the_lobby_steps_autoplays_and_switches_seat(
        new_page: Any, web_server: WebServer, king_table: str) -> None:
    t = web_server.create("kukakoenig", [{"kind": "human", "name": "Rita"},
                                         {"kind": "bot", "level": "random"}], seed=12)
    run(play_seat(web_server.ws(t["id"], t["seats"][0]["token"]), SeatLog(0), random.Random(3)))
    wait_over(web_server, t["id"])
    last = web_server.get(f"/api/tables/{t['id']}/replay?steps=false").json()["last"]
    page = new_page()
    page.goto("/")
    page.click(f"#recent-games li[data-table='{t['id']}'] a.replay-link")
    at(page, 0)
    assert page.locator("#replay-moves li").count() == last + 1
    assert "Rita picks row" in page.inner_text("#replay-moves")
    # all hands open: every seat's secret pick is shown beside the board
    assert page.locator("#replay-hands .replay-picks li").count() == 2
    page.click("#replay-next")
    at(page, 1)
    assert page.locator("#replay-moves li.current").get_attribute("data-version") == "1"
    page.click("#replay-next")
    at(page, 2)
    page.click("#replay-prev")
    at(page, 1)
    page.click("#replay-last")
    at(page, last)
    assert page.locator("#replay-next").is_disabled()
    page.wait_for_selector(".replay-board #result")
    page.locator("#replay-slider").evaluate(
        "(el) => { el.value = 5; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    at(page, 5)
    page.locator("h1").click()  # the keys work from the page, not from inside the slider
    page.keyboard.press("ArrowRight")
    at(page, 6)
    page.keyboard.press("ArrowLeft")
    at(page, 5)
    page.keyboard.press("Home")
    at(page, 0)
    # autoplay at the fastest speed runs on by itself, and stops when paused
    page.select_option("#replay-speed", label="fastest")
    page.click("#replay-play")
    page.wait_for_function("() => Number(document.querySelector('.replay-page').dataset.version) >= 4")
    page.click("#replay-play")
    stopped = int(page.get_attribute(".replay-page", "data-version") or -1)
    page.wait_for_timeout(500)
    assert int(page.get_attribute(".replay-page", "data-version") or -1) == stopped
    # Rita's point of view: her own view (her collection marked, no open secrets)
    page.select_option("#replay-seat", "0")
    page.wait_for_selector("#collections .player.mine[data-seat='0']")
    assert page.locator("#replay-hands").is_hidden()
    assert page.url.endswith(f"#/replay/{t['id']}/1")
    page.locator("#replay-moves li.viewed").first.wait_for()
    check_review(page, "kukakoenig")
    page.select_option("#replay-seat", "open")
    page.wait_for_selector("#replay-hands .replay-picks")
    shot(page, "replay-kukakoenig")


def test_king_replay_from_statistics_shows_every_hand(new_page: Any, web_server: WebServer,
                                                     king_table: str) -> None:
    wait_over(web_server, king_table)
    page = new_page()
    page.goto("/#/player/Bot (random)")
    page.click(f"#recent-games li[data-table='{king_table}'] a.replay-link")
    at(page, 0)
    page.click("#replay-next")  # the contract is chosen: the hands are dealt and shown
    at(page, 1)
    hands = page.locator("#replay-hands .replay-hand")
    assert hands.count() == 4
    assert [hands.nth(s).locator(".card").count() for s in range(4)] == [13] * 4
    seen = {c for c in page.locator("#replay-hands .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")}
    assert len(seen) == 52
    page.select_option("#replay-seat", "2")
    page.wait_for_selector(".replay-board #hand .card")
    assert page.locator("#replay-hands").is_hidden()
    own = page.locator(".replay-board #hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert len(own) == 13 and set(own) <= seen
    # read-only: no chooser dialog and no playable card, whoever is to move
    assert page.locator("#chooser").count() == 0 and page.locator("#hand .card.legal").count() == 0
    # the viewed seat's hand is named by its seat, not "Your hand" (issue 31)
    title = page.inner_text(".replay-board .hand-title")
    assert "Your hand" not in title and "Bot 3" in title, title
    # no review is offered for a forced move (the seat had one legal action), one for the others
    steps = web_server.get(f"/api/tables/{king_table}/replay?version=0").json()["steps"]
    mine = [st for st in steps if st["seat"] == 2]
    forced = [st["version"] for st in mine if st["forced"]]
    free = [st["version"] for st in mine if not st["forced"]]
    assert forced and free
    for v in forced[:3]:
        assert page.locator(f"#replay-moves li[data-version='{v}'] .review-btn").count() == 0
    assert page.locator(f"#replay-moves li[data-version='{free[0]}'] .review-btn").count() == 1
    check_review(page, "king")
    shot(page, "replay-king")
    # by trick and by deal: buttons and keys (Shift+arrows, Page Up/Down)
    deals = [st["version"] - 1 for st in steps if st["action"].startswith("choose ")]
    page.locator("h1").click()
    page.keyboard.press("Home")
    at(page, 0)
    page.keyboard.press("Shift+ArrowRight")  # the contract and the first trick's four cards
    at(page, 5)
    page.click("#replay-next-trick")
    at(page, 9)
    page.keyboard.press("Shift+ArrowLeft")
    at(page, 5)
    page.keyboard.press("PageDown")
    at(page, deals[1])
    page.click("#replay-next-deal")
    at(page, deals[2])
    page.click("#replay-prev-deal")
    at(page, deals[1])
    # between 801 and 1250 px the move list goes under the board: the felt keeps its width
    page.set_viewport_size({"width": 820, "height": 1180})
    page.wait_for_timeout(100)
    felt = page.locator(".replay-board .felt").bounding_box()
    assert felt and felt["width"] > 600, felt
    names = page.locator(".replay-board .seat-name").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)")
    assert max(names) < 48, names  # one line each (two with the chooser's badge), not a letter per line
    shot(page, "replay-king-820")
