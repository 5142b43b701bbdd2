"""REST: per-player statistics, the King-points leaderboard and the list of finished games."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Query, Request

from .lobby import ERRORS, hub_of
from .lobby_models import FinishedSummary, GameStats, LeaderboardEntry, PlayerStats

router = APIRouter(prefix="/api", tags=["players"])


@router.get("/players/{name}", response_model=PlayerStats, responses=ERRORS)
async def player(name: str, request: Request) -> PlayerStats:
    """Statistics of a display name over its finished games: games, wins, average score per
    game, Kings made in King and King points."""
    hub = hub_of(request)
    rows = await hub.store.run(hub.store.player, name)
    if not rows:
        raise HTTPException(404, f"no finished game of a player named {name!r}")
    by_game = [GameStats.model_validate(r) for r in rows]
    return PlayerStats(name=name, games=sum(g.games for g in by_game),
                       wins=sum(g.wins for g in by_game), kings=sum(g.kings for g in by_game),
                       king_points=sum(g.king_points for g in by_game), by_game=by_game)


@router.get("/leaderboard", response_model=list[LeaderboardEntry])
async def leaderboard(request: Request,
                      limit: int = Query(50, ge=1, le=500)) -> list[LeaderboardEntry]:
    """Players by King points (see kingscourt.games.king.ranking): per finished King game 1 for
    every other seat outscored (½ a tie) plus 1 for every King made."""
    hub = hub_of(request)
    rows = await hub.store.run(hub.store.leaderboard, limit)
    return [LeaderboardEntry.model_validate(r) for r in rows]


@router.get("/finished", response_model=list[FinishedSummary])
async def finished(request: Request, limit: int = Query(20, ge=1, le=200)) -> list[FinishedSummary]:
    """The latest finished games (their records: ``/api/tables/{id}/record``)."""
    hub = hub_of(request)
    rows = await hub.store.run(hub.store.finished, limit)
    return [FinishedSummary(id=g.table_id, game=g.game, finished_at=g.finished_at, scores=g.scores,
                            winners=g.winners, names=names) for g, names in rows]
