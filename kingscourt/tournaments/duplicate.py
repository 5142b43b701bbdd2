"""Duplicate: ``k`` tables of a game's ``n`` seats play the same deals, so that the luck of
the cards cancels and skill shows.

Every table of one round starts from the same seed. A game that offers duplicate (its
manifest declares ``deal_scores``) deals every deal from that seed alone, independent of
play, and deals the same hand to the same seat number: a *hand position* is a seat number.
So across the ``k`` tables each hand position is held by ``k`` different players, and a
player's result in a deal is measured against the others who held the same cards.

Seating (:func:`seating`) is a Mitchell-like movement: the player who starts at table ``t``,
seat ``s`` sits in round ``r`` at table ``(t + s·r) mod k``, seat ``(s + r) mod n``. Each round
seats every player exactly once; over ``n`` rounds every player holds every hand position;
with ``k`` prime, two players whose starting seats differ by other than a multiple of ``k``
meet exactly once in any ``k`` consecutive rounds (opponents mixed), and the players of one
starting seat never meet: they hold the same hands every round and are compared.

Scoring (:func:`deal_results`, :func:`standings`): a player's result in a deal is their
points in it minus the average points of the players who held the same hand at the other
tables that played that deal; the standings sum those differences. A table whose game ended
early (a rule may end it) did not play its later deals: they count neither for its players
nor as a comparison for the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: a player: an id the caller chooses (an entrant's number)
Player = int


@dataclass(frozen=True)
class Seat:
    """Where a player sits in one round: ``table`` (0-based) and ``seat``, the hand position."""

    table: int
    seat: int


def seating(players: int, seats: int, round_no: int = 0) -> list[list[Player]]:
    """The tables of round ``round_no`` (0-based) for ``players`` players (ids ``0..players-1``)
    at tables of ``seats`` seats: ``result[t][s]`` is the player at table ``t``, seat ``s``.
    ``players`` must be a positive multiple of ``seats``."""
    if seats < 1 or players < seats or players % seats:
        raise ValueError(f"duplicate needs a positive multiple of {seats} players, got {players}")
    if round_no < 0:
        raise ValueError(f"round must be 0 or more, got {round_no}")
    k = players // seats
    tables: list[list[Player]] = [[-1] * seats for _ in range(k)]
    for t in range(k):
        for s in range(seats):
            tables[(t + s * round_no) % k][(s + round_no) % seats] = t * seats + s
    return tables


def positions(tables: Sequence[Sequence[Player]]) -> dict[Player, Seat]:
    """Each player's table and seat in one round's ``tables``."""
    return {p: Seat(t, s) for t, row in enumerate(tables) for s, p in enumerate(row)}


@dataclass(frozen=True)
class DealResult:
    """One player's result in one deal: ``points`` scored, ``par`` the average of the others
    who held the same hand (None: nobody else played it), ``diff`` = points − par (0 then)."""

    player: Player
    deal: int
    points: int
    par: float | None
    diff: float


def deal_results(
    tables: Sequence[Sequence[Player]], scores: Sequence[Sequence[Sequence[int]]]
) -> list[DealResult]:
    """Every player's result in every deal their table has scored. ``tables[t][s]`` is the
    player at table ``t``, seat ``s``; ``scores[t][d][s]`` that seat's points in deal ``d + 1``
    at table ``t`` (a table lists only the deals it has finished)."""
    if len(scores) != len(tables):
        raise ValueError(f"{len(tables)} tables but scores for {len(scores)}")
    out: list[DealResult] = []
    for t, row in enumerate(tables):
        for d, points in enumerate(scores[t]):
            if len(points) != len(row):
                raise ValueError(f"table {t} deal {d + 1}: {len(points)} scores for {len(row)} seats")
            for s, player in enumerate(row):
                others = [scores[u][d][s] for u in range(len(tables)) if u != t and d < len(scores[u])]
                par = sum(others) / len(others) if others else None
                diff = points[s] - par if par is not None else 0.0
                out.append(DealResult(player, d + 1, points[s], par, diff))
    return out


@dataclass(frozen=True)
class Standing:
    """A player's place: the ``total`` of their deal differences, their ``points`` scored and
    ``deals`` compared (those played at another table too)."""

    player: Player
    total: float
    points: int
    deals: int


def standings(results: Sequence[DealResult], players: Sequence[Player] = ()) -> list[Standing]:
    """The standings, best first: the sum of each player's deal differences (ties: more
    points scored, then the lower id). ``players`` lists those who have no result yet."""
    total: dict[Player, float] = {p: 0.0 for p in players}
    points: dict[Player, int] = {p: 0 for p in players}
    deals: dict[Player, int] = {p: 0 for p in players}
    for r in results:
        total[r.player] = total.get(r.player, 0.0) + r.diff
        points[r.player] = points.get(r.player, 0) + r.points
        deals[r.player] = deals.get(r.player, 0) + (r.par is not None)
    rows = [Standing(p, round(total[p], 6), points[p], deals[p]) for p in total]
    rows.sort(key=lambda r: (-r.total, -r.points, r.player))
    return rows


def summed(rounds: Sequence[Mapping[Player, float]]) -> dict[Player, float]:
    """Several rounds' totals per player, added up."""
    out: dict[Player, float] = {}
    for totals in rounds:
        for p, v in totals.items():
            out[p] = out.get(p, 0.0) + v
    return out
