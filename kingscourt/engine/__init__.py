"""The game-agnostic core: the Game/State contract, actions, events, rules, errors, records."""

from __future__ import annotations

from .actions import Action
from .contract import JSON, Game, State, make_record
from .errors import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    ReplayError,
    RuleError,
    Violation,
    reason,
)
from .events import Event
from .manifest import GameSpec, resolve
from .registry import GAMES, load_game, replay, spec, specs
from .rules import build_rules, describe, rule, rules_dict

__all__ = [
    "GAMES",
    "JSON",
    "Action",
    "Event",
    "Game",
    "GameOver",
    "GameSpec",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "ReplayError",
    "RuleError",
    "State",
    "Violation",
    "build_rules",
    "describe",
    "load_game",
    "make_record",
    "reason",
    "replay",
    "resolve",
    "rule",
    "rules_dict",
    "spec",
    "specs",
]
