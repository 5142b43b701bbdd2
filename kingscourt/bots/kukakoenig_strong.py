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
   rules (a sole picker takes the row, a row picked by several loses its outermost card), the
   colliders then re-pick by a fast rollout policy (a softmax over the points a row adds)
   until the round is complete; the rows are refilled from the world's pile (the box is
   shuffled in when it runs dry); a first scoring falls due as in the game. Each seat's worth
   is then the points banked in that look-ahead plus the points its collection would score in
   the coming scoring (in the first half, kept cards also count again at the end: added at
   ``LATER_WEIGHT``), plus ``OPTION_WEIGHT`` times the best row the refilled table offers it
   for the next round. The *payoff* of a seat is its worth minus the mean worth of the other
   seats: the score margin is what a seat plays for, so denying a row to the seat that needs
   it counts too.
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

from ..engine import JSON, Game
from ..games.kukakoenig.cards import CARD_TYPE, KEPT, TYPES, Category, type_of
from ..games.kukakoenig.scoring import CHURCH_POINTS, KING_CAP
from ..games.kukakoenig.state import KukakoenigState
from ..games.kukakoenig.table import FIRST_HALF_CARDS, ROW_SIZE
from .base import Cancelled, ViewBot

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

_NTYPES = len(TYPES)


def _only(category: Category) -> int:
    """The one card type of a category (the card set has one type each but for victory
    points and animals)."""
    (index,) = (t.index for t in TYPES if t.category is category)
    return index


_KING = _only(Category.KING)
_CHURCH = _only(Category.CHURCH)
_KNIGHT = _only(Category.KNIGHT)
_FARMER = _only(Category.FARMER)
_WIFE = _only(Category.FARMERS_WIFE)
_HOUSE = _only(Category.FARMHOUSE)
_ANIMALS = tuple(t.index for t in TYPES if t.category is Category.ANIMAL)
_VP = tuple((t.index, t.points) for t in TYPES if t.category is Category.VP)
_RETURNED = tuple(k for k in range(_NTYPES) if not KEPT[k])
#: Card type -> its category's code in the fast scoring below; victory points -> their points.
_CODE = tuple(
    {Category.KING: 0, Category.CHURCH: 1, Category.KNIGHT: 2, Category.FARMER: 3,
     Category.FARMERS_WIFE: 4, Category.FARMHOUSE: 5, Category.ANIMAL: 6, Category.VP: 7}[
        t.category] for t in TYPES)
_VP_POINTS = tuple(t.points for t in TYPES)


def _kings_points(kings: int) -> int:
    return min((kings - 1) ** 2, KING_CAP) if kings > 0 else 0


def _farm_points(farmers: int, wives: int, houses: int) -> int:
    pairs = min(farmers, wives)
    trios = min(pairs, houses)
    return 14 * trios + 7 * (pairs - trios)


class _Weights:
    """How much a point of each category is worth from here: 1 for the coming scoring, plus
    ``LATER_WEIGHT`` for a kept category while a second scoring is still to come."""

    __slots__ = ("animal", "church", "farm", "king", "knight", "vp")

    def __init__(self, later: bool) -> None:
        def w(k: int) -> float:
            return 1.0 + (LATER_WEIGHT if later and KEPT[k] else 0.0)

        self.king = w(_KING)
        self.church = w(_CHURCH)
        self.knight = w(_KNIGHT)
        self.farm = w(_FARMER)  # a farm group counts only while its farmer does
        self.animal = w(_ANIMALS[0]) if _ANIMALS else 1.0
        self.vp = w(_VP[0][0]) if _VP else 1.0


_PLAIN = _Weights(False)
_WITH_LATER = _Weights(True)


