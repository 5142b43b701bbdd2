"""The chat's rate is per seat, over all of that seat's sockets, and per client address for
spectators, over all of that address's sockets and tables (the server's default: 5 messages
every 10 s). Spectators connect from addresses of their own on the loopback network
(127.0.0.0/8), so that other tests' spectators on 127.0.0.1 count for nobody here."""

from __future__ import annotations

import asyncio
import json
from contextlib import AsyncExitStack
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from .harness import Server, recv_until, run

#: the host, a friend who joins, a seat still free (the table waits: nothing moves) and a bot
PARTY = [{"kind": "human", "name": "Ada"}, {"kind": "human"}, {"kind": "human"},
         {"kind": "bot", "level": "basic"}]
RATE = 5


def party(server: Server) -> tuple[str, str, str]:
    """A waiting King table: (id, Ada's token at seat 0, Bea's token at seat 1)."""
    t = server.create("king", PARTY)
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": t["seats"][1]["invite"], "name": "Bea"})
    assert r.status_code == 200, r.text
    return t["id"], t["seats"][0]["token"], r.json()["token"]


async def first_state(ws: ClientConnection) -> None:
    await recv_until(ws, lambda m: m["type"] == "state", 10)


async def burst(sockets: list[ClientConnection], each: int,
                tag: str = "") -> tuple[int, list[str]]:
    """Each socket writes ``each`` messages at once; when every one was answered (stored, so
    heard back, or refused): how many were stored, and the refusals' codes. The texts start
    with ``tag``: a socket that heard an earlier burst does not count that one's."""
    for k, ws in enumerate(sockets):
        for i in range(each):
            await ws.send(json.dumps({"type": "chat", "text": f"{tag}{k}:{i}"}))

    async def answers(k: int, ws: ClientConnection) -> tuple[int, list[str]]:
        stored, codes = 0, list[str]()
        while stored + len(codes) < each:
            m: dict[str, Any] = await recv_until(
                ws, lambda m: m["type"] == "error" or (
                    m["type"] == "chat" and m["text"].startswith(f"{tag}{k}:")), 10)
            if m["type"] == "error":
                codes.append(m["code"])
            else:
                stored += 1
        return stored, codes

    done = await asyncio.gather(*(answers(k, ws) for k, ws in enumerate(sockets)))
    return sum(n for n, _ in done), [c for _, codes in done for c in codes]


def test_one_seat_over_four_sockets_has_one_rate(server: Server) -> None:
    table, ada, bea = party(server)

    async def talk() -> tuple[int, list[str], dict[str, Any], dict[str, Any]]:
        async with AsyncExitStack() as stack:
            mine = [await stack.enter_async_context(connect(server.ws(table, ada)))
                    for _ in range(4)]
            for ws in mine:
                await first_state(ws)
            stored, codes = await burst(mine, 6)
            # a socket opened afterwards (a reconnect) has no fresh rate either
            async with connect(server.ws(table, ada)) as again:
                await first_state(again)
                await again.send(json.dumps({"type": "chat", "text": "one more"}))
                late = await recv_until(again, lambda m: m["type"] == "error", 10)
            # another seat's rate is its own
            async with connect(server.ws(table, bea)) as b:
                await first_state(b)
                await b.send(json.dumps({"type": "chat", "text": "calm down"}))
                calm = await recv_until(b, lambda m: m["type"] in ("chat", "error")
                                        and m.get("text") != "one more", 10)
            return stored, codes, late, calm

    stored, codes, late, calm = run(talk())
    assert stored == RATE and codes == ["rate-limited"] * (24 - RATE), (stored, codes)
    assert late["code"] == "rate-limited", late
    assert (calm["type"], calm.get("name")) == ("chat", "Bea"), calm


def test_spectators_from_one_address_share_one_rate(server: Server) -> None:
    table, _, _ = party(server)
    other_table, _, _ = party(server)

    def spectate(table_id: str, address: str) -> Any:
        return connect(server.ws(table_id), local_addr=(address, 0))

    async def talk() -> tuple[int, list[str], dict[str, Any], dict[str, Any]]:
        async with AsyncExitStack() as stack:
            crowd = [await stack.enter_async_context(spectate(table, "127.0.3.1"))
                     for _ in range(6)]
            for ws in crowd:
                await first_state(ws)
            stored, codes = await burst(crowd, 2)
            # the same address at another table: the same rate
            async with spectate(other_table, "127.0.3.1") as elsewhere:
                await first_state(elsewhere)
                await elsewhere.send(json.dumps({"type": "chat", "text": "over here"}))
                there = await recv_until(elsewhere, lambda m: m["type"] in ("chat", "error"), 10)
            # another address: its own
            async with spectate(table, "127.0.3.2") as neighbour:
                await first_state(neighbour)
                await neighbour.send(json.dumps({"type": "chat", "text": "hello"}))
                own = await recv_until(neighbour, lambda m: m["type"] in ("chat", "error")
                                       and m.get("text") != "over here", 10)
            return stored, codes, there, own

    stored, codes, there, own = run(talk())
    assert stored == RATE and codes == ["rate-limited"] * (12 - RATE), (stored, codes)
    assert there["type"] == "error" and there["code"] == "rate-limited", there
    assert (own["type"], own.get("text")) == ("chat", "hello"), own
