"""The ``strong`` level for Ku-Ka-König: an equilibrium picker over sampled worlds.

A call of "Ku-Ka-König" is a simultaneous game among the seats that choose (everyone at the
start of a round, only the colliders after a collision; a seat that has already picked but
not yet been revealed still counts, since its row is hidden). The bot solves that game
approximately and then *samples* its row from its own part of the solution, so no opponent
can count on it playing one fixed best reply.

Method (one decision):

1. **Worlds.** ``WORLDS`` full states are drawn by ``game.sample_world(view, rng)``: they fix
   what the view hides (the order of the draw pile and which cards lie face down in the box).
   Rows and collections are public and are read from the view itself; the sampled picks the
   world invents for seats that have picked are ignored (the search treats those seats as
   choosing).
2. **Payoff of a joint pick** (every chooser's row), in one world: the pick is resolved by the
   game's own row rules (``games.kukakoenig.table``: a sole picker takes the row, a row
   picked by several loses its outermost card), the colliders then re-pick by a fast rollout
   policy (a softmax over the points a row adds) until the round is complete; the rows are
   refilled from the world's pile by the game's refill (the box is shuffled in when it runs
   dry, by the bot's own draw); a first scoring falls due as in the game. Each seat's worth
   is then the points banked in that look-ahead plus the points its collection would score in
   the coming scoring, all counted by the game's ``scoring.points`` (in the first half, kept
   cards also count again at the end: added at ``LATER_WEIGHT``, the bot's weighing), plus
   ``OPTION_WEIGHT`` times the best row the refilled table offers it for the next round.
   The *payoff* of a seat is its worth minus the mean worth of the other seats: the score
   margin is what a seat plays for, so denying a row to the seat that needs it counts too.
   A seat's worth of a collection and what a row adds to it are counted once per decision
   (the look-ahead meets the same ones over and over).
3. **Equilibrium.** Regret matching+ (Tammelin 2014) with linear averaging over the choosers'
   row choices. Each iteration takes the next world of the pool (round robin), draws the other
   choosers' rows from their current strategies, and for every chooser and each of its rows
   evaluates the payoff of that row against the drawn rows (external sampling); regrets are
   updated against the chooser's current mixed strategy. Payoffs of a (world, joint pick) are
   cached within a decision. For two players the payoff is zero-sum, where the average
   strategies converge to a Nash equilibrium; with more, to a coarse correlated equilibrium.
4. **The pick.** The bot's average strategy, with rows under ``PURIFY`` probability dropped
   (sampling noise), is sampled with the bot's own seeded RNG.

Budget: ``iterations`` is the number of regret-matching iterations (default
``DEFAULT_ITERATIONS``); ``seconds`` is a time budget instead (or as well: whichever ends
first). With an iteration budget and a seed, the choice is a function of the view alone: the
bot never sees a true state, and a JSON copy of the view gives the same row.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ....bots.analysis import Analysis
from ....bots.base import Cancelled, ViewBot
from ....engine import JSON, Game
from ..cards import CARD_TYPE, KEPT, TYPES, Category, type_of
from ..scoring import CATEGORIES, Points, points, rivals
from ..state import KukakoenigState
from ..table import empty_handed, first_scoring_due, open_rows, refill, take_or_burn

#: Regret-matching iterations per decision when no budget is given.
DEFAULT_ITERATIONS = 60
#: Sampled worlds per decision (used round robin by the iterations).
WORLDS = 12
#: Weight of a kept card's worth in the second scoring, seen from the first half (above 1:
#: the scorings are convex, so a kept card tends to be worth more at the end than now).
LATER_WEIGHT = 1.3
#: Weight of the best row the refilled table offers a seat for the next round.
#: (Both weights were set by arena runs against ``basic`` at 3 players: 0.6/0.3 gave a
#: margin of +8.5 ± 1.4 points over 100 deals, 1.0/0.6 +12.0 ± 1.6, 1.3/1.0 +12.8 ± 1.6,
#: 1.3/1.5 +9.7 ± 1.7.)
OPTION_WEIGHT = 1.0
#: Temperature (points per e-fold) of the rollout policy of colliders picking again.
ROLLOUT_TEMPERATURE = 1.5
#: Rows the average strategy plays less often than this are dropped before sampling.
PURIFY = 0.03
#: Draws of the other choosers' rows per world when an analysis values each row.
VALUE_DRAWS = 6

_NTYPES = len(TYPES)
_RETURNED = tuple(k for k in range(_NTYPES) if not KEPT[k])
#: The card category whose kept/returned flag weighs each category of ``points`` (a farm
#: group counts only while its farmer does).
_WEIGHED_BY = {"kings": Category.KING, "churches": Category.CHURCH,
               "victory_points": Category.VP, "knights": Category.KNIGHT,
               "animals": Category.ANIMAL, "farms": Category.FARMER}

#: How much a point of each category of ``points`` (:data:`CATEGORIES`) is worth from here.
_Weights = tuple[float, ...]


def _weights(later: bool) -> _Weights:
    """1 for the coming scoring, plus ``LATER_WEIGHT`` for a kept category while a second
    scoring is still to come (a category is kept as its first card type is)."""
    first = {t.category: t for t in reversed(TYPES)}
    return tuple(1.0 + (LATER_WEIGHT if later and first[_WEIGHED_BY[key]].kept else 0.0)
                 for key in CATEGORIES)


_PLAIN = _weights(False)
_WITH_LATER = _weights(True)


def _worth(p: Points, wt: _Weights) -> float:
    """A collection's points (:func:`..games.kukakoenig.scoring.points`), weighted."""
    return wt[0] * p[0] + wt[1] * p[1] + wt[2] * p[2] + wt[3] * p[3] + wt[4] * p[4] + wt[5] * p[5]


