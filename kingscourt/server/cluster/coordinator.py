"""Several server processes on one PostgreSQL database and one Redis (``serve --redis URL``).

- **One owner per table.** A table's owner holds the Redis key ``kc:lease:{id}`` (``SET NX PX``,
  renewed every :data:`RENEW` seconds for all its tables in one pipeline, never on an act's
  path, lost after :data:`LEASE_TTL` without renewal). Taking a
  table also takes its next fencing token in the database (``tables.fence + 1``, stored at once)
  and every action is stored only while the table's token is still the owner's
  (:meth:`.store.Store.append`), so a former owner that has not noticed yet stores nothing; the
  version's primary key stays the last guard. Only the owner applies actions and runs the
  table's bots and turn timers.
- **Any process serves any table.** Every process holds every open table (a sweep loads the
  ones it does not know), so every lobby lists every table. An act that reaches a process that
  does not own the table is forwarded to the owner on its channel ``kc:node:{node}`` and the
  answer comes back on the sender's own channel, to the same socket. Who owns a table is
  remembered (each change message names its owner, each lease look refreshes it), so an act
  costs no Redis read; everything a process publishes leaves through one ordered outbox, a
  pipeline of what queued meanwhile per round trip. After each change the owner publishes
  the actions it stored on ``kc:changes`` once; every other process steps its copy through
  them and sends its sockets each version in order (:mod:`.relay`), with no database read.
- **Failover.** Every :data:`LEASES` seconds each process looks at the leases of the open
  tables it holds (one ``MGET``) and takes the ones nobody holds (an owner that died, a Redis
  that restarted empty): rebuilt from the database, bots resumed. A forwarded act waiting on a
  dead owner goes to the new one as soon as its first change message names it. So a killed
  owner's tables go on within :data:`LEASE_TTL` + :data:`LEASES` seconds and a little. Every
  :data:`SWEEP` seconds the database is asked for the open tables and their versions: tables
  this process does not know are loaded, and a copy that made no progress to the version
  seen one sweep before (a message lost while Redis was away) is read again.
- **Presence** (:mod:`.cluster.presence`): a seat shows as connected, and an account as
  online, through whichever process its socket or request went.
- **Chat**: a message stored through one process goes to the sockets of the others
  (``chat`` on ``kc:changes``).
- **Bot workers** (:mod:`.cluster.bots`): with ``kingscourt bot-worker`` processes running,
  the owner's bots decide there, and in its own pool when no worker answers in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from ...i18n import _
from ..base.wire import ErrorMessage
from ..live.table import LiveTable
from ..text.localize import error, template_json, with_template
from .bots import RemoteBots, node_channel
from .presence import Presence
from .relay import catch_up, open_versions, step, take_fence

if TYPE_CHECKING:
    from ..live.hub import Hub

log = logging.getLogger("kingscourt.server")

#: seconds a lease lasts without renewal (a killed owner's tables wait this long at most)
LEASE_TTL = 2.0
#: seconds between renewals of the leases a process holds (eight tries within a lease: a
#: process its machine starves of CPU for 1.5 s keeps its tables)
RENEW = 0.25
#: seconds between looks at the leases: the tables nobody holds are taken
LEASES = 0.25
#: seconds between sweeps of the database: new tables loaded, copies behind caught up
SWEEP = 3.0
#: seconds between writes of this process's connected seats (:mod:`.presence`)
PRESENCE = 1.0
#: seconds another process's connected seats count without a new write
PRESENCE_TTL = 4.0
#: seconds a forwarded act may wait for an owner (failover included) before ``not-stored``
FORWARD_WAIT = 10.0
#: seconds a forwarded act waits for the owner's answer before looking at the lease again
ANSWER_WAIT = 1.0
#: messages published in one round trip at most
BATCH = 256
CHANGES = "kc:changes"

#: renew the lease only while it is still this process's
_RENEW = """if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end"""
_RELEASE = """if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end"""


def lease_key(table_id: str) -> str:
    return f"kc:lease:{table_id}"


class Cluster:
    """This process's part in the cluster: its leases, its channel, its sweeps. It is the hub's
    :class:`~kingscourt.server.live.coordinator.Coordinator` (``create_app`` hands it in
    before the hub starts); it sets the hub's remote bots and chat relay itself."""

    def __init__(self, hub: Hub, url: str) -> None:
        self.hub = hub
        self.redis: Redis = Redis.from_url(url, decode_responses=True, socket_connect_timeout=2,
                                           socket_timeout=5)
        #: host:pid:random, so that a test (or an operator) can tell which process owns what
        self.node = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        #: table -> this process's fencing token for it
        self.owned: dict[str, int] = {}
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        #: table -> one lock for stepping or reading back this process's copy (dropped with
        #: the table: :meth:`forget`)
        self._locks: dict[str, asyncio.Lock] = {}
        #: table -> the process that owns it, as last heard (a change message, a lease look)
        self._owners: dict[str, str] = {}
        #: table -> resolved when its owner changes (forwarded acts waiting on the old one)
        self._moves: dict[str, asyncio.Future[None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._jobs: set[asyncio.Task[Any]] = set()
        self._subscribed = asyncio.Event()
        #: table -> the version this process last told the others of
        self._told: dict[str, int] = {}
        #: copies found behind the database at the last sweep, and the stored version then
        #: (read again if they have not reached it by the next sweep)
        self._behind: dict[str, int] = {}
        #: the way to bot workers apart from the servers (:mod:`.cluster.bots`)
        self.bots = RemoteBots(self)
        hub.autoplayer.remote = self.bots
        #: who is connected and seen through every process (:mod:`.cluster.presence`)
        self.presence = Presence(self, PRESENCE_TTL)
        hub.chat.relay = self._chat

    @property
    def seen(self) -> dict[int, float] | None:
        return self.presence.seen

    @seen.setter
    def seen(self, seen: dict[int, float]) -> None:
        """The accounts' record of when each was seen (``Services.seen``): shared."""
        self.presence.seen = seen

    # --- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._publish()),
                       asyncio.create_task(self._renewing()), asyncio.create_task(self._leasing()),
                       asyncio.create_task(self._sweeping()),
                       asyncio.create_task(self._presence())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)
        try:
            await self.sweep()
        except (RedisError, OSError):
            log.exception("cluster: first sweep failed (Redis unavailable?): retried")

    async def stop(self) -> None:
        """Let go of every lease at once, so that the other processes take the tables now."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for table_id in list(self.owned):
            with contextlib.suppress(RedisError, OSError):
                await self._release(keys=[lease_key(table_id)], args=[self.node])
        self.owned.clear()
        with contextlib.suppress(RedisError, OSError):  # its sockets are gone at once
            await self.presence.leave()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    # --- ownership ---------------------------------------------------------------------------

    def attach(self, table: LiveTable) -> None:
        """A table enters this process's memory: owned here, or a copy of another's."""
        fence = self.owned.get(table.id)
        table.fence = fence
        table.remote = None if fence is not None else self

    async def claim(self, table: LiveTable) -> bool:
        """Take ``table`` if nobody holds it: lease, fencing token, rebuilt from the database,
        bots and timers resumed. False when another process holds it."""
        if table.id in self.owned:
            return True
        if table.over:
            return False
        if not await self.redis.set(lease_key(table.id), self.node, nx=True,
                                    px=int(LEASE_TTL * 1000)):
            return False
        fence = await self.hub.store.run(take_fence, self.hub.store, table.id)
        if fence is None:
            return False
        self.owned[table.id] = fence
        async with self._lock(table.id):
            data = await self.hub.store.run(self.hub.store.load, table.id)
            async with table.lock:
                if data is not None:
                    catch_up(table, data, {})
                table.fence, table.remote = fence, None
        self._owner_is(table.id, self.node)  # acts waiting here on the old owner: applied here
        log.info("cluster: %s owns table %s (fence %d, version %d)", self.node, table.id, fence,
                 table.version)
        self.hub.autoplayer.schedule(table)
        self.changed(table)
        return True

    def _lost(self, table_id: str) -> None:
        """Another process holds the table now: its bots stop here."""
        self.owned.pop(table_id, None)
        self._owners.pop(table_id, None)
        table = self.hub.tables.get(table_id)
        if table is not None:
            table.remote, table.fence = self, None
            self.hub.autoplayer.schedule(table)  # cancels its bots and timers here
            log.info("cluster: %s lost table %s", self.node, table_id)

    async def release(self, table_id: str) -> None:
        """The table is over: its lease goes."""
        if self.owned.pop(table_id, None) is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._release(keys=[lease_key(table_id)], args=[self.node])

    async def _renewing(self) -> None:
        while True:
            await asyncio.sleep(RENEW)
            ids = list(self.owned)
            if not ids:
                continue
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for table_id in ids:
                        await self._renew(keys=[lease_key(table_id)],
                                          args=[self.node, int(LEASE_TTL * 1000)], client=pipe)
                    held = await pipe.execute()
            except (RedisError, OSError) as e:
                # Redis away: keep playing; the fencing token guards the database meanwhile
                log.warning("cluster: leases not renewed: %s", e)
                continue
            for table_id, ok in zip(ids, held, strict=True):
                if not ok and table_id in self.owned:
                    self._lost(table_id)

    # --- sweeps ------------------------------------------------------------------------------

    async def _leasing(self) -> None:
        while True:
            await asyncio.sleep(LEASES)
            try:
                await self.take_orphans()
            except (RedisError, OSError) as e:
                log.warning("cluster: leases not looked at: %s", e)
            except Exception:  # the database away: the next look tries again
                log.exception("cluster: orphaned tables not taken")

    async def take_orphans(self) -> None:
        """Take the open tables this process holds that nobody owns; note who owns the rest."""
        ids = [t.id for t in self.hub.tables.values() if not t.over and t.id not in self.owned]
        if not ids:
            return
        holders = await self.redis.mget([lease_key(t) for t in ids])
        orphans = []
        for table_id, holder in zip(ids, holders, strict=True):
            if holder is None:
                table = self.hub.tables.get(table_id)
                if table is not None:
                    orphans.append(table)
            elif holder != self.node:
                self._owner_is(table_id, str(holder))
        if orphans:
            await asyncio.gather(*(self.claim(t) for t in orphans))

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self.sweep()
            except Exception:  # Redis or the database away: the next sweep tries again
                log.exception("cluster: sweep failed")

    async def _presence(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE)
            try:
                await self.presence.sweep()
            except (RedisError, OSError) as e:
                log.warning("cluster: presence not shared: %s", e)

    async def sweep(self) -> None:
        """Load the open tables this process does not hold, catch up copies that made no
        progress since the last sweep, and take the tables nobody owns."""
        versions = await self.hub.store.run(open_versions, self.hub.store)
        behind: dict[str, int] = {}
        for table_id, version in versions.items():
            table = self.hub.tables.get(table_id)
            if table is None:
                table = await self.hub.get(table_id)
            elif table.remote is not None and table.version < version:
                # behind: a message lost, or still on its way; read again if it has not
                # reached this version by the next sweep
                seen = self._behind.get(table_id)
                if seen is not None and table.version < seen:
                    await self.refresh(table)
                else:
                    behind[table_id] = version
        self._behind = behind
        await self.take_orphans()

    # --- changes -----------------------------------------------------------------------------

    def changed(self, table: LiveTable) -> None:
        """The table changed here (an action stored, a seat taken or left): tell the others
        once. Messages leave in the order they were made."""
        told = self._told.get(table.id, table.version)
        fresh = table.data.actions[told:table.version] if table.remote is None else []
        self._told[table.id] = table.version
        msg = {"kind": "change", "node": self.node, "table": table.id, "version": table.version,
               # the owner says so: acts for the table go to it
               "owner": table.remote is None and table.id in self.owned,
               "deadlines": {str(s): t for s, t in table.deadlines.items()},
               # the actions stored since the last message; none: read the table back
               "actions": [[seat, text] for seat, text in fresh],
               "timeouts": [s.timeouts for s in table.seats]}
        self._outbox.put_nowait((CHANGES, json.dumps(msg)))
        if table.over:
            self._told.pop(table.id, None)
        if table.over and table.id in self.owned:
            self.spawn(self.release(table.id))

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def forget(self, table: LiveTable) -> None:
        """``table`` left this process's memory (over, nobody watching): what was kept for it
        goes (its lock, once nobody holds it)."""
        lock = self._locks.get(table.id)
        if lock is not None and not lock.locked():
            del self._locks[table.id]
        self._told.pop(table.id, None)
        self._owners.pop(table.id, None)
        self._behind.pop(table.id, None)
        moved = self._moves.pop(table.id, None)
        if moved is not None and not moved.done():
            moved.set_result(None)

    def _owner_is(self, table_id: str, node: str) -> None:
        """``node`` owns the table now: acts waiting on another owner go to it."""
        if self._owners.get(table_id) != node:
            self._owners[table_id] = node
            moved = self._moves.pop(table_id, None)
            if moved is not None and not moved.done():
                moved.set_result(None)

    def _moved(self, table_id: str) -> asyncio.Future[None]:
        """Resolved when the table's owner changes."""
        moved = self._moves.get(table_id)
        if moved is None or moved.done():
            moved = self._moves[table_id] = asyncio.get_running_loop().create_future()
        return moved

    async def refresh(self, table: LiveTable, deadlines: dict[int, float] | None = None) -> None:
        """Read the table back from the database and bring this process's copy to it."""
        async with self._lock(table.id):
            data = await self.hub.store.run(self.hub.store.load, table.id)
            if data is None:
                return
            async with table.lock:
                if table.remote is None and len(data.actions) != table.version:
                    deadlines = None  # the owner's own timers stand
                catch_up(table, data, deadlines)
        if table.data.status == "abandoned":
            from ..live.connections import CLOSE_ABANDONED

            self.hub.autoplayer.forget(table)
            for conn in list(table.conns):
                await conn.drain_and_close(CLOSE_ABANDONED)
        self.hub.autoplayer.schedule(table)  # the owner: a table that just started plays
        self.hub.release(table)

    async def _on_change(self, msg: dict[str, Any]) -> None:
        table_id = str(msg["table"])
        table = self.hub.tables.get(table_id)
        if table is None:
            await self.hub.get(table_id)  # a new table: every lobby lists it
            return
        deadlines = {int(s): float(t) for s, t in msg.get("deadlines", {}).items()}
        actions = [(int(seat), str(text)) for seat, text in msg.get("actions") or []]
        if actions and table.remote is not None:
            async with self._lock(table.id), table.lock:
                stepped = step(table, int(msg["version"]) - len(actions), actions,
                               [int(n) for n in msg.get("timeouts", [])], deadlines)
            if stepped:
                return
        await self.refresh(table, deadlines if table.remote is not None else None)

    # --- forwarded acts ----------------------------------------------------------------------

    async def forward(self, table: LiveTable, seat: int, text: str, version: int, actor: str,
                      token_hash: str | None) -> ErrorMessage | None:
        """An act for a table another process owns: to the owner, and its answer back. The
        owner is the one last heard of (no Redis read per act); the lease is looked at when
        the owner is not known, said it moved, or did not answer in time."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FORWARD_WAIT
        # one answer, whichever owner gives it: an act is sent again only to a new owner (a
        # slow owner's answer is waited for, not asked twice)
        answer: asyncio.Future[dict[str, Any]] = loop.create_future()
        asks: list[str] = []
        sent_to: str | None = None
        try:
            while loop.time() < deadline:
                if table.remote is None:  # taken here meanwhile
                    return await table.submit(seat, text, version, actor, token_hash)
                try:
                    owner = self._owners.get(table.id)
                    if owner == self.node:  # taken here, not yet in play: in a moment
                        await asyncio.sleep(0.02)
                        continue
                    if owner is None:
                        owner = str(await self.redis.get(lease_key(table.id)) or "") or None
                        if owner is None or owner == self.node:
                            if not await self.claim(table):
                                await asyncio.sleep(0.1)
                            continue
                        self._owners.setdefault(table.id, owner)
                except (RedisError, OSError):
                    await asyncio.sleep(0.5)
                    continue
                if owner != sent_to:
                    ask = secrets.token_hex(8)
                    asks.append(ask)
                    self._answers[ask] = answer
                    self.send(node_channel(owner), {
                        "kind": "act", "id": ask, "reply": self.node, "table": table.id,
                        "seat": seat, "text": text, "version": version, "actor": actor,
                        "token_hash": token_hash})
                    sent_to = owner
                moved = self._moved(table.id)
                waits: list[asyncio.Future[Any]] = [answer, moved]
                await asyncio.wait(waits, timeout=min(ANSWER_WAIT, deadline - loop.time()),
                                   return_when=asyncio.FIRST_COMPLETED)
                if not answer.done():
                    if not moved.done():  # no answer in time: look at the lease again
                        self._owners.pop(table.id, None)
                    continue
                reply = answer.result()
                if reply.get("moved"):
                    answer = loop.create_future()  # that one no longer owns it: ask anew
                    for ask in asks:
                        self._answers[ask] = answer
                    if self._owners.get(table.id) == sent_to:
                        self._owners.pop(table.id, None)
                    sent_to = None
                    await asyncio.sleep(0.05)
                    continue
                err = reply.get("error")
                # the owner sends its template too: the refusal is said here, in the
                # language of this process's connection (localized)
                return None if err is None else with_template(
                    ErrorMessage.model_validate_json(err), reply.get("text"))
        finally:
            for ask in asks:
                self._answers.pop(ask, None)
        return error("not-stored", _("The table's owner did not answer in time. If your action was "
                                     "stored, the next state shows it; otherwise act again."),
                     version=table.version)

    async def _on_act(self, msg: dict[str, Any]) -> None:
        table = self.hub.tables.get(str(msg["table"]))
        reply: dict[str, Any] = {"kind": "answer", "id": msg["id"]}
        if table is None or table.remote is not None:
            reply["moved"] = True
        else:
            refusal = await table.submit(int(msg["seat"]), str(msg["text"]), int(msg["version"]),
                                         str(msg["actor"]), msg.get("token_hash"))
            reply["error"] = None if refusal is None else refusal.model_dump_json()
            reply["text"] = None if refusal is None else template_json(refusal._text)
        self._outbox.put_nowait((node_channel(str(msg["reply"])), json.dumps(reply)))

    # --- Redis pub/sub -----------------------------------------------------------------------

    def _chat(self, table_id: str, text: str) -> None:
        """A chat message stored here: to the sockets of the other processes."""
        self.send(CHANGES, {"kind": "chat", "node": self.node, "table": table_id, "text": text})

    def send(self, channel: str, msg: dict[str, Any]) -> None:
        """Publish ``msg`` on ``channel``, after every message made before it."""
        self._outbox.put_nowait((channel, json.dumps(msg)))

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._jobs.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._jobs.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("cluster: %s", task.exception(), exc_info=task.exception())

    def _on(self, msg: dict[str, Any]) -> None:
        kind = msg.get("kind")
        if kind == "change" and msg.get("node") != self.node:
            if msg.get("owner"):
                self._owner_is(str(msg["table"]), str(msg["node"]))
            self.spawn(self._on_change(msg))
        elif kind == "act":
            self.spawn(self._on_act(msg))
        elif kind in ("bot-taken", "bot-answer"):
            self.bots.on(msg)
        elif kind == "presence" and msg.get("node") != self.node:
            self.presence.on(msg)
        elif kind == "chat" and msg.get("node") != self.node:
            table = self.hub.tables.get(str(msg["table"]))
            if table is not None:
                self.hub.chat.relayed(table, str(msg["text"]))
        elif kind == "answer":
            answer = self._answers.get(str(msg.get("id")))
            if answer is not None and not answer.done():
                answer.set_result(msg)

    async def _listen(self) -> None:
        """Subscribed to the changes and to this process's channel, again after every loss
        of the connection (a Redis restart); the sweep catches up what was missed."""
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANGES, node_channel(self.node))
                self._subscribed.set()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        try:
                            self._on(json.loads(message["data"]))
                        except (ValueError, KeyError, TypeError):
                            log.warning("cluster: a message that is not ours: %.80r", message)
            except (RedisError, OSError) as e:
                self._subscribed.clear()
                log.warning("cluster: subscription lost (%s): subscribing again", e)
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def listening(self) -> bool:
        return self._subscribed.is_set()

    async def _publish(self) -> None:
        """The outbox, in order: what queued while the last round trip ran goes in one
        pipeline."""
        while True:
            batch = [await self._outbox.get()]
            while len(batch) < BATCH and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            for attempt in range(20):
                try:
                    if len(batch) == 1:
                        await self.redis.publish(*batch[0])
                    else:
                        async with self.redis.pipeline(transaction=False) as pipe:
                            for channel, text in batch:
                                pipe.publish(channel, text)
                            await pipe.execute()
                    break
                except (RedisError, OSError) as e:
                    if attempt == 0:
                        log.warning("cluster: publish failed (%s): retrying", e)
                    await asyncio.sleep(0.25)
