"""Bots at the table, and the turn timer that lets a basic bot play for a late seat.

Bots think beside the event loop, not inside it: every decision goes to a :class:`BotPool` of
worker processes (:mod:`kingscourt.bots.worker`, each a fresh interpreter: nothing of the
server's process is forked), never into the server's own process, so a search holds no lock
against the loop. A decision travels as JSON:
the seat's view and the bot's spec (game, rules, level, seed), never a State. A bot acts
through the same pipeline as a client (:meth:`LiveTable.submit`).

``delay`` paces bots for people: a bot's action is submitted no sooner than ``delay`` seconds
after its decision opened (thinking time included). At a table with ``turn_seconds`` every seat
is held to it: when a human's time runs out a ``basic`` bot plays that turn, and a bot whose
search outlasts it is called off and a ``basic`` bot plays instead; either way the seat is
marked (``timeouts`` in the seat's public information). Only a human's deadline is published:
a bot waits for nobody.

A decision nobody waits for any more (the turn was answered by the timer, the table left
memory, the server stops) is cancelled: the worker's search stops at its next check
(:attr:`kingscourt.bots.base.ViewBot.should_stop`) and the worker takes the next decision; a
worker that does not stop within :data:`GRACE` seconds is killed and replaced. Waiting
decisions are served cheapest level first, so a turn timer's basic bot does not queue behind
strong searches. Bot seeds come from :mod:`secrets`.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import json
import logging
import os
import secrets
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from pydantic import BaseModel, Field

from ... import bots
from ...engine import JSON
from .table import LiveTable

log = logging.getLogger("kingscourt.server")

Key = tuple[str, int]

#: seconds a cancelled worker has to stop its search before it is killed and replaced
GRACE = 5.0
#: the order in which waiting decisions are served (cheapest first)
COST = {"random": 0, "basic": 1, "learned": 1, "strong": 2, "expert": 3}
#: the variables that set how many threads numpy's linear algebra starts
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
#: a post-game review waits for every decision of a game in play
REVIEW_COST = len(COST) + 1


def default_workers() -> int:
    """The number of cores this process may use, minus one (the event loop's), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class BotFailed(RuntimeError):
    """A decision came back without a choice: the bot raised, or its worker died."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a worker needs to decide: the bot's spec and the seat's view (JSON-ready)."""

    table: str
    seat: int
    game: str
    rules: dict[str, Any]
    level: str
    seed: int
    view: JSON


class _Worker:
    """One worker process (``python -m kingscourt.bots.worker``): jobs go to its standard
    input, answers come from its standard output, one JSON message a line."""

    def __init__(self, index: int) -> None:
        # the worker imports the same kingscourt as the server
        root = str(Path(bots.__file__).resolve().parent.parent.parent)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        # one core per worker: numpy's BLAS would start a thread per core in every worker
        # (the learned King bot's network), and those threads, spinning against the other
        # workers', made its decisions about four times slower (6.2 against 1.6 ms a
        # decision, two processes on two cores)
        for var in BLAS_THREADS:
            env.setdefault(var, "1")
        self.proc = subprocess.Popen([sys.executable, "-m", "kingscourt.bots.worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.jobs: IO[bytes] = self.proc.stdin
        self.results: IO[bytes] = self.proc.stdout
        self.index = index
        self.job: int | None = None
        self.last: tuple[str, int, str] | None = None
        self.decisions = 0
        self.stopped = 0

    @property
    def pid(self) -> int:
        return self.proc.pid

    def send(self, msg: dict[str, Any]) -> None:
        self.jobs.write(json.dumps(msg).encode() + b"\n")
        self.jobs.flush()

    def answer(self) -> dict[str, Any]:
        """The next answer (blocks; run in a thread). EOFError when the worker has ended."""
        line = self.results.readline()
        if not line:
            raise EOFError(f"bot worker {self.pid} ended")
        out: dict[str, Any] = json.loads(line)
        return out


class WorkerInfo(BaseModel):
    pid: int = Field(description="the worker's process id (never the server's)")
    busy: bool = Field(description="deciding now (a cancelled search counts until it stops)")
    decisions: int = Field(description="decisions answered with a choice")
    stopped: int = Field(description="searches stopped part-way because the decision was cancelled")


class BotPoolInfo(BaseModel):
    server_pid: int
    workers: list[WorkerInfo]
    waiting: int = Field(description="decisions waiting for a free worker")
    replaced: int = Field(description="workers killed and replaced (did not stop, or died)")


class BotPool:
    """``size`` worker processes deciding one decision each at a time; started on first use."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.size = size
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []
        #: (cost, arrival, future) of decisions waiting for a worker
        self._waiting: list[tuple[int, int, asyncio.Future[_Worker]]] = []
        self._arrivals = itertools.count()
        self._jobs = itertools.count(1)
        # each blocks on one worker's results pipe (waiting releases the GIL)
        self._pipes = ThreadPoolExecutor(max_workers=2 * size, thread_name_prefix="kingscourt-bot-pipe")
        self._reclaiming: set[asyncio.Task[None]] = set()
        self._closed = False
        self.replaced = 0

    # --- the decisions ----------------------------------------------------------------------

    async def decide(self, d: Decision) -> str:
        """The bot's choice for ``d`` (BotFailed when there is none). Cancelling the awaiting
        task calls the decision off: its worker's search stops."""
        reply = await self._ask(d, COST.get(d.level, len(COST)), {})
        if "choice" not in reply:
            raise BotFailed(reply.get("error") or f"decision {reply['job']} came back without a choice")
        choice: str = reply["choice"]
        return choice

    async def analyse(self, d: Decision) -> JSON:
        """The bot's review of the decision ``d`` (its :class:`~kingscourt.bots.analysis.Analysis`
        as JSON), for the post-game review. In a shared pool it is served after every waiting
        decision (:data:`REVIEW_COST`); cancelling calls it off like a decision."""
        reply = await self._ask(d, REVIEW_COST, {"analyse": True})
        if "analysis" not in reply:
            raise BotFailed(reply.get("error") or f"review {reply['job']} came back without an analysis")
        analysis: JSON = reply["analysis"]
        return analysis

    async def _ask(self, d: Decision, cost: int, extra: dict[str, Any]) -> dict[str, Any]:
        worker = await self._acquire(cost, (d.table, d.seat, d.level))
        job = worker.job = next(self._jobs)
        worker.last = (d.table, d.seat, d.level)
        msg = {"job": job, "table": d.table, "seat": d.seat, "game": d.game, "rules": d.rules,
               "level": d.level, "seed": d.seed, "view": d.view, **extra}
        try:
            worker.send(msg)
        except OSError as e:
            self._replace(worker)
            raise BotFailed(f"bot worker {worker.pid} is gone: {e}") from e
        answer = asyncio.get_running_loop().run_in_executor(self._pipes, worker.answer)
        try:
            reply = await asyncio.shield(answer)
        except asyncio.CancelledError:
            self._call_off(worker, job, answer)
            raise
        except (EOFError, OSError, ValueError) as e:
            self._replace(worker)
            raise BotFailed(f"bot worker {worker.pid} ended during a decision: {e}") from e
        self._release(worker)
        if "choice" in reply or "analysis" in reply:
            worker.decisions += 1
        return reply

    def _call_off(self, worker: _Worker, job: int, answer: asyncio.Future[dict[str, Any]]) -> None:
        with contextlib.suppress(OSError):
            worker.send({"cancel": job})
        task = asyncio.create_task(self._reclaim(worker, answer))
        self._reclaiming.add(task)
        task.add_done_callback(self._reclaiming.discard)

    async def _reclaim(self, worker: _Worker, answer: asyncio.Future[dict[str, Any]]) -> None:
        """A cancelled decision's worker is free again once it has answered."""
        try:
            reply = await asyncio.wait_for(asyncio.shield(answer), GRACE)
        except TimeoutError:
            log.warning("bot worker %d did not stop its search within %.0f s: replaced",
                        worker.pid, GRACE)
            answer.add_done_callback(_ignore)  # it ends with the killed process
            self._replace(worker)
            return
        except (EOFError, OSError, ValueError):
            self._replace(worker)
            return
        if reply.get("cancelled"):
            worker.stopped += 1
        self._release(worker)

    # --- workers ----------------------------------------------------------------------------

    async def _acquire(self, cost: int, key: tuple[str, int, str]) -> _Worker:
        if self._closed:
            raise BotFailed("the server is stopping")
        if not self._workers:
            try:
                for i in range(self.size):
                    self._workers.append(_Worker(i))
            except OSError as e:
                raise BotFailed(f"no bot worker could be started: {e}") from e
            finally:
                self._idle = list(self._workers)
        # an idle worker means that nobody waits (a freed worker goes to a waiter first)
        if self._idle:
            # the worker that served this seat last still has its bot
            worker = next((w for w in self._idle if w.last == key), self._idle[-1])
            self._idle.remove(worker)
            return worker
        fut: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (cost, next(self._arrivals), fut))
        try:
            return await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self._release(fut.result())
            raise

    def _release(self, worker: _Worker) -> None:
        worker.job = None
        if self._closed:
            return
        while self._waiting:
            _, _, fut = heapq.heappop(self._waiting)
            if not fut.done():
                fut.set_result(worker)
                return
        self._idle.append(worker)

    def _replace(self, worker: _Worker) -> None:
        """Kill ``worker`` (its pipe thread ends with the process) and start another."""
        if worker not in self._workers:
            return
        self.replaced += 1
        worker.proc.kill()
        with contextlib.suppress(OSError):
            worker.jobs.close()
        asyncio.get_running_loop().run_in_executor(self._pipes, _bury, worker).add_done_callback(_ignore)
        i = self._workers.index(worker)
        if self._closed:
            del self._workers[i]
            return
        try:
            fresh = self._workers[i] = _Worker(worker.index)
        except OSError:
            log.exception("bot worker %d could not be replaced", worker.index)
            del self._workers[i]
            return
        self._release(fresh)

    @property
    def closed(self) -> bool:
        return self._closed

    def info(self) -> BotPoolInfo:
        return BotPoolInfo(
            server_pid=os.getpid(), waiting=sum(1 for *_, f in self._waiting if not f.done()),
            replaced=self.replaced,
            workers=[WorkerInfo(pid=w.pid, busy=w.job is not None, decisions=w.decisions,
                                stopped=w.stopped) for w in self._workers])

    async def close(self) -> None:
        """Stop every worker: the end of input stops a search and ends the process; one that
        has not ended within GRACE seconds is killed."""
        self._closed = True
        for *_, fut in self._waiting:
            fut.cancel()
        self._waiting.clear()
        for w in self._workers:
            with contextlib.suppress(OSError):
                w.jobs.close()  # the end of its input: the worker stops and exits
        if self._reclaiming:
            await asyncio.wait(list(self._reclaiming), timeout=GRACE)
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pipes, _bury, w) for w in self._workers))
        self._workers.clear()
        self._idle.clear()
        self._pipes.shutdown(wait=False, cancel_futures=True)


