"""Connections are bounded, against a real server: at most 4 sockets per token (a fifth
closes the oldest), a bounded number of spectators per table (then ``table-full``), and a
connect or disconnect sends each connection at most one message."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from .harness import Server, run

TWO_HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


class Listener:
    """One client socket that records every message it receives, and its close code."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []
        self.code: int | None = None
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str) -> Listener:
        return cls(await connect(url, max_size=None))

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.got.append(json.loads(raw))
        except ConnectionClosed:
            pass
        self.code = self.ws.close_code

    async def close(self) -> None:
        await self.ws.close()
        await self.task


async def expect(counts: dict[Listener, int], quiet: float = 0.3) -> None:
    """Each listener has received exactly its count of messages, and nothing more comes."""
    deadline = time.monotonic() + 10
    while any(len(x.got) < n for x, n in counts.items()) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    await asyncio.sleep(quiet)
    assert [len(x.got) for x in counts] == list(counts.values()), [
        [m.get("type") for m in x.got] for x in counts]


@pytest.mark.slow
def test_connect_and_disconnect_send_each_connection_at_most_one_message(server: Server) -> None:
    t = server.create("kukakoenig", TWO_HUMANS)
    ada, bo = (server.ws(t["id"], s["token"]) for s in t["seats"])

    async def scenario() -> None:
        spectator = await Listener.open(server.ws(t["id"]))
        await expect({spectator: 1})
        a1 = await Listener.open(ada)
        await expect({a1: 1, spectator: 2})  # the seat shows as connected: one message each
        assert spectator.got[-1]["seats"][0]["connected"]
        more = []
        for _ in range(3):  # Ada's 2nd to 4th sockets: only the new socket hears of it
            more.append(await Listener.open(ada))
            await expect({more[-1]: 1, a1: 1, spectator: 2})
        a2, a3, a4 = more
        a5 = await Listener.open(ada)  # a fifth closes the oldest
        await expect({a5: 1, a1: 1, a2: 1, spectator: 2})
        assert a1.code == 4409 and a2.code is None
        await a2.close()
        await a3.close()  # the seat stays connected: nobody is told
        await expect({spectator: 2, a4: 1, a5: 1})
        b1 = await Listener.open(bo)
        await expect({b1: 1, spectator: 3, a4: 2, a5: 2})
        await a4.close()
        await a5.close()  # Ada's last socket: the seat shows as gone, one message each
        await expect({spectator: 4, b1: 2})
        assert not spectator.got[-1]["seats"][0]["connected"]
        assert spectator.got[-1]["seats"][1]["connected"]
        await b1.close()
        await spectator.close()

    run(scenario())


def test_many_sockets_on_one_token_stay_cheap(server: Server) -> None:
    """The attack of 500 sockets on one token cost 125,250 messages; now each new socket gets
    its own state, the oldest beyond four are closed, and the others hear nothing."""
    t = server.create("kukakoenig", TWO_HUMANS)
    url = server.ws(t["id"], t["seats"][0]["token"])

    async def scenario() -> None:
        spectator = await Listener.open(server.ws(t["id"]))
        await expect({spectator: 1})  # attached (a spectator's check reads the store first)
        socks = []
        for _ in range(60):
            socks.append(await Listener.open(url))
        await expect({spectator: 2, **dict.fromkeys(socks, 1)}, quiet=0.5)
        assert [s.code for s in socks[:56]] == [4409] * 56
        assert [s.code for s in socks[56:]] == [None] * 4
        for s in socks:
            await s.close()
        await expect({spectator: 3})
        await spectator.close()

    run(scenario())


@pytest.mark.slow
def test_spectators_per_table_are_bounded(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log",
                    options=("--max-spectators", "3")).start()
    try:
        t = server.create("kukakoenig", TWO_HUMANS)
        other = server.create("kukakoenig", TWO_HUMANS)

        async def scenario() -> None:
            watchers = [await Listener.open(server.ws(t["id"])) for _ in range(3)]
            await expect(dict.fromkeys(watchers, 1))
            late = await Listener.open(server.ws(t["id"]))
            await late.task
            assert late.code == 4429
            assert [m["code"] for m in late.got] == ["table-full"]
            assert "3 spectators" in late.got[0]["message"]
            # seats still connect, and other tables have their own spectators
            seat = await Listener.open(server.ws(t["id"], t["seats"][0]["token"]))
            elsewhere = await Listener.open(server.ws(other["id"]))
            await expect({seat: 1, elsewhere: 1, **dict.fromkeys(watchers, 2)})
            # one spectator leaves: a place is free again
            await watchers[0].close()
            again = await Listener.open(server.ws(t["id"]))
            await expect({again: 1})
            assert again.got[0]["type"] == "state" and again.code is None
            for x in (*watchers[1:], seat, elsewhere, again):
                await x.close()

        run(scenario())
    finally:
        server.stop()
