"""Full games over real WebSockets: client-driven humans, bots, spectators, no leaks."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

import kingscourt
from kingscourt.games.king.ranking import king_points

from .harness import SeatLog, Server, act, db_rows, play_seat, recv_until, run

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"}]


def finished(server: Server, table: str) -> dict[str, Any]:
    info: dict[str, Any] = server.get(f"/api/tables/{table}").json()
    assert info["status"] == "over", info
    return info


def check_record(server: Server, table: str, tmp: Path) -> kingscourt.State:
    """The finished game's record replays (library and ``kingscourt replay FILE``)."""
    r = server.get(f"/api/tables/{table}/record")
    assert r.status_code == 200, r.text
    record = r.json()
    state = kingscourt.replay(record)
    assert state.is_over()
    assert state.scores() == finished(server, table)["scores"]
    path = tmp / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", "from kingscourt.cli import main; main()",
                          "replay", str(path)], capture_output=True, text=True, check=True)
    assert "over" in out.stdout
    return state


@pytest.mark.slow
def test_king_four_client_seats_and_spectator_never_see_hidden_cards(server: Server,
                                                                     tmp_path: Path) -> None:
    humans = [{"kind": "human", "name": n} for n in ("Ada", "Bea", "Cem", "Dov")]
    t = server.create("king", humans, rules={"short_game": True})
    logs = [SeatLog(s["seat"]) for s in t["seats"]]
    spectator = SeatLog(None)

    async def game() -> None:
        await asyncio.gather(
            *(play_seat(server.ws(t["id"], s["token"]), logs[s["seat"]], random.Random(s["seat"]))
              for s in t["seats"]),
            play_seat(server.ws(t["id"]), spectator, random.Random(9)))

    run(game())
    for log in [*logs, spectator]:
        assert log.errors == [], log.errors[:3]
        versions = [m["version"] for m in log.states]
        assert versions == sorted(versions)
        assert log.states[-1]["view"]["over"]
    # each seat's hand at each version, from its own messages
    hands: dict[int, dict[int, list[str]]] = {s: {} for s in range(4)}
    for seat, log in enumerate(logs):
        for m in log.states:
            assert m["seat"] == seat and m["view"]["seat"] == seat
            hands[seat][m["version"]] = m["view"]["hand"]
    for log in [*logs, spectator]:
        for m in log.states:
            view = dict(m["view"])
            view.pop("rules")
            if not view["tricks"]:
                view.pop("last_trick")  # the deal before's last trick: its cards, not these hands
            if log.seat is None:
                assert "hand" not in view and view["legal"] == []
            text = json.dumps(view)
            for other in range(4):
                if other == log.seat:
                    continue
                for card in hands[other].get(m["version"], []):
                    assert f'"{card}"' not in text, (log.seat, other, card, m["version"])
    state = check_record(server, t["id"], tmp_path)
    assert len(state.record()["actions"]) == logs[0].states[-1]["version"]
    # four guests: their results are kept, never counted (accounts: tests/server/test_accounts.py)
    assert server.get("/api/players/Ada").status_code == 404
    board = {e["name"] for e in server.get("/api/leaderboard?limit=500").json()}
    assert not board & {"Ada", "Bea", "Cem", "Dov"}
    kept = db_rows(server.db_url, "SELECT seat, kind, stats FROM player_results WHERE table_id = :t "
                           "ORDER BY seat", t=t["id"])
    expected = king_points(state.scores(), state.view(None)["kings"])
    kings = [sum(1 for k in state.view(None)["kings"] if k["seat"] == s) for s in range(4)]
    stats = [r["stats"] if isinstance(r["stats"], dict) else json.loads(r["stats"]) for r in kept]
    assert [r["kind"] for r in kept] == ["guest"] * 4
    assert stats == [{"kings": k, "king_points": p} for k, p in zip(kings, expected, strict=True)]


