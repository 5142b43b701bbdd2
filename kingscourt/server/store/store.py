"""The database: engine, migrations on start, and every read and write the server makes.

Every method here is synchronous and runs in the store's own worker thread(s) through
:meth:`Store.run`, so the event loop never waits on the database. SQLite gets one worker
(writes are serialised by SQLite anyway) in WAL mode; PostgreSQL gets a few.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Engine, Integer, cast, create_engine, event, false, func, select, true, update
from sqlalchemy.orm import Session, sessionmaker

from . import ratings, schema, statistics
from .orm import ActionRow, FinishedGame, PlayerResult, SeatRow, TableRow
from .sealing import sealed_tables

T = TypeVar("T")

MIGRATIONS = Path(__file__).parent / "migrations"


def now() -> datetime:
    return datetime.now(UTC)


def aware(t: datetime) -> datetime:
    """SQLite hands back naive times: they were stored in UTC."""
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


def secret_hash(secret: str) -> str:
    """What is stored of a token or an invitation (never the secret itself)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class SeatData:
    """A seat as the server holds it in memory (mirrors :class:`SeatRow`): ``token_hash`` is
    the present occupant's token, ``invite_hash`` the seat's invitation (hashes only)."""

    seat: int
    kind: str
    level: str | None
    token_hash: str | None
    name: str | None
    taken: bool
    timeouts: int = 0
    open: bool = False
    invite_hash: str | None = None
    #: the present occupant's account (None: a guest, a bot or nobody)
    account_id: int | None = None


