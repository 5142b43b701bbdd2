"""Ku-Ka-König for the research bridges (OpenSpiel, PettingZoo): its 9 action numbers, its
length and its table as text.

Action numbers: ``row N`` is ``N-1`` (``0..7``); ``wait`` (8) is the no-op of a seat that does
not pick at a simultaneous node. Length: at most 2 × 112 calls (each call takes or burns a card
of the rows, and a card enters the rows at most twice: from the pile, and once from the
shuffled box).
"""

from __future__ import annotations

from ...engine import JSON, Game
from ...interop.vocabulary import Vocabulary
from .table import MAX_ROWS

#: the no-op of a seat that does not pick at a simultaneous node
NOOP = "wait"
MAX_CALLS = 2 * 112


def texts() -> list[str]:
    return [f"row {n}" for n in range(1, MAX_ROWS + 1)] + [NOOP]


VOCABULARY = Vocabulary(texts())


def vocabulary(game: Game) -> Vocabulary:
    return VOCABULARY


def max_length(game: Game, max_moves: int) -> int:
    return MAX_CALLS


def render(v: JSON) -> list[str]:
    """The table as a view shows it, in lines of text."""
    lines = [f"Ku-Ka-König · round {v['round']} (half {v['half']}"
             f"{', last round' if v['last_round'] else ''}) · call {v['call']} · pile {v['pile']}"]
    for i, row in enumerate(v["rows"]):
        lines.append(f"  row {i + 1}: {' '.join(row) or '-'}")
    for s, coll in enumerate(v["collections"]):
        mark = " (picked)" if s in v["picked"] else ""
        lines.append(f"  player_{s}{mark}: {' '.join(coll) or '-'}")
    if v["my_pick"] is not None:
        lines.append(f"  your pick: row {v['my_pick']}")
    return lines