class _World:
    """What one sampled world fixes that the view does not show: pile order and hidden box."""

    __slots__ = ("pile", "unseen")

    def __init__(self, pile: list[int], unseen: list[int]) -> None:
        self.pile = pile  # type indices, top card last
        self.unseen = unseen


#: A round played out: rows, counts per type and collection sizes per seat, the pile left.
_Round = tuple[list[list[int]], list[list[int]], list[int], list[int] | None]


class _Position:
    """The public position of the call, read from the view (type indices throughout)."""

    def __init__(self, view: JSON) -> None:
        self.n: int = int(view["players"])
        self.rows: list[list[int]] = [[type_of(x) for x in r] for r in view["rows"]]
        counts = []
        for coll in view["collections"]:
            c = [0] * _NTYPES
            for x in coll:
                c[type_of(x)] += 1
            counts.append(c)
        self.counts: list[list[int]] = counts
        self.sizes: list[int] = [len(coll) for coll in view["collections"]]
        self.box: list[int] = [type_of(x) for x in view["box"]]
        self.half: int = int(view["half"])
        self.last: bool = bool(view["last_round"])
        self.choosers: list[int] = list(view["choosers"])


class _Evaluator:
    """Payoffs of joint picks, by look-ahead in sampled worlds (cached per decision)."""

    def __init__(self, pos: _Position, worlds: list[_World], rng: random.Random) -> None:
        self.pos = pos
        self.worlds = worlds
        self.rng = rng
        self.cache: dict[tuple[int, tuple[int, ...]], list[float]] = {}
        #: (a seat's counts, its rivals' majorities, weights) -> {row's cards: what the row
        #: adds to the seat's worth; (): the worth itself}. The look-ahead meets the same
        #: collections and rows over and over: each is counted once per decision.
        self.tables: dict[tuple[tuple[int, ...], int, int, _Weights], dict[tuple[int, ...], float]] = {}

    def payoffs(self, w: int, picks: tuple[int, ...]) -> list[float]:
        """Each chooser's payoff (its worth minus the others' mean) when the choosers pick
        ``picks`` (0-based rows, in ``pos.choosers`` order), in world ``w``."""
        key = (w, picks)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        worth = self._look_ahead(self.worlds[w], picks)
        n = self.pos.n
        total = sum(worth)
        out = [worth[s] - (total - worth[s]) / (n - 1) for s in self.pos.choosers]
        self.cache[key] = out
        return out

    def _table(self, counts: list[list[int]], seat: int,
               wt: _Weights) -> tuple[list[int], int, int, dict[tuple[int, ...], float]]:
        c = counts[seat]
        churches, knights = rivals(counts, seat)
        key = (tuple(c), churches, knights, wt)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = {(): _worth(points(c, churches, knights), wt)}
        return c, churches, knights, table

    def values(self, counts: list[list[int]], wt: _Weights) -> list[float]:
        """Every seat's weighted worth (with unit weights, its scoring total)."""
        return [self._table(counts, s, wt)[3][()] for s in range(len(counts))]

    def gains(self, counts: list[list[int]], seat: int, rows: Sequence[Sequence[int]],
              wt: _Weights) -> list[float]:
        """What each row (card types) adds to ``seat``'s weighted worth, the others as
        they are."""
        c, churches, knights, table = self._table(counts, seat, wt)
        now = table[()]
        out: list[float] = []
        for row in rows:
            key = tuple(row)
            gain = table.get(key)
            if gain is None:
                more = c[:]
                for k in row:
                    more[k] += 1
                gain = table[key] = _worth(points(more, churches, knights), wt) - now
            out.append(gain)
        return out

    def play_round(self, world: _World, picks: tuple[int, ...]) -> _Round:
        """The rest of the round in ``world`` when the choosers pick ``picks`` (colliders
        re-pick by the rollout policy), played by the game's own row rules
        (:mod:`..games.kukakoenig.table`): the rows, counts per type and collection sizes
        after it, and the pile after the refill (None after the last round: no refill)."""
        pos = self.pos
        rng = self.rng
        rows = [r[:] for r in pos.rows]
        counts = [c[:] for c in pos.counts]
        sizes = pos.sizes[:]
        burnt: list[int] = []
        wt = _WITH_LATER if pos.half == 1 and not pos.last else _PLAIN
        call = list(zip(pos.choosers, picks, strict=True))
        while True:
            colliders: list[int] = []
            for _, seats, cards in take_or_burn(rows, call):
                if len(seats) == 1:
                    c = counts[seats[0]]
                    for k in cards:
                        c[k] += 1
                    sizes[seats[0]] += len(cards)
                else:
                    burnt += cards
                    colliders += seats
            if not colliders or empty_handed(rows):
                break  # the round is complete (colliders left with one row get nothing)
            # Rollout policy: each collider draws a row by a softmax over its gains.
            open_ = open_rows(rows)
            cand = [rows[i] for i in open_]
            call = []
            for s in sorted(colliders):
                g = self.gains(counts, s, cand, wt)
                top = max(g)
                weights = [math.exp((x - top) / ROLLOUT_TEMPERATURE) for x in g]
                call.append((s, open_[_draw(rng, weights)]))
        if pos.last:
            return rows, counts, sizes, None
        pile = world.pile[:]

        def mix() -> list[int]:
            spare = pos.box + burnt + world.unseen
            rng.shuffle(spare)  # the bot's own draw: the game's box order is not known
            return spare

        refill(rows, pile, mix)
        return rows, counts, sizes, pile

    def _look_ahead(self, world: _World, picks: tuple[int, ...]) -> list[float]:
        """Every seat's worth after the round (:meth:`play_round`), counted by the game's
        own points function with the bot's weights."""
        pos = self.pos
        rows, counts, sizes, pile = self.play_round(world, picks)
        if pile is None:
            return self.values(counts, _PLAIN)  # the last round: the scores are final
        last = not pile
        if first_scoring_due(pos.half, sizes):
            # The first scoring falls due: bank it, return the red-cross cards.
            banked = self.values(counts, _PLAIN)
            for c in counts:
                for k in _RETURNED:
                    c[k] = 0
            wt = _PLAIN
            out = [b + v for b, v in zip(banked, self.values(counts, wt), strict=True)]
        else:
            wt = _WITH_LATER if pos.half == 1 and not last else _PLAIN
            out = self.values(counts, wt)
        if OPTION_WEIGHT:
            full = [r for r in rows if r]
            if len(full) >= 2:
                for s in range(pos.n):
                    out[s] += OPTION_WEIGHT * max(self.gains(counts, s, full, wt))
        return out