@pytest.mark.slow
def test_king_human_against_bots_then_game_over(server: Server, tmp_path: Path) -> None:
    t = server.create("king", [{"kind": "human", "name": "Eli"}, *BOTS,
                               {"kind": "bot", "level": "random"}], seed=3)
    token = t["seats"][0]["token"]
    log = SeatLog(0)
    run(play_seat(server.ws(t["id"], token), log, random.Random(1), timeout=90))
    assert log.errors == []
    final = log.states[-1]
    check_record(server, t["id"], tmp_path)

    async def late() -> dict[str, Any]:
        async with connect(server.ws(t["id"], token)) as ws:
            first = await recv_until(ws, lambda m: m["type"] == "state")
            assert first["version"] == final["version"] and first["view"]["over"]
            await ws.send(act("play 2C", first["version"]))
            return await recv_until(ws, lambda m: m["type"] == "error")

    err = run(late())
    assert err["code"] == "game-over"


@pytest.mark.slow
def test_kukakoenig_simultaneous_picks(server: Server, tmp_path: Path) -> None:
    t = server.create("kukakoenig", [{"kind": "human", "name": "Fay"}, {"kind": "human", "name": "Gus"},
                                     {"kind": "human", "name": "Hana"}, {"kind": "bot", "level": "basic"}])
    s0, s1 = t["seats"][0]["token"], t["seats"][1]["token"]

    async def first_call() -> None:
        async with connect(server.ws(t["id"], s0)) as a, connect(server.ws(t["id"], s1)) as b:
            # the bot (seat 3) picks first, at once: then the humans' call is at version 1
            sa = await recv_until(a, lambda m: m["type"] == "state" and 3 in m["view"]["picked"])
            v = sa["version"]
            assert v == 1 and sa["view"]["legal"]
            await a.send(act(sa["view"]["legal"][0], v))
            before = await recv_until(b, lambda m: m["type"] == "state" and m["version"] == v)
            after = await recv_until(b, lambda m: m["type"] == "state" and 0 in m["view"]["picked"])
            # seat 1 learns *that* seat 0 picked, never which row: nothing else changed
            changed = {k for k in after["view"] if after["view"][k] != before["view"][k]}
            assert changed <= {"picked", "to_move"}, changed
            assert after["view"]["my_pick"] is None
            # seat 1 answers the version its call opened at: not stale
            await b.send(act(after["view"]["legal"][-1], v))
            mine = await recv_until(b, lambda m: m["type"] == "error" or 1 in m["view"]["picked"])
            assert mine["type"] == "state" and mine["view"]["my_pick"] is not None, mine
            # picking twice in one call is not your turn
            await a.send(act("row 1", v))
            err = await recv_until(a, lambda m: m["type"] == "error")
            assert (err["code"], err["rule"]) == ("not-your-turn", "already-picked"), err

    run(first_call())
    logs = [SeatLog(0), SeatLog(1), SeatLog(2), SeatLog(None)]

    async def rest() -> None:
        await asyncio.gather(play_seat(server.ws(t["id"], s0), logs[0], random.Random(2)),
                             play_seat(server.ws(t["id"], s1), logs[1], random.Random(3)),
                             play_seat(server.ws(t["id"], t["seats"][2]["token"]), logs[2],
                                       random.Random(4)),
                             play_seat(server.ws(t["id"]), logs[3], random.Random(5)))

    run(rest())
    for log in logs:
        assert log.errors == []
        for m in log.states:
            pick = m["view"]["my_pick"]
            assert pick is None or log.seat is not None
    check_record(server, t["id"], tmp_path)
    assert server.get("/api/players/Fay").status_code == 404  # a guest: no statistics


@pytest.mark.slow
def test_uchokrola_with_bots(server: Server, tmp_path: Path) -> None:
    t = server.create("uchokrola", [{"kind": "human", "name": "Hal"}, {"kind": "human", "name": "Ivo"},
                                    {"kind": "bot", "level": "random"}])
    logs = [SeatLog(0), SeatLog(1), SeatLog(None)]

    async def game() -> None:
        await asyncio.gather(
            play_seat(server.ws(t["id"], t["seats"][0]["token"]), logs[0], random.Random(5)),
            play_seat(server.ws(t["id"], t["seats"][1]["token"]), logs[1], random.Random(6)),
            play_seat(server.ws(t["id"]), logs[2], random.Random(7)))

    run(game())
    for log in logs:
        assert log.errors == []
        for m in log.states:
            view = m["view"]
            # other hands and prestige piles stay hidden until the end
            for s in range(3):
                if s != log.seat and not view["over"]:
                    assert view["prestige"][s] is None
            if log.seat is None:
                assert view["hand"] == []
    check_record(server, t["id"], tmp_path)
