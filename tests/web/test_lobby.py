"""The lobby, the rules screen, invitations, watching as a spectator and the statistics pages."""

from __future__ import annotations

import json
import time
import urllib.request

from .helpers import create_table, shot


def test_rules_screen_invitation_spectator_and_stats(new_page) -> None:
    page = new_page()
    page.goto("/")
    page.fill("#player-name", "Ada")
    page.reload()
    page.wait_for_selector(".game-tile")
    assert page.input_value("#player-name") == "Ada"  # remembered in localStorage
    page.click("a[data-game=king]")
    page.wait_for_selector(".rule")
    # the five rulebook rules (and the extras), each explained
    labels = page.locator(".rule label").all_inner_texts()
    for label in ("Choice limit", "Must beat", "Trump lead only after trumps are broken",
                  "Heart lead ban", "Void in Rıfkı"):
        assert any(label in t for t in labels), (label, labels)
    assert page.locator(".rule .help").count() == len(labels)
    page.select_option("select[data-rule=must_beat]", label="in trump deals")  # shown by its label
    page.select_option("#seat-1", "human")
    shot(page, "king-rules-screen")
    page.click("#create")
    page.wait_for_selector(".table-page[data-status=waiting]")
    table_url = page.url
    table_id = table_url.split("/table/")[1].split("/")[0]
    assert page.locator(".invite-link").count() == 1
    link = page.input_value(".invite-link")
    assert f"#/join/{table_id}/" in link
    # the host starts without the friend: the free seat is taken by a bot of the chosen level
    page.select_option("#fill-level", "random")
    page.click("#start-now")
    page.wait_for_selector(".board[data-version]")
    assert page.locator(".invite-link").count() == 0
    shot(page, "waiting-room-started-with-bots")
    page.keyboard.press("r")
    page.wait_for_selector("#rules-panel dt")
    rules = page.inner_text("#rules-panel")
    assert "Must beat: in trump deals" in rules, rules
    # the lobby lists the table; a second browser watches it as a spectator
    page.goto("/")
    page.wait_for_selector(f"tr[data-table='{table_id}']")
    assert page.locator(".table-list a.button", has_text="Return to King").count() == 1
    watcher = new_page()
    watcher.goto("/")
    watcher.locator(f"tr[data-table='{table_id}'] a", has_text="Watch").click()
    watcher.wait_for_selector(".board[data-version]")
    assert watcher.inner_text(".seat-label") == "Spectator"
    assert watcher.locator(".hand").count() == 0
    assert not watcher.locator("button", has_text="Leave seat").is_visible()
    assert watcher.locator(".seat-box").count() == 4
    # statistics
    page.goto("/#/leaderboard")
    page.wait_for_selector("h1:text('King leaderboard')")
    page.wait_for_selector("#leaderboard, p:text('No King game has finished yet.')")
    page.goto("/#/player/Ada")
    page.locator("#no-statistics").or_(page.get_by_text("Ada has no finished game yet.")).wait_for()


def test_an_open_seat_is_joined_from_the_lobby(new_page) -> None:
    host = new_page()
    host.goto("/")
    host.fill("#player-name", "Ada")
    host.click("a[data-game=king]")
    host.wait_for_selector(".rule")
    host.select_option("#seat-1", "open")
    host.select_option("#seat-2", "bot:random")
    host.select_option("#seat-3", "bot:random")
    host.click("#create")
    host.wait_for_selector(".table-page[data-status=waiting]")
    table_id = host.url.split("/table/")[1].split("/")[0]
    # a stranger in another browser sees the open seat in the list and takes it
    guest = new_page()
    guest.goto("/")
    guest.fill("#player-name", "Bea")
    row = guest.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    row.locator("button", has_text="Join seat 2").click()
    guest.wait_for_selector(".board[data-version]")
    assert guest.url.endswith(f"#/table/{table_id}")  # the table only: no token
    assert "seat 2" in guest.inner_text(".seat-label").lower()
    shot(guest, "lobby-open-seat-joined")
    # the seat is no longer open for anyone else
    third = new_page()
    third.goto("/")
    third.locator(f"tr[data-table='{table_id}']").wait_for()
    assert third.locator(f"tr[data-table='{table_id}'] button", has_text="Join seat").count() == 0


