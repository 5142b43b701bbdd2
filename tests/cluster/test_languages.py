"""A refusal decided by the table's owner process reaches a socket on another process in
that socket's language (``?lang=``): the owner sends the template with its answer."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.client import connect

from kingscourt import i18n
from tests.server.harness import Server, act, recv_until, run

from .conftest import RedisServer
from .test_cluster import HUMANS, owner_pid


def test_a_refusal_through_a_process_that_does_not_own_the_table(
        cluster: list[Server], redis_server: RedisServer) -> None:
    a, b, c = cluster
    t = a.create("king", HUMANS)
    table = t["id"]
    tokens = [t["seats"][0]["token"], t["seats"][1]["token"]]
    # Ann (seat 0) on b in Polish, Bob (seat 1) on c in Turkish; neither process owns the table
    where = [(b, "pl"), (c, "tr")]

    def legal(m: dict[str, Any]) -> bool:
        return m["type"] == "state" and bool(m["view"]["legal"])

    async def go() -> tuple[int, dict[str, Any], int, dict[str, Any], dict[str, Any]]:
        async with connect(b.ws(table, tokens[0]) + "&lang=pl") as ws0, \
                connect(c.ws(table, tokens[1]) + "&lang=tr") as ws1:
            sockets = [ws0, ws1]
            # the bots play until one of the two humans is to move; then nobody else is
            first = [asyncio.ensure_future(recv_until(ws, legal)) for ws in sockets]
            done, pending = await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
            for f in pending:
                f.cancel()
            mover = first.index(next(iter(done)))
            state = next(iter(done)).result()
            version, action = state["version"], state["view"]["legal"][0]
            await sockets[mover].send(act(action, version + 50))
            stale = await recv_until(sockets[mover], lambda m: m["type"] == "error")
            other = 1 - mover
            await sockets[other].send(act(action, version))
            local = await recv_until(sockets[other], lambda m: m["type"] == "error")
        server, _lang = where[other]
        async with connect(server.ws(table, tokens[other])) as ws:  # the same, in English
            await recv_until(ws, lambda m: m["type"] == "state")
            await ws.send(act(action, version))
            english = await recv_until(ws, lambda m: m["type"] == "error")
        return mover, stale, version, local, english

    mover, stale, version, local, english = run(go())
    assert owner_pid(redis_server, table) == a.proc.pid  # type: ignore[union-attr]
    assert stale["code"] == "stale-version"
    assert stale["message"] == i18n._(
        "Your action answers version {version}, but the table is at version {now}: look at the "
        "new state and act again.", version=version + 50, now=version).render(where[mover][1])
    assert english["code"] == local["code"] == "not-your-turn"
    assert english["rule"] == local["rule"]
    assert english["message"] != local["message"]
