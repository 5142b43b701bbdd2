"""Tournaments in the database: the tournament, its entrants and each round's tables
(:mod:`.orm`'s ``Tournament*`` classes), and :func:`sealed`, which says whether a table's
record must stay secret because other tables of its round still play the same deals.

Every function here is synchronous: the live side calls it through :meth:`Store.run`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .orm import TableRow, TournamentEntrant, TournamentRow, TournamentTable
from .store import Store, aware, now


@dataclass(slots=True)
class Entrant:
    entrant: int
    name: str
    token_hash: str
    account_id: int | None = None


@dataclass(slots=True)
class Slot:
    """One table of one round (see :class:`~.orm.TournamentTable`)."""

    round: int
    table_no: int
    table_id: str
    entrants: list[int | None]
    scores: list[int] | None = None
    deals: list[dict[str, Any]] | None = None


@dataclass(slots=True)
class TournamentData:
    id: str
    game: str
    rules: dict[str, Any]
    format: str
    players: int
    seats: int
    rounds: int
    turn_seconds: float | None
    bot_level: str
    start_at: datetime | None
    status: str
    invite_hash: str
    created_at: datetime
    #: the rounds opened so far (see :func:`claim_round`), the latest when, and the seconds
    #: a round may last
    opened: int = 0
    round_at: datetime | None = None
    round_seconds: float | None = None
    entrants: list[Entrant] = field(default_factory=list)
    tables: list[Slot] = field(default_factory=list)


def create(store: Store, t: TournamentData) -> None:
    with store.sessions.begin() as s:
        s.add(
            TournamentRow(
                id=t.id,
                game=t.game,
                rules=t.rules,
                format=t.format,
                players=t.players,
                seats=t.seats,
                rounds=t.rounds,
                turn_seconds=t.turn_seconds,
                bot_level=t.bot_level,
                start_at=t.start_at,
                status=t.status,
                invite_hash=t.invite_hash,
                created_at=t.created_at,
                round_seconds=t.round_seconds,
            )
        )


#: a tournament still entering or playing
UNFINISHED = TournamentRow.status.in_(("entering", "playing"))


def _slot(t: TournamentTable) -> Slot:
    return Slot(t.round, t.table_no, t.table_id, list(t.entrants), t.scores, t.deals)


def row_data(row: TournamentRow) -> TournamentData:
    """The tournament of a row, without its entrants and tables."""
    return TournamentData(
        row.id,
        row.game,
        dict(row.rules),
        row.format,
        row.players,
        row.seats,
        row.rounds,
        row.turn_seconds,
        row.bot_level,
        aware(row.start_at) if row.start_at is not None else None,
        row.status,
        row.invite_hash,
        aware(row.created_at),
        row.opened,
        aware(row.round_at) if row.round_at is not None else None,
        row.round_seconds,
    )


def _data(s: Any, row: TournamentRow) -> TournamentData:
    t = row_data(row)
    t.entrants = [
        Entrant(e.entrant, e.name, e.token_hash, e.account_id)
        for e in s.scalars(
            select(TournamentEntrant)
            .where(TournamentEntrant.tournament_id == row.id)
            .order_by(TournamentEntrant.entrant)
        )
    ]
    t.tables = [
        _slot(x)
        for x in s.scalars(
            select(TournamentTable)
            .where(TournamentTable.tournament_id == row.id)
            .order_by(TournamentTable.round, TournamentTable.table_no)
        )
    ]
    return t


def load(store: Store, tournament_id: str) -> TournamentData | None:
    with store.sessions() as s:
        row = s.get(TournamentRow, tournament_id)
        return _data(s, row) if row is not None else None


def unfinished(store: Store) -> list[TournamentData]:
    """Every tournament still entering or playing (resumed on start)."""
    with store.sessions() as s:
        rows = s.scalars(select(TournamentRow).where(UNFINISHED)).all()
        return [_data(s, r) for r in rows]


def unfinished_ids(store: Store) -> list[str]:
    """The ids of every tournament still entering or playing."""
    with store.sessions() as s:
        return list(s.scalars(select(TournamentRow.id).where(UNFINISHED)))


def add_entrant(
    store: Store, tournament_id: str, name: str, token_hash: str, account_id: int | None
) -> int | None:
    """The new entrant's number, or None when the tournament is full or no longer entering
    (of two joining at once for the last place, one gets it)."""
    try:
        with store.sessions.begin() as s:
            # the row held until this entry is in: a start (a compare-and-set of the status)
            # waits for it, so that no entrant is added once a round is seated
            row = s.get(TournamentRow, tournament_id, with_for_update=True)
            if row is None or row.status != "entering":
                return None
            count = (
                s.scalar(
                    select(func.count())
                    .select_from(TournamentEntrant)
                    .where(TournamentEntrant.tournament_id == tournament_id)
                )
                or 0
            )
            if count >= row.players:
                return None
            s.add(
                TournamentEntrant(
                    tournament_id=tournament_id,
                    entrant=count,
                    name=name,
                    token_hash=token_hash,
                    account_id=account_id,
                    joined_at=now(),
                )
            )
            return count
    except IntegrityError:  # the same number taken by another join just now
        return None


def set_status(store: Store, tournament_id: str, status: str, was: str) -> bool:
    """The status becomes ``status`` if it still is ``was``."""
    with store.sessions.begin() as s:
        done = s.execute(
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id, TournamentRow.status == was)
            .values(status=status)
        )
        return bool(done.rowcount)  # type: ignore[attr-defined]


def claim_round(store: Store, tournament_id: str, round_no: int) -> bool:
    """This process opens round ``round_no`` (0-based): true for exactly one of several
    processes asking at once (the tournament's ``opened`` moves from it to the next). The
    round's seating follows from what is stored (the entrants, the earlier rounds' results),
    so that another process completes a round whose opener died before making all its tables
    (see :func:`linker`)."""
    with store.sessions.begin() as s:
        done = s.execute(
            update(TournamentRow)
            .where(
                TournamentRow.id == tournament_id,
                TournamentRow.opened == round_no,
                TournamentRow.status == "playing",
            )
            .values(opened=round_no + 1, round_at=now())
        )
        return bool(done.rowcount)  # type: ignore[attr-defined]


def linker(tournament_id: str, slot: Slot) -> Callable[[Session], None]:
    """The row that makes a new table ``slot``'s (given to :meth:`Hub.create
    <kingscourt.server.live.hub.Hub.create>`, so that the table and its place are written in one
    transaction). Its key (tournament, round, table number) is unique: of two processes making
    the same table of a round, the second's table is not written at all."""

    def link(s: Session) -> None:
        s.add(
            TournamentTable(
                tournament_id=tournament_id,
                round=slot.round,
                table_no=slot.table_no,
                table_id=slot.table_id,
                entrants=slot.entrants,
            )
        )

    return link


def slots(store: Store, tournament_id: str, round_no: int) -> list[Slot]:
    """Round ``round_no``'s tables as stored, by table number."""
    with store.sessions() as s:
        return [
            _slot(t)
            for t in s.scalars(
                select(TournamentTable)
                .where(TournamentTable.tournament_id == tournament_id, TournamentTable.round == round_no)
                .order_by(TournamentTable.table_no)
            )
        ]


def seed_of(store: Store, table_id: str) -> int | None:
    """A table's seed (a duplicate round's later tables take its first table's)."""
    with store.sessions() as s:
        return s.scalar(select(TableRow.seed).where(TableRow.id == table_id))


def finish_table(store: Store, table_id: str, scores: list[int], deals: list[dict[str, Any]]) -> None:
    """A table's results, kept once: the first write stays (a later round's Swiss pairing reads
    them, and every process must pair it alike)."""
    with store.sessions.begin() as s:
        s.execute(
            update(TournamentTable)
            .where(TournamentTable.table_id == table_id, TournamentTable.scores.is_(None))
            .values(scores=scores, deals=deals)
        )


def table_status(store: Store, table_ids: list[str]) -> dict[str, str]:
    with store.sessions() as s:
        return dict(
            s.execute(select(TableRow.id, TableRow.status).where(TableRow.id.in_(table_ids))).tuples().all()
        )


def sealed(store: Store, table_id: str) -> bool:
    """A tournament table whose round still has a table not over: its record (the seed, so
    every deal) and its replay stay secret, and nobody watches it, until the whole round is
    over, so that no table learns another's deals before playing them."""
    with store.sessions() as s:
        slot = s.scalars(select(TournamentTable).where(TournamentTable.table_id == table_id)).first()
        if slot is None:
            return False
        waiting = s.scalar(
            select(func.count())
            .select_from(TournamentTable)
            .where(
                TournamentTable.tournament_id == slot.tournament_id,
                TournamentTable.round == slot.round,
                TournamentTable.scores.is_(None),
            )
        )
        return bool(waiting)


def sealed_among(store: Store, table_ids: list[str]) -> set[str]:
    """Those of ``table_ids`` that are :func:`sealed`."""
    if not table_ids:
        return set()
    with store.sessions() as s:
        slots = s.execute(
            select(TournamentTable.table_id, TournamentTable.tournament_id, TournamentTable.round).where(
                TournamentTable.table_id.in_(table_ids)
            )
        ).all()
        if not slots:
            return set()
        rounds = {(t, r) for _id, t, r in slots}
        open_rounds = {
            (t, r)
            for t, r in s.execute(
                select(TournamentTable.tournament_id, TournamentTable.round).where(
                    TournamentTable.tournament_id.in_({t for t, _r in rounds}),
                    TournamentTable.scores.is_(None),
                )
            ).all()
        }
        return {table_id for table_id, t, r in slots if (t, r) in open_rounds}
