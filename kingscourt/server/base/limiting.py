"""Where the rate limits count: in this process's memory, or in Redis when several processes
share one (``--redis``).

- **Alone** (no Redis) every limit is the ``limits`` library's moving window in memory, as it
  always was.
- **Several processes**: table creation, failed logins, registrations, reviews and chat
  messages (per seat, per spectator address: :mod:`.chat`) are counted in Redis by the
  ``limits`` library's own asyncio Redis storage (redis-py's client), under the key prefix
  :data:`PREFIX`, so that N processes together allow exactly what one allows.
- **Counted before the work.** Each limit counts its event with ``limits``' atomic step
  (test and count in one) before the work it protects, so that concurrent requests never
  pass a full window together; a limit on failures counts each attempt as one and gives it
  back when it turns out no failure (:class:`Refunds`).
- **An outage is no refusal.** While Redis does not answer (each call waits at most
  :data:`TIMEOUT` s) a limit counts in this process's memory: logged once when the outage
  starts and once when Redis answers again, tried again at most every :data:`RETRY` s.
- **Open tables per address** (``--max-open-tables``) are counted over the processes too
  (:class:`OpenTables`): a sorted set per address in Redis holds the ids of the tables created
  from it (whether each is still open is asked of the database) and a short-lived place for
  each creation under way, admitted by one script (count and place in one step: of two
  creations racing for the last place exactly one is admitted). Addresses stay out of the
  database; their sets expire :data:`KEEP` s after the last creation. A Redis that comes back
  empty has lost them: each process that created tables puts back the ones it made that the
  database still has open (it notices within :data:`REBUILD_EVERY` s, its name missing from
  :data:`REBUILT`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from limits import RateLimitItem
from limits.aio.storage import RedisStorage as AsyncRedisStorage
from limits.aio.strategies import MovingWindowRateLimiter as AsyncMovingWindow
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from limits.util import WindowStats

log = logging.getLogger("kingscourt.server")

#: kingscourt's keys in a shared Redis start with this
PREFIX = "kc:limits"
#: seconds one Redis call may take (connecting included) before the process counts alone
TIMEOUT = 0.5
#: seconds between two tries of an unreachable Redis
RETRY = 1.0
#: seconds a creation's place among its address's open tables is held at most
PENDING_TTL = 120
#: seconds an address's set of open tables is kept after its last creation
KEEP = 7 * 24 * 3600
#: the processes whose open tables are in Redis (empty: Redis lost them, each puts its own back)
REBUILT = f"{PREFIX}:open-rebuilt"
#: seconds between a process's looks at whether Redis still holds its open tables
REBUILD_EVERY = 1.0
#: admit one creation: places of creations that never finished go, then a place is taken only
#: while the address holds fewer than ARGV[3] (tables and places)
_ADMIT = """redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[2], ARGV[4])
redis.call('expire', KEYS[1], ARGV[5])
return 1"""
#: refunds one key's window holds at most (each follows a check: a window holds few; one
#: beyond is not counted, which is only stricter)
REFUNDS_KEPT = 1000

T = TypeVar("T")

#: what an unreachable Redis raises (limits wraps its storage's errors in StorageError)
UNREACHABLE: tuple[type[Exception], ...] = (StorageError, OSError)
try:
    from redis.exceptions import RedisError
except ImportError:  # no redis-py: the server runs alone
    pass
else:
    UNREACHABLE = (*UNREACHABLE, RedisError)


def _async_url(url: str) -> str:
    return url if url.startswith("async+") else f"async+{url}"


class Outage:
    """Runs a Redis call, or its in-memory stand-in while Redis does not answer."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.down = False
        self._retry_at = 0.0

    async def run(self, shared: Callable[[], Awaitable[T]] | None,
                  local: Callable[[], T]) -> T:
        if shared is not None and time.monotonic() >= self._retry_at:
            try:
                result = await shared()
            except UNREACHABLE as e:
                self._retry_at = time.monotonic() + RETRY
                if not self.down:  # once per outage, not per request
                    self.down = True
                    log.warning("%s: Redis does not answer (%s): counting in this process's "
                                "memory until it does", self.what, e)
            else:
                if self.down:
                    self.down = False
                    log.warning("%s: Redis answers again: counting there", self.what)
                return result
        return local()


