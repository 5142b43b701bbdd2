"""Rematch ("Play again"): the same players at a new table, once every human has accepted.

Wire: ``POST /api/tables/{id}/rematch {"token": T}`` (T: a seat token of the finished table;
another token 403, a table that is not over 409) answers ``{"table": new id, "accepted",
"waiting", "started"}``. On the table's WebSocket everyone gets ``{"type": "rematch-offer",
"table", "accepted", "waiting", "started"}`` after each acceptance (and on connecting, once
there is an offer); when the rematch starts each connection of a seat gets
``{"type": "rematch", "table": new id, "token": its own new token}``, again whenever it
reconnects.

Decisions:

- **The same table again.** Same game, rules, turn timer, seats, names and bot levels; a new
  seed (a new deal; an explicit test setup is not carried over). Bots accept at once. A human
  seat nobody holds at the end is an open seat of the new table (which then waits for it, as
  any table with a free seat does, and its host may start it with bots).
- **One new table.** Its id is chosen at the first acceptance and returned to every accepter;
  the table itself is created when the last human accepts, through the creation guard as any
  table is (:func:`.creation.create_guarded`): it counts in the creation rate and the open
  tables of the address whose acceptance creates it, and a refusal (429, 409) keeps the
  acceptances, so that a later ``POST`` of any accepter creates it.
- **Tokens.** A seat's token at the new table is derived from its token here:
  HMAC-SHA256 keyed with that token over the new table's id (:func:`next_token`). Only the
  holder of the old token can have it (not another seat, not whoever reads the database);
  the server stores only its hash, written at the acceptance, and sends the token itself on
  the seat's own sockets, whose token it holds in memory while they are open.
- **Durable.** The offer (new id and the accepted seats' hashes) is committed before anyone is
  told; the rematch has started exactly when the new table's row exists (one transaction).
  A restart between two acceptances keeps the offer; a crash after the last acceptance was
  stored but before the new table was written is completed by the next ``POST``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import HTTPConnection

from ...i18n import _
from ..base.addresses import client_address
from ..base.lobby_models import CreateTable, RematchRequest, RematchResult, SeatSpec
from ..base.wire import RematchMessage, RematchOffer
from ..live.bounds import CreationGuard, Refused
from ..live.creation import create_guarded, refused
from ..live.deps import ERRORS, known_id, refuse
from ..live.hub import Hub, LobbyError
from ..store.orm import RematchRow, TableRow
from ..store.store import Store, now, secret_hash

if TYPE_CHECKING:
    from ..live.connections import Conn
    from ..live.table import LiveTable

log = logging.getLogger("kingscourt.server")
router = APIRouter(prefix="/api", tags=["lobby"], responses=ERRORS)

#: what the HMAC of a seat's token signs, before the new table's id
SALT = b"kingscourt rematch "


def next_token(token: str, table_id: str) -> str:
    """The seat's token at the rematch table ``table_id``, derived from its ``token`` here
    (128 bits, written as ``secrets.token_urlsafe(16)`` writes them)."""
    mac = hmac.new(token.encode("utf-8", "surrogatepass"), SALT + table_id.encode("ascii"),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class Offer:
    """A finished table's rematch: the new table's id and, per human seat that accepted, the
    hash of its new token; ``started``: the new table exists."""

    new_table: str
    accepted: dict[int, str]
    started: bool


def load_offer(store: Store, table_id: str) -> Offer | None:
    with store.sessions() as s:
        row = s.get(RematchRow, table_id)
        if row is None:
            return None
        started = s.get(TableRow, row.new_table) is not None
        return Offer(row.new_table, {int(k): v for k, v in row.accepted.items()}, started)


def save_offer(store: Store, table_id: str, new_table: str, accepted: dict[int, str]) -> None:
    with store.sessions.begin() as s:
        row = s.get(RematchRow, table_id)
        stored = {str(k): v for k, v in sorted(accepted.items())}
        if row is None:
            s.add(RematchRow(table_id=table_id, new_table=new_table, accepted=stored,
                             created_at=now()))
        else:
            row.accepted = stored


class Rematches:
    """The rematches of one server's tables (state in the database, sockets' tokens here)."""

    def __init__(self, hub: Hub, guard: CreationGuard) -> None:
        self.hub = hub
        #: the new table is created through it, as ``POST /api/tables`` creates one
        self.guard = guard
        #: the token each open seat connection was opened with (to derive its new token)
        self._tokens: dict[Conn, str] = {}

    # --- reading ---------------------------------------------------------------------------

    @staticmethod
    def _waiting(table: LiveTable, accepted: dict[int, str]) -> list[int]:
        return [s.seat for s in table.seats if s.kind == "human" and s.taken and s.seat not in accepted]

    def _offer_message(self, table: LiveTable, offer: Offer) -> RematchOffer:
        bots = [s.seat for s in table.seats if s.kind == "bot"]
        return RematchOffer(table=offer.new_table, accepted=sorted({*bots, *offer.accepted}),
                            waiting=self._waiting(table, offer.accepted), started=offer.started)

    async def link(self, table: LiveTable) -> str | None:
        """The table of ``table``'s rematch once it has started (its public ``rematch``)."""
        if table.status != "over":
            return None
        offer = await self.hub.store.run(load_offer, self.hub.store, table.id)
        return offer.new_table if offer is not None and offer.started else None

    # --- accepting -------------------------------------------------------------------------

    async def accept(self, table_id: str, token: str, address: str) -> RematchResult:
        """The holder of ``token`` (from ``address``) wants to play again; the last human to
        accept starts it, as a table created from ``address`` (raises :class:`Refused`)."""
        hub = self.hub
        table = await hub.get(table_id)
        if table is None:
            raise LobbyError(_("no table {table}", table=repr(table_id)), 404)
        try:
            async with table.lock:
                seat = table.seat_of(token)
                if seat is None:
                    raise LobbyError(_("bad token: it holds no seat at this table (only a player of"
                                       " the finished game may ask for a rematch)"), 403)
                if table.status != "over":
                    raise LobbyError(_("the table is {status}: a rematch is offered once the game "
                                       "is over",
                                       status=table.status), 409)
                offer = await hub.store.run(load_offer, hub.store, table.id)
                if offer is None:
                    offer = Offer(secrets.token_urlsafe(6), {}, False)
                if not offer.started and seat not in offer.accepted:
                    accepted = {**offer.accepted, seat: secret_hash(next_token(token, offer.new_table))}
                    await hub.store.run(save_offer, hub.store, table.id, offer.new_table, accepted)
                    offer = Offer(offer.new_table, accepted, False)
                starting = not offer.started and not self._waiting(table, offer.accepted)
                if starting:
                    await self._start(table, offer, address)
                    offer = Offer(offer.new_table, offer.accepted, True)
                message = self._offer_message(table, offer)
                text = message.model_dump_json()
                for conn in list(table.conns):
                    conn.send(text)
                if starting:
                    for conn in list(table.conns):
                        old = self._tokens.get(conn)
                        if old is not None:
                            self._send_token(conn, old, offer)
        finally:
            hub.release(table)
        return RematchResult(table=offer.new_table, accepted=message.accepted,
                             waiting=message.waiting, started=offer.started)

    async def _start(self, table: LiveTable, offer: Offer, address: str) -> None:
        """The new table: the same seats, names, bot levels, game, rules and timer; a new seed."""
        seats = []
        for s in table.seats:
            if s.kind == "bot":
                seats.append(SeatSpec(kind="bot", level=s.level))
            elif s.taken:
                seats.append(SeatSpec(kind="human", name=s.name))
            else:  # nobody held it at the end: anyone in the lobby may take it
                seats.append(SeatSpec(kind="human", open=True))
        try:
            req = CreateTable(game=table.game.name, rules=dict(table.data.rules), seats=seats,
                              turn_seconds=table.data.turn_seconds)
        except ValidationError as e:
            raise LobbyError(_("this table cannot be set up again: {x} problems",
                               x=e.error_count()), 409) from e
        # a player with an account plays the rematch under it (rated, not a guest)
        accounts = {s.seat: s.account_id for s in table.seats
                    if s.kind == "human" and s.taken and s.account_id is not None}
        await create_guarded(self.guard, address, lambda: self.hub.create(
            req, table_id=offer.new_table, token_hashes=offer.accepted, accounts=accounts))
        log.info("table %s: rematch started at table %s", table.id, offer.new_table)

    @staticmethod
    def _send_token(conn: Conn, token: str, offer: Offer) -> None:
        """This seat's own new token, on its own connection (only if it is the accepted one)."""
        if conn.seat is None or conn.closed:
            return
        new = next_token(token, offer.new_table)
        if offer.accepted.get(conn.seat) == secret_hash(new):
            conn.send(RematchMessage(table=offer.new_table, token=new).model_dump_json())

    # --- connections -----------------------------------------------------------------------

    async def attached(self, table: LiveTable, conn: Conn, token: str | None) -> None:
        """A connection opened: keep its token while it is open; at a finished table with an
        offer, tell it the offer and, once started, its seat's new token."""
        if conn.seat is not None and token is not None:
            self._tokens[conn] = token
        if table.status != "over":
            return
        try:
            offer = await self.hub.store.run(load_offer, self.hub.store, table.id)
        except SQLAlchemyError:
            log.exception("table %s: the rematch offer could not be read", table.id)
            return
        if offer is None:
            return
        conn.send(self._offer_message(table, offer).model_dump_json())
        if offer.started and token is not None:
            self._send_token(conn, token, offer)

    def detached(self, conn: Conn) -> None:
        self._tokens.pop(conn, None)


