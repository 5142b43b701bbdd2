"""A finished table's public information (``GET /api/tables/{id}``) from what is stored with
its end (the final scores and winners, the seats, the number of actions), never by replaying
the game: a finished table that nobody watches is not in memory, and rebuilding it cost a
whole replay per request (milliseconds of CPU, for anyone who asks). The answers are kept
in a bounded LRU; a table in memory (being played, or watched) is answered from memory
instead (:meth:`.hub.Hub.info`), and an abandoned one as before (it never finished).
"""

from __future__ import annotations

import functools
from collections import OrderedDict

from sqlalchemy import func, select

from ...engine import load_game
from ..base.lobby_models import TableInfo
from ..base.wire import SeatPublic
from ..store.orm import ActionRow, FinishedGame, RematchRow, SeatRow, TableRow
from ..store.store import Store, aware

#: finished tables whose information is kept (the least recently asked for beyond that go)
TABLES = 1024


@functools.cache
def title_of(game: str) -> str:
    return load_game(game).title


def stored_info(store: Store, table_id: str) -> TableInfo | None:
    """The information of a finished table as stored; None for any other table."""
    with store.sessions() as s:
        row = s.get(TableRow, table_id)
        fin = s.get(FinishedGame, table_id) if row is not None else None
        if row is None or fin is None or row.status != "finished":
            return None
        seats = s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                          .order_by(SeatRow.seat)).all()
        version = s.scalar(select(func.count()).select_from(ActionRow)
                           .where(ActionRow.table_id == table_id)) or 0
        return TableInfo(
            id=row.id, game=row.game, title=title_of(row.game), rules=dict(row.rules),
            players=row.players, status="over", host=row.host, version=version, to_move=[],
            # nobody is connected to a table that is not in memory; bots always are
            seats=[SeatPublic(seat=x.seat, kind="bot" if x.kind == "bot" else "human",
                              level=x.level, name=x.name, taken=x.taken or x.kind == "bot",
                              connected=x.kind == "bot", timeouts=x.timeouts,
                              guest=x.kind == "human" and x.taken and x.account_id is None)
                   for x in seats],
            free_seats=[x.seat for x in seats if x.kind == "human" and not x.taken],
            open_seats=[x.seat for x in seats if x.kind == "human" and x.open and not x.taken],
            turn_seconds=row.turn_seconds, created_at=aware(row.created_at),
            scores=list(fin.scores), winners=list(fin.winners), seeded=row.seeded)


def rematch_of(store: Store, table_id: str) -> str | None:
    """The table of the finished table's rematch once it has started (it changes: never
    kept)."""
    with store.sessions() as s:
        row = s.get(RematchRow, table_id)
        if row is None or s.get(TableRow, row.new_table) is None:
            return None
        return row.new_table


class FinishedTables:
    """The finished tables' information, read once from the database and kept (LRU)."""

    def __init__(self, store: Store, tables: int = TABLES) -> None:
        self.store = store
        self.tables = tables
        self._kept: OrderedDict[str, TableInfo] = OrderedDict()

    async def info(self, table_id: str) -> TableInfo | None:
        """A copy of the finished table's information (the caller may fill in its
        ``rematch``); None when the table is not finished."""
        found = self._kept.get(table_id)
        if found is None:
            found = await self.store.run(stored_info, self.store, table_id)
            if found is None:
                return None
            self._kept[table_id] = found
            while len(self._kept) > self.tables:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(table_id)
        return found.model_copy(deep=True)

    def forget(self) -> None:
        """Names changed (an account was deleted): read every table again."""
        self._kept.clear()
