"""Table chat: players and spectators write to everyone at the table, on the table's socket.

Client → server, on ``/ws/tables/{id}`` (a seat's token or none):

- ``{"type": "chat", "text": "..."}``: a message. A seat writes under its seat's name; a
  spectator may add ``"name"`` (a display name, as the lobby checks names), else it is
  ``Spectator``; a seat's ``name`` is ignored.
- ``{"type": "spectator-chat", "open": false}``: the host's seat (``tables.host``) closes (or,
  with ``true``, reopens) the chat to spectators; anyone else gets ``not-host``.

Server → everyone at the table (seats and spectators alike):

- ``{"type": "chat", "seat": n | null, "name": "...", "text": "...", "at": "ISO-8601"}``
  (``seat``: the engine's seat, 0-based; null for a spectator);
- ``{"type": "chat-settings", "spectators": bool}`` after the host switched spectator chat;
- to each connection as it opens (a reconnect included), after its first ``state``:
  ``{"type": "chat-history", "messages": [chat...], "spectators": bool}``, the last
  ``chat_history`` (100) messages, oldest first, and whether spectators may write; not sent
  while the table has no message and its spectators may write (nothing to show).

Refusals are ``error`` messages (nothing is stored or sent to anyone else):

- ``bad-message``, with a ``rule``: ``chat-shape`` (not a chat message of the right shape, a
  text that is not a string, a bad spectator name), ``chat-empty`` (nothing left after NFC
  normalisation and trimming), ``chat-too-long`` (over :data:`CHAT_MAX` characters after
  them), ``chat-control`` (a control character, a lone surrogate, a line or paragraph
  separator or a direction override; emoji joiners are text), ``chat-closed`` (a spectator
  writing while the host has closed spectator chat);
- ``rate-limited``: more than ``chat_rate`` (5 every 10 s) messages and switches from one
  seat (all its sockets together, on every process) or, for spectators, from one client
  address (all of that address's spectator sockets, at every table). Counted before the
  message is stored, by the ``limits`` library's moving window, in Redis when several
  processes share one (:mod:`.limiting`), else in memory: a seat or an address gains
  nothing by opening more sockets, reconnecting, or connecting through another process;
- ``not-host``: a spectator-chat switch from a spectator or a seat that is not the host's;
- ``bad-token``: the connection's token no longer holds its seat;
- ``not-stored``: the database refused the message; nobody got it.

Kept with the table: a message is stored (``chat`` rows) before anyone is told of it, so it
survives a restart; at most ``chat_keep`` (1,000) are kept per table, the oldest dropped as a
new one is stored. Whether spectators may write is ``tables.spectator_chat``. Chat works in
the waiting room and after the game is over, as long as the table's socket is open.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
import unicodedata
import weakref
from collections import deque
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from limits import parse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError
from sqlalchemy import delete, select, update

from ...i18n import Msg, _
from ..base.addresses import client_address
from ..base.limiting import Limiter
from ..base.lobby_models import BIDI_CONTROLS, Name
from ..base.wire import ErrorCode
from ..store.orm import ChatRow, TableRow
from ..store.store import Store, aware, now
from ..text.localize import error
from .bounds import problems
from .nesting import loads

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..base.config import ServerConfig
    from .connections import Conn
    from .table import LiveTable

log = logging.getLogger("kingscourt.server")

#: a message's length in characters, after NFC normalisation and trimming
CHAT_MAX = 300
#: the name of a spectator who gave none
SPECTATOR = "Spectator"
#: seconds a connection waits for its table's chat to load before it opens without history
#: (the chat never holds up the game)
LOAD_WAIT = 3.0
#: the client messages this module reads (everything else goes to the table)
TYPES = frozenset({"chat", "spectator-chat"})


# --- the messages -----------------------------------------------------------------------------

class ChatIn(BaseModel):
    """A chat message from a client."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"type": "chat", "text": "Well played!"}]})

    type: Literal["chat"]
    text: StrictStr = Field(description=f"1 to {CHAT_MAX} characters after NFC normalisation "
                            "and trimming; no control characters")
    name: Name | None = Field(default=None, description="a spectator's display name "
                              f"(default {SPECTATOR!r}); ignored from a seat")


