"""The live lobby's socket on one process: a table made, taken and started by another client
is pushed within 2 s; its bounds (lobbies per address, message size) hold. One real server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from kingscourt.server.live.lobby_feed import MESSAGE_BYTES, PER_ADDRESS

from .harness import Server, run

SEATS = [{"kind": "human", "name": "Ola"}, {"kind": "human"}, {"kind": "bot", "level": "random"},
         {"kind": "bot", "level": "random"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("lobby-feed")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log").start()
    yield s
    s.stop()


def lobby_url(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/lobby"


async def pushed(ws: Any, timeout: float = 2.0) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return msg


def test_changes_are_pushed_within_two_seconds(server: Server) -> None:
    async def go() -> list[float]:
        delays = []
        async with connect(lobby_url(server)) as ws:
            await asyncio.sleep(0.2)
            began = time.monotonic()
            made = await asyncio.to_thread(server.create, "king", SEATS)
            msg = await pushed(ws)
            delays.append(time.monotonic() - began)
            assert msg == {"type": "lobby", "what": ["tables"]}  # a guest hears of tables only
            host = made["seats"][0]["token"]
            began = time.monotonic()
            r = await asyncio.to_thread(server.post, f"/api/tables/{made['id']}/start",
                                        {"token": host, "fill": "random"})
            assert r.status_code == 200, r.text
            msg = await pushed(ws)
            delays.append(time.monotonic() - began)
            assert "tables" in msg["what"]
        return delays

    delays = run(go())
    assert max(delays) < 2.0, delays


def test_bounds(server: Server) -> None:
    async def go() -> None:
        opened = [await connect(lobby_url(server)) for _ in range(PER_ADDRESS)]
        try:
            extra = await connect(lobby_url(server))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(extra.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        finally:
            for ws in opened:
                await ws.close()
        await asyncio.sleep(0.3)
        async with connect(lobby_url(server)) as ws:
            await ws.send("ping")  # a ping is allowed
            await ws.send("x" * (MESSAGE_BYTES + 1))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    run(go())
