"""Seeds stay a practice matter: a table whose seed its creator fixed has one person, named at
creation, and no invitation or open seat; that person leaving does not hand the seat (and the
hands the seed fixes) to anyone; the table, its record and its replay say it was seeded.
``--insecure-seeds`` (tests) keeps its meaning. A finished table's information comes from
what is stored, not from replaying the game on every request."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from .harness import Server

BOTS3 = [{"kind": "bot", "level": "random"}] * 3
SEED = 1234


def finish(server: Server, table_id: str, timeout: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, Any] = server.get(f"/api/tables/{table_id}").json()
        if info["status"] == "over":
            return info
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.2)


@pytest.mark.parametrize("free", [{"kind": "human"}, {"kind": "human", "open": True}])
def test_a_seeded_table_has_no_free_seat(server: Server, free: dict[str, Any]) -> None:
    r = server.post("/api/tables", {"game": "king", "seed": SEED, "seats": [free, *BOTS3]})
    assert r.status_code == 422 and "seed" in r.json()["detail"], r.text


def test_a_seeded_table_has_no_invitation_and_its_seat_is_never_handed_on(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": "Ada"}, *BOTS3], seed=SEED)
    assert t["seats"][0]["invite"] is None and t["seats"][0]["token"]
    info = server.get(f"/api/tables/{t['id']}").json()
    assert info["seeded"] is True and info["open_seats"] == []
    listed = {x["id"]: x for x in server.get("/api/tables?limit=500").json()}
    assert listed[t["id"]]["seeded"] is True
    # the one person leaves: the seat stays closed, to invitations and to the lobby alike
    r = server.post(f"/api/tables/{t['id']}/leave", {"token": t["seats"][0]["token"]})
    assert r.status_code == 200 and r.json() == {"seat": 0, "free": False}, r.text
    for invite in ("", "x" * 22):
        r = server.post(f"/api/tables/{t['id']}/join", {"invite": invite or "guess",
                                                        "name": "Bea"})
        assert r.status_code == 403, r.text
    r = server.post(f"/api/tables/{t['id']}/seats/0", {"name": "Bea"})
    assert r.status_code == 403, r.text
    assert server.get(f"/api/tables/{t['id']}").json()["open_seats"] == []


def test_an_unseeded_table_says_so_and_keeps_its_invitations(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": "Ada"}, {"kind": "human"}, *BOTS3[:2]])
    assert t["seats"][1]["invite"]
    assert server.get(f"/api/tables/{t['id']}").json()["seeded"] is False


def test_insecure_seeds_keep_their_meaning(seeded_server: Server) -> None:
    t = seeded_server.create("king", [{"kind": "human", "name": "Ada"}, {"kind": "human"},
                                      {"kind": "human", "open": True}, *BOTS3[:1]], seed=SEED)
    assert t["seats"][0]["invite"] and t["seats"][1]["invite"]
    assert seeded_server.get(f"/api/tables/{t['id']}").json()["seeded"] is True


def test_a_seeded_games_record_and_replay_say_so(server: Server) -> None:
    # the turn timer plays the person's turns: the game ends by itself
    seeded = server.create("kukakoenig", [{"kind": "human", "name": "Ada"},
                                          {"kind": "bot", "level": "random"}],
                           seed=SEED, turn_seconds=0.05)
    plain = server.create("kukakoenig", [{"kind": "human", "name": "Ada"},
                                         {"kind": "bot", "level": "random"}], turn_seconds=0.05)
    for t, said in ((seeded, True), (plain, False)):
        assert finish(server, t["id"])["seeded"] is said
        record = server.get(f"/api/tables/{t['id']}/record").json()
        assert record["seeded"] is said and (record["seed"] == SEED) is said
        assert server.get(f"/api/tables/{t['id']}/replay?steps=false").json()["seeded"] is said


def test_a_finished_table_is_answered_from_what_is_stored(server: Server) -> None:
    t = server.create("king", [{"kind": "bot", "level": "random"}] * 4)
    live = finish(server, t["id"])
    # the stored actions no longer replay: an answer that replayed the game would fail
    engine = create_engine(server.db_url)
    with engine.begin() as c:
        c.execute(text("UPDATE actions SET action = 'play XX' WHERE table_id = :t"),
                  {"t": t["id"]})
    engine.dispose()
    for _i in range(3):
        r = server.get(f"/api/tables/{t['id']}")
        assert r.status_code == 200, r.text
        stored = r.json()
        assert {k: stored[k] for k in ("status", "version", "scores", "winners", "to_move",
                                       "players", "rules", "seeded")} == {
            k: live[k] for k in ("status", "version", "scores", "winners", "to_move",
                                 "players", "rules", "seeded")}
        assert [(s["name"], s["kind"], s["level"]) for s in stored["seats"]] == [
            (s["name"], s["kind"], s["level"]) for s in live["seats"]]
    r = httpx.get(f"{server.http}/api/tables/{t['id']}", timeout=10)
    assert r.status_code == 200
