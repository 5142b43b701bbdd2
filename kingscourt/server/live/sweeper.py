"""Abandoned tables: an open table at which no human seat has had a connection for
``abandon_after`` seconds is closed as ``abandoned``. Its record stays in the database, its
bots and timers stop, its spectators are disconnected. The clock starts at the table's
creation, at the last human's disconnect, or at the server's start for a recovered table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import update

from ..store.orm import TableRow
from ..store.store import Store, now
from .connections import CLOSE_ABANDONED

if TYPE_CHECKING:
    from .hub import Hub
    from .table import LiveTable

log = logging.getLogger("kingscourt.server")


def mark_abandoned(store: Store, table_id: str) -> None:
    """Close an open table as abandoned; its rows (the record) stay."""
    with store.sessions.begin() as s:
        s.execute(update(TableRow).where(TableRow.id == table_id,
                                     TableRow.status.in_(("waiting", "open")))
                  .values(status="abandoned", finished_at=now()))


def has_human(table: LiveTable) -> bool:
    """A seat is connected here, or through another process (several processes)."""
    return bool(table.elsewhere) or any(c.seat is not None and not c.closed for c in table.conns)


class Sweeper:
    """Closes the open tables no human has been connected to for ``after`` seconds."""

    def __init__(self, hub: Hub, after: float) -> None:
        self.hub = hub
        self.after = after
        self.seen: dict[str, float] = {}
        self.interval = min(60.0, max(0.05, after / 10))

    def touch(self, table_id: str) -> None:
        """A human was connected to the table just now."""
        self.seen[table_id] = time.monotonic()

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.sweep()
            except Exception:  # the database may be down: try again on the next round
                log.exception("sweeping abandoned tables failed")

    async def sweep(self) -> None:
        t = time.monotonic()
        for gone in self.seen.keys() - self.hub.tables.keys():
            del self.seen[gone]
        for table in list(self.hub.tables.values()):
            if table.remote is not None:  # another process owns it and sweeps it
                continue
            if table.over:
                self.seen.pop(table.id, None)
            elif has_human(table):
                self.seen[table.id] = t
            elif t - self.seen.setdefault(table.id, t) >= self.after:
                await self.abandon(table)

    async def abandon(self, table: LiveTable) -> None:
        async with table.lock:
            if table.over or has_human(table):
                return
            await self.hub.store.run(mark_abandoned, self.hub.store, table.id)
            table.data.status = "abandoned"
        log.info("table %s closed as abandoned", table.id)
        self.seen.pop(table.id, None)
        self.hub.autoplayer.forget(table)
        table.deadlines.clear()
        for conn in list(table.conns):
            await conn.drain_and_close(CLOSE_ABANDONED)
        self.hub.release(table)
