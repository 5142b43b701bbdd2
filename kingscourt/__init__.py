"""kingscourt: King, Ku-Ka-König and Ucho Króla on one engine.

>>> import kingscourt
>>> game = kingscourt.load_game("king", must_beat="trump")
>>> state = game.new_state(seed=7)
>>> len(state.view(state.to_move()[0])["hand"])
13
"""

from __future__ import annotations

from . import _compiled

_compiled.install()  # the compiled core, when built and current (before any of its modules)

from . import bots  # noqa: E402
from .engine import (  # noqa: E402
    Action,
    Event,
    Game,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    ReplayError,
    State,
    Violation,
    load_game,
    replay,
)

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "ReplayError",
    "State",
    "Violation",
    "bots",
    "load_game",
    "replay",
]