class SpectatorChatIn(BaseModel):
    """The host opens or closes the chat to spectators."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"type": "spectator-chat", "open": False}]})

    type: Literal["spectator-chat"]
    open: StrictBool


class ChatOut(BaseModel):
    """A message as everyone at the table receives it."""

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"type": "chat", "seat": 1, "name": "Bea", "text": "Good luck!",
                      "at": "2026-12-01T12:00:00.000Z"}]})

    type: Literal["chat"] = "chat"
    seat: int | None = Field(description="the writer's seat (0-based); null for a spectator")
    name: str
    text: str
    at: datetime = Field(description="when the server stored it (ISO-8601, UTC)")


class ChatHistory(BaseModel):
    """Sent to a connection as it opens: the recent messages, oldest first."""

    type: Literal["chat-history"] = "chat-history"
    messages: list[ChatOut]
    spectators: bool = Field(description="spectators may write")


class ChatSettings(BaseModel):
    """Sent to everyone when the host opens or closes spectator chat."""

    type: Literal["chat-settings"] = "chat-settings"
    spectators: bool


class Refused(Exception):
    """A chat message or switch refused: the ``error`` its sender gets."""

    def __init__(self, code: ErrorCode, message: str | Msg, rule: str | None = None) -> None:
        super().__init__(str(message))
        self.code = code
        self.rule = rule
        self.message = message


def clean_text(text: str) -> str:
    """``text`` NFC-normalised and trimmed, or :class:`Refused` saying what is wrong with it."""
    if any(unicodedata.category(c) == "Cs" for c in text):
        raise Refused("bad-message", _("A message must not hold a lone surrogate (not a "
                                       "character)."), "chat-control")
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise Refused("bad-message", _("An empty message is not sent: write something."),
                      "chat-empty")
    if len(text) > CHAT_MAX:
        raise Refused("bad-message", _("A message holds at most {max} characters; this one "
                                       "holds {n}.", max=CHAT_MAX, n=len(text)),
                      "chat-too-long")
    for c in text:
        if unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in BIDI_CONTROLS:
            raise Refused("bad-message", _("A message must not hold control characters (tab, line "
                                           "breaks, NUL...) or direction overrides."), "chat-control")
    return text


# --- the database -------------------------------------------------------------------------------

def store_message(store: Store, table_id: str, msg: ChatOut, keep: int) -> None:
    """Store one message and drop the table's oldest beyond the ``keep`` newest."""
    with store.sessions.begin() as s:
        s.add(ChatRow(table_id=table_id, seat=msg.seat, name=msg.name, text=msg.text,
                      at=msg.at))
        s.flush()
        cutoff = (select(ChatRow.id).where(ChatRow.table_id == table_id)
                  .order_by(ChatRow.id.desc()).offset(keep).limit(1).scalar_subquery())
        s.connection().execute(delete(ChatRow).where(ChatRow.table_id == table_id,
                                                     ChatRow.id <= cutoff))


def store_spectators(store: Store, table_id: str, spectators: bool) -> None:
    with store.sessions.begin() as s:
        s.execute(update(TableRow).where(TableRow.id == table_id)
                  .values(spectator_chat=spectators))


def load_room(store: Store, table_id: str, limit: int) -> tuple[list[ChatOut], bool]:
    """The table's last ``limit`` messages, oldest first, and whether spectators may write."""
    with store.sessions() as s:
        rows = s.scalars(select(ChatRow).where(ChatRow.table_id == table_id)
                         .order_by(ChatRow.id.desc()).limit(limit)).all()
        spectators = s.scalar(select(TableRow.spectator_chat).where(TableRow.id == table_id))
        return ([ChatOut(seat=r.seat, name=r.name, text=r.text, at=aware(r.at))
                 for r in reversed(rows)], spectators is not False)


# --- the chat of the live tables -----------------------------------------------------------------

