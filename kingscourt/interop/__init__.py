"""Bridges to research frameworks: OpenSpiel (``openspiel``) and PettingZoo (``pettingzoo``).

``from kingscourt.interop import king_v1`` gives the versioned PettingZoo module of each game
of the registry, named as the classic environments are (``<game>_v1``: ``env()``,
``raw_env()``, and ``parallel_env()`` for a game of simultaneous moves), made here on first
use."""

from __future__ import annotations

import sys
import types
from typing import Any

#: the version of the environments (``kingscourt_<game>_v1``)
VERSION = 1
_SUFFIX = f"_v{VERSION}"


def versioned(name: str) -> types.ModuleType:
    """The module ``kingscourt.interop.<name>_v1`` of the game ``name``."""
    from ..engine import load_game
    from . import pettingzoo

    module = types.ModuleType(f"{__name__}.{name}{_SUFFIX}", f"PettingZoo's ``kingscourt_{name}"
                              f"{_SUFFIX}``, named as the classic environments are.")

    def env(render_mode: str | None = None, **kwargs: Any) -> Any:
        """The wrapped AEC environment (illegal actions end the game, as in the classic ones)."""
        return pettingzoo.env(name, render_mode=render_mode, **kwargs)

    def raw_env(render_mode: str | None = None, **kwargs: Any) -> pettingzoo.KingscourtEnv:
        """The unwrapped AEC environment (an illegal action raises a ValueError)."""
        return pettingzoo.raw_env(name, render_mode=render_mode, **kwargs)

    module.env = env  # type: ignore[attr-defined]
    module.raw_env = raw_env  # type: ignore[attr-defined]
    if load_game(name).dynamics == "simultaneous":
        def parallel_env(render_mode: str | None = None, **kwargs: Any
                         ) -> pettingzoo.SimultaneousParallelEnv:
            """The native ParallelEnv."""
            return pettingzoo.parallel_env(name, render_mode=render_mode, **kwargs)

        module.parallel_env = parallel_env  # type: ignore[attr-defined]
    return module


def __getattr__(attr: str) -> types.ModuleType:
    from ..engine import GAMES, spec

    name = attr.removesuffix(_SUFFIX)
    if attr.endswith(_SUFFIX) and name in GAMES and spec(name).research is not None:
        module = versioned(name)
        sys.modules[module.__name__] = module
        globals()[attr] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")