def _value(c: Sequence[int], churches_other: int, knights_other: int, wt: _Weights) -> float:
    """One seat's weighted scoring total, given the most churches and knights among the
    others (with unit weights, the total of :func:`..games.kukakoenig.scoring.score_counts`)."""
    ch = c[_CHURCH]
    kn = c[_KNIGHT]
    animals = 0
    for k in _ANIMALS:
        x = c[k]
        animals += x * (x + 1) // 2
    vp = 0
    for k, p in _VP:
        vp += c[k] * p
    return (wt.king * _kings_points(c[_KING])
            + (wt.church * CHURCH_POINTS if ch and ch >= churches_other else 0.0)
            + wt.vp * vp
            + wt.knight * (2 * kn if kn and kn >= knights_other else kn)
            + wt.animal * animals
            + wt.farm * _farm_points(c[_FARMER], c[_WIFE], c[_HOUSE]))


def _values(counts: Sequence[Sequence[int]], wt: _Weights) -> list[float]:
    ch = [c[_CHURCH] for c in counts]
    kn = [c[_KNIGHT] for c in counts]
    out: list[float] = []
    for s, c in enumerate(counts):
        ch_o = max((x for o, x in enumerate(ch) if o != s), default=0)
        kn_o = max((x for o, x in enumerate(kn) if o != s), default=0)
        out.append(_value(c, ch_o, kn_o, wt))
    return out


def points_all(counts: Sequence[Sequence[int]]) -> list[int]:
    """Every seat's scoring total for collections given as counts per type."""
    return [int(v) for v in _values(counts, _PLAIN)]


_Summary = tuple[int, int, int, int, int, int, int, tuple[tuple[int, int], ...]]


def _summary(row: Sequence[int]) -> _Summary:
    """A row by what scores: kings, churches, knights, farmers, wives, houses, victory
    points, and (animal type, how many)."""
    dk = dch = dkn = df = dw = dh = vp = 0
    seen: dict[int, int] = {}
    for k in row:
        code = _CODE[k]
        if code == 6:
            seen[k] = seen.get(k, 0) + 1
        elif code == 0:
            dk += 1
        elif code == 2:
            dkn += 1
        elif code == 1:
            dch += 1
        elif code == 7:
            vp += _VP_POINTS[k]
        elif code == 3:
            df += 1
        elif code == 4:
            dw += 1
        else:
            dh += 1
    return dk, dch, dkn, df, dw, dh, vp, tuple(seen.items())


