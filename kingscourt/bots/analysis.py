"""A bot's review of one decision: every legal action with its estimated value, and the one
the bot prefers. The replay viewer's post-game review asks for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..engine import JSON


@dataclass(frozen=True)
class Analysis:
    """``values`` pairs each legal action with its estimated value for the deciding seat, best
    first (the value's unit is the game's points, as the seat's margin over the others' mean);
    ``preferred`` is the action the bot would play."""

    preferred: str
    values: tuple[tuple[str, float], ...]

    def value_of(self, action: str) -> float | None:
        """The estimated value of ``action``; None when the analysis has none for it."""
        for candidate, value in self.values:
            if candidate == action:
                return value
        return None

    def to_json(self) -> JSON:
        return {"preferred": self.preferred,
                "values": [{"action": a, "value": round(v, 2)} for a, v in self.values]}


@runtime_checkable
class Analyst(Protocol):
    """A bot that can explain a decision from a view alone."""

    def analyse(self, view: JSON) -> Analysis: ...
