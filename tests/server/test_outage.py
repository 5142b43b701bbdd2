"""The database goes away under a running server: REST answers 503 saying so, an action on the
WebSocket is refused with ``not-stored`` and nothing changes; once it is back, all is well.

The server reaches PostgreSQL through a TCP relay on a port of its own; stopping the relay
cuts every connection and refuses new ones, as a database host that went down would."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .harness import PG_DSN, Server, act, free_port, recv_until, run

pytestmark = pytest.mark.slow  # seconds per test: left out of `make check`


class Relay:
    """127.0.0.1:``port`` -> 127.0.0.1:5432 while it runs."""

    def __init__(self) -> None:
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        self.thread.start()

    async def _pipe(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while data := await r.read(65536):
                w.write(data)
                await w.drain()
        w.close()

    async def _serve(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        ur, uw = await asyncio.open_connection("127.0.0.1", 5432)
        self.writers |= {w, uw}
        await asyncio.gather(self._pipe(r, uw), self._pipe(ur, w))

    def _do(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def start(self) -> None:
        async def go() -> None:
            self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self._do(go())

    def stop(self) -> None:
        async def halt() -> None:
            assert self.server is not None
            self.server.close()
            for w in self.writers:
                w.transport.abort()
            self.writers.clear()
        self._do(halt())

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def schema() -> Iterator[str]:
    try:
        import psycopg

        conn = psycopg.connect(PG_DSN, autocommit=True)
    except Exception as e:
        pytest.skip(f"PostgreSQL not reachable at 127.0.0.1:5432: {e}")
    name = f"kc_outage_{secrets.token_hex(4)}"
    conn.execute(f"CREATE SCHEMA {name}")
    yield name
    conn.execute(f"DROP SCHEMA {name} CASCADE")
    conn.close()


def test_rest_answers_503_and_the_websocket_not_stored_while_the_database_is_down(
        schema: str, tmp_path: Path) -> None:
    relay = Relay()
    relay.start()
    url = f"postgresql+psycopg://postgres@127.0.0.1:{relay.port}/test?options=-csearch_path%3D{schema}"
    s = Server(url, tmp_path / "server.log").start()
    try:
        t = s.create("king", [{"kind": "human", "name": n} for n in ("Ann", "Al", "Cy", "Di")])
        tokens = [x["token"] for x in t["seats"]]
        # a second table with an invitation to join while the database is down
        u = s.create("king", [{"kind": "human", "name": "Eve"}, {"kind": "human"},
                              {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
        invite = u["seats"][1]["invite"]

        async def first_mover() -> tuple[int, int]:
            async with connect(s.ws(t["id"], tokens[0])) as ws:
                m = await recv_until(ws, lambda x: x["type"] == "state")
                return m["view"]["to_move"][0], m["version"]

        mover, version = run(first_mover())
        relay.stop()
        calls = [("post", "/api/tables", {"game": "king", "seats": [{"kind": "human"}] * 4}),
                 ("post", f"/api/tables/{u['id']}/join", {"invite": invite, "name": "Bo"}),
                 ("get", "/api/players/Ann", None), ("get", "/api/leaderboard", None),
                 ("get", "/api/finished", None), ("get", "/api/tables/unknown1", None),
                 ("get", f"/api/tables/{t['id']}/record", None)]
        for method, path, body in calls:
            r = s.post(path, body) if method == "post" else s.get(path)
            assert r.status_code == 503, (path, r.status_code, r.text)
            assert "database is unavailable" in r.json()["detail"]
            assert int(r.headers["Retry-After"]) > 0
        # what lives in memory still answers
        assert s.get(f"/api/tables/{t['id']}").status_code == 200

        async def act_down() -> dict[str, Any]:
            async with connect(s.ws(t["id"], tokens[mover])) as ws:
                m = await recv_until(ws, lambda x: x["type"] == "state")
                await ws.send(act(m["view"]["legal"][0], m["version"]))
                return await recv_until(ws, lambda x: x["type"] != "state")

        async def open_unknown() -> int:
            async with connect(s.ws("unknown1")) as ws:
                with pytest.raises(ConnectionClosed) as closed:
                    await ws.recv()
                assert closed.value.rcvd is not None
                return closed.value.rcvd.code

        assert run(open_unknown()) == 1013  # try again later: the table could not be looked up
        refusal = run(act_down())
        assert refusal["code"] == "not-stored" and refusal["version"] == version
        assert s.get(f"/api/tables/{t['id']}").json()["version"] == version
        # the database is back: the next request reconnects
        relay.start()
        r = s.post(f"/api/tables/{u['id']}/join", {"invite": invite, "name": "Bo"})
        for _ in range(3):  # a pooled connection cut by the outage may fail once more
            if r.status_code == 200:
                break
            assert r.status_code == 503
            r = s.post(f"/api/tables/{u['id']}/join", {"invite": invite, "name": "Bo"})
        assert r.status_code == 200, r.text
    finally:
        s.stop()
        relay.stop()
        relay.close()
