"""The live lobby: what changed is pushed to every open lobby, which then reads it again.

A lobby holds a WebSocket (``/ws/lobby``) and is sent ``{"type": "lobby", "what": [...]}``
naming what changed: ``tables`` (a table made, a seat taken, left or connected, a table
started, cancelled or finished), ``invitations`` (one to this account made, lapsed or
taken) and ``friends`` (someone logged in or out, followed, connected to a table). The client
reads that part again through the REST API, so the push holds no player's data and the REST
answers stay the one truth.

Changes are heard three ways: the routes that make them call :meth:`LobbyFeed.nudge`; a
watch every :data:`WATCH` seconds compares the open tables' lobby-visible parts (what the hub
changes by itself: a seat connecting, a game ending); and, with several processes, a
``relay`` (set by the app: :mod:`kingscourt.server.cluster.lobby_relay`) carries each nudge
to the others, which load the named tables and tell their own lobbies (:meth:`heard`).
Nudges within :data:`GATHER` seconds go out as one message.

Bounds: at most :data:`PER_ADDRESS` lobbies per client address and :data:`MOST` in all (a
new one over either is closed with 4429); a lobby sends nothing but an occasional ``ping``
of at most :data:`MESSAGE_BYTES` bytes, and one that sends more, or faster than
:data:`MESSAGES_PER_MINUTE`, is closed (1009, 1008). A lobby that does not read holds one
pending set of names, never a queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Literal

from starlette.websockets import WebSocket

from .bounds import table_id_ok
from .hub import Hub

log = logging.getLogger("kingscourt.server.lobby")

What = Literal["tables", "invitations", "friends"]
WHATS: tuple[What, ...] = ("tables", "invitations", "friends")
#: seconds between two looks at the open tables (only while a lobby is open)
WATCH = 0.5
#: seconds over which nudges are gathered into one message
GATHER = 0.1
#: open lobbies per client address, and in all
PER_ADDRESS = 8
MOST = 5000
#: a lobby's own messages: their size in bytes, and how many a minute
MESSAGE_BYTES = 64
MESSAGES_PER_MINUTE = 30
#: close codes: over a bound of connections; a message too big; too many messages
CLOSE_TOO_MANY = 4429
CLOSE_TOO_BIG = 1009
CLOSE_POLICY = 1008


class Lobby:
    """One open lobby: its socket, its account (None: a guest) and what it has yet to hear."""

    def __init__(self, ws: WebSocket, address: str, account: int | None) -> None:
        self.ws = ws
        self.address = address
        self.account = account
        self.pending: set[What] = set()
        self.wake = asyncio.Event()

    def tell(self, what: Iterable[What]) -> None:
        self.pending.update(what)
        self.wake.set()

    async def write(self) -> None:
        """Send what is pending, gathered, until the socket fails."""
        while True:
            await self.wake.wait()
            await asyncio.sleep(GATHER)
            self.wake.clear()
            what, self.pending = sorted(self.pending), set()
            await self.ws.send_text(json.dumps({"type": "lobby", "what": what}))


class LobbyFeed:
    """Every open lobby of this process, and what tells them."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.lobbies: set[Lobby] = set()
        self._per_address: Counter[str] = Counter()
        #: carries a nudge to the other processes: (what, table ids), set by the app
        self.relay: Callable[[list[What], list[str]], None] | None = None
        self._seen: object = None
        self._watch: asyncio.Task[None] | None = None

    # --- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        self._watch = asyncio.create_task(self._watching())

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch

    # --- what changed ---------------------------------------------------------------------------

    def nudge(self, what: Iterable[What], tables: Iterable[str] = ()) -> None:
        """Something in ``what`` changed here (at ``tables``): this process's lobbies hear it,
        and the other processes' through the relay."""
        names = sorted(set(what))
        self._tell(names)
        if self.relay is not None:
            self.relay(names, list(tables))

    async def heard(self, what: Iterable[str], tables: Iterable[str]) -> None:
        """Another process's nudge: its tables are loaded here first, so that this process's
        ``GET /api/tables`` lists them when its lobbies ask."""
        for table_id in tables:
            if not table_id_ok(table_id):
                continue
            try:
                table = await self.hub.get(table_id)
            except Exception:  # the database unavailable: the next sweep loads it
                log.warning("lobby: table %s not loaded", table_id[:32])
                continue
            if table is not None:
                self.hub.release(table)
        self._tell([w for w in WHATS if w in set(what)])

    def _tell(self, what: list[What], account: int | None = None) -> None:
        for lobby in self.lobbies:
            if account is None or lobby.account == account:
                # invitations and friends are an account's: a guest's lobby has neither
                mine = [w for w in what if w == "tables" or lobby.account is not None]
                if mine:
                    lobby.tell(mine)

    def _fingerprint(self) -> object:
        """The open tables as a lobby shows them (no move counts: a move is no lobby news)."""
        return tuple(
            (t.id, t.status, tuple((s.seat, s.kind, s.name, s.taken, s.connected)
                                   for s in t.seats))
            for t in self.hub.open_tables())

    async def _watching(self) -> None:
        while True:
            await asyncio.sleep(WATCH)
            if not self.lobbies:
                self._seen = None
                continue
            try:
                seen = self._fingerprint()
            except Exception:  # a table changing under the look: the next look sees it
                log.exception("lobby: the tables could not be read")
                continue
            if self._seen is not None and seen != self._seen:
                self._tell(["tables", "friends"])  # a connection is a friend online too
            self._seen = seen

    # --- the lobbies ----------------------------------------------------------------------------

    def admit(self, ws: WebSocket, address: str, account: int | None) -> Lobby | None:
        """A new lobby, or None when it is over a bound."""
        if len(self.lobbies) >= MOST or self._per_address[address] >= PER_ADDRESS:
            return None
        lobby = Lobby(ws, address, account)
        self.lobbies.add(lobby)
        self._per_address[address] += 1
        return lobby

    def drop(self, lobby: Lobby) -> None:
        if lobby in self.lobbies:
            self.lobbies.discard(lobby)
            self._per_address[lobby.address] -= 1
            if self._per_address[lobby.address] <= 0:
                del self._per_address[lobby.address]

    async def serve(self, lobby: Lobby) -> None:
        """Write to the lobby and read its pings until either side ends."""
        writer = asyncio.create_task(lobby.write())
        times: list[float] = []
        try:
            while True:
                reading = asyncio.ensure_future(lobby.ws.receive())
                done, _ = await asyncio.wait({reading, writer},
                                             return_when=asyncio.FIRST_COMPLETED)
                if writer in done:
                    reading.cancel()
                    return
                message = reading.result()
                if message["type"] == "websocket.disconnect":
                    return
                size = len((message.get("text") or "").encode()) + len(message.get("bytes") or b"")
                if size > MESSAGE_BYTES:
                    await lobby.ws.close(CLOSE_TOO_BIG)
                    return
                now = time.monotonic()
                times = [t for t in times if now - t < 60] + [now]
                if len(times) > MESSAGES_PER_MINUTE:
                    await lobby.ws.close(CLOSE_POLICY)
                    return
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            self.drop(lobby)
