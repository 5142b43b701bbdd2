"""PettingZoo's ``kingscourt_uchokrola_v1``, named as the classic environments are
(``from kingscourt.interop import uchokrola_v1; e = uchokrola_v1.env()``); see :mod:`.pettingzoo`."""

from __future__ import annotations

from typing import Any

from .pettingzoo import KingscourtEnv
from .pettingzoo import env as _env
from .pettingzoo import raw_env as _raw_env


def env(render_mode: str | None = None, **kwargs: Any) -> Any:
    """The wrapped AEC environment (illegal actions end the game, as in the classic ones)."""
    return _env("uchokrola", render_mode=render_mode, **kwargs)


def raw_env(render_mode: str | None = None, **kwargs: Any) -> KingscourtEnv:
    """The unwrapped AEC environment (an illegal action raises a ValueError)."""
    return _raw_env("uchokrola", render_mode=render_mode, **kwargs)

