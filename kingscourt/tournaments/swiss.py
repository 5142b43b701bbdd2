"""Swiss rounds for any game of 2 to 6 seats a table: every round pairs players of like
standing, never twice at one table where that can be helped, and fills a short table with
bots (a bye).

- A game's result at one table becomes *match points* per seat (:func:`match_points`): one
  for every other seat outscored and a half for every tie (at two seats: a win 1, a draw ½).
  Bot seats score but own no standing.
- The standings (:func:`standings`) rank by match points, then by Buchholz (the sum of the
  present match points of every opponent met, bots not counted), then by the sum of the
  game's own scores, then by the lower id.
- Pairing (:func:`pair`): the players in standing order fill tables from the top; a search
  puts together tables whose players have not met, taking the first way in standing order
  (so neighbours in the standings meet). Where no such round exists, the round with the
  fewest repeated meetings found within a bounded search is taken. The players without a
  full table (``players mod seats`` of them short) sit at the last table with bots: those
  lowest in the standings who have had the fewest byes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

Player = int

#: bounds of the pairing search (tables tried per round), so that a round is found at once
SEARCH_NODES = 20_000


def match_points(scores: Sequence[int | float]) -> list[float]:
    """Each seat's match points from one table's final scores (higher is better)."""
    return [
        sum(
            1.0 if mine > other else 0.5 if mine == other else 0.0 for j, other in enumerate(scores) if j != i
        )
        for i, mine in enumerate(scores)
    ]


@dataclass(frozen=True)
class TableResult:
    """One finished table of a round: the ``players`` at its seats (None: a bot) and each
    seat's final ``scores``."""

    players: tuple[Player | None, ...]
    scores: tuple[int | float, ...]


@dataclass
class History:
    """What the pairing and the standings need to know of the rounds played."""

    points: dict[Player, float] = field(default_factory=dict)
    score: dict[Player, float] = field(default_factory=dict)
    met: dict[Player, set[Player]] = field(default_factory=dict)
    byes: dict[Player, int] = field(default_factory=dict)
    #: opponents in the order met, with repeats (Buchholz counts each meeting)
    opponents: dict[Player, list[Player]] = field(default_factory=dict)


def history(players: Iterable[Player], rounds: Iterable[Iterable[TableResult]]) -> History:
    """The history of ``players`` over the finished tables of ``rounds``."""
    h = History()
    for p in players:
        h.points[p], h.score[p], h.met[p], h.byes[p], h.opponents[p] = 0.0, 0.0, set(), 0, []
    for tables in rounds:
        for table in tables:
            if len(table.players) != len(table.scores):
                raise ValueError(f"{len(table.players)} seats but {len(table.scores)} scores")
            mp = match_points(table.scores)
            people = [p for p in table.players if p is not None]
            for seat, who in enumerate(table.players):
                if who is None:
                    continue
                p = who
                h.points[p] = h.points.get(p, 0.0) + mp[seat]
                h.score[p] = h.score.get(p, 0.0) + table.scores[seat]
                others = [q for q in people if q != p]
                h.met.setdefault(p, set()).update(others)
                h.opponents.setdefault(p, []).extend(others)
                if len(people) < len(table.players):
                    h.byes[p] = h.byes.get(p, 0) + 1
    return h


@dataclass(frozen=True)
class Standing:
    player: Player
    points: float
    buchholz: float
    score: float


def standings(h: History) -> list[Standing]:
    """Best first: match points, Buchholz, the game's scores summed, the lower id."""
    rows = [
        Standing(
            p, h.points[p], sum(h.points.get(o, 0.0) for o in h.opponents.get(p, [])), h.score.get(p, 0.0)
        )
        for p in h.points
    ]
    rows.sort(key=lambda r: (-r.points, -r.buchholz, -r.score, r.player))
    return rows


@dataclass(frozen=True)
class Pairing:
    """One round's tables: ``tables[i]`` the players seated in order; a table shorter than
    the seat count is filled with bots. ``repeats`` counts pairs of players who met before."""

    tables: tuple[tuple[Player, ...], ...]
    repeats: int