def _ignore(fut: asyncio.Future[Any]) -> None:
    """Collect the outcome of a future nobody awaits (a killed worker's pipe)."""
    if not fut.cancelled():
        fut.exception()


def _bury(worker: _Worker) -> None:
    """Wait for a worker process to end (killing it after GRACE), then close its pipe."""
    try:
        worker.proc.wait(GRACE)
    except subprocess.TimeoutExpired:
        worker.proc.kill()
        worker.proc.wait()
    worker.results.close()


class Remote(Protocol):
    """Bot workers apart from this process (:class:`.cluster.bots.RemoteBots`)."""

    async def decide(self, d: Decision, pool: BotPool) -> str: ...


class Autoplayer:
    def __init__(self, delay: float, workers: int | None = None) -> None:
        self.delay = delay
        self.pool = BotPool(workers or default_workers())
        #: several processes with bot workers: decisions go to them first (None: the pool)
        self.remote: Remote | None = None
        #: (table, seat, level) -> the bot's seed
        self._seeds: dict[tuple[str, int, str], int] = {}
        #: (table, seat) -> (version the decision opened at, the task playing it)
        self._tasks: dict[Key, tuple[int, asyncio.Task[None]]] = {}

    def schedule(self, table: LiveTable) -> None:
        """Start a bot (or a turn timer) for every seat whose decision just opened."""
        # a table another process owns (``remote``) has its bots and timers there
        movers = (set() if table.over or table.waiting or table.remote is not None
                  else set(table.state.to_move()))
        for seat in range(len(table.seats)):
            running = self._tasks.get((table.id, seat))
            if running is not None and seat not in movers:
                self._cancel((table.id, seat), running[1])
                table.deadlines.pop(seat, None)
        for seat in sorted(movers):
            opened = table.since.at.get(seat, table.version)
            key = (table.id, seat)
            running = self._tasks.get(key)
            if running is not None:
                if running[0] == opened and not running[1].done():
                    continue
                self._cancel(key, running[1])
                table.deadlines.pop(seat, None)
            info = table.seats[seat]
            if info.kind == "bot":
                coro = self._play(table, seat, opened, info.level or "random", "bot", self.delay)
            elif table.data.turn_seconds:
                table.deadlines[seat] = time.time() + table.data.turn_seconds
                coro = self._play(table, seat, opened, "basic", "timer", table.data.turn_seconds)
            else:
                continue
            self._tasks[key] = (opened, asyncio.create_task(coro))

    def forget(self, table: LiveTable) -> None:
        """The table leaves memory: stop its tasks (their searches too), drop its seeds."""
        for seat in range(len(table.seats)):
            running = self._tasks.get((table.id, seat))
            if running is not None:
                self._cancel((table.id, seat), running[1])
            for level in (*bots.LEVELS, table.seats[seat].level):
                self._seeds.pop((table.id, seat, level or ""), None)

    async def close(self) -> None:
        tasks = [t for _, t in self._tasks.values()]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        self._tasks.clear()
        await self.pool.close()

    async def decide(self, d: Decision) -> str:
        """A bot's choice: from a bot worker when there is one (``remote``), else the pool."""
        if self.remote is not None:
            return await self.remote.decide(d, self.pool)
        return await self.pool.decide(d)

    def _cancel(self, key: Key, task: asyncio.Task[None]) -> None:
        if self._tasks.get(key, (0, None))[1] is task:
            del self._tasks[key]
        if task is not asyncio.current_task():
            task.cancel()

    def _decision(self, table: LiveTable, seat: int, level: str) -> Decision:
        seed = self._seeds.setdefault((table.id, seat, level), secrets.randbits(48))
        return Decision(table=table.id, seat=seat, game=table.game.name, rules=table.data.rules,
                        level=level, seed=seed, view=table.state.view(seat))

    async def _play(self, table: LiveTable, seat: int, opened: int, level: str, actor: str,
                    wait: float) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        key = (table.id, seat)
        me = asyncio.current_task()
        try:
            if actor == "timer":
                await asyncio.sleep(wait)
            # the decision may have been taken while we waited
            if table.over or seat not in table.state.to_move() or table.since.at.get(seat) != opened:
                return
            version = table.version
            decision = self._decision(table, seat, level)
            limit = table.data.turn_seconds
            try:
                if actor == "bot" and limit:
                    try:
                        choice = await asyncio.wait_for(self.decide(decision),
                                                        max(0.0, limit - (loop.time() - start)))
                    except TimeoutError:  # the turn timer answers: the search was called off
                        actor = "timer"
                        choice = await self.decide(self._decision(table, seat, "basic"))
                else:
                    choice = await self.decide(decision)
            except BotFailed as e:
                if self.pool.closed:
                    return
                log.warning("table %s: %s bot of seat %d failed: %s", table.id, level, seat, e)
                await self._retry(table, key, me)
                return
            if actor == "bot":
                rest = wait - (loop.time() - start)
                if rest > 0:
                    await asyncio.sleep(rest)
            refusal = await table.submit(seat, choice, version, actor)
            if refusal is not None and refusal.code not in ("game-over", "not-your-turn",
                                                            "stale-version"):
                log.warning("table %s: %s bot of seat %d refused: %s", table.id, level, seat,
                            refusal.message)
                await self._retry(table, key, me)
        finally:
            if self._tasks.get(key, (0, None))[1] is me:
                del self._tasks[key]
                table.deadlines.pop(seat, None)

    async def _retry(self, table: LiveTable, key: Key, me: asyncio.Task[Any] | None) -> None:
        await asyncio.sleep(1.0)
        if self._tasks.get(key, (0, None))[1] is me:
            del self._tasks[key]
        self.schedule(table)