def test_the_waiting_room_waits_for_the_friend(new_page, web_server) -> None:
    host = new_page()
    create_table(host, "king", "Ada", seed=3, seats={1: "human", 2: "bot:basic", 3: "bot:basic"})
    table_id = host.url.split("/table/")[1].split("/")[0]
    room = host.locator(".waiting-room")
    room.wait_for()
    # who has joined, the invitation, the host's controls; no board, no hand, no bot move
    assert "Ada (host" in room.inner_text() and "waiting for a player" in room.inner_text()
    assert host.locator(".invite-link").count() == 1
    assert host.locator("#start-now").is_visible() and host.locator("#cancel-table").is_visible()
    assert not host.locator(".board").is_visible()
    shot(host, "waiting-room-host")
    with urllib.request.urlopen(f"{web_server.url}/api/tables/{table_id}") as r:
        info = json.load(r)
    assert info["status"] == "waiting" and info["version"] == 0 and info["host"] == 0
    link = host.locator(".invite-link").first.input_value()
    guest = new_page()
    guest.goto(link)
    guest.fill("#join-name", "Bea")
    guest.click("form.join button[type=submit]")
    # every human seat is taken: the game starts by itself, for both
    guest.wait_for_selector(".board[data-version]")
    host.wait_for_selector(".board[data-version]")
    assert not host.locator(".waiting-room").is_visible()
    assert host.get_attribute(".table-page", "data-status") == "playing"
    assert "seat 2" in guest.inner_text(".seat-label").lower()
    shot(guest, "waiting-room-friend-joined")


def test_the_lobby_lists_status_rules_seats_and_who_is_online(new_page) -> None:
    host = new_page()
    create_table(host, "king", "Ada", seed=3, seats={1: "human", 2: "bot:strong", 3: "bot:basic"})
    table_url = host.url
    table_id = table_url.split("/table/")[1].split("/")[0]
    host.wait_for_selector(".waiting-room")
    guest = new_page(390, 844)
    guest.goto("/")
    row = guest.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    assert row.get_attribute("data-status") == "waiting"
    assert row.locator("td.status").inner_text() == "Waiting for players (1 free)"
    assert row.locator("td.rules").inner_text() == "20 deals · rulebook rules"
    seats = [row.locator(f".lobby-seats li[data-seat='{s}']").inner_text() for s in range(4)]
    # one pair of brackets for both marks, as the waiting room writes them
    assert seats[0].split() == ["1", "Ada", "(host,", "guest)", "online"], seats
    assert seats[1].split() == ["2", "free", "(invitation)"], seats
    assert seats[2].split() == ["3", "Bot", "(strong)"] and seats[3].split() == ["4", "Bot", "(basic)"], seats
    assert guest.evaluate("document.documentElement.scrollWidth") <= 390  # the list fits a phone
    shot(guest, "lobby-list-phone")
    # the host leaves the page: away; the host comes back and cancels: the table leaves the list
    host.goto("/")
    deadline = time.monotonic() + 10
    while "away" not in row.locator(".lobby-seats li[data-seat='0']").inner_text():
        assert time.monotonic() < deadline, "the host still shows online"
        guest.reload()
        row.wait_for()
    host.goto(table_url)
    host.on("dialog", lambda d: d.accept())
    host.click("#cancel-table")
    host.wait_for_selector("text=Table closed")
    guest.reload()
    guest.wait_for_selector(".table-list")
    guest.wait_for_timeout(300)
    assert guest.locator(f"tr[data-table='{table_id}']").count() == 0


def test_the_leaderboard_shows_each_bot_level_apart(new_page, web_server) -> None:
    seats = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"},
             {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"}]
    created = web_server.create("king", seats, rules={"short_game": True})
    deadline = time.monotonic() + 90
    while web_server.get(f"/api/tables/{created['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' King game did not end"
        time.sleep(0.2)
    page = new_page()
    page.goto("/#/leaderboard")
    page.wait_for_selector("#leaderboard")
    bots = page.locator("#leaderboard td[data-kind='bot']").all_inner_texts()
    names = [b.removesuffix("bot").strip() for b in bots]
    assert "Bot (basic)" in names and "Bot (random)" in names, bots
    assert len(names) == len(set(names))  # one entry per level, never one "bot" for all
    shot(page, "leaderboard-bots-per-level")
    # in Turkish the levels are Turkish, on the points board and on the rating board
    page.evaluate("localStorage.setItem('kingscourt.lang', 'tr')")
    page.reload()
    page.wait_for_selector("html[lang=tr] #leaderboard")
    page.wait_for_selector("#rating-board #ratings td")
    text = page.inner_text("main")
    assert "Bot (temel)" in text and "Bot (rastgele)" in text, text
    assert "Bot (basic)" not in text and "Bot (random)" not in text, text