def _gains(counts: list[list[int]], seat: int, rows: list[_Summary],
           wt: _Weights) -> list[float]:
    """What each row (as :func:`_summary`) adds to ``seat``'s weighted total, the others as
    they are."""
    c = counts[seat]
    ch_o = kn_o = 0
    for o, other in enumerate(counts):
        if o != seat:
            if other[_CHURCH] > ch_o:
                ch_o = other[_CHURCH]
            if other[_KNIGHT] > kn_o:
                kn_o = other[_KNIGHT]
    k0, ch0, kn0 = c[_KING], c[_CHURCH], c[_KNIGHT]
    f0, w0, h0 = c[_FARMER], c[_WIFE], c[_HOUSE]
    kp0 = _kings_points(k0)
    chp0 = CHURCH_POINTS if ch0 and ch0 >= ch_o else 0
    knp0 = 2 * kn0 if kn0 and kn0 >= kn_o else kn0
    fp0 = _farm_points(f0, w0, h0)
    w_animal, w_vp = wt.animal, wt.vp
    out: list[float] = []
    for dk, dch, dkn, df, dw, dh, vp, animals in rows:
        gain = w_vp * vp if vp else 0.0
        for k, m in animals:
            x = c[k]
            gain += w_animal * (m * (2 * x + m + 1) // 2)
        if dk:
            gain += wt.king * (_kings_points(k0 + dk) - kp0)
        if dch:
            ch1 = ch0 + dch
            gain += wt.church * ((CHURCH_POINTS if ch1 >= ch_o else 0) - chp0)
        if dkn:
            kn1 = kn0 + dkn
            gain += wt.knight * ((2 * kn1 if kn1 >= kn_o else kn1) - knp0)
        if df or dw or dh:
            gain += wt.farm * (_farm_points(f0 + df, w0 + dw, h0 + dh) - fp0)
        out.append(gain)
    return out


class _World:
    """What one sampled world fixes that the view does not show: pile order and hidden box."""

    __slots__ = ("pile", "unseen")

    def __init__(self, pile: list[int], unseen: list[int]) -> None:
        self.pile = pile  # type indices, top card last
        self.unseen = unseen


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

    def _look_ahead(self, world: _World, picks: tuple[int, ...]) -> list[float]:
        pos = self.pos
        rng = self.rng
        rows = [r[:] for r in pos.rows]
        counts = [c[:] for c in pos.counts]
        sizes = pos.sizes[:]
        burnt: list[int] = []
        wt = _WITH_LATER if pos.half == 1 and not pos.last else _PLAIN
        choosers = pos.choosers
        call = dict(zip(choosers, picks, strict=True))
        while True:
            by_row: dict[int, list[int]] = {}
            for s, r in call.items():
                by_row.setdefault(r, []).append(s)
            colliders: list[int] = []
            for r, seats in by_row.items():
                if len(seats) == 1:
                    s = seats[0]
                    c = counts[s]
                    for k in rows[r]:
                        c[k] += 1
                    sizes[s] += len(rows[r])
                    rows[r] = []
                else:
                    burnt.append(rows[r].pop())
                    colliders += seats
            if not colliders:
                break
            open_rows = [i for i, r in enumerate(rows) if r]
            if len(open_rows) <= 1:
                break  # the colliders go empty-handed
            # Rollout policy: each collider draws a row by a softmax over its gains.
            call = {}
            cand = [_summary(rows[i]) for i in open_rows]
            for s in sorted(colliders):
                g = _gains(counts, s, cand, wt)
                top = max(g)
                weights = [math.exp((x - top) / ROLLOUT_TEMPERATURE) for x in g]
                call[s] = open_rows[_draw(rng, weights)]
        if pos.last:
            return _values(counts, _PLAIN)  # the last round: the scores are final
        # The refill, row 1 first; when the pile runs dry the box is shuffled in.
        pile = world.pile
        top = len(pile)
        spare: list[int] | None = None
        for row in rows:
            while len(row) < ROW_SIZE:
                if top > 0:
                    top -= 1
                    row.append(pile[top])
                    continue
                if spare is None:
                    spare = pos.box + burnt + world.unseen
                    rng.shuffle(spare)
                if not spare:
                    break
                row.append(spare.pop())
        last = top == 0
        if pos.half == 1 and max(sizes) >= FIRST_HALF_CARDS:
            # The first scoring falls due: bank it, return the red-cross cards.
            banked = _values(counts, _PLAIN)
            for c in counts:
                for k in _RETURNED:
                    c[k] = 0
            wt = _PLAIN
            out = [b + v for b, v in zip(banked, _values(counts, wt), strict=True)]
        else:
            wt = _WITH_LATER if pos.half == 1 and not last else _PLAIN
            out = _values(counts, wt)
        if OPTION_WEIGHT:
            full = [_summary(r) for r in rows if r]
            if len(full) >= 2:
                for s in range(pos.n):
                    out[s] += OPTION_WEIGHT * max(_gains(counts, s, full, wt))
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
    return rows, strategies, done


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
        rng = random.Random(self.rng.getrandbits(64))
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        rows, strategies, done = solve(view, self.game, rng, self.iterations, deadline,
                                       self.should_stop)
        self.last_iterations = done
        mine = strategies[int(view["seat"])]
        kept = [p if p >= PURIFY else 0.0 for p in mine]
        if sum(kept) <= 0:
            kept = mine
        total = sum(kept)
        probs = [p / total for p in kept]
        by_row = {int(text.split()[1]) - 1: text for text in legal}
        self.last_strategy = {by_row[r]: p for r, p in zip(rows, probs, strict=True)}
        return by_row[rows[_draw(rng, probs)]]