class Limiter:
    """A moving-window rate limiter: in Redis when ``redis_url`` is given (shared by every
    process on it), else in memory; in memory too while that Redis does not answer.

    Every event is counted by ``limits``' own atomic step (its storage's ``acquire_entry``:
    the test and the count in one), so that concurrent requests never pass together a window
    that has room for one. ``allowance`` lets that many events more into one call's window
    (:class:`Refunds`)."""

    def __init__(self, redis_url: str | None = None) -> None:
        self.memory = MemoryStorage()
        self.local = MovingWindowRateLimiter(self.memory)
        self.redis: AsyncRedisStorage | None = None
        self.shared: AsyncMovingWindow | None = None
        if redis_url is not None:
            self.redis = AsyncRedisStorage(
                _async_url(redis_url), wrap_exceptions=True, implementation="redispy",
                key_prefix=PREFIX, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)
            self.shared = AsyncMovingWindow(self.redis)
        self.outage = Outage("rate limits")

    async def hit(self, item: RateLimitItem, *key: str, allowance: int = 0) -> bool:
        """Count one event; False (not counted) when the window holds ``item.amount +
        allowance`` events already."""
        name, most, expiry = item.key_for(*key), item.amount + allowance, item.get_expiry()
        redis = self.redis
        return await self.outage.run(
            None if redis is None else lambda: redis.acquire_entry(name, most, expiry),
            lambda: self.memory.acquire_entry(name, most, expiry))

    async def count(self, item: RateLimitItem, *key: str, allowance: int = 0) -> int:
        """The events in the window now (up to ``item.amount + allowance``)."""
        name, most, expiry = item.key_for(*key), item.amount + allowance, item.get_expiry()
        redis = self.redis

        async def shared() -> int:
            assert redis is not None
            return (await redis.get_moving_window(name, most, expiry))[1]

        return await self.outage.run(None if redis is None else shared,
                                     lambda: self.memory.get_moving_window(name, most, expiry)[1])

    async def test(self, item: RateLimitItem, *key: str, allowance: int = 0) -> bool:
        """One more event would be allowed (nothing counted)."""
        return await self.count(item, *key, allowance=allowance) < item.amount + allowance

    async def get_window_stats(self, item: RateLimitItem, *key: str) -> WindowStats:
        """The window's ``reset_time`` (when it has room again) and ``remaining`` events."""
        shared = self.shared
        return await self.outage.run(
            None if shared is None else lambda: shared.get_window_stats(item, *key),
            lambda: self.local.get_window_stats(item, *key))


