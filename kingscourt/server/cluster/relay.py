"""A table's copy in a process that does not own it, kept up to date.

Several processes (``kingscourt serve --redis ...``, :mod:`.cluster`): the owner stores every
action, then publishes that the table changed, with the actions stored since its last message
(stored first, under its fencing token: a message carries only what the database holds). Every
other process that holds the table steps its copy through each new action in turn
(:func:`step`), sending its own sockets one view per version, in order, so no socket misses a
version. Whatever the message cannot settle goes back to the database, the source of truth
(:func:`catch_up`): a seat or status change (a message without actions), a version missed (a
message lost while Redis was away), the game's end. A copy that no longer agrees with the
stored record is rebuilt whole and its sockets get the current state.
"""

from __future__ import annotations

import dataclasses

from sqlalchemy import func, select, update

from ..live.table import LiveTable, rebuild
from ..store.orm import ActionRow, TableRow
from ..store.store import SeatData, Store, TableData

_SEAT_FIELDS = [f.name for f in dataclasses.fields(SeatData)]


def open_versions(store: Store) -> dict[str, int]:
    """Every waiting or open table of the database and its stored version."""
    with store.sessions() as s:
        # the highest version, not a count: one step down the actions' primary key a table
        rows = s.execute(select(TableRow.id, func.coalesce(func.max(ActionRow.version), 0))
                         .outerjoin(ActionRow, ActionRow.table_id == TableRow.id)
                         .where(TableRow.status.in_(("waiting", "open")))
                         .group_by(TableRow.id)).all()
        return {table_id: int(n) for table_id, n in rows}


def take_fence(store: Store, table_id: str) -> int | None:
    """The next fencing token of the table, stored at once: from now on an action is stored
    only with it, so a former owner can store nothing more (None: no such table)."""
    with store.sessions.begin() as s:
        row = s.execute(update(TableRow).where(TableRow.id == table_id)
                        .values(fence=TableRow.fence + 1).returning(TableRow.fence)).first()
        return None if row is None else int(row[0])


def step(table: LiveTable, first: int, actions: list[tuple[int, str]], timeouts: list[int],
         deadlines: dict[int, float]) -> bool:
    """Step the copy through ``actions`` (the versions ``first + 1`` on, as the owner stored
    them), broadcasting each. False when they do not continue the copy (a version missed) or
    the game ended: the caller reads the table from the database. The caller holds the lock."""
    if first > table.version or table.over:
        return False
    fresh = actions[table.version - first:]
    if not fresh:
        return True  # an old message: the copy is there already
    for s, n in zip(table.seats, timeouts, strict=False):
        s.timeouts = n
    table.deadlines = dict(deadlines)
    for seat, text in fresh:
        before = table.state.to_move()
        table.state.apply(seat, table.game.parse_action(text))
        table.version += 1
        table.data.actions.append((seat, text))
        table.since.advance(seat, before, table.state.to_move(), table.version)
        table.broadcast()
    return not table.over  # the end: status and results come from the database


def catch_up(table: LiveTable, data: TableData, deadlines: dict[int, float] | None = None) -> bool:
    """Bring ``table`` to the stored ``data``: seats, status, then each new action with its
    broadcast. The caller holds the table's lock. True when anything changed."""
    seen = (table.seats_public(), table.status, dict(table.deadlines))
    revoked = [old.token_hash for old, new in zip(table.seats, data.seats, strict=True)
               if old.token_hash is not None and old.token_hash != new.token_hash]
    for old, new in zip(table.seats, data.seats, strict=True):
        for name in _SEAT_FIELDS:
            setattr(old, name, getattr(new, name))
    table.data.status, table.data.host = data.status, data.host
    for token_hash in revoked:  # the seat was left through another process
        table.revoke(token_hash)
    known = table.data.actions
    if deadlines is not None:
        table.deadlines = dict(deadlines)
    if data.actions[:len(known)] != known:
        # the copy went its own way (it cannot, but the record decides): rebuilt whole
        table.game, table.state, table.since = rebuild(data)
        table.data.actions = list(data.actions)
        table.version = len(data.actions)
        table.broadcast()
        return True
    fresh = data.actions[len(known):]
    for seat, text in fresh:
        before = table.state.to_move()
        table.state.apply(seat, table.game.parse_action(text))
        table.version += 1
        known.append((seat, text))
        table.since.advance(seat, before, table.state.to_move(), table.version)
        table.broadcast()
    if fresh:
        return True
    if (table.seats_public(), table.status, table.deadlines) != seen:
        table.broadcast()
        return True
    return False
