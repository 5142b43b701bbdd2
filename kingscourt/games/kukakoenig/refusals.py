"""Ku-Ka-König's refusals: stable rule ids and their messages in a player's words.

``game-over`` and ``not-your-turn`` are the engine's own (``engine.errors``)."""

from __future__ import annotations

from ...engine import Violation

ALREADY_PICKED = "already-picked"
NO_SUCH_ROW = "no-such-row"
ROW_TAKEN = "row-taken"
ROW_EMPTY = "row-empty"


def already_picked() -> Violation:
    return Violation(ALREADY_PICKED, "You have already picked a row: wait for the others.")


def no_such_row(row: int, rows: int) -> Violation:
    return Violation(NO_SUCH_ROW, f"There is no row {row + 1}: the rows are numbered 1 to {rows}.")


def row_taken(row: int, seat: int) -> Violation:
    return Violation(ROW_TAKEN, f"Row {row + 1} was taken this round by seat {seat + 1}: pick a row "
                                "that still holds cards.")


def row_empty(row: int) -> Violation:
    return Violation(ROW_EMPTY, f"Row {row + 1} holds no cards: pick a row that still holds cards.")
