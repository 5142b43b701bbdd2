"""The lobby, the rules screen, invitations, watching as a spectator and the statistics pages."""

from __future__ import annotations

from .helpers import shot


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
    for label in ("Wahllimit", "Überstechpflicht", "Trumpf erst nach Anbruch", "Herz-Ausspielverbot",
                  "Bei Rıfkı ohne Farbe"):
        assert any(label in t for t in labels), (label, labels)
    assert page.locator(".rule .help").count() == len(labels)
    page.select_option("select[data-rule=must_beat]", label="in trump deals")  # shown by its label
    page.select_option("#seat-1", "human")
    shot(page, "king-rules-screen")
    page.click("#create")
    page.wait_for_selector(".board[data-version]")
    table_url = page.url
    table_id = table_url.split("/table/")[1].split("/")[0]
    assert page.locator(".invite-link").count() == 1
    link = page.input_value(".invite-link")
    assert f"#/join/{table_id}/" in link
    page.keyboard.press("r")
    page.wait_for_selector("#rules-panel dt")
    rules = page.inner_text("#rules-panel")
    assert "Überstechpflicht (must beat): in trump deals" in rules, rules
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
    page.wait_for_selector("text=Ada has no finished game yet.")


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
    host.wait_for_selector(".board[data-version]")
    table_id = host.url.split("/table/")[1].split("/")[0]
    # a stranger in another browser sees the open seat in the list and takes it
    guest = new_page()
    guest.goto("/")
    guest.fill("#player-name", "Bea")
    row = guest.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    row.locator("button", has_text="Join seat 2").click()
    guest.wait_for_selector(".board[data-version]")
    assert f"/table/{table_id}/" in guest.url
    assert "seat 2" in guest.inner_text(".seat-label").lower()
    shot(guest, "lobby-open-seat-joined")
    # the seat is no longer open for anyone else
    third = new_page()
    third.goto("/")
    third.locator(f"tr[data-table='{table_id}']").wait_for()
    assert third.locator(f"tr[data-table='{table_id}'] button", has_text="Join seat").count() == 0
