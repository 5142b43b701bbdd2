"""Accessibility to WCAG 2.2 AA on every screen that is not a table at play (test_screens.py
checks those): axe-core finds no serious or critical violation on the lobby, the new-table
screen, the leaderboard, a player's statistics, the account forms, a profile, a finished table
of each game and a replay, light and dark; a table says each play, the trick's winner and the
prompt in a live region, and King's contract dialog takes the focus and answers number and
letter keys."""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

import pytest

from .axe import violations
from .helpers import ARTIFACTS, create_table, heard, listen, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import WebServer

PASSWORD = "a long enough password"
BOTS = {
    "king": dict(seats=[{"kind": "bot", "level": "random"}] * 4, rules={"short_game": True}, seed=3),
    "kukakoenig": dict(seats=[{"kind": "bot", "level": "random"}] * 2, seed=3),
    "uchokrola": dict(seats=[{"kind": "bot", "level": "random"}] * 2, seed=3),
}


@pytest.fixture(scope="module")
def finished(web_server: WebServer) -> dict[str, str]:
    """A game of bots of each game, begun first so that they play while the other pages are
    checked; each is waited for where it is needed."""
    return {game: str(web_server.create(game, **options)["id"]) for game, options in BOTS.items()}


def wait_over(server: WebServer, table: str) -> None:
    deadline = time.monotonic() + 90
    while server.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the game did not end"
        time.sleep(0.2)


def check(page: Page, name: str, ready: str) -> list[str]:
    """axe in light and dark on the page as it stands once ``ready`` is there."""
    page.wait_for_selector(ready)
    page.wait_for_timeout(100)
    problems = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found = violations(page)
        page.screenshot(path=str(ARTIFACTS / f"a11y-{name}-{scheme}.png"), full_page=True)
        problems += [f"{name} ({scheme}): {v}" for v in found]
    page.emulate_media(color_scheme="light")
    return problems


def test_no_serious_violation_on_any_screen(
    open_page: Any, web_server: WebServer, finished: dict[str, str]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = open_page(1366, 768)
    problems: list[str] = []
    page.goto("/")
    problems += check(page, "lobby", ".game-tile")
    page.goto("/#/new/king")
    problems += check(page, "setup", "#create")
    page.goto("/#/leaderboard")
    problems += check(page, "leaderboard", "#rating-board")
    page.goto("/#/account")
    problems += check(page, "account-forms", "#register-form")
    name = f"Ally{secrets.token_hex(3)}"
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.click("#register-form button[type=submit]")
    page.wait_for_selector(f"#nav-profile:text('{name}')")
    page.goto("/#/account")
    problems += check(page, "account", "#logout")
    page.goto(f"/#/profile/{name}")
    problems += check(page, "profile", "h1")
    for game, table in finished.items():
        wait_over(web_server, table)
        page.goto(f"/#/table/{table}")
        problems += check(page, f"{game}-over", ".board[data-version]")
    page.goto("/#/player/Bot (random)")
    problems += check(page, "statistics", "#player-summary")
    page.goto(f"/#/replay/{finished['king']}/2")
    problems += check(page, "replay", ".replay-page[data-version='0']")
    page.goto("/#/leaderboard")
    page.set_viewport_size({"width": 390, "height": 844})
    problems += check(page, "leaderboard-phone", "#rating-board")
    # every column in sight: the page does not scroll sideways, no table runs out of its panel
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for table in page.locator("table.grid").all():
        box = table.bounding_box()
        assert box and box["x"] + box["width"] <= 390, box
    assert not problems, "\n".join(problems)


def test_a_deal_of_king_by_keyboard_with_its_plays_said(open_page: Any) -> None:
    """The contract dialog takes the focus, a number key chooses; then the cards by Tab and
    Enter; each play and the trick's winner are said in the page's live region."""
    page = open_page(1366, 768)
    create_table(page, "king", "Ada", seed=2)  # seat 1 chooses first
    page.wait_for_selector("#chooser .contract-btn")
    page.wait_for_function("() => document.activeElement?.closest('#chooser')")
    listen(page)  # every text the live region takes, however quickly the next replaces it
    v = version(page)
    page.keyboard.press("1")
    wait_past(page, v)
    deadline = time.monotonic() + 60
    while "Deal 1/" in page.inner_text("#king-topbar .deal"):
        assert time.monotonic() < deadline, "the deal did not end within 60 s"
        if page.locator("#chooser").count():
            v = version(page)
            page.keyboard.press("1")
            wait_past(page, v)
        elif page.locator(".hand .card.legal").count():
            v = version(page)
            # from the page's start: Tab onto the hand, then along it to a playable card
            legal = page.locator(".hand .card.legal").first.get_attribute("data-card")
            page.locator(".hand .card").first.focus()
            for _ in range(13):
                if page.evaluate("() => document.activeElement?.dataset.card") == legal:
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            wait_past(page, v)
        else:
            page.wait_for_timeout(30)
    said = " | ".join(heard(page))
    assert "plays" in said and ("takes the trick" in said or "take the trick" in said), said


def keys_until(page: Page, key_of: Any, done: Any, limit_s: float) -> int:
    """Press the key ``key_of(page)`` names whenever it names one, until ``done(page)``."""
    deadline = time.monotonic() + limit_s
    moves = 0
    page.locator("h1, .table-title").first.click()  # the keys go to the page, not to a field
    while not done(page):
        assert time.monotonic() < deadline, f"not done within {limit_s} s ({moves} moves)"
        key = key_of(page) if not page.locator("#count").count() else None
        if key is None:
            page.wait_for_timeout(30)
            continue
        v = version(page)
        page.keyboard.press(key)
        wait_past(page, v)
        moves += 1
    return moves


def test_ku_ka_koenig_and_ucho_krola_by_keyboard(open_page: Any) -> None:
    """Ku-Ka-König to its end by the rows' number keys; Ucho Króla's first turns by the
    options' number keys (no mouse)."""
    page = open_page(1366, 768)
    create_table(page, "kukakoenig", "Ada", seed=5, players=2)
    row = "() => document.querySelector('.kkk-row:not([disabled])')?.dataset.row || null"
    assert keys_until(page, lambda p: p.evaluate(row), lambda p: p.locator("#result").count() > 0, 60) >= 10
    create_table(page, "uchokrola", "Ada", seed=4, players=2)
    option = "() => document.querySelector('#prompt .uk-option[data-n]')?.dataset.n || null"
    moves = keys_until(page, lambda p: p.evaluate(option), lambda p: turns(p) >= 4, 60)
    assert moves >= 3


def turns(page: Page) -> int:
    text = page.inner_text(".topbar .deal") if page.locator(".topbar .deal").count() else ""
    digits = "".join(c for c in text.split(":")[0] if c.isdigit())
    return int(digits) if digits else 0
