"""PettingZoo's ``kingscourt_kukakoenig_v1``, named as the classic environments are
(``from kingscourt.interop import kukakoenig_v1; e = kukakoenig_v1.env()``); see :mod:`.pettingzoo`."""

from __future__ import annotations

from typing import Any

from .pettingzoo import KingscourtEnv, KukakoenigParallelEnv
from .pettingzoo import env as _env
from .pettingzoo import parallel_env as _parallel_env
from .pettingzoo import raw_env as _raw_env


def env(render_mode: str | None = None, **kwargs: Any) -> Any:
    """The wrapped AEC environment (illegal actions end the game, as in the classic ones)."""
    return _env("kukakoenig", render_mode=render_mode, **kwargs)


def raw_env(render_mode: str | None = None, **kwargs: Any) -> KingscourtEnv:
    """The unwrapped AEC environment (an illegal action raises a ValueError)."""
    return _raw_env("kukakoenig", render_mode=render_mode, **kwargs)


def parallel_env(render_mode: str | None = None, **kwargs: Any) -> KukakoenigParallelEnv:
    """The native ParallelEnv (``players=`` 2 to 4, 3 if not given)."""
    return _parallel_env(render_mode=render_mode, **kwargs)
