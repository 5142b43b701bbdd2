"""What every bot shares: the game, its own seeded RNG, and the legal actions of a view."""

from __future__ import annotations

import random
from typing import Any

from ..engine import JSON, Game


class ViewBot:
    """A bot that decides from a view alone (it never sees the State)."""

    def __init__(self, game: Game, seed: int | None = None, **budget: Any) -> None:
        self.game = game
        self.rng = random.Random(seed)

    @staticmethod
    def legal_of(view: JSON) -> list[str]:
        """The view's legal actions; ValueError when the seat is not to move."""
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("this view offers no legal action: the seat is not to move")
        return legal
