"""King points: the platform's per-player ranking total for King.

For one finished game, each seat earns

    placement points  = 1 for every other seat it outscored, ½ for every tie  (0 … 3)
    King bonus        = 1 for every King it made in that game (all 13 tricks of a trump deal;
                        with the table rule ``king_ends_game``, 10 in a row or 11 in all)

and a player's King points are the sum over their finished games. Placement rather than raw
score keeps one runaway game from dominating the table; the King bonus is the celebration
the rulebook's digital table promises ("bringt einen Bonus auf deine King-Punkte").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

KING_BONUS = 1.0


def king_points(scores: Sequence[int], kings: Sequence[dict[str, Any]]) -> list[float]:
    """King points of each seat for one finished game (``kings`` as in the view)."""
    n = len(scores)
    points = []
    for s in range(n):
        placement = sum(1.0 if scores[s] > scores[o] else 0.5 if scores[s] == scores[o] else 0.0
                        for o in range(n) if o != s)
        points.append(placement + KING_BONUS * sum(1 for k in kings if k["seat"] == s))
    return points
