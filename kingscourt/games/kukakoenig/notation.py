"""Ku-Ka-König actions in text: ``row N``, N the 1-based row; one interned instance each."""

from __future__ import annotations

from typing import Any

from ...engine import Action, MalformedAction
from ...i18n import _
from .table import MAX_ROWS

ROW_ACTIONS: tuple[Action, ...] = tuple(Action(f"row {n}") for n in range(1, MAX_ROWS + 1))
ROW_OF: dict[str, int] = {a: i for i, a in enumerate(ROW_ACTIONS)}


def parse(text: str) -> int:
    """The 0-based row of an action text; MalformedAction for text that is no action."""
    row = ROW_OF.get(text)
    if row is not None:
        return row
    if isinstance(text, str):
        row = ROW_OF.get(" ".join(text.lower().split()))
        if row is not None:
            return row
    raise MalformedAction(text, _("Ku-Ka-König actions are `row N` with N from 1 to {n}", n=MAX_ROWS))


def read(game: Any, text: str) -> int:
    """The parsed form (the 0-based row) of an action text."""
    return parse(text)


def write(game: Any, row: int) -> str:
    """The text of a parsed action (:func:`read`'s inverse)."""
    return str(ROW_ACTIONS[row])
