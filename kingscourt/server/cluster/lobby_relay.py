"""The live lobby across processes: each process's lobby nudges (:mod:`..live.lobby_feed`)
are published on one Redis channel, :data:`CHANNEL`, and every other process tells its own
lobbies, after loading the tables named (so that its ``GET /api/tables`` lists them at once,
before its sweep would). Its own connection to Redis, so that the tables' channel never
waits behind the lobby's; a lost connection is subscribed again (a nudge missed meanwhile is
caught by each process's watch of its tables)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from ..live.lobby_feed import LobbyFeed, What

log = logging.getLogger("kingscourt.server.cluster")

CHANNEL = "kingscourt:lobby"
#: nudges waiting to be published; beyond it they are dropped (each process's watch remains)
OUTBOX = 1000
#: table ids one message may name
MOST_TABLES = 16


class LobbyRelay:
    """Publishes this process's lobby nudges and hears the others'."""

    def __init__(self, feed: LobbyFeed, url: str) -> None:
        self.feed = feed
        self.redis: Redis = Redis.from_url(url, decode_responses=True, socket_connect_timeout=2)
        self.node = f"{os.getpid()}:{secrets.token_hex(4)}"
        self._outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed = asyncio.Event()

    async def start(self) -> None:
        self.feed.relay = self.send
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._publish())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)

    async def stop(self) -> None:
        self.feed.relay = None
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def send(self, what: list[What], tables: list[str]) -> None:
        text = json.dumps({"node": self.node, "what": what, "tables": tables[:MOST_TABLES]})
        with contextlib.suppress(asyncio.QueueFull):
            self._outbox.put_nowait(text)

    async def _publish(self) -> None:
        while True:
            text = await self._outbox.get()
            try:
                await self.redis.publish(CHANNEL, text)
            except (RedisError, OSError) as e:
                log.warning("lobby relay: publish failed (%s)", e)

    def _parse(self, data: Any) -> tuple[list[str], list[str]] | None:
        msg = json.loads(data)
        if not isinstance(msg, dict) or msg.get("node") == self.node:
            return None
        what = [w for w in msg.get("what", []) if isinstance(w, str)]
        tables = [t for t in msg.get("tables", []) if isinstance(t, str) and len(t) <= 64]
        return what, tables[:MOST_TABLES]

    async def _listen(self) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self._subscribed.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        parsed = self._parse(message["data"])
                    except (ValueError, TypeError):
                        log.warning("lobby relay: a message that is not ours: %.80r", message)
                        continue
                    if parsed is not None:
                        await self.feed.heard(*parsed)
            except (RedisError, OSError) as e:
                log.warning("lobby relay: subscription lost (%s): subscribing again", e)
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
