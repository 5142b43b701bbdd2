"""REST: the lobby (games, tables, join, leave) and a finished game's record."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, status

from .. import bots
from ..engine import GAMES, describe, load_game
from .hub import Hub, LobbyError
from .lobby_models import (
    CardInfo,
    CreateTable,
    ErrorDetail,
    GameInfo,
    GameRecord,
    JoinRequest,
    JoinResult,
    LeaveRequest,
    LeaveResult,
    TableCreated,
    TableInfo,
    TakeRequest,
    TakeResult,
)
from .wire import WireDoc

router = APIRouter(prefix="/api", tags=["lobby"])
ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorDetail}, 404: {"model": ErrorDetail}, 409: {"model": ErrorDetail},
    422: {"model": ErrorDetail}}


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def refuse(e: LobbyError) -> HTTPException:
    return HTTPException(status_code=e.status, detail=str(e))


@router.get("/games", response_model=list[GameInfo])
async def games() -> list[GameInfo]:
    """The games this server runs, with their table rules and bot levels."""
    out = []
    for name in GAMES:
        try:
            game = load_game(name)
        except ValueError:
            continue
        levels = [lv for lv in bots.LEVELS if (name, lv) in bots.BOTS]
        card_set = getattr(game, "cards", None)
        cards = [CardInfo(name=t.name, kind=t.kind.value, prestige=t.prestige, text=t.text)
                 for t in card_set.types] if card_set is not None else []
        out.append(GameInfo(name=name, title=game.title, min_players=game.min_players,
                            max_players=game.max_players, rules=describe(type(game.rules)),
                            levels=levels, cards=cards))
    return out


@router.post("/tables", response_model=TableCreated, status_code=status.HTTP_201_CREATED,
             responses=ERRORS)
async def create_table(req: CreateTable, request: Request) -> TableCreated:
    """Create a table. The answer holds the secret token of every human seat named here (it
    acts: keep yours) and the invitation of every other seat that is not open (hand it to the
    person you invite: joining with it gives them a token of their own)."""
    try:
        return await hub_of(request).create(req)
    except LobbyError as e:
        raise refuse(e) from e


@router.get("/tables", response_model=list[TableInfo])
async def open_tables(request: Request) -> list[TableInfo]:
    """Open tables (being played), oldest first."""
    return hub_of(request).open_tables()


@router.get("/tables/{table_id}", response_model=TableInfo, responses=ERRORS)
async def table_info(table_id: str, request: Request) -> TableInfo:
    """Public information about a table, open or finished."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    if table is None:
        raise HTTPException(404, f"no table {table_id!r}")
    info = hub.info(table)
    hub.release(table)
    return info


@router.post("/tables/{table_id}/join", response_model=JoinResult, responses=ERRORS)
async def join(table_id: str, req: JoinRequest, request: Request) -> JoinResult:
    """Take a free human seat with its invitation and a display name; the answer holds a new
    token, the seat's only credential (the invitation never acts)."""
    try:
        return await hub_of(request).join(table_id, req.invite, req.name)
    except LobbyError as e:
        raise refuse(e) from e


@router.post("/tables/{table_id}/seats/{seat}", response_model=TakeResult, responses=ERRORS)
async def take_seat(table_id: str, seat: int, req: TakeRequest, request: Request) -> TakeResult:
    """Take an open seat from the lobby (one created with ``"open": true``); the answer holds
    the seat's token, to play with and to come back with."""
    try:
        return await hub_of(request).take(table_id, seat, req.name)
    except LobbyError as e:
        raise refuse(e) from e


@router.post("/tables/{table_id}/leave", response_model=LeaveResult, responses=ERRORS)
async def leave(table_id: str, req: LeaveRequest, request: Request) -> LeaveResult:
    """Give the seat up: its token is revoked (its sockets are closed, 4401) and the seat is
    free again for whoever holds its invitation (an open seat: for anyone)."""
    try:
        return await hub_of(request).leave(table_id, req.token)
    except LobbyError as e:
        raise refuse(e) from e


@router.get("/tables/{table_id}/record", response_model=GameRecord, responses=ERRORS)
async def record(table_id: str, request: Request) -> GameRecord:
    """A finished game's full record (JSON; ``kingscourt replay FILE`` replays it). The record
    holds the seed and so every hidden card: it is published only once the game is over."""
    hub = hub_of(request)
    found = await hub.store.run(hub.store.record, table_id)
    if found is None:
        raise HTTPException(404, f"no table {table_id!r}")
    state, rec = found
    if rec is None:
        raise HTTPException(409, f"table {table_id!r} is {state}: its record is published "
                                 "when the game is over")
    return GameRecord.model_validate(rec)


@router.get("/wire", response_model=WireDoc, tags=["wire"])
async def wire() -> WireDoc:
    """The WebSocket protocol of ``/ws/tables/{id}?token=T`` (no token: spectator), one example
    of each message. Client → server: ``act``. Server → client: ``state`` after every change
    (the receiving seat's own view), ``error`` with a stable code when an action is refused."""
    return WireDoc.model_validate({
        "act": {"type": "act", "action": "play QS", "version": 12},
        "state": {"type": "state", "version": 13, "seat": 0, "view": {"legal": []},
                  "seats": [], "deadlines": []},
        "error": {"type": "error", "code": "illegal-action", "rule": "follow-suit",
                  "message": "You hold a heart: you must follow suit.", "version": 12}})
