"""REST: per-player statistics, the King-points leaderboard and the list of finished games."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import TypeAdapter, ValidationError

from ...i18n import _
from ..base.lobby_models import (
    CleanName,
    FinishedSummary,
    GameStats,
    LeaderboardEntry,
    PlayerStats,
    reserved,
)
from ..live.bounds import problems
from ..live.deps import ERRORS, hub_of
from ..store.store import aware
from .account_models import RatingEntry
from .credentials import by_name
from .profile import rated_leaderboard

router = APIRouter(prefix="/api", tags=["players"], responses=ERRORS)
NAME = TypeAdapter(CleanName)


@router.get("/players/{name}", response_model=PlayerStats)
async def player(name: str, request: Request) -> PlayerStats:
    """Statistics of a display name over its finished games: games, wins, average score per
    game and each game's own counters (``stats``: Kings made in King and King points). A
    bot's name (``Bot (basic)``) gives that bot level's statistics; a person's never merge
    into them."""
    try:
        name = NAME.validate_python(name)
    except ValidationError as e:
        raise HTTPException(422, problems(e.errors(include_url=False), whole="name")) from e
    kind: Literal["human", "bot"] = "bot" if reserved(name) else "human"
    hub = hub_of(request)
    if kind == "human":  # an account's statistics, under its name as registered (any case)
        found = await hub.store.run(by_name, hub.store, name)
        name = found.who.name if found is not None else name
    rows = await hub.store.run(hub.store.player, name, kind)
    if not rows:
        raise HTTPException(404, _("no finished game of a player named {name}", name=repr(name)))
    by_game = [GameStats.model_validate(r) for r in rows]
    stats: dict[str, float] = {}
    for g in by_game:
        for counter, total in g.stats.items():
            stats[counter] = stats.get(counter, 0.0) + total
    return PlayerStats(name=name, kind=kind, games=sum(g.games for g in by_game),
                       wins=sum(g.wins for g in by_game), stats=stats, by_game=by_game)


@router.get("/leaderboard", response_model=list[LeaderboardEntry] | list[RatingEntry])
async def leaderboard(request: Request,
                      limit: int = Query(50, ge=1, le=500),
                      game: str | None = Query(None, max_length=32, description=(
                          "a game (one of /api/games): its rating table instead"))
                      ) -> list[LeaderboardEntry] | list[RatingEntry]:
    """Players by the points of the game whose manifest names a points counter: King points
    (per finished King game 1 for every other seat outscored, ½ a tie, plus 1 for every King
    made). Each bot level is one entry of kind ``bot``. Accounts only: guests have no
    statistics.

    With ``game``: that game's rating table instead (see kingscourt.server.store.ratings): accounts
    by rating (the OpenSkill ordinal, mu - 3 sigma) with their rated games and wins, and each
    bot level at its fixed reference rating."""
    if game is not None:
        return await rated_leaderboard(request, game, limit)
    hub = hub_of(request)
    rows = await hub.store.run(hub.store.leaderboard, limit)
    return [LeaderboardEntry.model_validate(r) for r in rows]


@router.get("/finished", response_model=list[FinishedSummary])
async def finished(request: Request, limit: int = Query(20, ge=1, le=200)) -> list[FinishedSummary]:
    """The latest finished games (their records: ``/api/tables/{id}/record``)."""
    hub = hub_of(request)
    rows = await hub.store.run(hub.store.finished, limit)
    return [FinishedSummary(id=g.table_id, game=g.game, finished_at=aware(g.finished_at),
                            scores=g.scores, winners=g.winners, names=names) for g, names in rows]
