"""The lobby's list of tables (status, seats, who is online; finished and cancelled tables
leave it, their information stays reachable) and the leaderboard's bots, one entry per level."""

from __future__ import annotations

import time
from typing import Any

import pytest
from websockets.asyncio.client import connect

from .harness import Server, recv_until, run


def listed(server: Server) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in server.get("/api/tables?limit=500").json()}


def wait_for(check: Any, what: str, limit: float = 20) -> None:
    deadline = time.monotonic() + limit
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_the_list_shows_status_seats_and_who_is_online(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": "Ada"}, {"kind": "human"},
                               {"kind": "bot", "level": "strong"}, {"kind": "bot", "level": "basic"}],
                      rules={"heart_lead_ban": "all-penalty"})
    row = listed(server)[t["id"]]
    assert row["status"] == "waiting" and row["free_seats"] == [1] and row["host"] == 0
    assert row["rules"]["heart_lead_ban"] == "all-penalty"  # the browser shows it in words
    seats = row["seats"]
    assert [(s["kind"], s["level"], s["taken"]) for s in seats] == [
        ("human", None, True), ("human", None, False), ("bot", "strong", True), ("bot", "basic", True)]
    assert seats[0]["name"] == "Ada" and not seats[0]["connected"]  # nobody holds a socket yet
    token = t["seats"][0]["token"]

    async def online_while_connected() -> None:
        async with connect(server.ws(t["id"], token)) as ws:
            await recv_until(ws, lambda m: m["type"] == "state")
            assert listed(server)[t["id"]]["seats"][0]["connected"] is True
            assert listed(server)[t["id"]]["seats"][1]["connected"] is False

    run(online_while_connected())
    wait_for(lambda: not listed(server)[t["id"]]["seats"][0]["connected"],
             "the seat still shows online after its socket closed")
    # the host starts: playing, the free seat is a bot's
    r = server.post(f"/api/tables/{t['id']}/start", {"token": token, "fill": "random"})
    assert r.status_code == 200, r.text
    row = listed(server)[t["id"]]
    assert row["status"] == "playing" and row["free_seats"] == []
    assert row["seats"][1]["kind"] == "bot" and row["seats"][1]["level"] == "random"


@pytest.mark.slow
def test_finished_and_cancelled_tables_leave_the_list_bots_rank_per_level(server: Server) -> None:
    waiting = server.create("kukakoenig", [{"kind": "human", "name": "Ada"}, {"kind": "human"}])
    r = server.post(f"/api/tables/{waiting['id']}/cancel", {"token": waiting["seats"][0]["token"]})
    assert r.status_code == 200, r.text
    assert waiting["id"] not in listed(server)
    assert server.get(f"/api/tables/{waiting['id']}").json()["status"] == "abandoned"
    # a finished game leaves the list too; its leaderboard rows: each bot level apart
    seats = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"},
             {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"}]
    t = server.create("king", seats, rules={"short_game": True})
    assert t["id"] in listed(server)
    wait_for(lambda: server.get(f"/api/tables/{t['id']}").json()["status"] == "over",
             "the bots' King game did not end", 90)
    assert t["id"] not in listed(server)
    # still reachable: its information and its record (the replay's source)
    assert server.get(f"/api/tables/{t['id']}").json()["winners"] is not None
    assert server.get(f"/api/tables/{t['id']}/record").status_code == 200
    board = server.get("/api/leaderboard?limit=500").json()
    bots = {e["name"]: e for e in board if e["kind"] == "bot"}
    assert bots["Bot (random)"]["level"] == "random" and bots["Bot (basic)"]["level"] == "basic"
    assert bots["Bot (random)"]["games"] >= 2 and bots["Bot (basic)"]["games"] >= 2
    assert len([e for e in board if e["kind"] == "bot"]) == len(bots)  # one entry per level
    assert all(e["level"] is None for e in board if e["kind"] == "human")
