"""What every bot shares: the game, its own seeded RNG, and the legal actions of a view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine import JSON, Game


class Cancelled(Exception):
    """The decision was called off during the search (:attr:`ViewBot.should_stop` said so)."""


class ViewBot:
    """A bot that decides from a view alone (it never sees the State)."""

    def __init__(self, game: Game, seed: int | None = None, **budget: Any) -> None:
        self.game = game
        self.rng = random.Random(seed)
        #: asked between search iterations; when it answers True the search stops with
        #: :class:`Cancelled` (a server's bot worker calls off a decision nobody waits for)
        self.should_stop: Callable[[], bool] | None = None

    def check_stop(self) -> None:
        """Raise :class:`Cancelled` when the decision has been called off."""
        if self.should_stop is not None and self.should_stop():
            raise Cancelled("the decision was called off")

    @staticmethod
    def legal_of(view: JSON) -> list[str]:
        """The view's legal actions; ValueError when the seat is not to move."""
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("this view offers no legal action: the seat is not to move")
        return legal
