"""A live table: its State, version, seats and connections, and the authority pipeline.

Every action, from a client or a bot, goes through :meth:`LiveTable.submit` in a fixed order
(boardgame.io's master): message shape, token, table, not over, seat to move, version,
legality, apply, **persist**, broadcast. One table's actions are handled one at a time (an
``asyncio.Lock`` per table), and nothing is sent before it is stored.

Versions. ``version`` counts the stored actions (0 at the start). A seat's decision opens at
the version where the seat entered ``to_move()``; an action is accepted when it answers any
version from that one to the current one, and is ``stale-version`` otherwise. For sequential
play this is exactly "the current version". For simultaneous picks (Ku-Ka-König) a pick by one
seat leaves the others' decisions open at the version where the call began, so every picking
seat may answer that version while the other picks are pending; the others only learn *that*
the seat picked (the engine's view), never which row, until the reveal.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

from pydantic import ValidationError

from ...engine import Game, IllegalAction, MalformedAction, State, load_game, make_record, replay
from ...engine.errors import ReplayError, turn_text
from ...engine.manifest import resolve
from ...engine.registry import spec
from ...i18n import _
from ..base.wire import ActMessage, Deadline, ErrorMessage, SeatPublic, StateMessage, TableStatus
from ..store.ratings import teams_of
from ..store.statistics import deal_choices, kept
from ..store.store import Finish, Result, Store, TableData, secret_hash
from ..text.localize import error, localized
from .bounds import problems
from .connections import CLOSE_REPLACED, CLOSE_REVOKED, CLOSE_TABLE_FULL, Conn

log = logging.getLogger("kingscourt.server")

#: rule ids with which the engine refuses a seat that may not act now
TURN_RULES = ("not-your-turn", "already-picked")


class Since:
    """For each seat to move, the version at which its present decision opened."""

    def __init__(self, state: State) -> None:
        self.at: dict[int, int] = dict.fromkeys(state.to_move(), 0)

    def advance(self, seat: int, before: list[int], after: list[int], version: int) -> None:
        """After ``seat`` acted (``before``/``after``: to_move around it; ``version``: new)."""
        if seat in before and set(after) == set(before) - {seat}:
            # a pending pick: the others' decisions stay open at their version
            self.at = {s: self.at.get(s, version) for s in after}
        else:
            self.at = dict.fromkeys(after, version)


class Remote(Protocol):
    """The owner of a table in another process (:class:`.coordinator.Cluster`)."""

    async def forward(self, table: LiveTable, seat: int, text: str, version: int, actor: str,
                      token_hash: str | None) -> ErrorMessage | None: ...


def rebuild(data: TableData) -> tuple[Game, State, Since]:
    """The table's state by replaying its stored actions (raises ReplayError naming the step)."""
    try:
        game = load_game(data.game, **data.rules)
    except ValueError as e:
        raise ReplayError(f"table {data.id}: record header does not start a game: {e}") from e
    record = make_record(game, data.players, data.seed, data.setup, data.actions)
    try:
        since = Since(replay({**record, "actions": []}))
        state = replay(record, on_step=lambda version, seat, before, now:
                       since.advance(seat, before, now.to_move(), version))
    except ReplayError as e:
        raise ReplayError(f"table {data.id}: {e}") from e
    return game, state, since


def view_in(state: State, seat: int | None, lang: str) -> dict[str, Any]:
    """``state.view(seat)`` as a client gets it: the game manifest's ``localize_view`` puts
    its texts in ``lang`` and adds what the game's board reads (Ucho Króla: its narration and
    question, and its legal actions in parts); a game without one holds ids and numbers only,
    which the client names."""
    view = state.view(seat)
    hook = spec(state.game.name).localize_view
    if hook:
        resolve(hook)(state, view, seat, lang)
    return view


