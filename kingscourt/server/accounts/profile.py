"""REST: an account's profile (``GET /api/profiles/{name}``) and the rating tables
(``GET /api/leaderboard?game=...``).

A profile is public, as finished games and leaderboards are: the rating per game with its
history (the rating after each rated game), the latest finished games (each with its replay's
address in the browser, ``#/replay/{table}``), and the statistics of the game that keeps
per-deal choices (its manifest's ``statistics``; King's): its games, Kings made and, for every
contract the player chose, how often and the chooser's average points in those deals.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from ...engine import GAMES
from ...i18n import _
from ..base.lobby_models import CleanName
from ..live.bounds import problems
from ..live.deps import hub_of
from ..store import statistics
from ..store.orm import Account, DealChoice, FinishedGame, PlayerResult, Rating, RatingChange
from ..store.ratings import leaderboard, ordinal
from ..store.sealing import sealed_tables
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
                               .where(RatingChange.account_id == acc.id, RatingChange.game == r.game,
                                      RatingChange.table_id.not_in(sealed_tables()))
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
                      .where(PlayerResult.account_id == acc.id,
                             PlayerResult.table_id.not_in(sealed_tables()))
                      .order_by(FinishedGame.finished_at.desc()).limit(RECENT)).all()]
        return Profile(name=acc.name, created_at=aware(acc.created_at), ratings=ratings,
                       recent=recent, king=_choices(s, acc.id))


def _choices(s: Session, account_id: int) -> KingStats:
    """The statistics of the game that keeps per-deal choices (King's contracts): its games,
    its counters and each choice the account made, how often and its average points."""
    games = statistics.choosing_games()
    if not games:
        return KingStats(games=0, kings=0, contracts=[])
    game = games[0]
    names = statistics.counters(game)
    played, *totals = s.execute(select(func.count(), *statistics.sums(names)).where(
        PlayerResult.account_id == account_id, PlayerResult.game == game,
        PlayerResult.table_id.not_in(sealed_tables()))).one()
    stats = {c: float(t or 0) for c, t in zip(names, totals, strict=True)}
    chosen = s.execute(
        select(DealChoice.choice, func.count(), func.avg(DealChoice.points))
        .join(PlayerResult, and_(PlayerResult.table_id == DealChoice.table_id,
                                 PlayerResult.seat == DealChoice.seat))
        .where(PlayerResult.account_id == account_id, PlayerResult.game == game,
               PlayerResult.table_id.not_in(sealed_tables()))
        .group_by(DealChoice.choice)).all()
    order = {c: i for i, c in enumerate(statistics.choice_order(game))}
    contracts = sorted((ContractStats(contract=c, chosen=n, average=float(avg or 0))
                        for c, n, avg in chosen), key=lambda c: order.get(c.contract, len(order)))
    return KingStats(games=played, kings=int(stats.get("kings", 0)), contracts=contracts,
                     game=game, stats=stats)


@router.get("/profiles/{name}", response_model=Profile)
async def profile(name: str, request: Request) -> Profile:
    """An account's profile: its rating in each game it played rated (with the rating after
    every rated game), its latest finished games (``replay``: the browser's replay of each)
    and its King statistics (``king``: Kings made, each contract chosen: how often, the average
    points).
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