@dataclass(slots=True)
class TableData:
    """Everything stored about one table: header, seats and the action rows in order."""

    id: str
    game: str
    rules: dict[str, Any]
    players: int
    seed: int
    setup: dict[str, Any]
    turn_seconds: float | None
    status: str
    created_at: datetime
    seats: list[SeatData]
    actions: list[tuple[int, str]] = field(default_factory=list)
    #: the host's seat (the first human seat named at creation): it may start or cancel the
    #: table while it waits
    host: int | None = None
    #: the creator fixed the seed (or the setup): a practice table (see :mod:`.hub`)
    seeded: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    """One named seat's result, written with the last action of a game."""

    seat: int
    name: str
    kind: str
    score: int
    won: bool
    #: the game's own counters for the seat (its manifest's ``statistics.counters``)
    stats: dict[str, float] = field(default_factory=dict)
    #: the account that held the seat (None: a guest or a bot)
    account_id: int | None = None
    #: a bot's level (its fixed reference rating)
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Finish:
    """What is stored when a game ends (in the same transaction as its last action)."""

    record: dict[str, Any]
    scores: list[int]
    winners: list[int]
    results: list[Result]
    #: the seats that play as one side (Ucho Króla's Kokieteria); empty: every seat alone
    teams: list[list[int]] = field(default_factory=list)
    #: a game that keeps choices (King's contracts): (deal, chooser, choice, the chooser's
    #: points in that deal) for every deal
    choices: list[tuple[int, int, str, int]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class History:
    """What a replay is rebuilt from: the table's stored status and seats and, once the game
    is finished, its record and who decided each action (``human``, ``bot``, ``timer``)."""

    status: str
    game: str
    seats: list[SeatData]
    record: dict[str, Any] | None
    actors: list[str]
    finished_at: datetime | None
    #: the creator fixed the seed: a practice table
    seeded: bool = False


@dataclass(frozen=True, slots=True)
class RecentGame:
    """One finished game of the recent-games list, with every seat's result."""

    table_id: str
    game: str
    finished_at: datetime
    scores: list[int]
    winners: list[int]
    seats: list[tuple[int, str | None, str, str | None]]  # seat, name, kind, level


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            # WAL + NORMAL: a committed row survives a killed process (kill -9); only a
            # power cut may lose the last commits.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


class Fenced(RuntimeError):
    """An action from a process that no longer owns the table (its fencing token is old)."""


class Store:
    """The server's database. Create, :meth:`migrate`, then use through :meth:`run`."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        workers = 1 if self.engine.dialect.name == "sqlite" else 4
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kingscourt-db")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a database worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args))

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        self.engine.dispose()

    # --- schema ----------------------------------------------------------------------------

    def migrate(self) -> None:
        """Apply the Alembic migrations shipped in the package (up to head), then make sure
        the database holds every table and column of the models. :class:`.startup.StartupError`
        (one line) for a database stamped with a revision this build does not know, or one that
        lacks tables or columns (a development build's chain made it): see :mod:`.schema`."""
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            cfg.attributes["connection"] = connection
            try:
                command.upgrade(cfg, "head")
            except CommandError:  # a stamp this build does not know: said in one line
                schema.check_revision(connection, ScriptDirectory.from_config(cfg))
                raise
        # checked once the upgrade is committed: a refusal then leaves the database at head
        # (SQLite commits DDL as it goes, so a rollback could leave a column without its
        # stamp), and every later start refuses it with the same line
        with self.engine.connect() as connection:
            schema.check_models(connection)

    # --- writes ----------------------------------------------------------------------------

    def create_table(self, t: TableData, link: Callable[[Session], None] | None = None) -> None:
        """Store a new table; ``link`` adds rows that refer to it in the same transaction (a
        tournament's place for it: the table and that place exist together or not at all)."""
        with self.sessions.begin() as s:
            s.add(TableRow(id=t.id, game=t.game, rules=t.rules, players=t.players, seed=t.seed,
                           setup=t.setup, turn_seconds=t.turn_seconds, status=t.status,
                           created_at=t.created_at, host=t.host, seeded=t.seeded))
            s.flush()
            s.add_all(SeatRow(table_id=t.id, seat=x.seat, kind=x.kind, level=x.level,
                              token_hash=x.token_hash, invite_hash=x.invite_hash, name=x.name,
                              taken=x.taken, timeouts=0, open=x.open, account_id=x.account_id)
                      for x in t.seats)
            if link is not None:
                link(s)

    def append(self, table_id: str, version: int, seat: int, action: str, actor: str,
               finish: Finish | None = None, fence: int | None = None) -> None:
        """Store one action (and, for the last one, the finished game) in one transaction.
        ``fence`` (several processes): only while the table's fencing token is still this one
        (:class:`Fenced` otherwise: another process took the table)."""
        with self.sessions.begin() as s:
            if fence is not None:
                held = s.connection().execute(update(TableRow).where(TableRow.id == table_id,
                                                                     TableRow.fence == fence)
                                              .values(fence=fence))
                if held.rowcount != 1:
                    raise Fenced(f"table {table_id}: fencing token {fence} is no longer the owner's")
            stamp = now()
            s.add(ActionRow(table_id=table_id, version=version, seat=seat, action=action,
                            actor=actor, created_at=stamp))
            if actor == "timer":
                s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                          .values(timeouts=SeatRow.timeouts + 1))
            if finish is not None:
                s.flush()
                s.add(FinishedGame(table_id=table_id, game=finish.record["game"],
                                   record=finish.record, scores=finish.scores,
                                   winners=finish.winners, finished_at=stamp))
                s.add_all(PlayerResult(table_id=table_id, seat=r.seat, name=r.name, kind=r.kind,
                                       game=finish.record["game"], score=r.score, won=r.won,
                                       stats=r.stats, account_id=r.account_id)
                          for r in finish.results)
                ratings.store_finish(s, table_id, finish, stamp)
                s.execute(update(TableRow).where(TableRow.id == table_id)
                          .values(status="finished", finished_at=stamp))

    def occupy_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                    account_id: int | None = None) -> bool:
        """Seat ``name`` (of ``account_id``, or a guest) with a new token at a free seat; False
        when it was taken meanwhile."""
        with self.sessions.begin() as s:
            done = s.connection().execute(update(SeatRow)
                                          .where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                                 SeatRow.kind == "human", SeatRow.taken == false())
                                          .values(name=name, taken=True, token_hash=token_hash,
                                                  account_id=account_id))
            return bool(done.rowcount == 1)

    def free_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Free the seat and revoke its token; False when that token no longer holds it."""
        with self.sessions.begin() as s:
            done = s.connection().execute(update(SeatRow)
                                          .where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                                 SeatRow.taken == true(), SeatRow.token_hash == token_hash)
                                          .values(name=None, taken=False, token_hash=None,
                                                  account_id=None))
            return bool(done.rowcount == 1)

    def start(self, table_id: str, fill: list[tuple[int, str, str]]) -> bool:
        """A waiting table starts: the free human seats in ``fill`` (seat, level, name) become
        bots; False when it was no longer waiting."""
        with self.sessions.begin() as s:
            done = s.connection().execute(update(TableRow)
                                          .where(TableRow.id == table_id, TableRow.status == "waiting")
                                          .values(status="open"))
            if done.rowcount != 1:
                return False
            for seat, level, name in fill:
                s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                          .values(kind="bot", level=level, name=name, taken=True, token_hash=None,
                                  invite_hash=None, open=False))
            return True

    def cancel(self, table_id: str) -> bool:
        """The host closes a waiting table (it is then ``abandoned``); False if not waiting."""
        with self.sessions.begin() as s:
            done = s.connection().execute(update(TableRow)
                                          .where(TableRow.id == table_id, TableRow.status == "waiting")
                                          .values(status="abandoned", finished_at=now()))
            return bool(done.rowcount == 1)

    # --- reads -----------------------------------------------------------------------------

    def _load(self, s: Session, row: TableRow) -> TableData:
        seats = s.scalars(select(SeatRow).where(SeatRow.table_id == row.id)
                          .order_by(SeatRow.seat)).all()
        actions = s.execute(select(ActionRow.version, ActionRow.seat, ActionRow.action)
                            .where(ActionRow.table_id == row.id)
                            .order_by(ActionRow.version)).all()
        for i, a in enumerate(actions):
            if a.version != i + 1:
                raise RuntimeError(f"table {row.id}: action record has a gap at version {i + 1}")
        return TableData(
            id=row.id, game=row.game, rules=dict(row.rules), players=row.players, seed=row.seed,
            setup=dict(row.setup), turn_seconds=row.turn_seconds, status=row.status,
            created_at=aware(row.created_at), host=row.host, seeded=row.seeded,
            seats=[SeatData(x.seat, x.kind, x.level, x.token_hash, x.name, x.taken, x.timeouts,
                            x.open, x.invite_hash, x.account_id) for x in seats],
            actions=[(a.seat, a.action) for a in actions])

    def load_open(self) -> list[TableData]:
        """Every waiting or open table with its seats and actions (for recovery on start)."""
        with self.sessions() as s:
            rows = s.scalars(select(TableRow).where(TableRow.status.in_(("waiting", "open")))
                             .order_by(TableRow.created_at)).all()
            return [self._load(s, r) for r in rows]

    def load(self, table_id: str) -> TableData | None:
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._load(s, row)

    def record(self, table_id: str) -> tuple[str, dict[str, Any] | None] | None:
        """``(status, record)`` of a table (the record only once it is finished, with
        ``seeded``: whether its creator fixed the seed)."""
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            fin = s.get(FinishedGame, table_id)
            return row.status, (None if fin is None else {**fin.record, "seeded": row.seeded})

    def finished(self, limit: int) -> list[tuple[FinishedGame, list[str | None]]]:
        with self.sessions() as s:
            games = s.scalars(select(FinishedGame)
                              .where(FinishedGame.table_id.not_in(sealed_tables()))
                              .order_by(FinishedGame.finished_at.desc())
                              .limit(limit)).all()
            out = []
            for g in games:
                names = s.scalars(select(SeatRow.name).where(SeatRow.table_id == g.table_id)
                                  .order_by(SeatRow.seat)).all()
                out.append((g, list(names)))
            return out

    def player(self, name: str, kind: str = "human") -> list[dict[str, Any]]:
        """Per game: games, wins, average score and the sums of the game's own counters
        (``stats``: King's Kings made and King points) of ``name`` as a human or as a bot
        (``kind``): a person's results never merge into a bot's."""
        with self.sessions() as s:
            rows = s.execute(
                select(PlayerResult.game, func.count(), func.sum(cast(PlayerResult.won, Integer)),
                       func.avg(PlayerResult.score))
                .where(PlayerResult.name == name, PlayerResult.kind == kind,
                       PlayerResult.table_id.not_in(sealed_tables()))
                .group_by(PlayerResult.game)
                .order_by(PlayerResult.game)).all()
            out = []
            for g, n, w, avg in rows:
                names = statistics.counters(g)
                totals = s.execute(select(*statistics.sums(names)).where(
                    PlayerResult.name == name, PlayerResult.kind == kind, PlayerResult.game == g,
                    PlayerResult.table_id.not_in(sealed_tables()))).one() if names else ()
                out.append({"game": g, "games": n, "wins": int(w or 0),
                            "average_score": float(avg or 0),
                            "stats": {c: float(t or 0) for c, t in zip(names, totals, strict=True)}})
            return out

    def leaderboard(self, limit: int) -> list[dict[str, Any]]:
        """Players by the points of the game whose manifest names a points counter (King
        points) over their finished games of it (ties: more wins first), with the sums of its
        other counters (``stats``). A bot is one entry per level (its name is its level's,
        ``Bot (strong)``); its level is read from the seat it played (``seats.level``), a
        person's is None."""
        found = statistics.points_game()
        if found is None:
            return []
        game, points_name = found
        names = statistics.counters(game)
        with self.sessions() as s:
            points = func.sum(statistics.counter(points_name))
            wins = func.sum(cast(PlayerResult.won, Integer))
            level = func.max(SeatRow.level)
            rows = s.execute(
                select(PlayerResult.name, PlayerResult.kind, points, func.count(), wins,
                       func.avg(PlayerResult.score), level, *statistics.sums(names))
                .outerjoin(SeatRow, (SeatRow.table_id == PlayerResult.table_id)
                           & (SeatRow.seat == PlayerResult.seat) & (PlayerResult.kind == "bot"))
                .where(PlayerResult.game == game, PlayerResult.kind.in_(("human", "bot")),
                       PlayerResult.table_id.not_in(sealed_tables()))
                .group_by(PlayerResult.name, PlayerResult.kind)
                .order_by(points.desc(), wins.desc(), PlayerResult.name, PlayerResult.kind)
                .limit(limit)).all()
            return [{"rank": i + 1, "name": n, "kind": kind, "game": game,
                     "points": float(p or 0), "games": g, "wins": int(w or 0),
                     "average_score": float(avg or 0), "level": lv if kind == "bot" else None,
                     "stats": {c: float(t or 0) for c, t in zip(names, totals, strict=True)}}
                    for i, (n, kind, p, g, w, avg, lv, *totals) in enumerate(rows)]

    def history(self, table_id: str) -> History | None:
        """The table's status and seats, and its record and actors once it is finished."""
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = [SeatData(x.seat, x.kind, x.level, None, x.name, x.taken, x.timeouts, x.open)
                     for x in s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                        .order_by(SeatRow.seat)).all()]
            fin = s.get(FinishedGame, table_id)
            if fin is None:
                return History(row.status, row.game, seats, None, [], None)
            actors = list(s.scalars(select(ActionRow.actor).where(ActionRow.table_id == table_id)
                                    .order_by(ActionRow.version)).all())
            return History(row.status, row.game, seats, dict(fin.record), actors,
                           aware(fin.finished_at), row.seeded)

    def recent(self, limit: int, after: tuple[datetime, str] | None = None,
               player: tuple[str, str] | None = None) -> list[RecentGame]:
        """Finished games, the latest first, from just after the position ``after`` (finished
        at, table id); ``player``: (name, kind) only the games that name played."""
        with self.sessions() as s:
            q = select(FinishedGame).where(FinishedGame.table_id.not_in(sealed_tables()))
            if player is not None:
                q = q.join(PlayerResult, PlayerResult.table_id == FinishedGame.table_id).where(
                    PlayerResult.name == player[0], PlayerResult.kind == player[1])
            if after is not None:
                at, last = after
                q = q.where((FinishedGame.finished_at < at)
                            | ((FinishedGame.finished_at == at) & (FinishedGame.table_id < last)))
            games = s.scalars(q.order_by(FinishedGame.finished_at.desc(),
                                         FinishedGame.table_id.desc()).limit(limit)).all()
            seats: dict[str, list[tuple[int, str | None, str, str | None]]] = {
                g.table_id: [] for g in games}
            if games:
                for x in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(seats)))
                                   .order_by(SeatRow.table_id, SeatRow.seat)).all():
                    seats[x.table_id].append((x.seat, x.name, x.kind, x.level))
            return [RecentGame(g.table_id, g.game, aware(g.finished_at), list(g.scores),
                               list(g.winners), seats[g.table_id]) for g in games]
