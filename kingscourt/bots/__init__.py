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

import importlib
from typing import Any, Protocol

from ..engine import JSON, Game, RuleError
from ..i18n import _
from .base import Cancelled

__all__ = ["BOTS", "BUDGETS", "LEVELS", "PLAY_BUDGETS", "Bot", "Cancelled", "load",
           "load_for_people"]

#: the levels offered to people (server, terminal, arena); a level named with a leading
#: underscore in :data:`BOTS` is private: loadable by name for benchmarks, never listed
LEVELS = ("random", "basic", "strong", "expert")

#: (game, level) -> "module:Class". A game joins by adding its lines here.
BOTS: dict[tuple[str, str], str] = {
    ("king", "random"): "kingscourt.bots.random_bot:RandomBot",
    ("king", "basic"): "kingscourt.bots.king_basic:KingBasicBot",
    ("king", "strong"): "kingscourt.bots.king_strong:KingStrongBot",
    ("king", "expert"): "kingscourt.bots.king_strong:KingStrongBot",
    ("king", "_strong_2026"): "kingscourt.bots.king_legacy:KingStrongBot2026",
    ("kukakoenig", "random"): "kingscourt.bots.random_bot:RandomBot",
    ("kukakoenig", "basic"): "kingscourt.bots.kukakoenig_basic:KukakoenigBasicBot",
    ("kukakoenig", "strong"): "kingscourt.bots.kukakoenig_strong:KukakoenigStrongBot",
    ("kukakoenig", "expert"): "kingscourt.bots.kukakoenig_strong:KukakoenigStrongBot",
    ("uchokrola", "random"): "kingscourt.bots.random_bot:RandomBot",
    ("uchokrola", "basic"): "kingscourt.bots.uchokrola_basic:UchokrolaBasicBot",
    ("uchokrola", "strong"): "kingscourt.bots.ismcts:StrongBot",
    ("uchokrola", "expert"): "kingscourt.bots.ismcts:StrongBot",
}

#: (game, level) -> the budget a bot gets when none is given (iterations: deterministic per
#: seed, for the arena and benchmarks); ``expert`` is the same search as ``strong``, larger
BUDGETS: dict[tuple[str, str], dict[str, Any]] = {
    ("king", "expert"): {"iterations": 6000, "choice_worlds": 2400, "chain": 4800},
    ("kukakoenig", "expert"): {"iterations": 240},
    ("uchokrola", "expert"): {"iterations": 1200},
}

#: (game, level) -> the budget where people play (the server's workers, the terminal): time,
#: not iterations. King: a card in 0.2 s (median ≤ 250 ms, p95 ≤ 500 ms even on a busy
#: machine), a contract choice in 0.8 s (≤ 1 s); expert ≤ 2 s a card.
PLAY_BUDGETS: dict[tuple[str, str], dict[str, Any]] = {
    ("king", "strong"): {"seconds": 0.2, "choice_seconds": 0.8, "chain": 8000},
    ("king", "expert"): {"seconds": 1.5, "choice_seconds": 1.8, "chain": 40000},
    ("kukakoenig", "strong"): {"seconds": 0.4},
    ("kukakoenig", "expert"): {"seconds": 1.5},
    ("uchokrola", "strong"): {"seconds": 1.0},
    ("uchokrola", "expert"): {"seconds": 3.0},
}


class Bot(Protocol):
    """What every bot offers: the text of a legal action, chosen from a view alone."""

    def choose(self, view: JSON) -> str: ...


def load(level: str, game: Game, seed: int | None = None, **budget: Any) -> Bot:
    """A bot of ``level`` for ``game``; unknown levels raise ValueError (KeyError-free)."""
    if level not in LEVELS and not (level.startswith("_") and (game.name, level) in BOTS):
        raise RuleError(_("unknown bot level {level} (levels: {x})", level=repr(level),
                          x=", ".join(LEVELS)))
    target = BOTS.get((game.name, level))
    if target is None:
        raise RuleError(_("no {level} bot for {game} yet", level=repr(level), game=game.name))
    module_name, cls_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), cls_name)
    bot: Bot = cls(game, seed=seed, **(budget or BUDGETS.get((game.name, level), {})))
    return bot


def load_for_people(level: str, game: Game, seed: int | None = None) -> Bot:
    """A bot of ``level`` with the time budget people play against (:data:`PLAY_BUDGETS`)."""
    return load(level, game, seed, **PLAY_BUDGETS.get((game.name, level), {}))
