"""An account in the browser: register, log out, log in, play a rated Ku-Ka-König game against
a bot, and see the rating move on the profile (its chart drawn locally) and the leaderboard."""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING

from kingscourt import bots

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
    table = re.search(r"#/table/([^/]+)$", page.url)
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
    levels = [lv for lv in bots.LEVELS if ("kukakoenig", lv) in bots.BOTS]
    assert page.locator("#ratings tr.bot").count() == len(levels) == 4


def registered_page(new_page, name: str) -> Page:
    """A page whose browser context is logged in as a new account ``name``."""
    page: Page = new_page()
    page.goto("/")
    for path in ("/api/accounts", "/api/session"):
        r = page.request.post(path, data={"name": name, "password": PASSWORD})
        assert r.ok, r.text()
    return page


def test_a_friend_invited_by_name(new_page) -> None:
    """Ben follows Ana and sees her online with her waiting table; Ana invites him to its free
    seat by name from the waiting room; the invitation shows in Ben's lobby and seats him."""
    ana_name, ben_name = f"Ana{secrets.token_hex(3)}", f"Ben{secrets.token_hex(3)}"
    ana, ben = registered_page(new_page, ana_name), registered_page(new_page, ben_name)
    assert ben.request.post("/api/me/following", data={"name": ana_name}).ok
    ana.goto("/")
    ana.click("a[data-game=kukakoenig]")
    ana.wait_for_selector("#create")
    ana.select_option("#players", "2")
    ana.select_option("#seat-1", "human")
    ana.click("#create")
    ana.wait_for_selector(".table-page[data-status=waiting] .invite-name")
    ana.fill(".invite-name", ben_name)
    ana.click("form.invite-by-name button[type=submit]")
    ana.wait_for_selector("#toast:text('Invitation sent')")
    table = re.search(r"#/table/([^/]+)$", ana.url)
    assert table is not None
    ben.goto("/")
    ben.wait_for_selector(f"#friend-list li[data-friend='{ana_name}'] .badge.online")
    assert ben.locator(f"#friend-list li[data-table='{table.group(1)}']").count() == 1
    ben.wait_for_selector(f"#invitations li[data-table='{table.group(1)}']")
    assert ana_name in ben.inner_text("#invitations")
    shot(ben, "account-lobby-friends")
    ben.click("#invitations button.take-invitation")
    ben.wait_for_selector(".board[data-version]")  # the last seat taken: the game starts
    ana.wait_for_selector(".board[data-version]")
    assert ben.locator(".seat-label").inner_text() == "You: seat 2"


def test_a_guest_is_told_why_there_are_no_statistics(new_page, web_server) -> None:
    """Statistics count accounts' games only: a guest with four finished games is told so on
    the statistics page (issue 31: it read "no finished game yet")."""
    import random

    from ..server.harness import SeatLog, play_seat, run

    name = f"Gia{secrets.token_hex(2)}"
    for seed in range(4):
        t = web_server.create("kukakoenig", [{"kind": "human", "name": name},
                                             {"kind": "bot", "level": "random"}], seed=seed)
        run(play_seat(web_server.ws(t["id"], t["seats"][0]["token"]), SeatLog(0), random.Random(seed)))
    page: Page = new_page(390, 844)
    page.goto("/")
    page.fill("#player-name", name)  # the guest's name, remembered in the browser
    page.goto("/#/player")
    page.click("#stats-name ~ button, form button[type=submit]")
    page.wait_for_selector("#no-statistics")
    text = page.inner_text("main")
    assert "no finished game" not in text.lower(), text
    assert "played with an account" in text and "guest" in text, text
