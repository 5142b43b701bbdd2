"""The live lobby and the invitation's page in a real browser: a table created by another
client appears within 2 s; a guest's page load logs no console error; after "Start now" the
friend's invitation no longer offers the seat; after "Cancel" the host's invitation box goes."""

from __future__ import annotations

import time

from .helpers import create_table, shot


def test_the_lobby_shows_a_table_created_elsewhere_within_two_seconds(new_page, web_server) -> None:
    watcher = new_page()
    console: list[str] = []
    watcher.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    watcher.goto("/")
    watcher.wait_for_selector(".game-tile")
    watcher.wait_for_selector(".table-list p.muted, .table-list table.list")
    watcher.wait_for_timeout(300)  # the lobby's socket is open
    assert not console, console  # a guest's page load: no error (/api/me is 200)
    host = new_page()
    create_table(host, "king", "Ada", seed=5, seats={1: "human", 2: "bot:random", 3: "bot:random"})
    table_id = host.url.split("/table/")[1].split("/")[0]
    began = time.monotonic()
    watcher.wait_for_selector(f"tr[data-table='{table_id}']", timeout=2000)
    shown = time.monotonic() - began
    assert shown < 2.0, shown
    assert "Waiting for players" in watcher.inner_text(f"tr[data-table='{table_id}'] .status")
    shot(watcher, "lobby-live-new-table")
    # the host starts: the row's status follows without a reload
    host.select_option("#fill-level", "random")
    host.click("#start-now")
    watcher.wait_for_function(
        "id => (document.querySelector(`tr[data-table='${id}'] .status`) || {}).textContent === 'Playing'",
        arg=table_id, timeout=2000)
    assert not console, console


def test_after_start_now_the_invitation_no_longer_offers_the_seat(new_page) -> None:
    host = new_page()
    create_table(host, "king", "Ada", seed=6, seats={1: "human", 2: "bot:random", 3: "bot:random"})
    link = host.locator(".invite-link").first.input_value()
    friend = new_page()
    friend.goto(link)
    friend.wait_for_selector("form.join button[type=submit]")
    host.select_option("#fill-level", "random")
    host.click("#start-now")
    host.wait_for_selector(".board[data-version]")
    # the open invitation page hears of it; a page opened now says so at once
    friend.wait_for_selector("form.join", state="detached", timeout=3000)
    assert friend.locator("button", has_text="Take the seat").count() == 0
    late = new_page()
    late.goto(link)
    late.wait_for_selector(".invitation-gone")
    assert late.locator("button", has_text="Take the seat").count() == 0
    shot(late, "invitation-after-start-now")


def test_after_cancel_the_host_no_longer_sees_the_invitation_box(new_page) -> None:
    host = new_page()
    create_table(host, "king", "Ada", seed=7, seats={1: "human", 2: "bot:random", 3: "bot:random"})
    host.wait_for_selector(".invite-box")
    host.on("dialog", lambda d: d.accept())
    host.click("#cancel-table")
    host.wait_for_selector("text=Table closed")
    host.wait_for_timeout(500)
    assert host.locator(".invite-box").count() == 0
    assert host.locator(".invite-link").count() == 0
    shot(host, "cancelled-table-host")


def test_the_lobby_rows_borders_line_up(new_page, web_server) -> None:
    import httpx

    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "open": True},
             {"kind": "human", "open": True}, {"kind": "bot", "level": "random"}]
    r = httpx.post(f"{web_server.url}/api/tables", json={"game": "king", "seats": seats}, timeout=10)
    assert r.status_code == 201, r.text
    page = new_page(1366, 768)
    page.goto("/")
    row = f"tr[data-table='{r.json()['id']}']"
    page.wait_for_selector(row)
    bottoms = page.eval_on_selector_all(
        f"{row} > td", "tds => tds.map((td) => td.getBoundingClientRect().bottom)")
    assert max(bottoms) - min(bottoms) < 1, bottoms  # every cell's border on one line
