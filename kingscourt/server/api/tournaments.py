"""REST: tournaments (duplicate and Swiss) — create one, list those still entering (the
lobby's), enter one through its link, read its entrants, tables, rounds and standings, find
one's table, and compare a duplicate deal across the tables once it may be seen
(:mod:`kingscourt.server.live.tournaments` runs them).

The router brings its own service: its lifespan (nested in the app's, after the hub has
started) builds the runner, resumes the unfinished tournaments and keeps it in
``app.state.tournaments``.
"""

from __future__ import annotations

import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Path, Query, Request, status
from limits import parse
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from ...engine import GAMES
from ...engine.registry import spec
from ...i18n import _
from ..accounts.sessions import account_of
from ..base.addresses import client_address
from ..base.limiting import Limiter
from ..base.lobby_models import TURN_MAX, ErrorDetail, Name, RuleName, RuleValue
from ..live.deps import ERRORS, refuse
from ..live.hub import LobbyError
from ..live.tournaments import FORMATS, MAX_ENTRANTS, MAX_ROUNDS, NewTournament, Tournaments
from ..store import tournament_list

#: entries one client address may try (a tournament's creation counts at the server's
#: ``--create-rate``, as a table's does: it opens tables)
JOIN_RATE = parse("60/minute")
#: reads of the lobby's list one client address may make (a lobby reads it every few
#: seconds, and an address may hold several lobbies)
LIST_RATE = parse("120/minute")
#: the most tournaments one list holds, and how long an answer is reused (the list is read
#: by every open lobby)
LIST_MOST = 100
LIST_FRESH_S = 1.0
TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {"model": ErrorDetail, "description": "too many from this address: wait the Retry-After seconds"}
}
#: how far ahead a start time may lie
MAX_AHEAD = timedelta(days=30)
TOKEN = Query(min_length=1, max_length=64, description="your entrant token (the join answer's)")


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    runner = app.state.tournaments = Tournaments(app.state.hub)
    app.state.tournament_limits = Limiter(app.state.hub.config.redis_url)
    await runner.start()
    try:
        yield
    finally:
        await runner.stop()


def get_tournaments(conn: HTTPConnection) -> Tournaments:
    runner: Tournaments = conn.app.state.tournaments
    return runner


TournamentsDep = Annotated[Tournaments, Depends(get_tournaments)]
router = APIRouter(prefix="/api", tags=["tournaments"], responses=ERRORS, lifespan=lifespan)


