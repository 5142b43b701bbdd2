"""Failover in seconds, and nothing kept for ever: kill -9 of a table's owner while four
people play through the other processes, and the next action is stored within 3 s of the
last one acknowledged (the lease lapses, another process takes the table, the act waiting on
the dead owner goes to the new one); a finished table leaves no lock or note behind in the
cluster's memory, on its owner and on a process holding a copy."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from websockets.asyncio.client import connect

from kingscourt.server.cluster.coordinator import LEASE_TTL, LEASES
from tests.server.harness import SeatLog, Server, act, db_rows, recv, run

from .conftest import RedisServer
from .test_cluster import in_order, owner_pid

FOUR = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cid", "Dee")]
#: the issue's bound: from the last acknowledged action to the next one stored
FAILOVER = 3.0


def test_a_killed_owner_costs_under_3_s(cluster: list[Server], redis_server: RedisServer) -> None:
    a, b, c = cluster
    t = a.create("king", FOUR)
    table = t["id"]
    assert owner_pid(redis_server, table) == a.proc.pid  # type: ignore[union-attr]
    logs = [SeatLog(i) for i in range(4)]
    seen: dict[int, float] = {}  # version -> when a socket first got it
    killed: list[int] = []
    done = asyncio.Event()

    async def seat(i: int) -> None:
        rng = random.Random(i)
        via = (b, c)[i % 2]  # every act through a process that does not own the table
        acted: Any = None
        async with connect(via.ws(table, t["seats"][i]["token"]), max_size=None) as ws:
            while not done.is_set():
                try:
                    msg = await recv(ws, 0.5)
                except TimeoutError:
                    continue
                logs[i].messages.append(msg)
                if msg["type"] != "state":
                    continue
                v = msg["version"]
                seen.setdefault(v, time.monotonic())
                if not killed and v >= 8:
                    killed.append(v)
                    a.kill()  # the owner dies: version v is the last acknowledged
                if killed and v >= killed[0] + 4:
                    done.set()
                if msg["view"]["legal"] and v != acted:
                    acted = v
                    await ws.send(act(rng.choice(msg["view"]["legal"]), v))

    async def go() -> None:
        await asyncio.wait_for(asyncio.gather(*(seat(i) for i in range(4))), 60)

    run(go())
    last = killed[0]
    took = seen[last + 1] - seen[last]
    print(f"kill -9 of the owner: {took:.2f} s from the last acknowledged action to the next")
    assert took < FAILOVER, (f"{took:.2f} s from the last acknowledged action to the next one "
                             f"(lease {LEASE_TTL} s, looked at every {LEASES} s)")
    for log in logs:
        in_order(log)
    assert owner_pid(redis_server, table) in (b.proc.pid, c.proc.pid)  # type: ignore[union-attr]
    rows = db_rows(b.db_url, "SELECT version FROM actions WHERE table_id = :t ORDER BY version",
                   t=table)
    assert [r["version"] for r in rows] == list(range(1, len(rows) + 1))


def test_a_finished_table_leaves_nothing_behind(pg_url: str, redis_server: RedisServer) -> None:
    from kingscourt.server.base.config import ServerConfig
    from kingscourt.server.base.lobby_models import CreateTable
    from kingscourt.server.cluster.coordinator import Cluster
    from kingscourt.server.live.hub import Hub

    async def go() -> None:
        config = ServerConfig(db_url=pg_url, bot_delay=0.0, bot_workers=1)
        owner, other = Hub(config), Hub(config)
        clusters = []
        for hub in (owner, other):  # two processes' parts, in one event loop
            clusters.append(Cluster(hub, redis_server.url))
            hub.coordinator = clusters[-1]
        await owner.start()
        await other.start()
        try:
            made = await owner.create(CreateTable.model_validate(
                {"game": "kukakoenig", "seats": [{"kind": "bot", "level": "random"}] * 2}))
            deadline = time.monotonic() + 60
            while made.id not in other.tables:  # the other process holds a copy
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            # finished, and nobody watches it: both drop it, and the cluster's notes with it
            while made.id in owner.tables or made.id in other.tables:
                assert time.monotonic() < deadline, "the finished table stayed in memory"
                await asyncio.sleep(0.1)
            for cluster in clusters:
                kept = [name for name, notes in (("locks", cluster._locks),
                                                 ("owners", cluster._owners),
                                                 ("told", cluster._told),
                                                 ("moves", cluster._moves),
                                                 ("owned", cluster.owned)) if made.id in notes]
                assert kept == [], f"{cluster.node} keeps {kept} of a finished table"
        finally:
            await other.stop()
            await owner.stop()

    run(go())


def test_an_act_waiting_on_a_lost_table_goes_to_the_new_owner(pg_url: str, redis_server: RedisServer) -> None:
    """An act that waits for the table's lock while the lease is lost (a frozen or slow owner)
    is decided by the new owner, never stored here without the fencing token: stored so, it
    took a version the new owner then tried to store again and again."""
    from kingscourt.server.base.config import ServerConfig
    from kingscourt.server.base.lobby_models import CreateTable
    from kingscourt.server.cluster.coordinator import Cluster
    from kingscourt.server.live.hub import Hub

    async def go() -> None:
        config = ServerConfig(db_url=pg_url, bot_delay=0.0, bot_workers=1)
        old, new = Hub(config), Hub(config)
        clusters = []
        for hub in (old, new):
            clusters.append(Cluster(hub, redis_server.url))
            hub.coordinator = clusters[-1]
        await old.start()
        await new.start()
        try:
            made = await old.create(CreateTable.model_validate(
                {"game": "kukakoenig", "seats": [{"kind": "human", "name": n} for n in ("Ann", "Bob")]}))
            deadline = time.monotonic() + 60
            while made.id not in new.tables:  # the other process holds a copy
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            mine, theirs = old.tables[made.id], new.tables[made.id]
            version = mine.version
            await mine.lock.acquire()  # the owner is busy: seat 0's act waits for the lock
            waiting = asyncio.create_task(mine.submit(0, mine.state.view(0)["legal"][0], version, "human"))
            await asyncio.sleep(0.1)
            # meanwhile its lease lapses and the other process takes the table, and seat 1 acts there;
            # the frozen owner looks at no lease (else its own sweep, every 0.25 s, may take the table
            # back while the lease is free), and the other process's own sweep may be the one that
            # takes it: it is taken either way
            async def frozen() -> None:
                return None

            clusters[0].take_orphans = frozen
            await clusters[0].release(made.id)
            clusters[0]._lost(made.id)
            deadline = time.monotonic() + 10
            while not await clusters[1].claim(theirs):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            assert await theirs.submit(1, theirs.state.view(1)["legal"][0], version, "human") is None
            mine.lock.release()
            assert await asyncio.wait_for(waiting, 20) is None  # decided by the new owner
            rows = db_rows(pg_url, "SELECT version, seat FROM actions WHERE table_id = :t ORDER BY version",
                           t=made.id)
            assert [(r["version"], r["seat"]) for r in rows] == [(version + 1, 1), (version + 2, 0)]
            assert theirs.version == version + 2
        finally:
            await new.stop()
            await old.stop()

    run(go())
