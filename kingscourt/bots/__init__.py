"""Computer opponents. A bot is a function of the view and its own seeded RNG; it never sees
the State.

>>> import kingscourt
>>> game = kingscourt.load_game("king")
>>> state = game.new_state(seed=3)
>>> seat = state.to_move()[0]
>>> bot = kingscourt.bots.load("basic", game, seed=1)
>>> bot.choose(state.view(seat)) in state.view(seat)["legal"]
True
"""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import JSON, Game, RuleError
from ..engine.manifest import resolve
from ..engine.registry import spec
from ..i18n import _
from .base import Cancelled

__all__ = ["LEVELS", "Bot", "Cancelled", "budget", "levels", "load", "load_for_people",
           "play_budget"]

#: the levels a game may offer people (server, terminal, arena); a level named with a leading
#: underscore in a game's manifest is private: loadable by name for benchmarks, never listed.
#: A level a game has retired is written in its manifest as the name of the level that now
#: plays in its place (``"expert": "strong"``, no ``module:Class``): still accepted (stored
#: tables, clients, the API), never listed
LEVELS = ("random", "basic", "learned", "strong", "expert")


def _playing(game: str, level: str) -> str:
    """The level that plays for ``level`` in ``game``: itself, or for a retired level the
    level its manifest names in its place."""
    offered = spec(game).bots.levels
    target = offered.get(level)
    return target if target is not None and retired(target) and target in offered else level


def retired(target: str) -> bool:
    """Whether a manifest's level entry names another level (a retired level) rather than a
    ``module:Class``."""
    return ":" not in target


def levels(game: str) -> list[str]:
    """The levels of :data:`LEVELS` that the game ``game`` offers, in that order (not the
    retired ones)."""
    offered = spec(game).bots.levels
    return [lv for lv in LEVELS if lv in offered and not retired(offered[lv])]


def budget(game: str, level: str) -> dict[str, Any]:
    """The budget a bot of ``level`` gets when none is given (iterations: deterministic per
    seed, for the arena and benchmarks); the manifest's ``bots.budgets``."""
    return dict(spec(game).bots.budgets.get(_playing(game, level), {}))


def play_budget(game: str, level: str) -> dict[str, Any]:
    """The budget where people play (the server's workers, the terminal); the manifest's
    ``bots.play_budgets``."""
    return dict(spec(game).bots.play_budgets.get(_playing(game, level), {}))


def __getattr__(name: str) -> Any:
    """``BOTS``, ``BUDGETS`` and ``PLAY_BUDGETS`` keyed by ``(game, level)``, as they were
    before the manifests held them: read-only views built from the registry."""
    from ..engine.registry import specs

    if name == "BOTS":
        return {(s.name, lv): t for s in specs() for lv, t in s.bots.levels.items()}
    if name == "BUDGETS":
        return {(s.name, lv): dict(b) for s in specs() for lv, b in s.bots.budgets.items()}
    if name == "PLAY_BUDGETS":
        return {(s.name, lv): dict(b) for s in specs() for lv, b in s.bots.play_budgets.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Bot(Protocol):
    """What every bot offers: the text of a legal action, chosen from a view alone."""

    def choose(self, view: JSON) -> str: ...


def load(level: str, game: Game, seed: int | None = None, **budget_: Any) -> Bot:
    """A bot of ``level`` for ``game``; unknown levels raise ValueError (KeyError-free)."""
    offered = spec(game.name).bots.levels
    if level not in LEVELS and not (level.startswith("_") and level in offered):
        # the game's own levels: a retired one is still accepted but not offered
        raise RuleError(_("unknown bot level {level} (levels: {x})", level=repr(level),
                          x=", ".join(levels(game.name))))
    if level in offered:
        level = _playing(game.name, level)
    target = offered.get(level)
    if target is None or retired(target):
        raise RuleError(_("no {level} bot for {game} yet", level=repr(level), game=game.name))
    cls = resolve(target)
    bot: Bot = cls(game, seed=seed, **(budget_ or budget(game.name, level)))
    return bot


def load_for_people(level: str, game: Game, seed: int | None = None) -> Bot:
    """A bot of ``level`` with the time budget people play against (:func:`play_budget`)."""
    return load(level, game, seed, **play_budget(game.name, level))
