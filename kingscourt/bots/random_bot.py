"""The ``random`` level: a uniformly random legal action, for any game."""

from __future__ import annotations

from ..engine import JSON
from .base import ViewBot


class RandomBot(ViewBot):
    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        return legal[self.rng.randrange(len(legal))]
