"""Ratings per game with OpenSkill (Weng–Lin), the Plackett–Luce model for ranked results of
any number of players.

- **When.** A game is rated when it ends with at least one account seated, in the same
  transaction as its last action (:func:`store_finish`, called by the store): the record, the
  results and the new ratings are stored together. Rating never refuses a game's end: should
  its computation fail, the game is stored unrated and the failure logged. A tournament table
  is rated once its whole round is over (:func:`rate_once`, by the tournament's runner): a
  rating that moved earlier would tell the other tables of the round how the shared deals went.
- **Places** come from the final result: the winners share first place (a game's own winning
  rule decides: King's "King ends the game", Ucho Króla's tie-break by Ucho króla cards), the
  others follow by score, and equal scores share a place (:func:`places`).
- **Teams.** At Ucho Króla's Kokieteria the seats of a team play as one side: the team takes
  one place and its members' ratings are updated as a team (:func:`teams_of`).
- **Who is rated.** Accounts only. Each bot level plays at a fixed reference rating
  (:data:`BOT_RATINGS`, the same in every game), never updated, so a player sees on the
  leaderboard where they stand against ``Bot (basic)``. A guest (or a seat nobody held at the
  end) takes part at a new player's rating, and keeps nothing. An account seated at several
  seats of one game is not rated by it (its seats count as guests).
- **The rating shown** is the ordinal ``mu - 3 sigma`` (0 for a new player at mu 25, sigma
  25/3): a cautious estimate that rises as games make the rating surer.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlalchemy import Integer, cast, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ... import bots
from ...engine import State
from .orm import Account, DealChoice, PlayerResult, Rating, RatingChange, TournamentTable
from .sealing import sealed_tables

if TYPE_CHECKING:
    from .store import Finish, Store

log = logging.getLogger("kingscourt.server")

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Reference:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


#: each bot level's fixed rating in every game (chosen, not measured: reference points a
#: new player, at mu 25 and sigma 25/3, climbs past as they win against them)
BOT_RATINGS: dict[str, Reference] = {
    "random": Reference(12.0, 2.0),
    "basic": Reference(25.0, 2.0),
    "learned": Reference(30.0, 2.0),
    "strong": Reference(32.0, 2.0),
    "expert": Reference(35.0, 2.0),
}
assert set(BOT_RATINGS) == set(bots.LEVELS)


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: mu - 3 sigma."""
    return mu - 3.0 * sigma


def teams_of(state: State) -> list[list[int]]:
    """The sides of a game whose seats play in teams (Ucho Króla's Kokieteria); ``[]`` when
    every seat plays alone."""
    teams = getattr(state, "teams", None)
    if not callable(teams):
        return []
    groups = [list(t) for t in teams()]
    return groups if any(len(t) > 1 for t in groups) else []


def places(sides: list[list[int]], scores: list[int], winners: list[int]) -> list[int]:
    """Each side's place (1 = first): winners first, then by score; equal results share."""
    keys = [(any(s in winners for s in side), max(scores[s] for s in side)) for side in sides]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


# --- storing a finished game --------------------------------------------------------------------

def _ensure(s: Session, account_ids: list[int], game: str) -> None:
    """A rating row (a new player's) for every account that has none yet, whoever wins a race."""
    rows = [{"account_id": a, "game": game, "mu": MODEL.mu, "sigma": MODEL.sigma, "games": 0,
             "wins": 0} for a in account_ids]
    insert = pg_insert if s.get_bind().dialect.name == "postgresql" else sqlite_insert
    s.execute(insert(Rating).values(rows).on_conflict_do_nothing(
        index_elements=[Rating.account_id, Rating.game]))


