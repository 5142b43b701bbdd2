"""Bots at the table, and the turn timer that lets a basic bot play for a late human.

A bot thinks in a worker thread (``run_in_executor``), never on the event loop; it acts
through the same pipeline as a client (:meth:`LiveTable.submit`). ``delay`` paces bots for
people: a bot's action is submitted no sooner than ``delay`` seconds after its decision
opened (thinking time included). A human seat of a table with ``turn_seconds`` gets a timer
per decision; when it runs out a ``basic`` bot plays that turn and the seat is marked
(``timeouts`` in the seat's public information).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor

from .. import bots
from .table import LiveTable

log = logging.getLogger("kingscourt.server")

Key = tuple[str, int]


class Autoplayer:
    def __init__(self, delay: float, workers: int) -> None:
        self.delay = delay
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kingscourt-bot")
        self._bots: dict[tuple[str, int, str], bots.Bot] = {}
        #: (table, seat) -> (version the decision opened at, the task playing it)
        self._tasks: dict[Key, tuple[int, asyncio.Task[None]]] = {}

    def schedule(self, table: LiveTable) -> None:
        """Start a bot (or a turn timer) for every seat whose decision just opened."""
        movers = set() if table.over else set(table.state.to_move())
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
        """The table leaves memory: stop its tasks, drop its bots."""
        for seat in range(len(table.seats)):
            running = self._tasks.get((table.id, seat))
            if running is not None:
                self._cancel((table.id, seat), running[1])
            for level in (*bots.LEVELS, table.seats[seat].level):
                self._bots.pop((table.id, seat, level or ""), None)

    async def close(self) -> None:
        tasks = [t for _, t in self._tasks.values()]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        self._tasks.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _cancel(self, key: Key, task: asyncio.Task[None]) -> None:
        if self._tasks.get(key, (0, None))[1] is task:
            del self._tasks[key]
        if task is not asyncio.current_task():
            task.cancel()

    def _bot(self, table: LiveTable, seat: int, level: str) -> bots.Bot:
        key = (table.id, seat, level)
        bot = self._bots.get(key)
        if bot is None:
            seed = secrets.randbits(48)  # never derived from the public table id
            try:
                bot = bots.load(level, table.game, seed=seed)
            except ValueError:  # no bot of that level for this game: the random one
                bot = bots.load("random", table.game, seed=seed)
            self._bots[key] = bot
        return bot

    async def _play(self, table: LiveTable, seat: int, opened: int, level: str, actor: str,
                    wait: float) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        key = (table.id, seat)
        me = asyncio.current_task()
        try:
            if actor == "timer":
                await asyncio.sleep(wait)
            bot = self._bot(table, seat, level)
            # the decision may have been taken while we waited
            if table.over or seat not in table.state.to_move() or table.since.at.get(seat) != opened:
                return
            version = table.version
            view = table.state.view(seat)
            choice = await loop.run_in_executor(self.pool, bot.choose, view)
            if actor == "bot":
                rest = wait - (loop.time() - start)
                if rest > 0:
                    await asyncio.sleep(rest)
            refusal = await table.submit(seat, choice, version, actor)
            if refusal is not None and refusal.code not in ("game-over", "not-your-turn",
                                                            "stale-version"):
                log.warning("table %s: %s bot of seat %d refused: %s", table.id, level, seat,
                            refusal.message)
                await asyncio.sleep(1.0)
                if self._tasks.get(key, (0, None))[1] is me:
                    del self._tasks[key]
                self.schedule(table)
        finally:
            if self._tasks.get(key, (0, None))[1] is me:
                del self._tasks[key]
                table.deadlines.pop(seat, None)
