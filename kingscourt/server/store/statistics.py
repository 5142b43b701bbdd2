"""The games' own statistics, as their manifests declare them
(:class:`kingscourt.engine.manifest.Statistics`): the server stores and sums them without
knowing any game.

- **Per seat**, the counters a game keeps (its manifest's ``counters``, taken from
  :meth:`~kingscourt.engine.contract.State.results`) go into ``player_results.stats``, a JSON
  object; a player's statistics sum them per game.
- **Per deal**, the choices of a game that keeps them (``choices``) go into ``deal_choices``.
- **The points leaderboard** ranks by the counter a manifest names as its ``points``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Float, func
from sqlalchemy.sql.elements import ColumnElement

from ...engine import GAMES, State, specs
from ...engine.manifest import GameSpec, resolve
from ...engine.registry import spec as spec_of
from .orm import PlayerResult


def _spec(game: str) -> GameSpec | None:
    return spec_of(game) if game in GAMES else None


def counters(game: str) -> tuple[str, ...]:
    """The counters ``game`` keeps per seat (none for an unknown game)."""
    spec = _spec(game)
    return spec.statistics.counters if spec is not None else ()


def kept(game: str, result: dict[str, Any]) -> dict[str, float]:
    """A seat's result's counters as stored (integers stay integers)."""
    return {name: result.get(name, 0) for name in counters(game)}


def deal_choices(state: State) -> list[tuple[int, int, str, int]]:
    """Every deal's (deal, chooser, choice, the chooser's points in it), for a game that keeps
    choices; ``[]`` otherwise."""
    spec = _spec(state.game.name)
    if spec is None or not spec.statistics.choices:
        return []
    out: list[tuple[int, int, str, int]] = resolve(spec.statistics.choices)(state)
    return out


def choice_order(game: str) -> list[str]:
    """The order a profile lists ``game``'s choices in (empty: as found)."""
    spec = _spec(game)
    if spec is None or not spec.statistics.choice_order:
        return []
    order: list[str] = resolve(spec.statistics.choice_order)()
    return order


def choosing_games() -> list[str]:
    """The games that keep per-deal choices, in the registry's order."""
    return [spec.name for spec in specs() if spec.statistics.choices]


def points_game() -> tuple[str, str] | None:
    """The game whose points leaderboard ``GET /api/leaderboard`` shows, and its counter."""
    for spec in specs():
        if spec.statistics.points:
            return spec.name, spec.statistics.points
    return None


def counter(name: str) -> ColumnElement[float]:
    """One counter of ``player_results.stats`` as a number in SQL (absent: 0)."""
    return func.coalesce(PlayerResult.stats[name].as_float(), 0.0)


def sums(names: Sequence[str]) -> list[ColumnElement[Any]]:
    """The sum of each counter over the selected rows (``NULL`` for none: read as 0)."""
    return [func.sum(counter(n), type_=Float) for n in names]
