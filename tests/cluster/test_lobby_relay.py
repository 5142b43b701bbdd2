"""The live lobby across processes: a lobby open on one process hears, within 2 s, of a
table made through another (Redis pub/sub), and that process's ``GET /api/tables`` lists it
at once. Two real processes on one PostgreSQL schema and one Redis."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from tests.server.harness import Server, run

from .conftest import RedisServer, SlowStart

SEATS = [{"kind": "human", "name": "Ola"}, {"kind": "human"}]


@pytest.fixture
def pair(pg_url: str, redis_server: RedisServer, tmp_path: Path) -> Iterator[list[Server]]:
    servers: list[Server] = [SlowStart(pg_url, tmp_path / f"server{i}.log",
                                       options=("--redis", redis_server.url))
                             for i in range(2)]
    try:
        for s in servers:  # one after the other: the first migrates the schema
            s.start()
        yield servers
    finally:
        for s in servers:
            s.stop()


def test_a_table_made_on_one_process_reaches_the_other_lobby(pair: list[Server]) -> None:
    a, b = pair

    async def go() -> tuple[float, list[str]]:
        async with connect(f"ws://127.0.0.1:{b.port}/ws/lobby") as ws:
            await asyncio.sleep(0.3)
            began = time.monotonic()
            made = await asyncio.to_thread(a.create, "king",
                                           SEATS + [{"kind": "bot", "level": "random"}] * 2)
            msg = json.loads(await asyncio.wait_for(ws.recv(), 2.0))
            delay = time.monotonic() - began
            assert "tables" in msg["what"]
            listed = (await asyncio.to_thread(b.get, "/api/tables")).json()
            assert made["id"] in [t["id"] for t in listed]
            return delay, [t["id"] for t in listed]

    delay, _ = run(go())
    assert delay < 2.0
