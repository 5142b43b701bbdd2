"""Ku-Ka-König's refusals: stable rule ids and their messages in a player's words.

``game-over`` and ``not-your-turn`` are the engine's own (``engine.errors``)."""

from __future__ import annotations

from ...engine import Violation
from ...i18n import _

ALREADY_PICKED = "already-picked"
NO_SUCH_ROW = "no-such-row"
ROW_TAKEN = "row-taken"
ROW_EMPTY = "row-empty"


def already_picked() -> Violation:
    return Violation(ALREADY_PICKED, _("You have already picked a row: wait for the others."))


def no_such_row(row: int, rows: int) -> Violation:
    return Violation(NO_SUCH_ROW, _("There is no row {n}: the rows are numbered 1 to {rows}.",
                                    n=row + 1, rows=rows))


def row_taken(row: int, seat: int) -> Violation:
    return Violation(ROW_TAKEN, _("Row {n} was taken this round by seat {seat}: pick a row that "
                                  "still holds cards.",
                                  n=row + 1, seat=seat + 1))


def row_empty(row: int) -> Violation:
    return Violation(ROW_EMPTY, _("Row {n} holds no cards: pick a row that still holds cards.", n=row + 1))