def get_rematches(conn: HTTPConnection) -> Rematches:
    """The rematches of finished tables (``app.state.rematches``)."""
    found: Rematches = conn.app.state.rematches
    return found


RematchesDep = Annotated[Rematches, Depends(get_rematches)]


@router.post("/tables/{table_id}/rematch", response_model=RematchResult)
async def rematch(table_id: str, req: RematchRequest, request: Request,
                  rematches: RematchesDep) -> RematchResult:
    """"Play again": the holder of a seat token of this finished table accepts a rematch. The
    same players (same seats, names, bot levels; bots accept at once) get a new table with the
    same game and rules and a new deal once every human has accepted; ``table`` is its id, the
    same for every accepter. Then each connected seat receives on this table's socket
    ``{"type": "rematch", "table": ..., "token": ...}`` holding its own new token. A token that
    holds no seat here: 403; a table that is not over: 409. The new table is created as
    ``POST /api/tables`` creates one, from the address of the last to accept: past that
    address's ``--create-rate`` 429, past its ``--max-open-tables`` 409; the acceptances are
    kept, and asking again creates it."""
    try:
        return await rematches.accept(known_id(table_id), req.token, client_address(request))
    except Refused as e:
        raise refused(e) from e
    except LobbyError as e:
        raise refuse(e) from e