class LiveTable:
    """One table in memory. ``on_change`` runs (under the lock, before the broadcast) after
    every stored action, so bots and turn timers see each new decision at once."""

    def __init__(self, data: TableData, store: Store, on_change: Callable[[LiveTable], None],
                 sockets_per_token: int = 4, max_spectators: int = 200) -> None:
        self.data = data
        self.id = data.id
        self.game, self.state, self.since = rebuild(data)
        self.version = len(data.actions)
        self.seats = data.seats
        self.store = store
        self.on_change = on_change
        self.lock = asyncio.Lock()
        #: open connections, oldest first
        self.conns: dict[Conn, None] = {}
        self.sockets_per_token = sockets_per_token
        self.max_spectators = max_spectators
        #: seat -> UNIX time at which its turn timer runs out
        self.deadlines: dict[int, float] = {}
        #: several processes (:mod:`.cluster`): where actions go while another process owns
        #: the table (None: this process applies them), and the owner's fencing token
        self.remote: Remote | None = None
        self.fence: int | None = None
        #: several processes: seats connected through other processes (presence)
        self.elsewhere: frozenset[int] = frozenset()

    # --- reading -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """The game has ended, or the table was closed as abandoned (see :mod:`.bounds`)."""
        return self.data.status == "abandoned" or self.state.is_over()

    @property
    def waiting(self) -> bool:
        """Some human seat is still free and the host has not started: nobody moves."""
        return self.data.status == "waiting"

    @property
    def status(self) -> TableStatus:
        if self.data.status == "abandoned":
            return "abandoned"
        if self.state.is_over():
            return "over"
        return "waiting" if self.waiting else "playing"

    def seat_of(self, token: str) -> int | None:
        """The seat whose present occupant holds ``token`` (an invitation holds none)."""
        digest = secret_hash(token)
        return next((s.seat for s in self.seats if s.token_hash == digest), None)

    def invited_seat(self, invite: str) -> int | None:
        """The seat ``invite`` is the invitation of (it only joins; it never acts)."""
        digest = secret_hash(invite)
        return next((s.seat for s in self.seats if s.invite_hash == digest), None)

    def _connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.conns)

    def seats_public(self) -> list[SeatPublic]:
        connected = {c.seat for c in self.conns if not c.closed} | self.elsewhere
        return [SeatPublic(seat=s.seat, kind="bot" if s.kind == "bot" else "human", level=s.level,
                           name=s.name, taken=s.taken or s.kind == "bot",
                           connected=s.kind == "bot" or s.seat in connected, timeouts=s.timeouts,
                           guest=s.kind == "human" and s.taken and s.account_id is None)
                for s in self.seats]

    def state_text(self, seat: int | None, seats: list[SeatPublic] | None = None,
                   lang: str = "en") -> str:
        """The ``state`` message for ``seat`` (``None``: spectator): its own view only, its
        texts in ``lang``."""
        return StateMessage(
            version=self.version, seat=seat, view=view_in(self.state, seat, lang),
            seats=self.seats_public() if seats is None else seats,
            deadlines=[Deadline(seat=s, at=t) for s, t in sorted(self.deadlines.items())],
            status=self.status,
            # the end of the game: every seat's result (the summary; nothing left to hide)
            results=self.state.results() if self.state.is_over() else None,
        ).model_dump_json()

    # --- connections ---------------------------------------------------------------------

    def attach(self, conn: Conn) -> bool:
        """A client connects: it gets the current state at once (a reconnect included). Each
        other connection gets at most one message, and only when the seat's ``connected``
        changes. A token's socket beyond ``sockets_per_token`` closes its oldest one; a
        spectator beyond ``max_spectators`` is refused (told, closed; False)."""
        if conn.seat is None:
            if sum(1 for c in self.conns if c.seat is None) >= self.max_spectators:
                conn.end(CLOSE_TABLE_FULL, error(
                    "table-full", _("This table admits {n} spectators and has as many: try "
                                    "again later.", n=self.max_spectators),
                    version=self.version, lang=conn.lang).model_dump_json())
                return False
            self.conns[conn] = None
            conn.send(self.state_text(None, lang=conn.lang))
            return True
        same = [c for c in self.conns if c.token_hash == conn.token_hash]
        for old in same[:max(0, len(same) - self.sockets_per_token + 1)]:
            # the oldest of this token's sockets gives way (its seat stays connected)
            del self.conns[old]
            old.end(CLOSE_REPLACED, reason=f"more than {self.sockets_per_token} connections "
                    "with this token: the oldest is closed")
        was_connected = self._connected(conn.seat)
        self.conns[conn] = None
        if was_connected:
            conn.send(self.state_text(conn.seat, lang=conn.lang))
        else:
            self.broadcast()  # the seat shows as connected to everyone
        return True

    def detach(self, conn: Conn) -> None:
        known = self.conns.pop(conn, False) is None
        conn.stop()
        if known and conn.seat is not None and not self.over and not self._connected(conn.seat):
            self.broadcast()  # the seat's last connection: it shows as gone to everyone

    def revoke(self, token_hash: str) -> None:
        """The token's holder left its seat: close every connection holding it (4401)."""
        for conn in [c for c in self.conns if c.token_hash == token_hash]:
            del self.conns[conn]
            conn.end(CLOSE_REVOKED, error(
                "bad-token", _("This token was revoked: its holder left the seat. Take a seat "
                               "again to play."), version=self.version, lang=conn.lang
            ).model_dump_json(), reason="token revoked")

    def broadcast(self) -> None:
        """One view per seat to every connection (computed once per seat)."""
        seats = self.seats_public()
        texts: dict[tuple[int | None, str], str] = {}
        for conn in list(self.conns):
            if conn.closed:
                continue
            key = (conn.seat, conn.lang)
            message = texts.get(key)
            if message is None:
                message = texts[key] = self.state_text(conn.seat, seats, conn.lang)
            conn.send(message)

    # --- the authority pipeline ----------------------------------------------------------

    async def receive(self, conn: Conn, raw: str) -> None:
        """A client's message: steps 1-3 here, the rest in :meth:`submit`."""
        if conn.closed:
            return  # revoked, replaced or gone: nothing it sends is read
        # 1. message shape: an ``act`` message, nothing else
        try:
            msg = ActMessage.model_validate_json(raw)
        except ValidationError as e:
            where = problems(e.errors(include_url=False, include_input=False))
            conn.send(error("bad-message", _('Not an act message ({where}). Send {{"type": '
                                             '"act", "action": "...", "version": n}}.',
                                             where=where),
                            version=self.version, lang=conn.lang).model_dump_json())
            return
        # 2. token: a seat token acts for its own seat only; spectators hold none
        if conn.seat is None:
            conn.send(error("bad-token", _("Spectators cannot act: connect with a seat token."),
                            version=self.version, lang=conn.lang).model_dump_json())
            return
        if msg.seat is not None and msg.seat != conn.seat:
            conn.send(error("bad-token", _("This token holds seat {seat}, not seat {other}.",
                                           seat=conn.seat, other=msg.seat),
                            version=self.version, lang=conn.lang).model_dump_json())
            return
        # 3. table: the connection was opened on this live table (``no-table`` otherwise)
        refusal = await self.submit(conn.seat, msg.action, msg.version, "human", conn.token_hash)
        if refusal is not None:
            conn.send(localized(refusal, conn.lang).model_dump_json())

    async def submit(self, seat: int, text: str, version: int, actor: str,
                     token_hash: str | None = None) -> ErrorMessage | None:
        """Steps 4-10 for ``seat`` playing ``text`` in answer to ``version``; ``None`` if done.
        A client's action carries its token's hash: it must still hold the seat (a token
        revoked while the action waited for the lock is refused)."""
        while True:
            remote = self.remote
            if remote is not None:  # another process owns the table: it decides
                return await remote.forward(self, seat, text, version, actor, token_hash)
            async with self.lock:
                # the table may have gone to another process while this waited for the lock:
                # its fencing token is gone with it, and an action stored without one would
                # overwrite the new owner's history (it decides, above)
                if self.remote is None:
                    return await self._decide(seat, text, version, actor, token_hash)

    async def _decide(self, seat: int, text: str, version: int, actor: str,
                      token_hash: str | None) -> ErrorMessage | None:
        """:meth:`submit` under the table's lock, on the process that owns it."""
        if token_hash is not None and self.seats[seat].token_hash != token_hash:
            return error("bad-token", _("This token no longer holds the seat: its holder left."),
                         version=self.version)
        state = self.state
        # 4. not over (nor abandoned)
        if self.over:
            return error("game-over", _("The game is over."), "game-over", self.version)
        # the waiting room: no move before every seat is taken or the host starts
        if self.waiting:
            return error("not-your-turn", _("The table is waiting for its players: the game "
                                            "starts once every seat is taken or the host "
                                            "starts it."), "waiting",
                         self.version)
        # 5. seat to move
        movers = state.to_move()
        if seat not in movers:
            return self._not_your_turn(seat, text, movers)
        # 6. version: the action answers the seat's present decision
        opened = self.since.at.get(seat, self.version)
        if not opened <= version <= self.version:
            return error("stale-version", _("Your action answers version {version}, but the "
                                            "table is at version {now}: look at the new "
                                            "state and act again.", version=version,
                                            now=self.version), None, self.version)
        # 7. legality: the engine's own check, its rule id and message
        try:
            action = self.game.parse_action(text)
            violation = state.check(seat, action)
        except MalformedAction as e:
            return error("illegal-action", e.template, "malformed-action", self.version)
        if violation is not None:
            return error("illegal-action", violation.text, violation.rule, self.version)
        # 8. apply, on a copy: the table changes only once the action is stored
        after = state.clone()
        try:
            after.apply(seat, action)
        except IllegalAction as e:
            return error("illegal-action", e.violation.text, e.rule, self.version)
        new_version = self.version + 1
        finish = self._finish(after) if after.is_over() else None
        # 9. persist: commit the action row (and the finished game) before anyone is told
        try:
            await self.store.run(self.store.append, self.id, new_version, seat, str(action),
                                 actor, finish, self.fence)
        except Exception:
            log.exception("table %s: action %d not stored", self.id, new_version)
            return error("not-stored", _("The action could not be stored; nothing changed. "
                                         "Try again."), None, self.version)
        self.state = after
        self.version = new_version
        self.data.actions.append((seat, str(action)))
        self.since.advance(seat, movers, after.to_move(), new_version)
        if actor == "timer":
            self.seats[seat].timeouts += 1
        self.on_change(self)
        # 10. broadcast: one view per seat
        self.broadcast()
        return None

    def _not_your_turn(self, seat: int, text: str, movers: list[int]) -> ErrorMessage:
        try:
            v = self.state.check(seat, text)
        except MalformedAction:
            v = None
        if v is not None and v.rule in TURN_RULES:
            return error("not-your-turn", v.text, v.rule, self.version)
        return error("not-your-turn", turn_text(seat, movers), "not-your-turn", self.version)

    def finish(self) -> Finish:
        """What its end stored (the table must be over): to rate it later."""
        return self._finish(self.state)

    def _finish(self, state: State) -> Finish:
        """What is stored with the last action: the record, scores and each named seat's result."""
        scores = state.scores()
        winners = state.winners()
        per_seat = state.results()
        results = [
            # statistics count for accounts and bots; a guest's result is kept, never counted
            Result(seat=s.seat, name=s.name,
                   kind="bot" if s.kind == "bot" else "human" if s.account_id is not None else "guest",
                   score=per_seat[s.seat]["score"],
                   won=per_seat[s.seat]["won"], stats=kept(state.game.name, per_seat[s.seat]),
                   account_id=s.account_id, level=s.level if s.kind == "bot" else None)
            for s in self.seats if s.name
        ]
        return Finish(record=state.record(), scores=scores, winners=winners, results=results,
                      teams=teams_of(state), choices=deal_choices(state))
