"""REST: finished games looked back at — replays version by version, the strong bot's
post-game review of a decision, and the recent games (paged)."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Query, Request, Response
from pydantic import TypeAdapter, ValidationError

from ...engine import load_game
from ...i18n import _, text
from ..base.addresses import client_address
from ..base.lobby_models import CleanName, reserved
from ..live.bounds import cursor_of, position_of, problems
from ..live.deps import ERRORS, ReplaysDep, ReviewsDep, StoreDep, known_id
from ..live.replay import NotReplayable, Replay, Replays
from ..live.replay_models import RecentGame, RecentSeat, ReplaySeat, ReplayStep, ReplayView, Review
from ..live.review import ReviewRefused, in_language
from ..live.tournaments import SEALED
from ..store.tournaments import sealed, sealed_among
from ..text.localize import request_lang
from ..text.words import seat_name

router = APIRouter(prefix="/api", tags=["history"], responses=ERRORS)
NAME = TypeAdapter(CleanName)
#: the recent games of one page unless ``limit`` says otherwise
RECENT_PAGE = 20


@functools.cache
def title_of(game: str) -> str:
    """A stored game's title (its name, for a game this server no longer runs)."""
    try:
        return load_game(game).title
    except ValueError:
        return game


async def replay_of(replays: Replays, table_id: str) -> Replay:
    if await replays.store.run(sealed, replays.store, known_id(table_id)):
        raise HTTPException(409, SEALED)
    try:
        return await replays.get(known_id(table_id))
    except NotReplayable as e:
        raise HTTPException(e.status, e.text) from e


