"""The ``basic`` level for Ku-Ka-König: a readable heuristic over the view alone.

Each open row is valued by the points it adds to the picker in the coming scoring (in the
first half, kept cards count again at the end, so their later worth is added at half
weight). A collision gives nothing, so a row is worth its value times the chance that no
other player of this call picks it. Every player of the call is assumed to reason the same
way: starting from a softmax over their own values, each player's odds are recomputed a few
times against the others' odds (a smoothed best response), and the bot draws its row from
its own resulting odds. Mixing like this keeps two bots in the same position from
colliding call after call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ....bots.base import ViewBot
from ....engine import JSON
from ..cards import KEPT, TYPES, type_of
from ..scoring import score_counts

#: How sharply a player prefers rows worth more (points per e-fold of the odds).
TEMPERATURE = 1.5
#: Rounds of smoothed best responses among the players of the call.
ROUNDS = 6
#: Weight of a kept card's worth in the second scoring, seen from the first half.
LATER_WEIGHT = 0.5
#: A small bonus per card, so that equal rows go to the fuller one.
PER_CARD = 0.1


def _counts(cards: Sequence[str], kept_only: bool = False) -> list[int]:
    out = [0] * len(TYPES)
    for name in cards:
        k = type_of(name)
        if not kept_only or KEPT[k]:
            out[k] += 1
    return out


def _gain(counts: list[list[int]], seat: int, row: Sequence[str], kept_only: bool) -> int:
    """Points the row adds to ``seat``'s total, the others' collections as they are."""
    before = score_counts(counts)[seat]["total"]
    mine = counts[seat][:]
    for k, n in enumerate(_counts(row, kept_only)):
        mine[k] += n
    after = score_counts([mine if s == seat else c for s, c in enumerate(counts)])[seat]["total"]
    return after - before


def row_values(view: JSON, seat: int, rows: Sequence[int]) -> dict[int, float]:
    """What each of ``rows`` (0-based) is worth to ``seat`` in the view's position."""
    colls: list[list[str]] = view["collections"]
    now = [_counts(c) for c in colls]
    later_too = view["half"] == 1 and not view["last_round"]
    kept = [_counts(c, kept_only=True) for c in colls] if later_too else now
    out: dict[int, float] = {}
    for r in rows:
        cards = view["rows"][r]
        value = _gain(now, seat, cards, kept_only=False) + PER_CARD * len(cards)
        if later_too:
            value += LATER_WEIGHT * _gain(kept, seat, cards, kept_only=True)
        out[r] = value
    return out


def _softmax(values: dict[int, float]) -> dict[int, float]:
    top = max(values.values())
    weights = {r: math.exp((v - top) / TEMPERATURE) for r, v in values.items()}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}


def pick_odds(view: JSON, rows: Sequence[int]) -> dict[int, dict[int, float]]:
    """Each chooser's odds of picking each of ``rows`` (0-based) in the current call."""
    choosers: list[int] = view["choosers"]
    values = {s: row_values(view, s, rows) for s in choosers}
    odds = {s: _softmax(values[s]) for s in choosers}
    for _ in range(ROUNDS):
        fresh = {}
        for s in choosers:
            expected = dict(values[s])
            for o in choosers:
                if o != s:
                    for r in rows:
                        expected[r] *= 1.0 - odds[o][r]
            fresh[s] = _softmax(expected)
        odds = {s: {r: (odds[s][r] + fresh[s][r]) / 2 for r in rows} for s in choosers}
    return odds


class KukakoenigBasicBot(ViewBot):
    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        seat: int = view["seat"]
        by_row = {int(text.split()[1]) - 1: text for text in legal}
        rows = sorted(by_row)
        odds = pick_odds(view, rows)[seat]
        return by_row[self.rng.choices(rows, weights=[odds[r] for r in rows])[0]]
