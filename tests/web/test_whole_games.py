"""Ku-Ka-König and Ucho Króla played to the end against bots by clicking: both scoring sheets,
the result, the final reveal of the prestige piles."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .helpers import create_table, shot, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: seconds a whole game against bots may take: a dozen moves, each waiting on the bots' replies
#: and the page's redraw; on a busy 2-core machine one took 62 s
GAME_LIMIT = 150


def click_until_over(page: Page, selector: str, limit_s: float) -> int:
    """Click the first element matching ``selector`` whenever there is one, until the result."""
    deadline = time.monotonic() + limit_s
    moves = 0
    while not page.locator("#result").count():
        assert time.monotonic() < deadline, f"the game did not end within {limit_s} s"
        target = page.locator(selector)
        if target.count() and not page.locator("#count").count():
            v = version(page)
            target.first.click()
            wait_past(page, v)
            moves += 1
        else:
            page.wait_for_timeout(30)
    return moves


def test_kukakoenig_to_the_end(new_page) -> None:
    page = new_page()
    create_table(page, "kukakoenig", "Ada", seed=3, players=3)
    assert click_until_over(page, ".kkk-row:not([disabled])", GAME_LIMIT) >= 10
    page.wait_for_selector("#sheets table[data-scoring='second']")
    assert page.locator("#sheets table").count() == 2
    first = page.locator("#sheets table[data-scoring='first'] tbody tr").all_inner_texts()
    assert [row.split("\t")[0] for row in first] == ["Kings", "Churches", "Victory points", "Knights",
                                                     "Animals", "Farms", "Total"]
    assert "win" in page.inner_text("#result h2")
    shot(page, "kukakoenig-result")


def test_uchokrola_to_the_end(new_page) -> None:
    page = new_page()
    create_table(page, "uchokrola", "Ada", seed=4, players=2)
    assert click_until_over(page, "#prompt button.uk-option", GAME_LIMIT) >= 10
    assert "The prestige piles, revealed" in page.inner_text("#result")
    assert page.locator("#result .final li").count() == 2
    assert page.locator("#narration li").count() >= 10
    shot(page, "uchokrola-result")
