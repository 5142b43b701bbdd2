"""The turn timer: when a human's time runs out, a basic bot plays that turn; the seat is marked."""

from __future__ import annotations

import time

from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from .harness import Server, recv_until, run


def test_turn_timer_plays_for_a_late_human(server: Server) -> None:
    t = server.create("kukakoenig", [{"kind": "human", "name": "Slow"}, {"kind": "bot", "level": "random"}],
                      turn_seconds=0.5)
    token = t["seats"][0]["token"]

    async def watch() -> None:
        async with connect(server.ws(t["id"], token)) as ws:
            first = await recv_until(ws, lambda m: m["type"] == "state")
            if 0 in first["view"]["to_move"]:
                assert [d["seat"] for d in first["deadlines"]] == [0]
                assert first["deadlines"][0]["at"] > time.time() - 2
            marked = await recv_until(ws, lambda m: m["type"] == "state" and m["seats"][0]["timeouts"] > 0,
                                      timeout=30)
            assert marked["version"] >= 1

    run(watch())
    info = server.get(f"/api/tables/{t['id']}").json()
    assert info["seats"][0]["timeouts"] >= 1
    # stored: the seat's mark and who played the turn
    engine = create_engine(server.db_url)
    try:
        with engine.connect() as db:
            marks = db.execute(text("SELECT timeouts FROM seats WHERE table_id = :t AND seat = 0"),
                               {"t": t["id"]}).scalar_one()
            actors = db.execute(text("SELECT actor FROM actions WHERE table_id = :t AND seat = 0"),
                                {"t": t["id"]}).scalars().all()
    finally:
        engine.dispose()
    assert marks >= 1 and "timer" in actors
