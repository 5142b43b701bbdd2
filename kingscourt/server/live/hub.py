"""The live tables of one server: creation, recovery on start, loading finished tables,
joining and leaving seats. Open tables are always in memory; a finished table stays only
while somebody watches it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable

from sqlalchemy.orm import Session

from ... import bots
from ...engine import GAMES, Game, load_game, reason, rules_dict
from ...i18n import Msg, _
from ..base.config import ServerConfig
from ..base.lobby_models import (
    CreateTable,
    JoinResult,
    LeaveResult,
    SeatCreated,
    StartResult,
    TableCreated,
    TableInfo,
    TakeResult,
)
from ..store.people import Who, registered
from ..store.store import SeatData, Store, TableData, now, secret_hash
from .autoplay import Autoplayer
from .chat import Chat
from .connections import CLOSE_ABANDONED
from .coordinator import Alone, Coordinator
from .finished import FinishedTables
from .table import LiveTable

log = logging.getLogger("kingscourt.server")


class LobbyError(ValueError):
    """A request the lobby refuses; ``status`` is the HTTP status, the message says why."""

    def __init__(self, message: str | Msg, status: int = 422) -> None:
        super().__init__(str(message))
        self.status = status
        #: the message as a template: a REST answer says it in the client's language
        self.text = message


def check_request(req: CreateTable) -> Game:
    """The game of a valid request; LobbyError naming the first thing that is wrong."""
    if req.game not in GAMES:
        raise LobbyError(_("unknown game {game} (known: {x})", game=repr(req.game), x=', '.join(GAMES)))
    try:
        default = load_game(req.game)
    except ValueError as e:
        raise LobbyError(reason(e)) from e
    known = rules_dict(default.rules)
    for name in req.rules:
        # only the declared table rules: nothing else reaches load_game (a card file path...)
        if name not in known:
            raise LobbyError(_("unknown rule {name} for {game} (known: {x})",
                               name=repr(name), game=req.game, x=', '.join(known)))
    try:
        game = load_game(req.game, **req.rules)
    except ValueError as e:
        raise LobbyError(_("bad rule: {e}", e=reason(e))) from e
    n = len(req.seats)
    if not game.min_players <= n <= game.max_players:
        allowed = (str(game.min_players) if game.min_players == game.max_players
                   else f"{game.min_players} to {game.max_players}")
        raise LobbyError(_("bad seat count: {title} is played by {allowed} players, got {n} seats",
                           title=game.title, allowed=allowed, n=n))
    for i, s in enumerate(req.seats):
        if s.kind == "bot":
            if s.level is None:
                raise LobbyError(_("seat {i}: a bot needs a level ({x})", i=i, x=', '.join(bots.LEVELS)))
            try:
                bots.load(s.level, game, seed=0)
            except ValueError as e:
                raise LobbyError(_("seat {i}: unknown level: {e}", i=i, e=reason(e))) from e
        elif s.level is not None:
            raise LobbyError(_("seat {i}: a level is for bots; a human seat has none", i=i))
        if s.name is not None and not s.name.strip():
            raise LobbyError(_("seat {i}: a name must not be blank", i=i))
    return game


class LoopLag:
    """How late this process's event loop runs: a task wakes every :attr:`TICK` seconds and
    notes how much later than asked it woke up. A loop that many sockets, tables or a long
    synchronous step keep busy answers its sockets that late too; the health check
    (``GET /api/health``) reads the worst of the last :attr:`WINDOW` seconds."""

    TICK = 0.1
    WINDOW = 3.0

    def __init__(self) -> None:
        self._late: deque[tuple[float, float]] = deque()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            asked = time.monotonic() + self.TICK
            await asyncio.sleep(self.TICK)
            woke = time.monotonic()
            self._late.append((woke, max(0.0, woke - asked)))
            while self._late and self._late[0][0] < woke - self.WINDOW:
                self._late.popleft()

    def worst(self) -> float:
        """Seconds: the latest wake-up of the last :attr:`WINDOW` seconds, counting the one
        under way (a loop stuck now is as late as it has been stuck)."""
        now = time.monotonic()
        last = self._late[-1][0] if self._late else now
        waiting = max(0.0, now - last - self.TICK)
        return max([waiting, *(late for at, late in self._late if at >= now - self.WINDOW)])


class Hub:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.store = Store(config.db_url)
        self.autoplayer = Autoplayer(config.bot_delay, config.bot_workers)
        self.tables: dict[str, LiveTable] = {}
        self.chat = Chat(self.store, config)
        #: finished tables' information, from what is stored (no replay per request)
        self.finished = FinishedTables(self.store)
        #: the other processes serving the same tables (``--redis``): the app hands in the
        #: cluster's coordinator before :meth:`start`; alone, nobody to tell
        self.coordinator: Coordinator = Alone()
        #: the event loop's lateness, for the health check
        self.lag = LoopLag()

    # --- life cycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Migrate the database, then rebuild every open table by replay; bots resume."""
        await self.store.run(self.store.migrate)
        for data in await self.store.run(self.store.load_open):
            try:
                table = self._live(data)
            except ValueError:
                log.exception("table %s cannot be rebuilt; left as it is", data.id)
                continue
            log.info("table %s (%s) recovered at version %d", data.id, data.game, table.version)
            self.autoplayer.schedule(table)
        await self.coordinator.start()  # each process takes the tables nobody holds
        self.lag.start()

    async def stop(self) -> None:
        await self.lag.stop()
        await self.coordinator.stop()
        await self.autoplayer.close()
        for table in self.tables.values():
            for conn in list(table.conns):
                await conn.drain_and_close(1001)
        self.store.close()

    def _live(self, data: TableData) -> LiveTable:
        table = LiveTable(data, self.store, self._changed, self.config.sockets_per_token,
                          self.config.max_spectators)
        self.tables[data.id] = table
        self.coordinator.attach(table)
        return table

    def _changed(self, table: LiveTable) -> None:
        self.autoplayer.schedule(table)
        self._tell(table)
        if table.over:
            self.release(table)

    def _tell(self, table: LiveTable) -> None:
        """Several processes: the others learn that the table changed (stored first)."""
        self.coordinator.changed(table)

    def release(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches any more."""
        if table.over and not table.conns and self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.autoplayer.forget(table)
            self.coordinator.forget(table)

    # --- tables -----------------------------------------------------------------------------

    async def create(self, req: CreateTable, account: Who | None = None,
                     table_id: str | None = None,
                     token_hashes: dict[int, str] | None = None,
                     accounts: dict[int, int] | None = None,
                     drawn_seed: int | None = None,
                     link: Callable[[Session], None] | None = None,
                     entered: bool = False) -> TableCreated:
        """A new table; with ``account`` (the creator is logged in) the first named human seat
        is the account's, under its name. Every other named human seat is a guest's. A rematch
        (:mod:`.rematch`) gives its ``table_id`` and, for the named human seats, the hashes of
        the tokens their people already hold (no token is issued for those seats) and, in
        ``accounts``, the seats their accounts held (they stay those accounts' seats). A
        tournament gives ``drawn_seed``, a seed the server drew for several tables at once (no
        client chose it: not a practice table), and ``link``, its row for the table, written in
        the table's own transaction (:meth:`Store.create_table`), and ``entered``: the names of
        the seats whose tokens it gives were checked when their people entered it, and stay
        theirs there though an account took such a name since."""
        game = check_request(req)
        carried = accounts or {}
        held = token_hashes or {}
        humans = sum(1 for s in req.seats if s.kind == "human")
        if req.setup is not None and not self.config.insecure_seeds:
            # an explicit setup fixes hands as a seed does: for tests only
            raise LobbyError(_("setup: an explicit setup is for tests only (a server started with "
                               "--insecure-seeds): leave setup out"))
        seeded = req.seed is not None or req.setup is not None
        # a fixed seed fixes every hand: whoever chose it could read the cards of anyone who
        # sat down later, so a seeded table is practice for its creator alone
        practice = seeded and not self.config.insecure_seeds
        if practice and humans > 1:
            raise LobbyError(_("seed: only a table with at most one human seat (practice against "
                               "bots) may fix its seed; this one has {humans}: leave seed out",
                               humans=humans))
        if practice and any(s.kind == "human" and (s.open or not s.name) for s in req.seats):
            raise LobbyError(_("seed: a table with a fixed seed is practice for the one who "
                               "creates it: name your seat, and leave no seat free for anyone "
                               "else (no invitation, no open seat), or leave seed out"))
        if req.turn_seconds is not None and req.turn_seconds < self.config.min_turn_seconds:
            raise LobbyError(_("turn_seconds: a turn timer gives a player at least {x} s",
                               x=self.config.min_turn_seconds))
        setup = dict(req.setup or {})
        seed = req.seed if req.seed is not None else (
            drawn_seed if drawn_seed is not None else secrets.randbits(48))
        try:
            game.new_state(players=len(req.seats), seed=seed, **setup)
        except (TypeError, ValueError) as e:
            raise LobbyError(_("setup: {e}", e=reason(e)) if setup else reason(e)) from e
        seats = []
        named: list[int] = []
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        mine = next((i for i, s in enumerate(req.seats) if s.kind == "human" and s.name), None)
        if account is None:
            mine = None
        await self._guests([s.name.strip() for i, s in enumerate(req.seats)
                            if s.kind == "human" and s.name and i != mine and i not in carried
                            and not (entered and i in held)])
        for i, s in enumerate(req.seats):
            if s.kind == "bot":
                level = s.level or "random"
                seats.append(SeatData(i, "bot", level, None, s.name or f"Bot ({level})", True))
            else:
                name = s.name.strip() if s.name else None
                if i == mine and account is not None:
                    name = account.name
                if s.open and name is not None:
                    raise LobbyError(_("seat {i}: an open seat is free for anyone: give it no name", i=i))
                if name is not None and i not in held:  # seated at once: its person's token
                    tokens[i] = secrets.token_urlsafe(16)
                if name is not None:
                    named.append(i)
                if not s.open and not practice:  # an invitation seat: the link that joins
                    invites[i] = secrets.token_urlsafe(16)  # it when it is free
                digest = held.get(i) if name is not None and i in held else (
                    secret_hash(tokens[i]) if i in tokens else None)
                seats.append(SeatData(i, "human", None, digest,
                                      name, name is not None, open=s.open,
                                      invite_hash=secret_hash(invites[i]) if i in invites else None,
                                      account_id=account.id if i == mine and account else carried.get(i)))
        data = TableData(id=table_id or secrets.token_urlsafe(6), game=game.name,
                         rules=rules_dict(game.rules),
                         players=len(seats), seed=seed, setup=setup, turn_seconds=req.turn_seconds,
                         # the waiting room: a table with a free human seat waits for its players
                         status="waiting" if any(not s.taken for s in seats) else "open",
                         created_at=now(), seats=seats, host=min(named) if named else None,
                         seeded=seeded)
        await self.store.run(self.store.create_table, data, link)
        table = self._live(data)
        await self.coordinator.claim(table)  # its creator's process owns it first
        self.autoplayer.schedule(table)
        return TableCreated(id=data.id, game=data.game, seats=[
            SeatCreated(seat=s.seat, kind="bot" if s.kind == "bot" else "human",
                        token=tokens.get(s.seat), invite=invites.get(s.seat), name=s.name,
                        level=s.level,
                        ws=f"/ws/tables/{data.id}?token={tokens[s.seat]}" if s.seat in tokens else None)
            for s in seats])

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loading a finished one from the database when asked for."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            return None
        data = await self.store.run(self.store.load, table_id)
        if data is None:
            return None
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        return table if table is not None else self._live(data)

    def info(self, table: LiveTable) -> TableInfo:
        over = table.state.is_over()
        return TableInfo(
            id=table.id, game=table.game.name, title=table.game.title, rules=table.data.rules,
            players=table.data.players,
            status=table.status, host=table.data.host,
            version=table.version, to_move=table.state.to_move(), seats=table.seats_public(),
            free_seats=[s.seat for s in table.seats if s.kind == "human" and not s.taken],
            open_seats=[s.seat for s in table.seats if s.kind == "human" and s.open and not s.taken],
            turn_seconds=table.data.turn_seconds, created_at=table.data.created_at,
            scores=table.state.scores() if over else None,
            winners=table.state.winners() if over else None, seeded=table.data.seeded)

    def open_tables(self) -> list[TableInfo]:
        return [self.info(t) for t in sorted(self.tables.values(),
                                             key=lambda t: t.data.created_at) if not t.over]

    # --- seats ------------------------------------------------------------------------------
    #
    # Take, join and leave run under the table's lock (one at a time, and never beside an
    # action being stored), and the database changes only where the seat is still as seen:
    # ``UPDATE ... WHERE taken = false`` (or the leaving token), checking the row count.

    def _seat(self, table: LiveTable, token: str) -> int:
        seat = table.seat_of(token)
        if seat is None:
            raise LobbyError(_("bad token: it holds no seat at this table (a token is revoked when "
                               "its holder leaves)"), 403)
        return seat

    async def _table(self, table_id: str) -> LiveTable:
        table = await self.get(table_id)
        if table is None:
            raise LobbyError(_("no table {table}", table=repr(table_id)), 404)
        await self.coordinator.refresh(table)  # seats may have changed through another process
        return table

    @staticmethod
    def _not_over(table: LiveTable) -> None:
        if table.over:
            raise LobbyError(_("the game is over"), 409)

    @staticmethod
    def _name(name: str) -> str:
        if not name.strip():
            raise LobbyError(_("a name must not be blank"))
        return name.strip()

    async def _guests(self, names: list[str]) -> None:
        """A guest may not play under an account's name (409 naming it)."""
        taken = await self.store.run(registered, self.store, names) if names else []
        if taken:
            raise LobbyError(_("the name {x} belongs to an account: log in as that account, or "
                               "choose another name to play as a guest",
                               x=repr(taken[0])), 409)

    async def _player(self, name: str, account: Who | None) -> str:
        """The name a seat is taken under: the account's, or a guest's that is no account's."""
        if account is not None:
            return account.name
        name = self._name(name)
        await self._guests([name])
        return name

    def forget_account(self, account_id: int, name: str) -> None:
        """A deleted account: its seats at live tables keep playing under ``name``, as guests."""
        self.finished.forget()  # finished tables show the name as stored now
        for table in self.tables.values():
            changed = False
            for s in table.seats:
                if s.account_id == account_id:
                    s.name, s.account_id, changed = name, None, True
            if changed:
                table.broadcast()

    async def claim(self, table_id: str, seat: int, account: Who) -> TakeResult:
        """Take a free seat for ``account`` (it was invited to it by name, see
        :mod:`.friends`): the answer holds a new token."""
        table = await self._table(table_id)
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "human":
            raise LobbyError(_("table {table_id} has no human seat {seat}",
                               table_id=table_id, seat=seat), 404)
        async with table.lock:
            token = await self._occupy(table, seat, account.name, account.id)
        return TakeResult(seat=seat, name=account.name, token=token,
                          ws=f"/ws/tables/{table.id}?token={token}")

    async def _occupy(self, table: LiveTable, seat: int, name: str,
                      account_id: int | None = None) -> str:
        """Seat ``name`` at a free human seat (stored before anyone is told) with a new token,
        the one returned. The caller holds the table's lock."""
        self._not_over(table)
        info = table.seats[seat]
        if info.taken:
            raise LobbyError(_("seat {seat} is taken (by {name}); leave it first",
                               seat=seat + 1, name=info.name), 409)
        token = secrets.token_urlsafe(16)
        digest = secret_hash(token)
        if not await self.store.run(self.store.occupy_seat, table.id, seat, name, digest,
                                    account_id):
            raise LobbyError(_("seat {seat} is taken; leave it first", seat=seat + 1), 409)
        info.name, info.taken, info.token_hash = name, True, digest
        info.account_id = account_id
        if table.waiting and all(s.taken for s in table.seats):
            await self._start(table, [])  # every human seat is taken: the game starts by itself
        else:
            table.broadcast()
            self._tell(table)
        return token

    async def _start(self, table: LiveTable, fill: list[tuple[int, str, str]]) -> None:
        """The waiting table starts (``fill``: free seats that become bots); the caller holds
        the table's lock. Bots and turn timers begin; everyone gets the state."""
        if not await self.store.run(self.store.start, table.id, fill):
            raise LobbyError(_("the table is no longer waiting"), 409)
        for seat, level, name in fill:
            info = table.seats[seat]
            info.kind, info.level, info.name, info.taken = "bot", level, name, True
            info.token_hash, info.invite_hash, info.open = None, None, False
        table.data.status = "open"
        self.autoplayer.schedule(table)
        table.broadcast()
        self._tell(table)

    def _host(self, table: LiveTable, token: str) -> None:
        seat = self._seat(table, token)
        if table.data.host is None:
            raise LobbyError(_("this table has no host: it starts when every seat is taken"), 403)
        if seat != table.data.host:
            raise LobbyError(_("only the host (seat {n}) may start or cancel the table",
                               n=table.data.host + 1), 403)

    async def start_table(self, table_id: str, token: str, fill: str) -> StartResult:
        """The host starts a waiting table now: its free seats are filled with ``fill`` bots."""
        table = await self._table(table_id)
        async with table.lock:
            self._host(table, token)
            if not table.waiting:
                raise LobbyError(_("the table is {status}, not waiting: it cannot start",
                                   status=table.status), 409)
            if fill not in bots.LEVELS:
                raise LobbyError(_("fill: unknown bot level {fill} (known: {x})",
                                   fill=repr(fill), x=', '.join(bots.LEVELS)))
            try:
                bots.load(fill, table.game, seed=0)
            except ValueError as e:
                raise LobbyError(_("fill: {e}", e=reason(e))) from e
            free = [(s.seat, fill, f"Bot ({fill})") for s in table.seats if not s.taken]
            await self._start(table, free)
        return StartResult(status=table.status, filled=[seat for seat, _, _ in free])

    async def cancel_table(self, table_id: str, token: str) -> StartResult:
        """The host closes a waiting table: it is abandoned and every connection closed."""
        table = await self._table(table_id)
        async with table.lock:
            self._host(table, token)
            if not table.waiting:
                raise LobbyError(_("the table is {status}, not waiting: only a waiting table is "
                                   "cancelled",
                                   status=table.status), 409)
            if not await self.store.run(self.store.cancel, table.id):
                raise LobbyError(_("the table is no longer waiting"), 409)
            table.data.status = "abandoned"
            table.broadcast()  # everyone sees the table closed, then the sockets close
            self._tell(table)
        self.autoplayer.forget(table)
        for conn in list(table.conns):
            await conn.drain_and_close(CLOSE_ABANDONED)
        self.release(table)
        return StartResult(status=table.status, filled=[])

    async def join(self, table_id: str, invite: str, name: str,
                   account: Who | None = None) -> JoinResult:
        """Take a free invitation seat with its invitation: the answer holds a new token. A
        logged-in ``account`` takes it under its own name."""
        name = await self._player(name, account)
        table = await self._table(table_id)
        async with table.lock:
            seat = table.invited_seat(invite)
            if seat is None:
                raise LobbyError(_("bad invitation: it opens no seat at this table"), 403)
            token = await self._occupy(table, seat, name, account.id if account else None)
        return JoinResult(seat=seat, name=name, token=token,
                          ws=f"/ws/tables/{table.id}?token={token}")

    async def take(self, table_id: str, seat: int, name: str,
                   account: Who | None = None) -> TakeResult:
        """Take an open seat from the lobby: the answer holds a new token for the seat. A
        logged-in ``account`` takes it under its own name."""
        name = await self._player(name, account)
        table = await self._table(table_id)
        if not 0 <= seat < len(table.seats):
            raise LobbyError(_("table {table_id} has no seat {seat}", table_id=table_id, seat=seat), 404)
        info = table.seats[seat]
        if info.kind != "human" or not info.open:
            raise LobbyError(_("seat {seat} is not open: it needs its invitation link", seat=seat + 1), 403)
        async with table.lock:
            token = await self._occupy(table, seat, name, account.id if account else None)
        return TakeResult(seat=seat, name=name, token=token,
                          ws=f"/ws/tables/{table.id}?token={token}")

    async def leave(self, table_id: str, token: str) -> LeaveResult:
        """Give the seat up: its token is revoked and every connection holding it closed."""
        table = await self._table(table_id)
        async with table.lock:
            seat = self._seat(table, token)
            self._not_over(table)
            info = table.seats[seat]
            digest = secret_hash(token)
            if not await self.store.run(self.store.free_seat, table.id, seat, digest):
                raise LobbyError(_("bad token: it no longer holds the seat"), 403)
            info.name, info.taken, info.token_hash = None, False, None
            info.account_id = None
            table.revoke(digest)
            table.broadcast()
            self._tell(table)
        # a seat without invitation and not open (a seeded table's) stays closed: nobody
        # takes it, so the seed's hands are never handed to another person
        return LeaveResult(seat=seat, free=info.open or info.invite_hash is not None)