class CreateTournament(BaseModel):
    """A tournament: ``duplicate`` (every table of a round plays the same deals; a game that
    offers it) or ``swiss`` (rounds paired by standing)."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=32, json_schema_extra={"enum": list(GAMES)})
    rules: dict[RuleName, RuleValue] = Field(default_factory=dict, max_length=32)
    format: Literal["duplicate", "swiss"]
    players: int = Field(ge=2, le=MAX_ENTRANTS, description="entrants it takes")
    rounds: int | None = Field(
        default=None, ge=1, le=MAX_ROUNDS, description="rounds (default: 1 duplicate, 3 Swiss)"
    )
    seats: int | None = Field(
        default=None, ge=2, le=6, description="seats a table (Swiss; default: the game's usual number)"
    )
    start: Literal["when-full"] | AwareDatetime = Field(
        default="when-full",
        description='"when-full", or a time: it starts then with '
        "whoever entered, bots filling the empty seats",
    )
    turn_seconds: float | None = Field(default=None, gt=0, le=TURN_MAX)
    round_seconds: float | None = Field(
        default=None,
        gt=0,
        le=7 * 86400,
        description="the seconds a round may last: past them the tables still played are stopped, "
        "their deals so far counted (default: no limit)",
    )
    bot_level: str = Field(
        default="basic", max_length=16, description="the level of the bots that fill empty seats"
    )
    open: bool = Field(
        default=False,
        description="open to anyone: the lobby's list carries its invitation (else only its link enters)",
    )


class TournamentCreated(BaseModel):
    id: str
    invite: str = Field(description="the tournament's invitation: entering needs it (share the link)")
    link: str


class ListedTournament(BaseModel):
    """A tournament still entering with a place left, as the lobby lists it."""

    id: str
    game: str
    title: str
    rules: dict[str, Any]
    format: str
    players: int = Field(description="the entrants it takes")
    entrants: int = Field(description="the entrants so far")
    seats: int
    rounds: int
    turn_seconds: float | None
    bot_level: str
    start_at: datetime | None = Field(description="when it starts (None: when full)")
    created_at: datetime
    invite: str | None = Field(description="its invitation, if the host opened it to anyone (else None)")
    link: str | None = Field(description="the page that enters it (with the invitation), if open to anyone")


class JoinTournament(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=64)
    name: Name


class Entered(BaseModel):
    entrant: int
    name: str
    token: str = Field(description="your secret token: it is also your seat's token at each of your tables")
    me: str


async def _limited(request: Request, rate: Any, what: str) -> None:
    limiter: Limiter = request.app.state.tournament_limits
    address = client_address(request)
    if not await limiter.hit(rate, "tournaments", what, address):
        reset = (await limiter.get_window_stats(rate, "tournaments", what, address)).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise HTTPException(
            429,
            _(
                "too many requests from your address (at most {rate}): try again in {wait} s",
                rate=str(rate),
                wait=wait,
            ),
            headers={"Retry-After": str(wait)},
        )


@router.post(
    "/tournaments", response_model=TournamentCreated, status_code=status.HTTP_201_CREATED, responses=TOO_MANY
)
async def create_tournament(
    req: CreateTournament, request: Request, runner: TournamentsDep
) -> TournamentCreated:
    """Set up a tournament; the answer holds its invitation, which the link carries. It
    starts when full (``start``: ``"when-full"``) or at the time given, with bots of
    ``bot_level`` in the seats nobody took."""
    await _limited(request, parse(request.app.state.hub.config.create_rate), "create")
    start_at: datetime | None = None
    if req.start != "when-full":
        assert isinstance(req.start, datetime)
        start_at = req.start.astimezone(UTC)
        if start_at > datetime.now(UTC) + MAX_AHEAD:
            raise HTTPException(422, _("start: at most {n} days ahead", n=MAX_AHEAD.days))
    rounds = req.rounds if req.rounds is not None else (1 if req.format == "duplicate" else 3)
    assert req.format in FORMATS
    try:
        t, invite = await runner.create(
            NewTournament(
                game=req.game,
                rules=dict(req.rules),
                format=req.format,
                players=req.players,
                rounds=rounds,
                seats=req.seats,
                turn_seconds=req.turn_seconds,
                bot_level=req.bot_level,
                start_at=start_at,
                round_seconds=req.round_seconds,
            )
        )
    except LobbyError as e:
        raise refuse(e) from e
    if req.open:
        await runner.store.run(tournament_list.open_to_all, runner.store, t.id, invite)
    request.app.state.tournament_list = {}  # this process's lobbies see it at once
    return TournamentCreated(id=t.id, invite=invite, link=f"/#/tournament/{t.id}/{invite}")


def _listed(r: tournament_list.Listed) -> ListedTournament:
    t = r.tournament
    return ListedTournament(
        id=t.id,
        game=t.game,
        title=spec(t.game).title if t.game in GAMES else t.game,
        rules=t.rules,
        format=t.format,
        players=t.players,
        entrants=r.entrants,
        seats=t.seats,
        rounds=t.rounds,
        turn_seconds=t.turn_seconds,
        bot_level=t.bot_level,
        start_at=t.start_at,
        created_at=t.created_at,
        invite=r.invite,
        link=f"/#/tournament/{t.id}/{r.invite}" if r.invite else None,
    )


@router.get("/tournaments", response_model=list[ListedTournament], responses=TOO_MANY)
async def listed(
    request: Request,
    runner: TournamentsDep,
    limit: int = Query(30, ge=1, le=LIST_MOST, description="the most to list"),
) -> list[ListedTournament]:
    """The tournaments still entering with a place left, the newest first: every one, as the
    lobby lists every open table; those its host opened to anyone carry their invitation (the
    others are entered through the link the host shares). Read from the database, so that one
    created through another process is listed too."""
    await _limited(request, LIST_RATE, "list")
    cache: dict[int, tuple[float, list[ListedTournament]]] = getattr(request.app.state, "tournament_list", {})
    request.app.state.tournament_list = cache
    hit = cache.get(limit)
    if hit is not None and time.monotonic() - hit[0] < LIST_FRESH_S:
        return hit[1]
    rows = await runner.store.run(tournament_list.entering, runner.store, limit)
    answer = [_listed(r) for r in rows]
    cache[limit] = (time.monotonic(), answer)
    return answer


@router.get("/tournaments/{tournament_id}", response_model=dict[str, Any])
async def tournament(runner: TournamentsDep, tournament_id: str = Path(max_length=32)) -> dict[str, Any]:
    """Its entrants, rounds and tables, and the standings (a duplicate round's standings
    count only the deals every table of the round has finished)."""
    t = await runner.get(tournament_id)
    if t is None:
        raise HTTPException(404, _("no tournament {x}", x=repr(tournament_id)))
    return runner.info(t)


@router.post("/tournaments/{tournament_id}/entrants", response_model=Entered, responses=TOO_MANY)
async def enter(
    req: JoinTournament, request: Request, runner: TournamentsDep, tournament_id: str = Path(max_length=32)
) -> Entered:
    """Enter with the tournament's invitation. Logged in, you enter under your account's
    name; a guest may not take an account's name (409). Full or begun: 409."""
    await _limited(request, JOIN_RATE, "join")
    try:
        entrant, token = await runner.join(tournament_id, req.invite, req.name, await account_of(request))
    except LobbyError as e:
        raise refuse(e) from e
    return Entered(
        entrant=entrant.entrant, name=entrant.name, token=token, me=f"/api/tournaments/{tournament_id}/me"
    )


@router.get("/tournaments/{tournament_id}/me", response_model=dict[str, Any])
async def me(
    runner: TournamentsDep, tournament_id: str = Path(max_length=32), token: str = TOKEN
) -> dict[str, Any]:
    """Your table now: its id, your seat and its WebSocket (your token is the seat's)."""
    t = await runner.get(tournament_id)
    if t is None:
        raise HTTPException(404, _("no tournament {x}", x=repr(tournament_id)))
    try:
        return runner.me(t, token)
    except LobbyError as e:
        raise refuse(e) from e


@router.get("/tournaments/{tournament_id}/deals/{deal}", response_model=dict[str, Any])
async def compare_deal(
    runner: TournamentsDep,
    tournament_id: str = Path(max_length=32),
    deal: int = Path(ge=1, le=100),
    token: str = TOKEN,
    round_no: int | None = Query(None, alias="round", ge=1, le=MAX_ROUNDS),
) -> dict[str, Any]:
    """What every table of your round did with deal ``deal`` (the contract or choice, each
    seat's points, the replay's address) beside your own: only once your own table and every
    other table have finished that deal (409 before, saying which)."""
    t = await runner.get(tournament_id)
    if t is None:
        raise HTTPException(404, _("no tournament {x}", x=repr(tournament_id)))
    try:
        return runner.comparison(t, deal, token, round_no)
    except LobbyError as e:
        raise refuse(e) from e