def _draw(rng: random.Random, weights: Sequence[float]) -> int:
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


def _normalized(regrets: list[float]) -> list[float]:
    total = sum(regrets)
    if total <= 0:
        return [1.0 / len(regrets)] * len(regrets)
    return [r / total for r in regrets]


def solve(view: JSON, game: Game, rng: random.Random, iterations: int,
          deadline: float | None = None, should_stop: Callable[[], bool] | None = None,
          ) -> tuple[list[int], dict[int, list[float]], int]:
    """The choosers' average strategies over ``view``'s legal rows: (rows, strategy per
    chooser seat, iterations done). Regret matching+ with linear averaging. ``should_stop``
    is asked every iteration; True raises :class:`Cancelled`."""
    rows, strategies, done, _ = _solve(view, game, rng, iterations, deadline, should_stop)
    return rows, strategies, done


def _solve(view: JSON, game: Game, rng: random.Random, iterations: int,
           deadline: float | None, should_stop: Callable[[], bool] | None,
           ) -> tuple[list[int], dict[int, list[float]], int, _Evaluator]:
    rows = [int(text.split()[1]) - 1 for text in view["legal"]]
    pos = _Position(view)
    worlds: list[_World] = []
    for _ in range(WORLDS):
        world = game.sample_world(view, rng)
        if not isinstance(world, KukakoenigState):
            raise TypeError(f"{game.name}: not a Ku-Ka-König world")
        places = world.card_places()
        worlds.append(_World([CARD_TYPE[c] for c in places["pile"]],
                             [CARD_TYPE[c] for c in places["box-unseen"]]))
    ev = _Evaluator(pos, worlds, rng)
    choosers = pos.choosers
    m, nc = len(rows), len(choosers)
    regrets = [[0.0] * m for _ in range(nc)]
    sums = [[0.0] * m for _ in range(nc)]
    done = 0
    for t in range(1, iterations + 1):
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        if should_stop is not None and should_stop():
            raise Cancelled("the decision was called off")
        w = t % len(worlds)
        sigma = [_normalized(r) for r in regrets]
        drawn = [_draw(rng, sg) for sg in sigma]
        for i in range(nc):
            profile = [rows[a] for a in drawn]
            u = [0.0] * m
            for a in range(m):
                profile[i] = rows[a]
                u[a] = ev.payoffs(w, tuple(profile))[i]
            expected = sum(p * x for p, x in zip(sigma[i], u, strict=True))
            reg = regrets[i]
            for a in range(m):
                reg[a] = max(0.0, reg[a] + u[a] - expected)
            acc = sums[i]
            for a in range(m):
                acc[a] += t * sigma[i][a]
        done += 1
    strategies = {s: _normalized(sums[i]) for i, s in enumerate(choosers)}
    return rows, strategies, done, ev


