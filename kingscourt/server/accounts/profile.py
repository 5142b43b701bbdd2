"""REST: an account's profile (``GET /api/profiles/{name}``) and the rating tables
(``GET /api/leaderboard?game=...``).

A profile is public, as finished games and leaderboards are: the rating per game with its
history (the rating after each rated game), the latest finished games (each with its replay's
address in the browser, ``#/replay/{table}``), and King statistics: Kings made and, for every
contract the player chose, how often and the chooser's average points in those deals.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import and_, func, select

from ...engine import GAMES
from ...games.king.contracts import CONTRACTS
from ...i18n import _
from ..base.lobby_models import CleanName
from ..live.bounds import problems
from ..live.deps import hub_of
from ..store.orm import Account, FinishedGame, KingChoice, PlayerResult, Rating, RatingChange
from ..store.ratings import leaderboard, ordinal
from ..store.store import Store, aware
from .account_models import (
    ContractStats,
    GameRating,
    KingStats,
    Profile,
    RatingEntry,
    RatingPoint,
    RecentGame,
    name_key,
)
from .credentials import AUTH_ERRORS

#: finished games a profile lists, and rating points per game it draws
RECENT = 20
HISTORY = 500
#: King's contracts in the rulebook's order
CONTRACT_ORDER = {info.id: i for i, (_, info) in enumerate(sorted(CONTRACTS.items()))}
NAME = TypeAdapter(CleanName)

router = APIRouter(prefix="/api", tags=["players"], responses=AUTH_ERRORS)


def load(store: Store, name: str) -> Profile | None:
    with store.sessions() as s:
        acc = s.scalars(select(Account).where(Account.name_key == name_key(name))).first()
        if acc is None:
            return None
        ratings = []
        for r in s.scalars(select(Rating).where(Rating.account_id == acc.id, Rating.games > 0)
                           .order_by(Rating.game)).all():
            points = s.scalars(select(RatingChange)
                               .where(RatingChange.account_id == acc.id, RatingChange.game == r.game)
                               .order_by(RatingChange.at.desc()).limit(HISTORY)).all()
            ratings.append(GameRating(
                game=r.game, rating=ordinal(r.mu, r.sigma), mu=r.mu, sigma=r.sigma, games=r.games,
                wins=r.wins, history=[RatingPoint(table=p.table_id, at=aware(p.at),
                                                  rating=ordinal(p.mu, p.sigma), mu=p.mu,
                                                  sigma=p.sigma) for p in reversed(points)]))
        recent = [RecentGame(table=t, game=g, finished_at=aware(at), seat=seat, score=score, won=won,
                             replay=f"#/replay/{t}")
                  for t, g, seat, score, won, at in s.execute(
                      select(PlayerResult.table_id, PlayerResult.game, PlayerResult.seat,
                             PlayerResult.score, PlayerResult.won, FinishedGame.finished_at)
                      .join(FinishedGame, FinishedGame.table_id == PlayerResult.table_id)
                      .where(PlayerResult.account_id == acc.id)
                      .order_by(FinishedGame.finished_at.desc()).limit(RECENT)).all()]
        games, kings = s.execute(select(func.count(), func.sum(PlayerResult.kings))
                                 .where(PlayerResult.account_id == acc.id,
                                        PlayerResult.game == "king")).one()
        chosen = s.execute(
            select(KingChoice.contract, func.count(), func.avg(KingChoice.points))
            .join(PlayerResult, and_(PlayerResult.table_id == KingChoice.table_id,
                                     PlayerResult.seat == KingChoice.seat))
            .where(PlayerResult.account_id == acc.id, PlayerResult.game == "king")
            .group_by(KingChoice.contract)).all()
        contracts = sorted((ContractStats(contract=c, chosen=n, average=float(avg or 0))
                            for c, n, avg in chosen),
                           key=lambda c: CONTRACT_ORDER.get(c.contract, len(CONTRACT_ORDER)))
        return Profile(name=acc.name, created_at=aware(acc.created_at), ratings=ratings,
                       recent=recent, king=KingStats(games=games, kings=int(kings or 0),
                                                     contracts=contracts))


@router.get("/profiles/{name}", response_model=Profile)
async def profile(name: str, request: Request) -> Profile:
    """An account's profile: its rating in each game it played rated (with the rating after
    every rated game), its latest finished games (``replay``: the browser's replay of each)
    and its King statistics (Kings made, each contract chosen: how often, the average points).
    404 for a name that is no account (guests have no profile)."""
    try:
        name = NAME.validate_python(name)
    except ValidationError as e:
        raise HTTPException(422, problems(e.errors(include_url=False), whole="name")) from e
    hub = hub_of(request)
    found = await hub.store.run(load, hub.store, name)
    if found is None:
        raise HTTPException(404, _("no account named {name}", name=repr(name)))
    return found


async def rated_leaderboard(request: Request, game: str, limit: int) -> list[RatingEntry]:
    """``GET /api/leaderboard?game=...``: see :func:`.ratings.leaderboard`."""
    if game not in GAMES:
        raise HTTPException(422, _("game: unknown game {x} (known: {x2})",
                                   x=repr(game[:32]), x2=', '.join(GAMES)))
    hub = hub_of(request)
    rows: list[dict[str, Any]] = await hub.store.run(leaderboard, hub.store, game, limit)
    return [RatingEntry.model_validate(r) for r in rows]