class Refunds:
    """A limit on failures, counted before the outcome is known: :meth:`reserve` counts an
    attempt against the rate (False, nothing counted: the window holds the rate's amount of
    attempts not refunded), :meth:`refund` gives it back once it turned out no failure.

    Counting first is what keeps concurrent attempts within the rate: counted after their
    outcome, a burst is all checked before its first failure counts. The ``limits`` moving
    window takes nothing back, so refunds are counted in a window of their own of the same
    length (identifiers led by ``refund``), and each lets one attempt more into the first: its
    attempts less its refunds are the failures and the attempts under way. A refund outlives
    its attempt by the time the check took, in which one attempt more may pass."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter

    @staticmethod
    def _refunds(item: RateLimitItem) -> RateLimitItem:
        return type(item)(REFUNDS_KEPT, item.multiples, item.namespace)

    async def _allowance(self, item: RateLimitItem, *key: str) -> int:
        return await self.limiter.count(self._refunds(item), "refund", *key)

    async def room(self, item: RateLimitItem, *key: str) -> bool:
        """One more attempt would be allowed (nothing counted)."""
        return await self.limiter.test(item, *key, allowance=await self._allowance(item, *key))

    async def reserve(self, item: RateLimitItem, *key: str) -> bool:
        """Count one attempt; False (not counted) when the rate's failures are spent. A
        refund read before a concurrent one is only stricter."""
        return await self.limiter.hit(item, *key, allowance=await self._allowance(item, *key))

    async def refund(self, item: RateLimitItem, *key: str) -> None:
        """The attempt :meth:`reserve` counted was no failure."""
        await self.limiter.hit(self._refunds(item), "refund", *key)


class OpenTables:
    """The open tables created from each address, counted over every process on one Redis:
    ``open_among(ids)`` answers which of the ids are open (from the database), ``made()``
    the tables this process created per address (put back when Redis comes back empty)."""

    def __init__(self, redis_url: str,
                 open_among: Callable[[list[str]], Awaitable[set[str]]],
                 made: Callable[[], dict[str, list[str]]] | None = None) -> None:
        from redis.asyncio import Redis

        self.redis: Redis = Redis.from_url(redis_url, decode_responses=True,
                                           socket_timeout=TIMEOUT,
                                           socket_connect_timeout=TIMEOUT)
        self.open_among = open_among
        self.made = made
        self.outage = Outage("open tables per address")
        self._admit = self.redis.register_script(_ADMIT)
        self.node = secrets.token_hex(8)
        self._watch: asyncio.Task[None] | None = None

    async def rebuild(self) -> bool:
        """Put this process's open tables back if Redis lost them (True when it did)."""
        if await self.redis.sismember(REBUILT, self.node):
            return False
        made = self.made() if self.made is not None else {}
        ids = [t for tables in made.values() for t in tables]
        open_ids = await self.open_among(ids) if ids else set()
        async with self.redis.pipeline(transaction=False) as p:
            for address, tables in made.items():
                if kept := {t: float("inf") for t in tables if t in open_ids}:
                    p.zadd(self.key(address), kept)
                    p.expire(self.key(address), KEEP)
            p.sadd(REBUILT, self.node)
            await p.execute()
        if ids:
            log.warning("open tables per address: Redis held none of this process's: %d put "
                        "back from the database", len(open_ids))
        return True

    async def _watching(self) -> None:
        while True:
            try:
                await self.rebuild()
            except UNREACHABLE:  # Redis away: looked at again
                await asyncio.sleep(RETRY)
            except Exception:  # the database away: looked at again
                log.exception("open tables per address: not put back")
            await asyncio.sleep(REBUILD_EVERY)

    @staticmethod
    def key(address: str) -> str:
        return f"{PREFIX}:open:{address}"

    async def reserve(self, address: str, most: int) -> str | None:
        """Hold a place for one creation from ``address``: its token, or None when the
        address already holds ``most`` open tables (creations under way included). The
        tables that closed are dropped first; then counting and taking the place are one
        step in Redis, so of creations racing for the last place exactly one is admitted."""
        if self._watch is None:  # this process makes tables: it watches for a Redis emptied
            self._watch = asyncio.create_task(self._watching())
        await self.rebuild()
        key, token = self.key(address), f"pending:{secrets.token_hex(8)}"
        t = time.time()
        members = [str(m) for m in await self.redis.zrange(key, 0, -1)]
        tables = [m for m in members if not m.startswith("pending:")]
        open_ids = await self.open_among(tables) if tables else set()
        if closed := [m for m in tables if m not in open_ids]:
            await self.redis.zrem(key, *closed)
        admitted = await self._admit(keys=[key], args=[t, t + PENDING_TTL, most, token, KEEP])
        return token if int(admitted) else None

    async def created(self, address: str, token: str, table_id: str | None) -> None:
        """The creation is done: ``table_id`` (None: it failed) takes the token's place."""
        key = self.key(address)
        async with self.redis.pipeline(transaction=True) as p:
            p.zrem(key, token)
            if table_id is not None:
                p.zadd(key, {table_id: float("inf")})
            p.expire(key, KEEP)
            await p.execute()

    async def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        await self.redis.aclose()
