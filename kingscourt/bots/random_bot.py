"""The ``random`` level: a uniformly random legal action, for any game."""

from __future__ import annotations

import random
from typing import Any

from ..engine import JSON, Game


class RandomBot:
    def __init__(self, game: Game, seed: int | None = None, **budget: Any) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, view: JSON) -> str:
        legal = view["legal"]
        if not legal:
            raise ValueError("this view offers no legal action: the seat is not to move")
        choice: str = legal[self.rng.randrange(len(legal))]
        return choice
