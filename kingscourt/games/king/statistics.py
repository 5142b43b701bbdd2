"""King's statistics: what a finished game keeps beyond each seat's score and win.

- Per seat, the counters of :meth:`KingState.results` summed over a player's games: ``kings``
  (Kings made) and ``king_points`` (:mod:`.ranking`, the points leaderboard's total).
- Per deal, who chose which contract and the chooser's points in that deal (the profile's
  "contracts chosen"), read from the score sheet every view shows.
"""

from __future__ import annotations

from typing import Any

from ...engine import State
from .contracts import CONTRACTS


def deal_choices(state: State) -> list[tuple[int, int, str, int]]:
    """Every deal's (deal, chooser, contract, the chooser's points in it)."""
    view: Any = state.view(None)
    rows: list[dict[str, Any]] = view.get("score_table", [])
    return [(int(r["deal"]), int(r["chooser"]), str(r["contract"]), int(r["points"][r["chooser"]]))
            for r in rows]


def deal_scores(view: Any) -> list[dict[str, Any]]:
    """Every scored deal of the score sheet any view shows: each seat's points, the chooser,
    the contract and its trump (the facts a duplicate comparison shows)."""
    rows: list[dict[str, Any]] = view.get("score_table", [])
    return [{"deal": int(r["deal"]), "points": [int(p) for p in r["points"]],
             "chooser": int(r["chooser"]), "contract": str(r["contract"]),
             "trump": r.get("trump")} for r in rows]


def choice_order() -> list[str]:
    """The contracts' ids in the rulebook's order (a profile lists them so)."""
    return [info.id for _, info in sorted(CONTRACTS.items())]
