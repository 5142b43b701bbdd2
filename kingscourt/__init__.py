"""kingscourt: King, Ku-Ka-König and Ucho Króla on one engine.

>>> import kingscourt
>>> game = kingscourt.load_game("king", must_beat="trump")
>>> state = game.new_state(seed=7)
>>> len(state.view(state.to_move()[0])["hand"])
13
"""

from __future__ import annotations

from . import bots
from .engine import (
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
