"""REST: the lobby (games, tables, join, leave) and a finished game's record."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Path, Query, Request, Response, status

from ...engine import GAMES, load_game
from ...i18n import _
from ..accounts.sessions import account_of
from ..base.addresses import client_address
from ..base.lobby_models import (
    CancelRequest,
    CreateTable,
    ErrorDetail,
    GameInfo,
    GameRecord,
    JoinRequest,
    JoinResult,
    LeaveRequest,
    LeaveResult,
    StartRequest,
    StartResult,
    TableCreated,
    TableInfo,
    TakeRequest,
    TakeResult,
)
from ..base.wire import MAX_SEATS
from ..live.bounds import Refused, cursor_of, position_of
from ..live.creation import create_guarded, refused
from ..live.deps import ERRORS, GuardDep, HubDep, LobbyFeedDep, known_id, refuse
from ..live.finished import rematch_of
from ..live.hub import LobbyError
from ..live.tournaments import SEALED
from ..store.tournaments import sealed
from ..text.localize import request_lang
from .catalogue import game_info
from .links import TABLE_LINKS
from .rematch import RematchesDep

router = APIRouter(prefix="/api", tags=["lobby"], responses=ERRORS)
NEXT_PAGE = {"headers": {
    "Link": {"description": 'the next page: <...?limit=&cursor=...>; rel="next" (absent on '
                            "the last page)", "schema": {"type": "string"}},
    "X-Next-Cursor": {"description": "the cursor of the next page (absent on the last page)",
                      "schema": {"type": "string"}}}}


@router.get("/games", response_model=list[GameInfo])
async def games(request: Request) -> list[GameInfo]:
    """The games this server runs: their table rules (each value with its label), bot levels,
    card sets and contracts; labels, help and card texts in the language of
    ``Accept-Language`` (en, de, tr, pl)."""
    lang = request_lang(request)
    out = []
    for name in GAMES:
        try:
            game = load_game(name)
        except ValueError:
            continue
        out.append(game_info(game, lang))
    return out


@router.post("/tables", response_model=TableCreated, status_code=status.HTTP_201_CREATED,
             responses={201: {"links": TABLE_LINKS},
                        429: {"model": ErrorDetail, "description": "too many tables created "
                              "from this address: wait the Retry-After seconds"}})
async def create_table(req: CreateTable, request: Request, hub: HubDep,
                       guard: GuardDep, feed: LobbyFeedDep) -> TableCreated:
    """Create a table. The answer holds the secret token of every human seat named here (it
    acts: keep yours) and the invitation of every other seat that is not open (hand it to the
    person you invite: joining with it gives them a token of their own). One client address may
    create tables at the server's ``--create-rate`` (429 with ``Retry-After`` beyond it) and hold
    at most ``--max-open-tables`` open tables (409 beyond it). A logged-in creator (the
    session cookie) plays the first named human seat under the account's name; every other
    named seat is a guest's, and a guest may not take an account's name (409)."""
    address = client_address(request)

    async def create() -> TableCreated:
        return await hub.create(req, await account_of(request))

    try:
        made = await create_guarded(guard, address, create)
    except Refused as e:
        raise refused(e) from e
    except LobbyError as e:
        raise refuse(e) from e
    feed.nudge(["tables", "friends"], [made.id])
    return made


@router.get("/tables", response_model=list[TableInfo], responses={200: NEXT_PAGE})
async def open_tables(hub: HubDep, response: Response,
                      limit: int | None = Query(None, ge=1, le=500, description=(
                          "tables per page (default: the server's --tables-page, 50)")),
                      cursor: str | None = Query(None, max_length=200, description=(
                          "where the page starts: the X-Next-Cursor of the page before"))
                      ) -> list[TableInfo]:
    """Open tables (being played), oldest first, one page at a time: while more follow, the
    ``Link`` (rel="next") and ``X-Next-Cursor`` headers say where the next page starts."""
    after = None
    if cursor is not None:
        after = position_of(cursor)
        if after is None:
            raise HTTPException(422, _("cursor: not a cursor of this server (use X-Next-Cursor)"))
    size = limit or hub.config.tables_page
    tables = sorted((t for t in hub.tables.values() if not t.over),
                    key=lambda t: (t.data.created_at, t.id))
    if after is not None:
        tables = [t for t in tables if (t.data.created_at, t.id) > after]
    page = tables[:size]
    if len(tables) > size:
        nxt = cursor_of(page[-1].data.created_at, page[-1].id)
        response.headers["X-Next-Cursor"] = nxt
        response.headers["Link"] = f'</api/tables?limit={size}&cursor={nxt}>; rel="next"'
    return [hub.info(t) for t in page]


@router.get("/tables/{table_id}", response_model=TableInfo)
async def table_info(table_id: str, hub: HubDep, rematches: RematchesDep) -> TableInfo:
    """Public information about a table, open, finished or abandoned."""
    if known_id(table_id) not in hub.tables:  # a finished table: as stored, never replayed
        info = await hub.finished.info(table_id)
        if info is not None and await hub.store.run(sealed, hub.store, table_id):
            info.scores = info.winners = None  # a tournament round still played: see SEALED
        if info is not None:
            info.rematch = await hub.store.run(rematch_of, hub.store, table_id)
            return info
    table = await hub.get(table_id)
    if table is None:
        raise HTTPException(404, _("no table {table}", table=repr(table_id)))
    info = hub.info(table)
    if table.over and await hub.store.run(sealed, hub.store, table.id):
        info.scores = info.winners = None  # a tournament round still played: see SEALED
    info.rematch = await rematches.link(table)
    hub.release(table)
    return info


@router.post("/tables/{table_id}/join", response_model=JoinResult)
async def join(table_id: str, req: JoinRequest, request: Request, hub: HubDep,
               feed: LobbyFeedDep) -> JoinResult:
    """Take a free human seat with its invitation and a display name; the answer holds a new
    token, the seat's only credential (the invitation never acts). Logged in, you take it
    under your account's name; a guest may not take an account's name (409)."""
    try:
        done = await hub.join(known_id(table_id), req.invite, req.name,
                              await account_of(request))
    except LobbyError as e:
        raise refuse(e) from e
    feed.nudge(["tables", "invitations", "friends"], [table_id])
    return done


@router.post("/tables/{table_id}/seats/{seat}", response_model=TakeResult)
async def take_seat(table_id: str, req: TakeRequest, request: Request, hub: HubDep,
                    feed: LobbyFeedDep,
                    seat: int = Path(ge=0, lt=MAX_SEATS, description="the seat (0-based)")
                    ) -> TakeResult:
    """Take an open seat from the lobby (one created with ``"open": true``); the answer holds
    the seat's token, to play with and to come back with. Logged in, you take it under your
    account's name; a guest may not take an account's name (409)."""
    try:
        done = await hub.take(known_id(table_id), seat, req.name, await account_of(request))
    except LobbyError as e:
        raise refuse(e) from e
    feed.nudge(["tables", "invitations", "friends"], [table_id])
    return done


@router.post("/tables/{table_id}/leave", response_model=LeaveResult)
async def leave(table_id: str, req: LeaveRequest, hub: HubDep,
                feed: LobbyFeedDep) -> LeaveResult:
    """Give the seat up: its token is revoked (its sockets are closed, 4401) and the seat is
    free again for whoever holds its invitation (an open seat: for anyone). A seeded table's
    seat has neither: it stays closed (``free``: false)."""
    try:
        done = await hub.leave(known_id(table_id), req.token)
    except LobbyError as e:
        raise refuse(e) from e
    feed.nudge(["tables", "invitations", "friends"], [table_id])
    return done


@router.post("/tables/{table_id}/start", response_model=StartResult)
async def start(table_id: str, req: StartRequest, hub: HubDep,
                feed: LobbyFeedDep) -> StartResult:
    """The host (the first human seat named at creation) starts a waiting table now: every
    free seat is taken by a bot of level ``fill``. Another seat's token: 403; a table that is
    not waiting (playing, over, abandoned): 409."""
    try:
        done = await hub.start_table(known_id(table_id), req.token, req.fill)
    except LobbyError as e:
        raise refuse(e) from e
    feed.nudge(["tables", "invitations", "friends"], [table_id])
    return done


@router.post("/tables/{table_id}/cancel", response_model=StartResult)
async def cancel(table_id: str, req: CancelRequest, hub: HubDep,
                 feed: LobbyFeedDep) -> StartResult:
    """The host closes a waiting table: its status becomes ``abandoned``, everyone connected
    gets that state and their sockets close (4410). Another token: 403; not waiting: 409."""
    try:
        done = await hub.cancel_table(known_id(table_id), req.token)
    except LobbyError as e:
        raise refuse(e) from e
    feed.nudge(["tables", "invitations", "friends"], [table_id])
    return done


@router.get("/tables/{table_id}/record", response_model=GameRecord)
async def record(table_id: str, hub: HubDep) -> GameRecord:
    """A finished game's full record (JSON; ``kingscourt replay FILE`` replays it). The record
    holds the seed and so every hidden card: it is published only once the game is over."""
    if await hub.store.run(sealed, hub.store, known_id(table_id)):
        raise HTTPException(409, SEALED)
    found = await hub.store.run(hub.store.record, known_id(table_id))
    if found is None:
        raise HTTPException(404, _("no table {table}", table=repr(table_id)))
    state, rec = found
    if rec is None:
        raise HTTPException(409, _("table {table_id} is {state}: its record is published when the "
                                   "game is over",
                                   table_id=repr(table_id), state=state))
    return GameRecord.model_validate(rec)
