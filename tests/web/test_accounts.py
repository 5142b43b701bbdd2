"""An account in the browser: register, log out, log in, play a rated Ku-Ka-König game against
a bot, and see the rating move on the profile (its chart drawn locally) and the leaderboard."""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING

from .helpers import shot
from .test_whole_games import click_until_over

if TYPE_CHECKING:
    from playwright.sync_api import Page

PASSWORD = "a long enough password"


def test_register_log_in_and_play_rated(new_page) -> None:
    page: Page = new_page()
    name = f"Ana{secrets.token_hex(3)}"
    page.goto("/#/account")
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.click("#register-form button[type=submit]")
    page.wait_for_selector(f"#nav-profile:text('{name}')")
    # log out, then in again
    page.goto("/#/account")
    page.click("#logout")
    page.wait_for_selector("#nav-login")
    page.fill("#login-name", name.lower())  # names are the same in any case
    page.fill("#login-password", PASSWORD)
    page.click("#login-form button[type=submit]")
    page.wait_for_selector(f"#nav-profile:text('{name}')")
    # the session is an HttpOnly cookie: no script reads it
    assert "kingscourt_session" not in page.evaluate("document.cookie")
    # a table against a basic bot, under the account's name
    page.wait_for_selector("#friends")
    assert page.input_value("#player-name") == name
    page.click("a[data-game=kukakoenig]")
    page.wait_for_selector("#create")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:basic")
    page.click("details.advanced summary")
    page.fill("#seed", "11")
    page.click("#create")
    page.wait_for_selector(".board[data-version]")
    table = re.search(r"#/table/([^/]+)/", page.url)
    assert table is not None
    assert click_until_over(page, ".kkk-row:not([disabled])", 60) >= 5
    # the profile: one rated game, its rating drawn from 0 (a new player) to now
    page.click("#nav-profile")
    page.wait_for_selector("#rating-kukakoenig[data-games='1']")
    rating = float(page.get_attribute("#rating-kukakoenig", "data-rating") or "0")
    assert rating != 0.0
    assert page.locator("svg.rating-chart[data-game=kukakoenig][data-points='2'] circle").count() == 2
    link = page.locator(f"#recent-games tr[data-table='{table.group(1)}'] a.replay-link")
    assert link.get_attribute("href") == f"#/replay/{table.group(1)}"
    shot(page, "account-profile")
    # the rating table of the leaderboard lists the account beside the bots' references
    page.goto("/#/leaderboard")
    page.select_option("#rating-game", "kukakoenig")
    page.wait_for_selector(f"#ratings[data-game=kukakoenig] a:text('{name}')")
    assert page.locator("#ratings tr.bot").count() == 3
