"""Bot workers apart from the table servers (``kingscourt bot-worker --redis URL``).

A strong bot's decision costs about 0.2 s of a core, so bots, not sockets, bound how many
tables a machine carries. With bot workers running, a table's owner puts each decision on a
Redis list and a worker takes it, so bot capacity grows by adding workers on any machine:

- **The queue.** One list per bot level, ``kc:bots:{cost}`` (:data:`~.autoplay.COST`); a
  worker pops them cheapest first (``BLPOP`` looks at its keys in order), one decision per
  local process at a time (:class:`~.autoplay.BotPool`, each a fresh interpreter), so a busy
  worker leaves the queue to the others. A decision is the seat's view and the bot's spec
  (:class:`~.autoplay.Decision`), never a State: a worker sees no more than the seat would.
- **The answer.** On taking a decision the worker tells the owner at once (``bot-taken`` on
  the owner's channel ``kc:node:{node}``), then sends its choice (``bot-answer``). A decision
  that no worker took within :data:`TAKE_WAIT` seconds is taken back from the list (``LREM``)
  and decided by the owner's own pool, as is one whose worker stopped beating
  (:data:`BEAT_TTL`) before it answered. A decision the owner calls off (its turn timer
  answered, the table moved) is called off at the worker too (``bot-cancel``): its search
  stops at its next check.
- **Who is there.** Each worker beats every :data:`BEAT` seconds into the sorted set
  ``kc:bot-workers`` (score: Redis's own clock plus :data:`BEAT_TTL`, so no two machines'
  clocks are compared); while it holds no live member, owners decide locally at once. So
  does an owner whose own channel is not subscribed (Redis came back and it has not
  subscribed again yet): it would not hear a worker take the decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import signal
import socket
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from ..live.autoplay import COST, BotFailed, BotPool, Decision, default_workers

if TYPE_CHECKING:
    from .node import Node

log = logging.getLogger("kingscourt.server")

WORKERS = "kc:bot-workers"
#: seconds between a worker's beats
BEAT = 1.0
#: seconds a worker counts as there after its last beat
BEAT_TTL = 3.0
#: seconds a decision may wait in the queue before its owner decides it itself
TAKE_WAIT = 1.0
#: seconds an owner trusts its last look at whether any worker is there
LOOK_AGAIN = 1.0

#: the worker's beat: its member's score is Redis's clock (ms) plus the lifetime
_BEAT = """local t = redis.call('time')
local ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('zadd', KEYS[1], ms + tonumber(ARGV[2]), ARGV[1])
redis.call('zremrangebyscore', KEYS[1], '-inf', ms)
return 1"""
#: the live workers (all of them with no ARGV, one with ARGV[1]): 0 or more
_ALIVE = """local t = redis.call('time')
local ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[1] then
  local s = redis.call('zscore', KEYS[1], ARGV[1])
  if s and tonumber(s) > ms then return 1 else return 0 end