def pair(h: History, seats: int) -> Pairing:
    """The next round's tables of ``seats`` seats (2 to 6) for the players of ``h``."""
    if not 2 <= seats <= 6:
        raise ValueError(f"a Swiss table has 2 to 6 seats, got {seats}")
    order = [s.player for s in standings(h)]
    if len(order) < 2:
        raise ValueError("a Swiss round needs at least 2 players")
    short = len(order) % seats
    fewest = min(h.byes.get(p, 0) for p in order)
    # a second bye before everyone had one weighs more than any repeated meeting
    weight = {p: (len(order) ** 2) * (h.byes.get(p, 0) - fewest) for p in order}
    # the first guess: the bye to the lowest of those with the fewest byes
    bye = sorted(sorted(order, key=lambda p: (h.byes.get(p, 0), -order.index(p)))[:short], key=order.index)
    rest = [p for p in order if p not in bye]
    guess = [tuple(rest[i : i + seats]) for i in range(0, len(rest), seats)]
    if bye:
        guess.append(tuple(bye))
    tables = _search(order, seats, short, h.met, weight, guess)
    return Pairing(tuple(tables), sum(_repeats(t, h.met) for t in tables))


def _repeats(table: Sequence[Player], met: Mapping[Player, set[Player]]) -> int:
    return sum(1 for a, b in combinations(table, 2) if b in met.get(a, set()))


def _fresh(
    chosen: tuple[Player, ...], tail: Sequence[Player], need: int, met: Mapping[Player, set[Player]]
) -> Iterator[tuple[Player, ...]]:
    """The tables that complete ``chosen`` with ``need`` players of ``tail`` none of whom has
    met anyone at it, in standing order, drawn one at a time."""
    if need == 0:
        yield chosen
        return
    for i, p in enumerate(tail[: len(tail) - need + 1]):
        seen = met.get(p, set())
        if not any(q in seen for q in chosen):
            yield from _fresh((*chosen, p), tail[i + 1 :], need - 1, met)


def _tables(
    head: Player, tail: Sequence[Player], seats: int, met: Mapping[Player, set[Player]]
) -> Iterator[tuple[Player, ...]]:
    """``head``'s tables: first those without a repeat, then the others, each kind in
    standing order; drawn lazily (a round of many players has millions)."""
    yield from _fresh((head,), tail, seats - 1, met)
    # then the table a greedy choice makes: each next player the one adding the fewest repeats
    greedy = [head]
    for _ in range(seats - 1):
        free = [p for p in tail if p not in greedy]
        greedy.append(min(free, key=lambda p: sum(p in met.get(q, set()) for q in greedy)))
    yield tuple(greedy)
    for others in combinations(tail, seats - 1):
        table = (head, *others)
        if _repeats(table, met):
            yield table


def _search(
    order: list[Player],
    seats: int,
    short: int,
    met: Mapping[Player, set[Player]],
    weight: Mapping[Player, int],
    guess: list[tuple[Player, ...]],
) -> list[tuple[Player, ...]]:
    """Tables of ``seats`` from ``order`` filled from the top, the last ``short`` players left
    at a bye table: the fewest repeated meetings (and second byes) first, standing order
    within a tie; depth-first, bounded by :data:`SEARCH_NODES`."""

    def cost_of(tables: Sequence[tuple[Player, ...]]) -> int:
        extra = sum(weight[p] for p in tables[-1]) if short else 0
        return sum(_repeats(t, met) for t in tables) + extra

    best = [list(guess)]
    best_cost = [cost_of(guess)]
    nodes = [0]

    def go(left: list[Player], made: list[tuple[Player, ...]], cost: int) -> bool:
        if cost >= best_cost[0]:
            return False
        if len(left) == short:
            if short:
                bye = tuple(left)
                cost += _repeats(bye, met) + sum(weight[p] for p in bye)
                if cost >= best_cost[0]:
                    return False
                made = [*made, bye]
            best[0], best_cost[0] = list(made), cost
            return cost == 0  # nothing better than no repeat: stop
        head, tail = left[0], left[1:]
        for table in _tables(head, tail, seats, met):
            nodes[0] += 1
            if nodes[0] > SEARCH_NODES:
                return True
            rest = [p for p in tail if p not in table]
            if go(rest, [*made, table], cost + _repeats(table, met)):
                return True
        return False

    go(order, [], 0)
    return best[0]