def check_seat(r: Replay, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < r.players:
        raise HTTPException(422, _("seat: this {title} table has seats 0 to {x}, got {seat} (leave "
                                   "seat out: all hands open)",
                                   title=r.game.title, x=r.players - 1, seat=seat))


@router.get("/tables/{table_id}/replay", response_model=ReplayView)
async def table_replay(
        table_id: str, request: Request, replays: ReplaysDep,
        version: int = Query(0, ge=0, le=1_000_000, description=(
            "the actions applied: 0 is the start, `last` the end")),
        seat: int | None = Query(None, ge=0, le=63, description=(
            "whose point of view (the seat's own view); left out: all hands open")),
        steps: bool = Query(True, description="list every action (`steps`); false leaves it out")
) -> ReplayView:
    """A finished game at ``version``: the view of ``seat`` (its own view, as it was then) or,
    without ``seat``, with every hand open; ``steps`` lists every action, who did it and in
    the players' words. A table waiting or being played answers 409 (no peeking at a live
    game), an abandoned one 409 too (it never finished); a version beyond the last or a seat
    the table lacks, 422."""
    r = await replay_of(replays, table_id)
    if version > r.last:
        raise HTTPException(422, _("version: this game has versions 0 to {last} ({last} actions), "
                                   "got {version}",
                                   last=r.last, version=version))
    check_seat(r, seat)
    view = await replays.view(r, version, seat)
    lang = request_lang(request)
    return ReplayView(
        table=r.table_id, game=r.game.name, title=r.game.title, version=version, last=r.last,
        versions=r.last + 1, seat=seat, open=seat is None, view=view,
        seats=[ReplaySeat(seat=s.seat, kind="bot" if s.kind == "bot" else "human", level=s.level,
                          name=text(lang, r.names[s.seat])) for s in r.seats],
        scores=r.scores, winners=r.winners, finished_at=r.finished_at, seeded=r.seeded,
        steps=[ReplayStep(version=x.version, seat=x.seat, action=x.action, actor=x.actor,
                          words=x.words.render(lang), forced=x.forced) for x in r.steps]
        if steps else None)


@router.get("/tables/{table_id}/analysis", response_model=Review,
            responses={429: {"description": "too many reviews asked from this address: wait "
                                            "the Retry-After seconds"},
                       503: {"description": "the bots are busy, or the review ran too long: "
                                            "wait the Retry-After seconds"}})
async def table_analysis(
        table_id: str, request: Request, replays: ReplaysDep, reviews: ReviewsDep,
        version: int = Query(ge=0, le=1_000_000, description=(
            "the version at which the decision was taken (its action moved it to version + 1)")),
        seat: int = Query(ge=0, le=63, description="the seat that decided")) -> Review:
    """The post-game review of one decision of a finished game: the strong bot, given the
    deciding seat's view at that version, values every legal action (best first) and names
    the one it prefers; ``difference`` is the preferred action's value minus the value of the
    move made. 404 where the game's strong bot cannot explain its decisions; 409 before the
    game is over; 422 when ``seat`` did not decide at ``version``. Rate-limited per client
    address (``--analysis-rate``; cached reviews do not count)."""
    r = await replay_of(replays, table_id)
    try:
        reviews.check(r, version, seat)
        view = await replays.view(r, version, seat)
        address = client_address(request)
        review = await reviews.review(r, version, seat, view, address)
        return in_language(r, review, request_lang(request))
    except ReviewRefused as e:
        headers = {"Retry-After": str(e.retry_after)} if e.retry_after is not None else None
        raise HTTPException(e.status, e.text, headers=headers) from e


NEXT_PAGE: dict[str, Any] = {"headers": {
    "Link": {"description": 'the next page: <...?limit=&cursor=...>; rel="next" (absent on '
                            "the last page)", "schema": {"type": "string"}},
    "X-Next-Cursor": {"description": "the cursor of the next page (absent on the last page)",
                      "schema": {"type": "string"}}}}


@router.get("/games/recent", response_model=list[RecentGame], responses={200: NEXT_PAGE})
async def recent_games(
        request: Request, response: Response, store: StoreDep,
        limit: int | None = Query(None, ge=1, le=200, description=(
            f"games per page (default {RECENT_PAGE})")),
        cursor: str | None = Query(None, max_length=200, description=(
            "where the page starts: the X-Next-Cursor of the page before")),
        player: str | None = Query(None, max_length=100, description=(
            "only the games this name played (a bot's name, \"Bot (basic)\", for a bot level)"))
) -> list[RecentGame]:
    """Finished games, the latest first, one page at a time (while more follow, the ``Link``
    (rel="next") and ``X-Next-Cursor`` headers say where the next page starts); each links
    to its replay. Abandoned tables never finished: they are not listed."""
    after = None
    if cursor is not None:
        after = position_of(cursor)
        if after is None:
            raise HTTPException(422, _("cursor: not a cursor of this server (use X-Next-Cursor)"))
    who = None
    if player is not None:
        try:
            name = NAME.validate_python(player)
        except ValidationError as e:
            raise HTTPException(422, problems(e.errors(include_url=False), whole="player")) from e
        who = (name, "bot" if reserved(name) else "human")
    size = limit or RECENT_PAGE
    rows = await store.run(store.recent, size + 1, after, who)
    page = rows[:size]
    # a tournament table whose round is still played is listed once the round is over
    hidden = await store.run(sealed_among, store, [g.table_id for g in page])
    if len(rows) > size:
        nxt = cursor_of(page[-1].finished_at, page[-1].table_id)
        response.headers["X-Next-Cursor"] = nxt
        query = f"limit={size}&cursor={nxt}"
        if player is not None:
            query += f"&player={quote(player)}"
        response.headers["Link"] = f'</api/games/recent?{query}>; rel="next"'
    lang = request_lang(request)
    return [RecentGame(
        id=g.table_id, game=g.game, title=title_of(g.game), finished_at=g.finished_at,
        winners=g.winners, replay=f"/api/tables/{g.table_id}/replay",
        seats=[RecentSeat(seat=seat, kind="bot" if kind == "bot" else "human", level=level,
                          name=text(lang, seat_name(seat, kind, name, level)),
                          score=g.scores[seat] if seat < len(g.scores) else 0)
               for seat, name, kind, level in g.seats]) for g in page if g.table_id not in hidden]
