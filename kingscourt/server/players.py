"""REST: per-player statistics, the King-points leaderboard and the list of finished games."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import TypeAdapter, ValidationError

from .bounds import problems
from .lobby import ERRORS, hub_of
from .lobby_models import (
    CleanName,
    FinishedSummary,
    GameStats,
    LeaderboardEntry,
    PlayerStats,
    reserved,
)
from .store import aware

router = APIRouter(prefix="/api", tags=["players"], responses=ERRORS)
NAME = TypeAdapter(CleanName)


@router.get("/players/{name}", response_model=PlayerStats)
async def player(name: str, request: Request) -> PlayerStats:
    """Statistics of a display name over its finished games: games, wins, average score per
    game, Kings made in King and King points. A bot's name (``Bot (basic)``) gives that bot
    level's statistics; a person's never merge into them."""
    try:
        name = NAME.validate_python(name)
    except ValidationError as e:
        raise HTTPException(422, problems(e.errors(include_url=False), whole="name")) from e
    kind: Literal["human", "bot"] = "bot" if reserved(name) else "human"
    hub = hub_of(request)
    rows = await hub.store.run(hub.store.player, name, kind)
    if not rows:
        raise HTTPException(404, f"no finished game of a player named {name!r}")
    by_game = [GameStats.model_validate(r) for r in rows]
    return PlayerStats(name=name, kind=kind, games=sum(g.games for g in by_game),
                       wins=sum(g.wins for g in by_game), kings=sum(g.kings for g in by_game),
                       king_points=sum(g.king_points for g in by_game), by_game=by_game)


@router.get("/leaderboard", response_model=list[LeaderboardEntry])
async def leaderboard(request: Request,
                      limit: int = Query(50, ge=1, le=500)) -> list[LeaderboardEntry]:
    """Players by King points (see kingscourt.games.king.ranking): per finished King game 1 for
    every other seat outscored (½ a tie) plus 1 for every King made. Each bot level is one
    entry of kind ``bot``."""
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
