"""The tournament's page in Chromium (skipped where the browser tests cannot run): a player
enters a King duplicate tournament through its link, the last place filling it; the page
then leads to their seat at the table, where their hand is the one the server dealt them,
and shows the entrants, the round's table and the standings to anyone with its address."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import missing
from tests.web.helpers import shot

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))


def three_entered(web_server: Any, options: dict[str, Any]) -> dict[str, Any]:
    """A King duplicate tournament of four (``options`` added) with Ann, Ben and Cem entered:
    the creation's answer."""
    r = web_server.post("/api/tournaments", {"game": "king", "format": "duplicate", "players": 4, **options})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    for name in ("Ann", "Ben", "Cem"):
        entry = {"invite": made["invite"], "name": name}
        r = web_server.post(f"/api/tournaments/{made['id']}/entrants", entry)
        assert r.status_code == 200, r.text
    return made


def test_enter_a_tournament_by_its_link_and_reach_the_table(new_page: Any, web_server: Any) -> None:
    made = three_entered(web_server, {"rules": {"short_game": True}})
    page = new_page()
    page.goto(made["link"])
    page.wait_for_selector("#tournament-name")
    assert "Ann, Ben, Cem" in page.inner_text(".entrants")
    page.fill("#tournament-name", "Dora")
    page.click("form.join button")
    page.wait_for_selector("#tournament-your-table")
    assert "Dora" in page.inner_text(".entrants")
    assert page.locator("table.standings tbody tr").count() == 4
    shot(page, "tournament-entered")
    page.click("#tournament-your-table")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 13
    # a spectator's address: the tournament's page without the invitation, no form
    other = new_page()
    other.goto(f"/#/tournament/{made['id']}")
    other.wait_for_selector("table.standings")
    assert other.locator("#tournament-name").count() == 0
    assert "Dora" in other.inner_text(".tournament-tables")


def test_the_page_says_when_the_next_table_is_ready(new_page: Any, web_server: Any) -> None:
    """A Swiss tournament of two whose turns the timer plays: the page tells its entrant when
    the second round's table is there."""
    r = web_server.post(
        "/api/tournaments",
        {
            "game": "kukakoenig",
            "format": "swiss",
            "players": 2,
            "seats": 2,
            "rounds": 2,
            "turn_seconds": 0.3,
            "bot_level": "random",
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    r = web_server.post(f"/api/tournaments/{made['id']}/entrants", {"invite": made["invite"], "name": "Eve"})
    assert r.status_code == 200, r.text
    page = new_page()
    page.goto(made["link"])
    page.fill("#tournament-name", "Finn")
    page.click("form.join button")
    page.locator("#toast", has_text="round 2").wait_for(timeout=90_000)
    shot(page, "tournament-next-table")


def test_every_round_of_a_duplicate_can_be_compared_once_it_is_over(new_page: Any, web_server: Any) -> None:
    """A duplicate tournament of two rounds, its turns played by the timer, each round stopped
    at its limit: once it is finished, the page offers the deals of both rounds (it offered
    the last round's only), each comparison naming its round, and the entrant's table button
    says it leads to their last table."""
    made = three_entered(web_server, {"rounds": 2, "rules": {"short_game": True}, "turn_seconds": 0.05,
                                      "round_seconds": 8, "bot_level": "random"})
    page = new_page()
    page.goto(made["link"])
    page.fill("#tournament-name", "Dora")
    page.click("form.join button")
    page.locator("#tournament-your-table", has_text="Your last table").wait_for(timeout=60_000)
    info = web_server.get(f"/api/tournaments/{made['id']}").json()
    assert info["status"] == "finished"
    played = {r["round"]: r["tables"][0]["deals"] for r in info["tables"]}
    assert played[1] >= 1, played
    page.locator(".deal-choice[data-round='1'] button").first.wait_for(timeout=10_000)
    for round_no, deals in played.items():  # every deal of every round, the first round's too
        assert page.locator(f".deal-choice[data-round='{round_no}'] button").count() == min(deals, 20)
    page.click(".deal-choice[data-round='1'] button[data-deal='1']")
    page.locator(".tournament-compare h2", has_text="Round 1").wait_for()
    assert "Deal 1" in page.inner_text(".tournament-compare h2")
    assert page.locator("table.compare tbody tr.yours").count() == 1
    shot(page, "tournament-two-rounds")