def row_values(ev: _Evaluator, rows: list[int], strategies: dict[int, list[float]], seat: int,
               rng: random.Random) -> list[float]:
    """``seat``'s expected payoff (its worth minus the others' mean, in points) of each of
    ``rows`` when the other choosers play their average strategies: in every world of the
    pool, over ``VALUE_DRAWS`` draws of their rows."""
    choosers = ev.pos.choosers
    mine = choosers.index(seat)
    totals = [0.0] * len(rows)
    count = 0
    for w in range(len(ev.worlds)):
        for _ in range(VALUE_DRAWS):
            profile = [rows[_draw(rng, strategies[s])] for s in choosers]
            for a, row in enumerate(rows):
                profile[mine] = row
                totals[a] += ev.payoffs(w, tuple(profile))[mine]
            count += 1
    return [t / count for t in totals]


class KukakoenigStrongBot(ViewBot):
    """Regret matching over the choosers' rows, payoffs by look-ahead in sampled worlds."""

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, **_: Any) -> None:
        super().__init__(game, seed)
        self.iterations = iterations if iterations is not None else (
            DEFAULT_ITERATIONS if seconds is None else 10**9)
        self.seconds = seconds
        self.last_iterations = 0
        #: the bot's own mixed strategy at its last decision: action text -> probability
        self.last_strategy: dict[str, float] = {}

    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_strategy = {legal[0]: 1.0}
            return legal[0]
        return self._decide(view, legal, False)[0]

    def analyse(self, view: JSON) -> Analysis:
        """Every legal row with its expected payoff for the deciding seat (its worth minus the
        others' mean, in points) against the other choosers' average strategies, best first;
        ``preferred`` is the row :meth:`choose` draws from the same RNG state."""
        legal = self.legal_of(view)
        preferred, values = self._decide(view, legal, True)
        return Analysis(preferred, tuple(sorted(values.items(), key=lambda av: -av[1])))

    def _decide(self, view: JSON, legal: list[str], valued: bool) -> tuple[str, dict[str, float]]:
        rng = random.Random(self.rng.getrandbits(64))
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        rows, strategies, done, ev = _solve(view, self.game, rng, self.iterations, deadline,
                                            self.should_stop)
        self.last_iterations = done
        seat = int(view["seat"])
        mine = strategies[seat]
        kept = [p if p >= PURIFY else 0.0 for p in mine]
        if sum(kept) <= 0:
            kept = mine
        total = sum(kept)
        probs = [p / total for p in kept]
        by_row = {int(text.split()[1]) - 1: text for text in legal}
        self.last_strategy = {by_row[r]: p for r, p in zip(rows, probs, strict=True)}
        choice = by_row[rows[_draw(rng, probs)]]
        values: dict[str, float] = {}
        if valued:
            # drawn after the choice, from the same stream: the choice is choose()'s
            found = row_values(ev, rows, strategies, seat, rng)
            values = {by_row[r]: v for r, v in zip(rows, found, strict=True)}
        return choice, values
