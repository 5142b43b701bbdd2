"""The table: its fixed numbers (rulebook, "Setup" and "End of the First Round of Play") and
what happens to its rows — taken, burnt, refilled. The row functions work on lists of cards
of any kind (the state's card numbers, a bot's card types), so that the state and a bot's
look-ahead play the rows by the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

#: Rows of three cards: 6 for 2 players, 7 for 3, 8 for 4 (one number card per row).
ROWS = {2: 6, 3: 7, 4: 8}
MAX_ROWS = max(ROWS.values())
#: Cards counted out unseen before play: 32 with 2 players (80 used), 10 with 3 (102 used).
REMOVED = {2: 32, 3: 10, 4: 0}
ROW_SIZE = 3
#: The first half ends after a complete round in which someone holds this many cards.
FIRST_HALF_CARDS = 13

C = TypeVar("C")

#: How one row came out of a call: (row, the seats that picked it in seat order, cards).
#: One seat: it took ``cards``, the whole row. Several: ``cards`` is the one card burnt.
Outcome = tuple[int, list[int], list[C]]


def take_or_burn(rows: list[list[C]], picks: Iterable[tuple[int, int]]) -> list[Outcome[C]]:
    """Resolve one call's picks, ``(seat, row)`` pairs revealed together: a sole picker
    takes the whole row (the number card stays, the row is left empty); a row picked by
    several loses its outermost card (the last in its list) to the box and nobody gets it.
    ``rows`` is changed in place; the outcomes come row by row, in row order."""
    by_row: dict[int, list[int]] = {}
    for seat, row in sorted(picks):
        by_row.setdefault(row, []).append(seat)
    out: list[Outcome[C]] = []
    for row in sorted(by_row):
        seats = by_row[row]
        if len(seats) == 1:
            out.append((row, seats, rows[row]))
            rows[row] = []
        else:
            out.append((row, seats, [rows[row].pop()]))
    return out


def open_rows(rows: list[list[C]]) -> list[int]:
    """The rows that hold cards (a row taken this round or burnt bare holds none)."""
    return [i for i, row in enumerate(rows) if row]


def empty_handed(rows: list[list[C]]) -> bool:
    """Players still to pick get nothing when at most one row holds cards: the round ends."""
    return sum(1 for row in rows if row) <= 1


def refill(rows: list[list[C]], pile: list[C], mix: Callable[[], list[C]]) -> list[C] | None:
    """Top every row up to three, row 1 first, from the top of ``pile`` (its last card);
    the cards left in a row stay beneath. When the pile runs out, ``mix()`` is called once
    for the whole box, shuffled, which completes the rows (from its last card). ``rows`` and
    ``pile`` are changed in place; the result is what is left of the mixed box (it goes
    back face down), or None when the pile was enough."""
    spare: list[C] | None = None
    for row in rows:
        while len(row) < ROW_SIZE:
            if pile:
                row.append(pile.pop())
                continue
            if spare is None:
                spare = mix()
            if not spare:
                break
            row.append(spare.pop())
    return spare


def first_scoring_due(half: int, sizes: Iterable[int]) -> bool:
    """The first half ends after the first complete round (refill included) in which
    someone holds :data:`FIRST_HALF_CARDS` or more cards."""
    return half == 1 and max(sizes) >= FIRST_HALF_CARDS