class Room:
    """One live table's chat in memory: its recent messages (once loaded) and settings."""

    def __init__(self, history: int) -> None:
        self.recent: deque[ChatOut] = deque(maxlen=history)
        self.spectators = True
        self.loaded = False
        #: one message of the table at a time is stored and sent, in the order of ``at``
        self.lock = asyncio.Lock()


class Chat:
    """The chat of every live table. A table's :class:`Room` lives as long as the table
    object (weakly keyed), loaded from the database the first time somebody connects."""

    def __init__(self, store: Store, config: ServerConfig) -> None:
        self.store = store
        self.rate = parse(config.chat_rate)
        #: per seat and per spectator address, over every process on the same Redis
        self.limiter = Limiter(config.redis_url)
        self.keep = max(1, config.chat_keep)
        self.history = max(0, min(config.chat_history, self.keep))
        self._rooms: weakref.WeakKeyDictionary[LiveTable, Room] = weakref.WeakKeyDictionary()
        #: several processes (:mod:`.cluster`): each stored message (table, its JSON) goes
        #: to the others too, for the sockets there (None: the server runs alone)
        self.relay: Callable[[str, str], None] | None = None

    # --- connections ---------------------------------------------------------------------

    async def ready(self, table: LiveTable) -> Room:
        """The table's room, loaded from the database once; a database that cannot be read
        leaves it unloaded (no history is sent), to be tried again on the next call."""
        room = self._rooms.get(table)
        if room is None:
            room = self._rooms[table] = Room(self.history)
        if not room.loaded:
            async with room.lock:
                if not room.loaded:
                    try:
                        recent, spectators = await asyncio.wait_for(self.store.run(
                            load_room, self.store, table.id, self.history), LOAD_WAIT)
                    except Exception:
                        log.exception("table %s: chat not loaded", table.id)
                        return room
                    room.recent.extend(recent)
                    room.spectators = spectators
                    room.loaded = True
        return room

    def greet(self, table: LiveTable, conn: Conn) -> None:
        """Send a connection that just attached the table's recent messages. Call it right
        after :meth:`LiveTable.attach`, with no ``await`` between: no message is missed. A
        table without messages whose spectators may write sends nothing: a connection to a
        silent table costs one message, its state, as before there was a chat."""
        room = self._rooms.get(table)
        if room is not None and room.loaded and (room.recent or not room.spectators):
            conn.send(ChatHistory(messages=list(room.recent),
                                  spectators=room.spectators).model_dump_json())

    @staticmethod
    def read(text: str) -> dict[str, Any] | None:
        """The parsed message when ``text`` is one of this module's (else None: an act)."""
        if "chat" not in text:  # most messages are acts: not parsed twice
            return None
        try:
            msg = loads(text)
        except ValueError:  # not JSON, or nested too deep: refused as an act
            return None
        return msg if isinstance(msg, dict) and msg.get("type") in TYPES else None

    # --- messages ------------------------------------------------------------------------

    async def receive(self, table: LiveTable, conn: Conn, msg: dict[str, Any]) -> None:
        """A chat message or spectator-chat switch read by :meth:`read`."""
        if conn.closed:
            return
        try:
            if msg.get("type") == "chat":
                await self._say(table, conn, msg)
            else:
                await self._switch(table, conn, msg)
        except Refused as r:
            conn.send(error(r.code, r.message, r.rule, table.version, conn.lang)
                      .model_dump_json())

    async def _say(self, table: LiveTable, conn: Conn, raw: dict[str, Any]) -> None:
        try:
            msg = ChatIn.model_validate(raw)
        except ValidationError as e:
            where = problems(e.errors(include_url=False, include_input=False))
            raise Refused("bad-message", _('Not a chat message ({where}). Send {{"type": "chat", '
                                           '"text": "..."}}.', where=where), "chat-shape") from e
        text = clean_text(msg.text)
        room = await self.ready(table)
        seat = conn.seat
        if seat is None:
            name = msg.name or SPECTATOR
            self._open_to_spectators(room)
        else:
            self._holds_seat(table, conn)
            name = table.seats[seat].name or f"Seat {seat + 1}"
        await self._hit(table, conn)
        async with room.lock:
            if seat is None:
                self._open_to_spectators(room)  # closed while this one waited
            out = ChatOut(seat=seat, name=name, text=text, at=now())
            try:
                await self.store.run(store_message, self.store, table.id, out, self.keep)
            except Exception as e:
                log.exception("table %s: chat message not stored", table.id)
                raise Refused("not-stored", _("Your message could not be stored; nobody got it. Try"
                                              " again.")) from e
            if room.loaded:
                room.recent.append(out)
            self._broadcast(table, out.model_dump_json())
            if self.relay is not None:
                self.relay(table.id, out.model_dump_json())

    async def _switch(self, table: LiveTable, conn: Conn, raw: dict[str, Any]) -> None:
        try:
            msg = SpectatorChatIn.model_validate(raw)
        except ValidationError as e:
            where = problems(e.errors(include_url=False, include_input=False))
            raise Refused("bad-message", _('Not a spectator-chat message ({where}). Send '
                                           '{{"type": "spectator-chat", "open": true or false}}.',
                                           where=where), "chat-shape") from e
        host = table.data.host
        if host is None:
            raise Refused("not-host", _("This table has no host: nobody opens or closes its spectator chat."))
        if conn.seat != host:
            raise Refused("not-host", _("Only the host (seat {n}) opens or closes the chat to "
                                        "spectators.",
                                        n=host + 1))
        self._holds_seat(table, conn)
        await self._hit(table, conn)
        room = await self.ready(table)
        async with room.lock:
            try:
                await self.store.run(store_spectators, self.store, table.id, msg.open)
            except Exception as e:
                log.exception("table %s: spectator chat not switched", table.id)
                raise Refused("not-stored", _("The spectator chat could not be switched; nothing "
                                              "changed. Try again.")) from e
            room.spectators = msg.open
            self._broadcast(table, ChatSettings(spectators=msg.open).model_dump_json())
            if self.relay is not None:
                self.relay(table.id, ChatSettings(spectators=msg.open).model_dump_json())

    # --- checks --------------------------------------------------------------------------

    @staticmethod
    def _open_to_spectators(room: Room) -> None:
        if not room.spectators:
            raise Refused("bad-message", _("The host has closed the chat to spectators: only the "
                                           "players write now."), "chat-closed")

    @staticmethod
    def _holds_seat(table: LiveTable, conn: Conn) -> None:
        if conn.seat is not None and table.seats[conn.seat].token_hash != conn.token_hash:
            raise Refused("bad-token", _("This token no longer holds the seat: its holder left."))

    async def _hit(self, table: LiveTable, conn: Conn) -> None:
        """Count one message against the chat rate of ``conn``'s seat at ``table`` or, for a
        spectator, of its client address (``rate-limited`` beyond it)."""
        if conn.seat is not None:
            key: tuple[str, ...] = ("chat", "seat", table.id, str(conn.seat))
        else:
            key = ("chat", "address", client_address(conn.ws))
        if not await self.limiter.hit(self.rate, *key):
            reset = (await self.limiter.get_window_stats(self.rate, *key)).reset_time
            wait = max(1, math.ceil(reset - time.time()))
            raise Refused("rate-limited", _("Too many messages: at most {amount} every {x} s. Wait "
                                            "{wait} s.",
                                            amount=self.rate.amount, x=self.rate.get_expiry(), wait=wait))

    def relayed(self, table: LiveTable, text: str) -> None:
        """A message stored through another process (:attr:`relay`): into this process's
        room, if loaded, and to its sockets at the table."""
        room = self._rooms.get(table)
        if room is not None and room.loaded:
            if json.loads(text).get("type") == "chat":
                room.recent.append(ChatOut.model_validate_json(text))
            else:
                room.spectators = ChatSettings.model_validate_json(text).spectators
        self._broadcast(table, text)

    @staticmethod
    def _broadcast(table: LiveTable, text: str) -> None:
        for conn in list(table.conns):
            if not conn.closed:
                conn.send(text)
