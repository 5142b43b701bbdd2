"""Tournaments played at live tables: the runner that opens each round's tables through the
hub, notices when they are over, pairs or seats the next round and keeps the standings.

- **Formats.** ``duplicate`` (a game whose manifest declares ``deal_scores``): every table of
  a round starts from one seed the server drew, so every table plays the same deals, and the
  entrants are seated by :func:`kingscourt.tournaments.duplicate.seating`; ``swiss``: each
  round is paired by :func:`kingscourt.tournaments.swiss.pair`, each table its own deal.
  Empty seats (entrants missing to fill a table, a Swiss bye) are bots of the tournament's
  level.
- **Tokens.** An entrant's token (issued when they join, only its hash kept) is also their
  seat's token at each of their tables: ``GET .../me`` says where they sit now.
- **Secrets.** A duplicate round's tables share their deals, so nothing of one table may
  reach another's players before they have played it: a tournament table's record, replay
  and spectators wait until every table of its round is over
  (:func:`~kingscourt.server.store.tournaments.sealed`); the standings count only the deals
  every table has finished; a deal's comparison (:meth:`Tournaments.comparison`) is shown to
  an entrant only once their own table and every other table have finished it.
- **Processes.** Every process runs every unfinished tournament (those it knows, and every
  :data:`DISCOVER` seconds any other stored): it reads each as stored every :data:`POLL`
  seconds, and a change of state is a compare-and-set in the database (the start, each round's
  opening: :func:`~kingscourt.server.store.tournaments.claim_round`, the end), so that of
  several processes one makes it. A round claimed but short of tables :data:`TAKEOVER`
  seconds later (its opener killed meanwhile) is completed by whichever process sees it: the
  seating follows from what is stored, and each table is written with its place in the round,
  whose key is unique (:meth:`Tournaments._fill`). A round is listed to players once all its
  tables are there (:meth:`Tournaments.info`). The tables are the hub's, rebuilt by replay
  after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from ... import bots
from ...engine import reason
from ...engine.manifest import resolve
from ...engine.registry import spec
from ...i18n import _
from ...tournaments import duplicate, swiss
from ..base.lobby_models import CreateTable, SeatSpec
from ..store import ratings
from ..store import tournaments as stored
from ..store.people import Who, registered
from ..store.store import now, secret_hash
from ..store.tournaments import Entrant, Slot, TournamentData
from .hub import Hub, LobbyError, check_request
from .sweeper import mark_abandoned
from .table import LiveTable

log = logging.getLogger("kingscourt.server")

#: seconds between two looks at the running tournaments (each reads it as stored)
POLL = 0.5
FORMATS = ("duplicate", "swiss")
#: seconds between two looks for unfinished tournaments this process does not run yet
DISCOVER = 5.0
#: seconds after a round's claim past which any process makes the tables it still lacks (its
#: opener makes them at once; one that took longer is taken to have died)
TAKEOVER = 5.0
#: bounds of one tournament
MAX_ENTRANTS = 64
MAX_ROUNDS = 10

DealRow = dict[str, Any]
#: the refusal of a tournament table's record, replay or spectators while its round is played
SEALED = _(
    "a tournament table keeps its deals secret until every table of its round is over: "
    "its record, its replay and watching it wait until then"
)


@dataclass(frozen=True)
class NewTournament:
    game: str
    rules: dict[str, Any]
    format: str
    players: int
    rounds: int
    seats: int | None
    turn_seconds: float | None
    bot_level: str
    start_at: datetime | None
    round_seconds: float | None = None


class Tournaments:
    """The tournaments of this process (see the module's docstring)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.active: dict[str, TournamentData] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._task: asyncio.Task[None] | None = None

    # --- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        for t in await self.store.run(stored.unfinished, self.store):
            self.active[t.id] = t
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _lock(self, tournament_id: str) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _run(self) -> None:
        looked = time.monotonic()
        while True:
            await asyncio.sleep(POLL)
            if time.monotonic() - looked >= DISCOVER:
                looked = time.monotonic()
                try:
                    await self._discover()
                except Exception:
                    log.exception("tournaments: the unfinished ones not looked up; tried again")
            for tid in list(self.active):
                try:
                    async with self._lock(tid):
                        # as stored: other processes may have moved it on (--redis)
                        t = await self.store.run(stored.load, self.store, tid)
                        if t is None or t.status not in ("entering", "playing"):
                            self.active.pop(tid, None)
                            continue
                        self.active[tid] = t
                        await self._step(t)
                except Exception:
                    log.exception("tournament %s: a step failed; tried again", tid)

    async def _discover(self) -> None:
        """Every unfinished tournament as stored is run here too: one that only a process now
        gone knew (created and entered through it) goes on without waiting for a restart."""
        for tid in await self.store.run(stored.unfinished_ids, self.store):
            if tid not in self.active:
                t = await self.store.run(stored.load, self.store, tid)
                if t is not None and t.status in ("entering", "playing"):
                    self.active.setdefault(tid, t)

    # --- creating and joining --------------------------------------------------------------

    async def create(self, new: NewTournament) -> tuple[TournamentData, str]:
        """A new tournament and its invitation (the link that joins it). The request's model
        bounds the entrants (:data:`MAX_ENTRANTS`) and rounds (:data:`MAX_ROUNDS`)."""
        if new.format not in FORMATS:
            raise LobbyError(
                _(
                    "format: {x} is not a tournament format (known: {y})",
                    x=repr(new.format),
                    y=", ".join(FORMATS),
                )
            )
        try:
            game_spec = spec(new.game)
        except ValueError as e:
            raise LobbyError(reason(e)) from e
        if new.format == "duplicate":
            if not game_spec.deal_scores:
                raise LobbyError(
                    _("format: {title} has no duplicate (its deals depend on play)", title=game_spec.title)
                )
            seats = game_spec.default_players
            if new.seats is not None and new.seats != seats:
                raise LobbyError(
                    _("seats: a duplicate table of {title} has {n} seats", title=game_spec.title, n=seats)
                )
        else:
            seats = new.seats if new.seats is not None else game_spec.default_players
        # the table rules, the seat count and the bots' level as a table's creation checks them
        game = check_request(
            CreateTable(game=new.game, rules=new.rules, seats=[SeatSpec(kind="bot", level="random")] * seats)
        )
        try:
            bots.load(new.bot_level, game, seed=0)
        except ValueError as e:
            raise LobbyError(_("bot_level: {e}", e=reason(e))) from e
        if new.format == "duplicate" and new.players % seats:
            raise LobbyError(_("players: duplicate seats {n} at each table: give a multiple of {n}", n=seats))
        low = self.hub.config.min_turn_seconds
        if new.turn_seconds is not None and new.turn_seconds < low:
            raise LobbyError(_("turn_seconds: a turn timer gives a player at least {x} s", x=low))
        invite = secrets.token_urlsafe(16)
        data = TournamentData(
            id=secrets.token_urlsafe(6),
            game=new.game,
            rules=dict(new.rules),
            format=new.format,
            players=new.players,
            seats=seats,
            rounds=new.rounds,
            turn_seconds=new.turn_seconds,
            bot_level=new.bot_level,
            start_at=new.start_at,
            status="entering",
            invite_hash=secret_hash(invite),
            created_at=now(),
            round_seconds=new.round_seconds,
        )
        await self.store.run(stored.create, self.store, data)
        self.active[data.id] = data
        return data, invite

    async def get(self, tournament_id: str) -> TournamentData | None:
        """The tournament, with every table still uncollected in the hub: a table leaves the
        hub as its game ends (or was never in this process's), and until the next look
        collects its result it is read back from the store, so that it counts as over."""
        found = self.active.get(tournament_id)
        if found is None:
            if len(tournament_id) > 32:
                return None
            found = await self.store.run(stored.load, self.store, tournament_id)
        if found is not None and found.status == "playing":
            for slot in found.tables:
                if slot.deals is None and slot.table_id not in self.hub.tables:
                    await self.hub.get(slot.table_id)
        return found

    async def _known(self, tournament_id: str) -> TournamentData:
        t = await self.get(tournament_id)
        if t is None:
            raise LobbyError(_("no tournament {x}", x=repr(tournament_id)), 404)
        return t

    async def join(
        self, tournament_id: str, invite: str, name: str, account: Who | None
    ) -> tuple[Entrant, str]:
        """Enter with the tournament's invitation: the entrant and their new token."""
        t = await self._known(tournament_id)
        if t.status in ("entering", "playing"):
            t = self.active.setdefault(t.id, t)  # this process runs it too
        if not secrets.compare_digest(secret_hash(invite), t.invite_hash):
            raise LobbyError(_("bad invitation: it opens no place in this tournament"), 403)
        if account is not None:
            name = account.name
        else:
            name = name.strip()
            if await self.store.run(registered, self.store, [name]):
                raise LobbyError(
                    _(
                        "the name {x} belongs to an account: log in as that account, "
                        "or choose another name to play as a guest",
                        x=repr(name),
                    ),
                    409,
                )
        async with self._lock(t.id):
            t = self.active.get(t.id, t)  # the runner may have read it again meanwhile
            if any(e.name == name for e in t.entrants):
                raise LobbyError(_("{x} has entered already", x=repr(name)), 409)
            token = secrets.token_urlsafe(16)
            number = await self.store.run(
                stored.add_entrant,
                self.store,
                t.id,
                name,
                secret_hash(token),
                account.id if account else None,
            )
            if number is None:
                raise LobbyError(_("the tournament is full or has begun"), 409)
            entrant = Entrant(number, name, secret_hash(token), account.id if account else None)
            t.entrants.append(entrant)
            if t.start_at is None and number + 1 >= t.players:
                # the last place: every entrant as stored (some may have entered elsewhere)
                fresh = await self.store.run(stored.load, self.store, t.id)
                t = fresh if fresh is not None else t
                await self._begin(t)
            if t.status in ("entering", "playing"):
                self.active[t.id] = t
        return entrant, token

    def entrant_of(self, t: TournamentData, token: str) -> Entrant:
        digest = secret_hash(token)
        for e in t.entrants:
            if secrets.compare_digest(e.token_hash, digest):
                return e
        raise LobbyError(_("bad token: it is no entrant's of this tournament"), 403)

    # --- rounds ----------------------------------------------------------------------------

    async def _step(self, t: TournamentData) -> None:
        if t.status == "entering":
            if t.start_at is None and len(t.entrants) >= t.players:
                await self._begin(t)  # full, its last entry's process gone before the start
            elif t.start_at is not None and now() >= t.start_at:
                if len(t.entrants) < 2:
                    await self.store.run(stored.set_status, self.store, t.id, "cancelled", "entering")
                    t.status = "cancelled"
                    self.active.pop(t.id, None)
                else:
                    await self._begin(t)
            return
        if t.status != "playing":
            self.active.pop(t.id, None)
            return
        await self._stop_late(t)
        await self._collect(t)
        r = t.opened - 1
        if r < 0:  # begun, its first round not claimed: the process that began it died
            await self._open_round(t, 0)
            return
        if not await self._fill(t, r, mine=False):
            return
        if any(s.scores is None for s in t.tables if s.round == r):
            return
        await self._rate(t, r)
        if r + 1 < t.rounds:
            await self._open_round(t, r + 1)
        else:
            await self.store.run(stored.set_status, self.store, t.id, "finished", "playing")
            t.status = "finished"
            self.active.pop(t.id, None)
            log.info("tournament %s finished", t.id)

    @staticmethod
    def current_round(t: TournamentData) -> int:
        return max((s.round for s in t.tables), default=-1)

    async def _begin(self, t: TournamentData) -> None:
        if not await self.store.run(stored.set_status, self.store, t.id, "playing", "entering"):
            return
        # the entrants as stored once it began (none is added after: see stored.add_entrant),
        # so that every process seats them alike
        fresh = await self.store.run(stored.load, self.store, t.id)
        if fresh is not None:
            t.entrants = fresh.entrants
        log.info("tournament %s begins with %d entrants", t.id, len(t.entrants))
        await self._open_round(t, 0)
        t.status = "playing"  # shown once its first round's tables are there

    def _layout(self, t: TournamentData, r: int) -> list[list[int | None]]:
        """Round ``r``'s tables: the entrant at each seat (None: a bot)."""
        n = t.seats
        people = len(t.entrants)
        if t.format == "duplicate":
            k = math.ceil(people / n)
            return [[p if p < people else None for p in row] for row in duplicate.seating(k * n, n, r)]
        # the rounds before this one only: a table of this round over already counts for none
        h = swiss.history(range(people), self._swiss_rounds(t, before=r))
        pairing = swiss.pair(h, n)
        return [[*row, *([None] * (n - len(row)))] for row in pairing.tables]

    @staticmethod
    def tables_per_round(t: TournamentData) -> int:
        """How many tables each round has: every entrant seated once, bots filling the last."""
        return math.ceil(len(t.entrants) / t.seats)

    @staticmethod
    def _swiss_rounds(t: TournamentData, before: int | None = None) -> list[list[swiss.TableResult]]:
        rounds: dict[int, list[swiss.TableResult]] = {}
        for s in t.tables:
            if s.scores is not None and (before is None or s.round < before):
                rounds.setdefault(s.round, []).append(swiss.TableResult(tuple(s.entrants), tuple(s.scores)))
        return [rounds[r] for r in sorted(rounds)]

    async def _open_round(self, t: TournamentData, r: int) -> None:
        if not await self.store.run(stored.claim_round, self.store, t.id, r):
            return  # another process opens it (or has)
        t.opened, t.round_at = r + 1, now()
        await self._fill(t, r, mine=True)

    async def _fill(self, t: TournamentData, r: int, *, mine: bool) -> bool:
        """Whether every table of round ``r`` (claimed) is there; those missing are made here
        if this process claimed the round (``mine``) or its claim is :data:`TAKEOVER` seconds
        old (its opener died, or stopped, before making them all).

        Any process may complete a round: its seating follows from what is stored (the
        entrants, the earlier rounds' results); its duplicate seed is its first table's, made
        first; a table and its place in the round are written in one transaction, and the
        place's key (round, table number) is unique, so that each table is made once however
        many processes try."""
        have = {s.table_no: s for s in t.tables if s.round == r}
        if len(have) >= self.tables_per_round(t):
            return True
        if not mine and t.round_at is not None and (now() - t.round_at).total_seconds() < TAKEOVER:
            return False  # its opener is making them
        if not mine:
            log.info("tournament %s: round %d is short of tables; completing it", t.id, r + 1)
        # a Swiss pairing searches (up to a second for many players): beside the event loop
        layout = await asyncio.to_thread(self._layout, t, r)
        # one seed for every table of a duplicate round: the same deals everywhere
        seed: int | None = None
        for no, row in enumerate(layout):
            slot = have.get(no)
            if slot is None:
                slot = await self._make(t, Slot(r, no, secrets.token_urlsafe(6), list(row)), seed)
                t.tables.append(slot)
            if t.format == "duplicate" and no == 0:
                seed = await self.store.run(stored.seed_of, self.store, slot.table_id)
                if seed is None:
                    raise RuntimeError(f"tournament {t.id}: round {r + 1}'s first table has no seed")
        t.tables.sort(key=lambda s: (s.round, s.table_no))
        log.info("tournament %s: round %d opened", t.id, r + 1)
        return True

    async def _make(self, t: TournamentData, slot: Slot, seed: int | None) -> Slot:
        """Table ``slot`` made (``seed``: the duplicate round's, None: its own), or as another
        process made it meanwhile."""
        seats = [
            SeatSpec(kind="human", name=t.entrants[e].name)
            if e is not None
            else SeatSpec(kind="bot", level=t.bot_level)
            for e in slot.entrants
        ]
        req = CreateTable(game=t.game, rules=t.rules, seats=seats, turn_seconds=t.turn_seconds)
        hashes = {i: t.entrants[e].token_hash for i, e in enumerate(slot.entrants) if e is not None}
        accounts = {
            i: a
            for i, e in enumerate(slot.entrants)
            if e is not None and (a := t.entrants[e].account_id) is not None
        }
        try:
            await self.hub.create(
                req,
                table_id=slot.table_id,
                token_hashes=hashes,
                accounts=accounts,
                drawn_seed=seed,
                link=stored.linker(t.id, slot),
                entered=True,  # a guest keeps the name they entered under
            )
        except IntegrityError:
            # the round's table number taken: the table another process made stands, ours
            # was not written
            made = await self.store.run(stored.slots, self.store, t.id, slot.round)
            found = next((s for s in made if s.table_no == slot.table_no), None)
            if found is None:
                raise
            return found
        return slot

    async def _stop_late(self, t: TournamentData) -> None:
        """Past the round's limit the tables still played here are stopped (closed as
        abandoned: their deals so far count, the rest are not played), so that a stalled table
        holds up the others no longer. A table another process owns is stopped there."""
        if t.round_seconds is None or t.round_at is None:
            return
        if (now() - t.round_at).total_seconds() < t.round_seconds:
            return
        r = self.current_round(t)
        for slot in t.tables:
            table = self.hub.tables.get(slot.table_id)
            if slot.round != r or slot.scores is not None or table is None or table.remote is not None:
                continue
            async with table.lock:
                if table.over:
                    continue
                await self.store.run(mark_abandoned, self.store, table.id)
                table.data.status = "abandoned"
            log.info("tournament %s: table %s stopped at the round's limit", t.id, table.id)
            self.hub.autoplayer.forget(table)
            table.deadlines.clear()
            table.broadcast()
            self.hub.coordinator.changed(table)

    async def _rate(self, t: TournamentData, r: int) -> None:
        """Round ``r`` is over: its tables count for the ratings now (not as each ended, see
        :mod:`..store.ratings`); once each, whichever process gets here."""
        for slot in t.tables:
            if slot.round != r:
                continue
            table = await self._table(slot.table_id)
            # a table stopped at the round's limit never finished: unrated, as an abandoned one
            if table is None or not table.state.is_over():
                continue
            if any(s.account_id is not None for s in table.seats):
                await self.store.run(ratings.rate_once, self.store, table.id, table.finish(), now())
            self.hub.release(table)

    async def _table(self, table_id: str) -> LiveTable | None:
        table = self.hub.tables.get(table_id)
        return table if table is not None else await self.hub.get(table_id)

    def _deals_of(self, t: TournamentData, table: LiveTable) -> list[DealRow]:
        target = spec(t.game).deal_scores
        if not target:
            return []
        read: Callable[[Any], list[DealRow]] = resolve(target)
        return read(table.state.view(None))

    async def _collect(self, t: TournamentData) -> None:
        """The tables of the round that ended since the last look: their results kept."""
        for slot in t.tables:
            if slot.scores is not None:
                continue
            table = await self._table(slot.table_id)
            if table is None or not table.over:
                continue
            scores = [int(x) for x in table.state.scores()]
            deals = self._deals_of(t, table)
            await self.store.run(stored.finish_table, self.store, slot.table_id, scores, deals)
            slot.scores, slot.deals = scores, deals
            self.hub.release(table)

    def deals_now(self, t: TournamentData, slot: Slot) -> tuple[list[DealRow], bool]:
        """A table's scored deals so far, and whether it is over (plays no more)."""
        if slot.deals is not None:
            return slot.deals, True
        table = self.hub.tables.get(slot.table_id)
        if table is None:
            return [], False
        return self._deals_of(t, table), table.over

    # --- what is shown ---------------------------------------------------------------------

    def _complete(self, t: TournamentData, r: int) -> int:
        """The deals every table of round ``r`` has finished (a table that is over has
        finished every deal it will play)."""
        counts = [len(d) for d, over in (self.deals_now(t, s) for s in t.tables if s.round == r) if not over]
        return min(counts) if counts else 1 << 30

    def standings(self, t: TournamentData) -> list[dict[str, Any]]:
        names = {e.entrant: e.name for e in t.entrants}
        if t.format == "swiss":
            h = swiss.history(range(len(t.entrants)), self._swiss_rounds(t))
            return [
                {
                    "entrant": s.player,
                    "name": names[s.player],
                    "points": s.points,
                    "buchholz": s.buchholz,
                    "score": s.score,
                }
                for s in swiss.standings(h)
            ]
        results: list[duplicate.DealResult] = []
        for r in sorted({s.round for s in t.tables}):
            slots = [s for s in t.tables if s.round == r]
            upto = self._complete(t, r)
            # a bot seat is a player of its own for the comparison, never in the standings
            tables = [
                [e if e is not None else -1 - (s.table_no * t.seats + i) for i, e in enumerate(s.entrants)]
                for s in slots
            ]
            scores = [[row["points"] for row in self.deals_now(t, s)[0][:upto]] for s in slots]
            results += duplicate.deal_results(tables, scores)
        return [
            {
                "entrant": s.player,
                "name": names[s.player],
                "total": s.total,
                "points": s.points,
                "deals": s.deals,
            }
            for s in duplicate.standings(results, list(names))
            if s.player >= 0
        ]

    def info(self, t: TournamentData) -> dict[str, Any]:
        names = {e.entrant: e.name for e in t.entrants}
        rounds: dict[int, list[dict[str, Any]]] = {}
        # a round is listed once all its tables are there: they are made one after another
        # (see _fill), and a player should not see a round with a table missing
        made = Counter(s.round for s in t.tables)
        listed = {r for r, k in made.items() if k >= self.tables_per_round(t)}
        # a table's scores are shown once every table of its round is over (see SEALED)
        done = {r for r in listed if all(s.scores is not None for s in t.tables if s.round == r)}
        for s in t.tables:
            if s.round not in listed:
                continue
            table = self.hub.tables.get(s.table_id)
            deals, over = self.deals_now(t, s)
            rounds.setdefault(s.round, []).append(
                {
                    "table": s.table_no,
                    "table_id": s.table_id,
                    "seats": [names[e] if e is not None else f"Bot ({t.bot_level})" for e in s.entrants],
                    "entrants": s.entrants,
                    "over": over,
                    "deals": len(deals),
                    "status": table.status if table is not None else "over",
                    "scores": s.scores if s.round in done else None,
                }
            )
        return {
            "id": t.id,
            "game": t.game,
            "title": spec(t.game).title,
            "rules": t.rules,
            "format": t.format,
            "players": t.players,
            "seats": t.seats,
            "rounds": t.rounds,
            "turn_seconds": t.turn_seconds,
            "bot_level": t.bot_level,
            "start_at": t.start_at,
            "status": t.status,
            "created_at": t.created_at,
            "entrants": [{"entrant": e.entrant, "name": e.name} for e in t.entrants],
            "round": max(listed, default=-1) + 1,
            "tables": [{"round": r + 1, "tables": rows} for r, rows in sorted(rounds.items())],
            "standings": self.standings(t),
        }

    def me(self, t: TournamentData, token: str) -> dict[str, Any]:
        """Where the token's entrant sits now (their table of the latest round)."""
        e = self.entrant_of(t, token)
        for s in sorted(t.tables, key=lambda s: -s.round):
            if e.entrant in s.entrants:
                seat = s.entrants.index(e.entrant)
                return {
                    "entrant": e.entrant,
                    "name": e.name,
                    "round": s.round + 1,
                    "table_id": s.table_id,
                    "seat": seat,
                    "ws": f"/ws/tables/{s.table_id}?token={token}",
                }
        return {
            "entrant": e.entrant,
            "name": e.name,
            "round": None,
            "table_id": None,
            "seat": None,
            "ws": None,
        }

    def comparison(self, t: TournamentData, deal: int, token: str, round_no: int | None) -> dict[str, Any]:
        """Deal ``deal`` of a duplicate round at every table, for an entrant of that round:
        only once their own table and every other table have finished it (409 before)."""
        e = self.entrant_of(t, token)
        if t.format != "duplicate":
            raise LobbyError(_("only a duplicate tournament compares deals"), 409)
        played = [s.round for s in t.tables if e.entrant in s.entrants]
        r = (round_no - 1) if round_no is not None else max(played, default=-1)
        if r not in played:
            raise LobbyError(_("you played no table in round {n}", n=r + 1), 404)
        slots = [s for s in t.tables if s.round == r]
        mine = next(s for s in slots if e.entrant in s.entrants)
        seat = mine.entrants.index(e.entrant)
        tables = [(s, *self.deals_now(t, s)) for s in slots]
        for s, deals, over in tables:
            if len(deals) < deal and not over:
                waiting = sum(1 for _s, d, o in tables if len(d) < deal and not o)
                if s is mine:
                    raise LobbyError(_("deal {n} is compared once your table has finished it", n=deal), 409)
                raise LobbyError(
                    _(
                        "deal {n} is compared once every table has finished it: {k} still play it",
                        n=deal,
                        k=waiting,
                    ),
                    409,
                )
        if all(len(d) < deal for _s, d, _o in tables):
            raise LobbyError(_("no table played deal {n}", n=deal), 404)
        names = {x.entrant: x.name for x in t.entrants}
        out: list[dict[str, Any]] = []
        for s, deals, _over in tables:
            row = deals[deal - 1] if len(deals) >= deal else None
            out.append(
                {
                    "table": s.table_no,
                    "table_id": s.table_id,
                    "yours": s is mine,
                    "seats": [names[x] if x is not None else f"Bot ({t.bot_level})" for x in s.entrants],
                    "played": row is not None,
                    "points": row["points"] if row is not None else None,
                    "facts": {k: v for k, v in row.items() if k not in ("deal", "points")}
                    if row is not None
                    else None,
                    "replay": f"/api/tables/{s.table_id}/replay",
                }
            )
        mine_row = next(x for x in out if x["yours"])
        others: list[int] = [x["points"][seat] for x in out if not x["yours"] and x["played"]]
        par = sum(others) / len(others) if others else None
        points: int | None = mine_row["points"][seat] if mine_row["played"] else None
        return {
            "deal": deal,
            "round": r + 1,
            "seat": seat,
            "tables": out,
            "par": par,
            "diff": points - par if points is not None and par is not None else None,
        }
