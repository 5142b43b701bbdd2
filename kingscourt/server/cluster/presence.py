"""Presence across processes: who is connected, and who was seen lately, through any process.

- **Connected seats.** Every :data:`~.coordinator.PRESENCE` seconds each process writes the seats
  connected through it, per table, to ``kc:presence:{node}`` (lost :data:`~.coordinator.PRESENCE_TTL`
  seconds after the process stops writing it: a killed process's sockets count as gone) and
  names itself in the set ``kc:nodes``; what changed since its last write it also publishes at
  once (``presence`` on ``kc:changes``). Each process keeps the others' seats in
  :attr:`.LiveTable.elsewhere`, so a seat shows as connected wherever its socket is, the
  owner does not close as abandoned a table whose people play through other processes, and
  friends show as online.
- **Seen lately.** The accounts a process saw (a request with their session) go to the sorted
  set ``kc:seen`` (score: UNIX time), and the ones the others saw within
  :data:`~.sessions.ONLINE_FOR` seconds come back into this process's own record.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from ..accounts.sessions import ONLINE_FOR

if TYPE_CHECKING:
    from .node import Node

NODES = "kc:nodes"
SEEN = "kc:seen"


def presence_key(node: str) -> str:
    return f"kc:presence:{node}"


class Presence:
    def __init__(self, cluster: Node, ttl: float) -> None:
        self.cluster = cluster
        self.ttl = ttl
        #: this process's connected seats per table, as last written
        self._here: dict[str, list[int]] = {}
        #: node -> table -> seats connected through that node
        self._there: dict[str, dict[str, list[int]]] = {}
        #: ``Services.seen`` (account -> monotonic time), once the app has made it
        self.seen: dict[int, float] | None = None
        self._last_seen_sweep = time.monotonic()

    def local(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for table in self.cluster.hub.tables.values():
            seats = sorted({c.seat for c in table.conns if not c.closed and c.seat is not None})
            if seats:
                out[table.id] = seats
        return out

    async def sweep(self) -> None:
        """Publish what changed here, write this process's presence, read the others'."""
        node, redis = self.cluster.node, self.cluster.redis
        here = self.local()
        for table_id in here.keys() | self._here.keys():
            if here.get(table_id) != self._here.get(table_id):
                self.cluster.send("kc:changes", {"kind": "presence", "node": node,
                                                 "table": table_id, "seats": here.get(table_id, [])})
        self._here = here
        async with redis.pipeline(transaction=False) as pipe:
            pipe.sadd(NODES, node)
            pipe.set(presence_key(node), json.dumps(here), px=int(self.ttl * 1000))
            pipe.smembers(NODES)
            *_, nodes = await pipe.execute()
        others = sorted(str(n) for n in nodes if n != node)
        values = await redis.mget([presence_key(n) for n in others]) if others else []
        touched = {t for seats in self._there.values() for t in seats}
        there: dict[str, dict[str, list[int]]] = {}
        for other, value in zip(others, values, strict=True):
            if value is None:  # that process stopped writing: its sockets are gone
                await redis.srem(NODES, other)
                continue
            there[other] = {str(t): [int(s) for s in seats] for t, seats in json.loads(value).items()}
        self._there = there
        for table_id in touched | {t for seats in there.values() for t in seats}:
            self._apply(table_id)
        await self._seen()

    async def leave(self) -> None:
        """This process stops: the others see its sockets gone now, not after the TTL."""
        redis = self.cluster.redis
        await redis.delete(presence_key(self.cluster.node))
        await redis.srem(NODES, self.cluster.node)
        for table_id in self._here:  # published here: the outbox has stopped
            await redis.publish("kc:changes", json.dumps(
                {"kind": "presence", "node": self.cluster.node, "table": table_id, "seats": []}))

    def on(self, msg: dict[str, Any]) -> None:
        """Another process's seats at one table changed."""
        node, table_id = str(msg["node"]), str(msg["table"])
        seats = [int(s) for s in msg.get("seats", [])]
        tables = self._there.setdefault(node, {})
        if seats:
            tables[table_id] = seats
        else:
            tables.pop(table_id, None)
        self._apply(table_id)

    def _apply(self, table_id: str) -> None:
        table = self.cluster.hub.tables.get(table_id)
        if table is None:
            return
        elsewhere = frozenset(s for tables in self._there.values() for s in tables.get(table_id, ()))
        if elsewhere != table.elsewhere:
            table.elsewhere = elsewhere
            if not table.over:
                table.broadcast()  # a seat's ``connected`` changed for everyone here

    async def _seen(self) -> None:
        if self.seen is None:
            return
        redis = self.cluster.redis
        mono, wall = time.monotonic(), time.time()
        fresh = {str(a): wall - (mono - t) for a, t in self.seen.items()
                 if t > self._last_seen_sweep}
        self._last_seen_sweep = mono
        async with redis.pipeline(transaction=False) as pipe:
            if fresh:
                pipe.zadd(SEEN, fresh, gt=True)
            pipe.zremrangebyscore(SEEN, "-inf", wall - ONLINE_FOR)
            pipe.zrangebyscore(SEEN, wall - ONLINE_FOR, "+inf", withscores=True)
            *_, recent = await pipe.execute()
        for account, score in recent:
            at = mono - (wall - float(score))
            account_id = int(account)
            if at > self.seen.get(account_id, float("-inf")):
                self.seen[account_id] = at
