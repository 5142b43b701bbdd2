"""What the arena refuses before it plays: an unknown game, table rule or bot, a line-up the
game does not seat, a budget a bot does not take or a value of the wrong kind, no games, no
workers, a plot it could not write. Each refusal is an :class:`ArenaError`: one line naming the
input and what is allowed, found in a moment rather than after an hour of play."""

from __future__ import annotations

import importlib
import inspect
import os
import tempfile
from pathlib import Path
from typing import Any

from .. import bots as bot_levels
from ..engine import GAMES, Game, load_game
from .match import parse_bot

#: budgets that must be more than 0: at 0 a search stops before it starts, or (``seconds``)
#: never stops; every other number a bot takes may be 0 but not negative
POSITIVE = frozenset({"iterations", "seconds", "choice_seconds", "worlds", "choice_worlds"})

#: a budget's annotation -> what the arena asks of its value, in words
_KINDS = {"int": "a whole number", "float": "a number", "bool": "true or false", "str": "a word"}


class ArenaError(ValueError):
    """A refused input: ``option`` names it as the command line does (``--bots``, ``--rule``,
    ``GAME``), ``str(error)`` says what is wrong and what is allowed."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def check_game(name: str, rules: dict[str, Any]) -> Game:
    """The game with its table rules, or the engine's reason for refusing the name or a rule."""
    if name not in GAMES:
        raise ArenaError("GAME", f"unknown game {name!r} (known: {', '.join(GAMES)})")
    try:
        return load_game(name, **rules)
    except (TypeError, ValueError) as e:  # RuleError: the engine names the rule and its values
        raise ArenaError("--rule", str(e)) from e


def check_lineup(game: Game, labels: list[str], seed: int = 0) -> None:
    """One bot per seat, as many as the game seats (with these rules: Kokieteria in pairs seats
    4 or 6), and each bot a level of this game with budgets it takes."""
    n = len(labels)
    try:
        game.new_state(seed=seed, players=n)
    except ValueError as e:
        raise ArenaError("--bots", f"{n} bot{'' if n == 1 else 's'} ({','.join(labels) or 'none'}):"
                                   f" {e} (name one bot per seat)") from e
    for label in labels:
        check_bot(game, label)


def check_bot(game: Game, label: str) -> None:
    """``level`` or ``level:name=value,...``: a level with a bot for this game, and budgets that
    its bot takes, each of the kind it takes (a whole number, a number, true/false, a word)."""
    try:
        level, budget = parse_bot(label)
    except ValueError as e:
        raise ArenaError("--bots", str(e)) from e
    target = bot_levels.BOTS.get((game.name, level))
    if target is None:
        try:
            bot_levels.load(level, game, seed=0)
        except ValueError as e:  # RuleError: unknown level, or none for this game
            raise ArenaError("--bots", f"bot {label!r}: {e}") from e
        raise ArenaError("--bots", f"bot {label!r}: no {level} bot for {game.name}")
    params = _budgets(target)
    for key, value in budget.items():
        if key not in params:
            allowed = f"budgets: {', '.join(params)}" if params else "it takes no budget"
            raise ArenaError("--bots", f"bot {label!r}: the {level} bot of {game.name} has no "
                                       f"budget {key!r} ({allowed})")
        kinds = params[key]
        if kinds and not any(_fits(value, k) for k in kinds):
            wanted = " or ".join(_KINDS[k] for k in kinds)
            raise ArenaError("--bots", f"bot {label!r}: {key} takes {wanted}, got {value!r}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if key in POSITIVE and not value > 0:
                raise ArenaError("--bots", f"bot {label!r}: {key} takes a number above 0, "
                                           f"got {value!r}")
            if value < 0:
                raise ArenaError("--bots", f"bot {label!r}: {key} takes 0 or more, got {value!r}")
    try:
        bot_levels.load(level, game, seed=0, **budget)
    except (TypeError, ValueError) as e:  # a value the bot itself refuses (epsilon, method)
        raise ArenaError("--bots", f"bot {label!r}: {e}") from e


def _budgets(target: str) -> dict[str, list[str]]:
    """The budgets a bot class takes by name -> the kinds of value its annotation allows
    (``[]``: any); ``game``, ``seed`` and a catch-all ``**`` are no budgets."""
    module_name, cls_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), cls_name)
    out: dict[str, list[str]] = {}
    for name, p in inspect.signature(cls.__init__).parameters.items():
        if name in ("self", "game", "seed") or p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
            continue
        annotation = p.annotation if isinstance(p.annotation, str) else getattr(
            p.annotation, "__name__", "")
        kinds = [t.strip() for t in annotation.split("|")]
        out[name] = [k for k in kinds if k in _KINDS] if all(
            k in _KINDS or k == "None" for k in kinds) else []
    return out


def _fits(value: Any, kind: str) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "int":
        return isinstance(value, int)
    if kind == "float":
        return isinstance(value, int | float)
    return isinstance(value, str)


def check_plot(path: Path) -> None:
    """A .png file in a folder that exists and can be written to, found before the games."""
    if path.is_dir():
        raise ArenaError("--plot", f"{path} is a folder: name a .png file")
    if path.suffix.lower() != ".png":
        raise ArenaError("--plot", f"{path}: the chart is a PNG file: name one ending in .png")
    folder = path.parent
    if not folder.is_dir():
        what = f"{folder} is not a folder" if folder.exists() else f"no folder {folder}"
        raise ArenaError("--plot", f"{path}: {what}")
    if path.exists() and not os.access(path, os.W_OK):
        raise ArenaError("--plot", f"{path}: the file cannot be overwritten (read-only)")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        raise ArenaError("--plot", f"{path}: cannot write in the folder {folder} "
                                   f"({e.strerror or e})") from e


def check_run(game: str, labels: list[str], deals: int, seed: int = 0,
              rules: dict[str, Any] | None = None, jobs: int = 1) -> Game:
    """Every check of a run but the plot's: the game, its rules, the line-up, the numbers."""
    if deals < 1:
        raise ArenaError("--games", f"play 1 or more duplicate games, not {deals}")
    if jobs < 1:
        raise ArenaError("--jobs", f"use 1 or more worker processes, not {jobs}")
    loaded = check_game(game, rules or {})
    check_lineup(loaded, labels, seed)
    return loaded