def rate(s: Session, table_id: str, finish: Finish, stamp: datetime, once: bool = False) -> None:
    """Update the ratings of the accounts seated in a finished game. The new ratings are
    computed before anything is written: a failure there (logged) leaves the game unrated.
    ``once``: nothing when the game was rated already (checked under the rows' lock)."""
    game = str(finish.record["game"])
    n = len(finish.scores)
    by_seat = {r.seat: r for r in finish.results}
    seats_of: dict[int, list[int]] = {}
    for r in finish.results:
        if r.account_id is not None:
            seats_of.setdefault(r.account_id, []).append(r.seat)
    rated = {seats[0]: a for a, seats in seats_of.items() if len(seats) == 1}
    if not rated:
        return
    _ensure(s, sorted(rated.values()), game)
    rows = {r.account_id: r for r in s.scalars(
        select(Rating).where(Rating.game == game, Rating.account_id.in_(rated.values()))
        .with_for_update()).all()}
    if once and s.scalar(select(RatingChange.table_id).where(RatingChange.table_id == table_id)
                         .limit(1)) is not None:
        return
    sides = finish.teams or [[seat] for seat in range(n)]
    ratings = []
    for side in sides:
        team = []
        for seat in side:
            result = by_seat.get(seat)
            if seat in rated:
                row = rows[rated[seat]]
                team.append(MODEL.rating(mu=row.mu, sigma=row.sigma))
            elif result is not None and result.kind == "bot" and result.level in BOT_RATINGS:
                ref = BOT_RATINGS[result.level]
                team.append(MODEL.rating(mu=ref.mu, sigma=ref.sigma))
            else:
                team.append(MODEL.rating())
        ratings.append(team)
    try:
        new = MODEL.rate(ratings, ranks=[float(p) for p in places(sides, finish.scores,
                                                                  finish.winners)])
    except (ValueError, TypeError, ArithmeticError):  # a game's end never waits on its rating
        log.exception("table %s: the ratings could not be computed; the game stays unrated",
                      table_id)
        return
    for side, team in zip(sides, new, strict=True):
        for seat, after in zip(side, team, strict=True):
            if seat not in rated:
                continue  # bots keep their reference, guests keep nothing
            row = rows[rated[seat]]
            row.mu, row.sigma = float(after.mu), float(after.sigma)
            row.games += 1
            row.wins += seat in finish.winners
            s.add(RatingChange(account_id=row.account_id, table_id=table_id, game=game,
                               mu=row.mu, sigma=row.sigma, at=stamp))


def store_finish(s: Session, table_id: str, finish: Finish, stamp: datetime) -> None:
    """What a finished game adds here, in the transaction of its last action: its per-deal
    choices (a game that keeps them: King's contracts), and the new ratings when an account
    was seated."""
    s.add_all(DealChoice(table_id=table_id, deal=deal, seat=seat, choice=choice, points=points)
              for deal, seat, choice, points in finish.choices)
    in_tournament = s.scalar(select(TournamentTable.table_id).where(TournamentTable.table_id == table_id))
    if any(r.account_id is not None for r in finish.results) and in_tournament is None:
        rate(s, table_id, finish, stamp)


def rate_once(store: Store, table_id: str, finish: Finish, stamp: datetime) -> None:
    """Rate a finished tournament table once its round is over; a table already rated (by
    another process, or before a restart) is left as it is."""
    if any(r.account_id is not None for r in finish.results):
        with store.sessions.begin() as s:
            rate(s, table_id, finish, stamp, once=True)


# --- reading ------------------------------------------------------------------------------------

def leaderboard(store: Store, game: str, limit: int) -> list[dict[str, Any]]:
    """Accounts by rating in ``game`` (rated games only) and each bot level at its reference."""
    with store.sessions() as s:
        score = Rating.mu - 3.0 * Rating.sigma
        rows = s.execute(select(Account.name, Rating.mu, Rating.sigma, Rating.games, Rating.wins)
                         .join(Account, Account.id == Rating.account_id)
                         .where(Rating.game == game, Rating.games > 0)
                         .order_by(score.desc(), Account.name).limit(limit)).all()
        bot_rows = dict((n, (g, int(w or 0))) for n, g, w in s.execute(
            select(PlayerResult.name, func.count(), func.sum(cast(PlayerResult.won, Integer)))
            .where(PlayerResult.game == game, PlayerResult.kind == "bot",
                   PlayerResult.table_id.not_in(sealed_tables()))
            .group_by(PlayerResult.name)).all())
    entries: list[dict[str, Any]] = [
        {"name": n, "kind": "human", "rating": ordinal(mu, sigma), "mu": mu, "sigma": sigma,
         "games": g, "wins": w} for n, mu, sigma, g, w in rows]
    # the levels this game has (King's learned level is King's alone; a retired level
    # stays, as stored tables name it)
    has = {level for g, level in bots.BOTS if g == game}
    for level, ref in BOT_RATINGS.items():
        if level not in has:
            continue
        name = f"Bot ({level})"
        games, wins = bot_rows.get(name, (0, 0))
        entries.append({"name": name, "kind": "bot", "rating": ref.ordinal, "mu": ref.mu,
                        "sigma": ref.sigma, "games": games, "wins": wins})
    entries.sort(key=lambda e: (-e["rating"], e["kind"] == "bot", e["name"]))
    return [{"rank": i + 1, **e} for i, e in enumerate(entries[:limit])]