end
return redis.call('zcount', KEYS[1], '(' .. ms, '+inf')"""


def queue_key(level: str) -> str:
    return f"kc:bots:{COST.get(level, len(COST))}"


#: the lists a worker pops, cheapest level first
QUEUES = [f"kc:bots:{c}" for c in sorted({*COST.values(), len(COST)})]


def node_channel(node: str) -> str:
    return f"kc:node:{node}"


# --- the owner's side -----------------------------------------------------------------------

class RemoteBots:
    """A table owner's way to its decisions: a worker through Redis when one is there, its
    own pool (``pool``) otherwise (:meth:`.autoplay.Autoplayer.decide`)."""

    def __init__(self, cluster: Node) -> None:
        self.cluster = cluster
        self.redis: Redis = cluster.redis
        self._alive = self.redis.register_script(_ALIVE)
        self._taken: dict[str, asyncio.Future[str]] = {}
        self._answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._looked = -LOOK_AGAIN
        self._workers = 0
        #: decisions answered by workers, and decided here instead
        self.remote = 0
        self.local = 0

    async def any_worker(self) -> bool:
        if not self.cluster.listening():
            return False
        loop = asyncio.get_running_loop()
        if loop.time() - self._looked >= LOOK_AGAIN:
            self._looked = loop.time()
            try:
                self._workers = int(await self._alive(keys=[WORKERS], args=[]))
            except (RedisError, OSError):
                self._workers = 0
        return self._workers > 0

    async def _worker_alive(self, worker: str) -> bool:
        try:
            return bool(int(await self._alive(keys=[WORKERS], args=[worker])))
        except (RedisError, OSError):
            return False

    async def decide(self, d: Decision, pool: BotPool) -> str:
        """The bot's choice for ``d``: from a worker when one takes it in time, else from
        ``pool``. Cancelling calls the decision off wherever it is decided."""
        if not await self.any_worker():
            self.local += 1
            return await pool.decide(d)
        reply = await self._ask(d)
        if reply is None:
            self.local += 1
            return await pool.decide(d)
        if "choice" not in reply:
            raise BotFailed(str(reply.get("error") or "a bot worker answered without a choice"))
        self.remote += 1
        choice: str = reply["choice"]
        return choice

    async def _ask(self, d: Decision) -> dict[str, Any] | None:
        """A worker's answer, or None: no worker took it in time, or its worker is gone."""
        loop = asyncio.get_running_loop()
        ask = secrets.token_hex(8)
        taken = self._taken[ask] = loop.create_future()
        answer = self._answers[ask] = loop.create_future()
        job = json.dumps({"id": ask, "reply": self.cluster.node, "table": d.table,
                          "seat": d.seat, "game": d.game, "rules": d.rules, "level": d.level,
                          "seed": d.seed, "view": d.view})
        key = queue_key(d.level)
        worker: str | None = None
        try:
            try:
                await self.redis.rpush(key, job)
            except (RedisError, OSError):
                return None
            try:
                worker = await asyncio.wait_for(asyncio.shield(taken), TAKE_WAIT)
            except TimeoutError:
                try:
                    removed = int(await self.redis.lrem(key, 1, job))
                except (RedisError, OSError):
                    removed = 1  # Redis is away: so is the job
                if removed:
                    return None
                try:  # a worker popped it just now: its word is on the way
                    worker = await asyncio.wait_for(asyncio.shield(taken), TAKE_WAIT)
                except TimeoutError:
                    return None
            holder = taken.result()  # taken: a worker holds the decision
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(answer), BEAT)
                except TimeoutError:
                    if not await self._worker_alive(holder):
                        log.warning("bot worker %s went away during a decision: decided here",
                                    holder)
                        return None
        except asyncio.CancelledError:
            if worker is not None or taken.done():
                worker = worker or taken.result()
                self.cluster.send(node_channel(worker), {"kind": "bot-cancel", "id": ask})
            else:
                self.cluster.spawn(self._withdraw(key, job))
            raise
        finally:
            self._taken.pop(ask, None)
            self._answers.pop(ask, None)

    async def _withdraw(self, key: str, job: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.redis.lrem(key, 1, job)

    def on(self, msg: dict[str, Any]) -> None:
        """``bot-taken`` or ``bot-answer`` from a worker (on this process's channel)."""
        ask = str(msg.get("id"))
        taken = self._taken.get(ask)
        if taken is not None and not taken.done():
            taken.set_result(str(msg.get("worker")))
        if msg.get("kind") == "bot-answer":
            answer = self._answers.get(ask)
            if answer is not None and not answer.done():
                answer.set_result(msg)


# --- the worker's side ----------------------------------------------------------------------

class BotWorker:
    """``kingscourt bot-worker``: ``size`` local bot processes deciding from the queue."""

    def __init__(self, url: str, size: int | None = None) -> None:
        self.redis: Redis = Redis.from_url(url, decode_responses=True, socket_connect_timeout=2,
                                           socket_timeout=10)
        self.size = size or default_workers() + 1  # no event loop of tables to leave a core to
        self.pool = BotPool(self.size)
        self.node = f"bots:{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self._beat = self.redis.register_script(_BEAT)
        self._running: dict[str, asyncio.Task[str]] = {}
        self.decisions = 0

    async def serve(self) -> None:
        log.info("bot worker %s: %d processes on the queue", self.node, self.size)
        tasks = [asyncio.create_task(self._beating()), asyncio.create_task(self._listen()),
                 *(asyncio.create_task(self._taking()) for _ in range(self.size))]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await task
            with contextlib.suppress(RedisError, OSError):
                await self.redis.zrem(WORKERS, self.node)
            await self.pool.close()
            with contextlib.suppress(RedisError, OSError):
                await self.redis.aclose()

    async def _beating(self) -> None:
        while True:
            try:
                await self._beat(keys=[WORKERS], args=[self.node, int(BEAT_TTL * 1000)])
            except (RedisError, OSError) as e:
                log.warning("bot worker: no beat (%s)", e)
            await asyncio.sleep(BEAT)

    async def _listen(self) -> None:
        """Calls-off on this worker's channel, again after every loss of the connection."""
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(node_channel(self.node))
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    with contextlib.suppress(ValueError, KeyError, TypeError):
                        msg = json.loads(message["data"])
                        task = self._running.get(str(msg["id"]))
                        if msg.get("kind") == "bot-cancel" and task is not None:
                            task.cancel()
            except (RedisError, OSError) as e:
                log.warning("bot worker: subscription lost (%s): subscribing again", e)
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _publish(self, channel: str, msg: dict[str, Any]) -> None:
        for _ in range(20):
            try:
                await self.redis.publish(channel, json.dumps(msg))
                return
            except (RedisError, OSError):
                await asyncio.sleep(0.25)

    async def _taking(self) -> None:
        while True:
            try:
                item = await self.redis.blpop(QUEUES, timeout=1)
            except (RedisError, OSError) as e:
                log.warning("bot worker: queue unreachable (%s)", e)
                await asyncio.sleep(0.5)
                continue
            if item is None:
                continue
            try:
                msg = json.loads(item[1])
                ask, owner = str(msg["id"]), node_channel(str(msg["reply"]))
                d = Decision(table=str(msg["table"]), seat=int(msg["seat"]), game=str(msg["game"]),
                             rules=dict(msg["rules"]), level=str(msg["level"]),
                             seed=int(msg["seed"]), view=msg["view"])
            except (ValueError, KeyError, TypeError):
                log.warning("bot worker: a job that is not ours: %.80r", item[1])
                continue
            await self._publish(owner, {"kind": "bot-taken", "id": ask, "worker": self.node})
            task = self._running[ask] = asyncio.create_task(self.pool.decide(d))
            await asyncio.wait([task])
            self._running.pop(ask, None)
            reply: dict[str, Any] = {"kind": "bot-answer", "id": ask, "worker": self.node}
            if task.cancelled():
                reply["cancelled"] = True
                reply["error"] = "called off"
            elif task.exception() is not None:
                reply["error"] = str(task.exception())
            else:
                reply["choice"] = task.result()
                self.decisions += 1
            await self._publish(owner, reply)


def run_worker(url: str, size: int | None = None) -> None:
    """Serve decisions until interrupted."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    worker = BotWorker(url, size)

    async def main() -> None:
        serving = asyncio.create_task(worker.serve())
        # SIGTERM (a service manager stopping it): leave the set of workers, stop the pool
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, serving.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await serving

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
