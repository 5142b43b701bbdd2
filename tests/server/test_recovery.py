"""kill -9 mid-game, restart on the same database: every table goes on at the same version."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

import kingscourt

from .harness import SeatLog, Server, act, play_seat, recv_until, run

pytestmark = pytest.mark.slow  # seconds per test: left out of `make check`


def test_kill_9_and_restart(db_url_factory: Callable[[], str], tmp_path: Path) -> None:
    server = Server(db_url_factory(), tmp_path / "server.log", bot_delay=0.004).start()
    try:
        human = server.create("king", [{"kind": "human", "name": "Max"},
                                       *[{"kind": "bot", "level": "random"}] * 3], seed=32)
        token = human["seats"][0]["token"]
        seen = SeatLog(0)
        # the human plays a few decisions, then stops: the bots wait for them
        run(play_seat(server.ws(human["id"], token), seen, random.Random(3), stop_after=6))
        before_human = seen.states[-1]

        async def watch_bots(until: float) -> dict[str, Any]:
            last: dict[str, Any] = {}
            async with connect(server.ws(bots["id"])) as ws:
                while time.monotonic() < until:
                    last = await recv_until(ws, lambda m: m["type"] == "state")
            return last

        # Ku-Ka-König: one of two pending picks is in when the server dies
        kkk = server.create("kukakoenig", [{"kind": "human", "name": "Ned"},
                                           {"kind": "human", "name": "Ola"}])
        ktok = [s["token"] for s in kkk["seats"]]

        async def first_pick() -> dict[str, Any]:
            async with connect(server.ws(kkk["id"], ktok[0])) as ws:
                s = await recv_until(ws, lambda m: m["type"] == "state")
                await ws.send(act("row 1", s["version"]))
                return await recv_until(ws, lambda m: m["type"] == "state" and m["version"] == 1)

        picked = run(first_pick())
        assert picked["view"]["my_pick"] == 1
        bots = server.create("king", [{"kind": "bot", "level": "random"}] * 4, seed=31)
        before_bots = run(watch_bots(time.monotonic() + 1.0))
        assert before_bots["version"] > 0 and not before_bots["view"]["over"]
        server.kill()
        server.start()  # same database, new process

        async def after() -> dict[str, Any]:
            async with connect(server.ws(human["id"], token)) as ws:
                return await recv_until(ws, lambda m: m["type"] == "state")

        again = run(after())
        # the lobby lists recovered and new tables together
        fresh = server.create("kukakoenig", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
        listed = [x["id"] for x in server.get("/api/tables?limit=500").json()]
        assert human["id"] in listed and fresh["id"] in listed
        assert again["version"] == before_human["version"]
        assert again["view"] == before_human["view"]
        async def second_pick() -> dict[str, Any]:
            async with connect(server.ws(kkk["id"], ktok[1])) as ws:
                s = await recv_until(ws, lambda m: m["type"] == "state")
                assert s["version"] == 1 and s["view"]["my_pick"] is None and s["view"]["picked"] == [0]
                await ws.send(act("row 1", 0))  # answers the call's version: not stale
                return await recv_until(ws, lambda m: m["type"] == "error" or m["version"] == 2)

        revealed = run(second_pick())
        assert revealed["type"] == "state", revealed
        reveal = next(e for e in revealed["view"]["log"] if e["kind"] == "reveal")
        assert reveal["picks"] == [{"seat": 0, "row": 1}, {"seat": 1, "row": 1}]
        # the all-bot table resumed and finishes; nothing it had broadcast was lost
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{bots['id']}").json()["status"] != "over":
            assert time.monotonic() < deadline, "bot table did not finish after the restart"
            time.sleep(0.2)
        record = server.get(f"/api/tables/{bots['id']}/record").json()
        assert len(record["actions"]) > before_bots["version"]
        prefix = dict(record, actions=record["actions"][:before_bots["version"]])
        assert kingscourt.replay(prefix).view(None) == before_bots["view"]
        # the human's game goes on from the same version
        more = SeatLog(0)
        run(play_seat(server.ws(human["id"], token), more, random.Random(4), stop_after=3))
        assert more.errors == [] and more.states[-1]["version"] > again["version"]
    finally:
        server.stop()
