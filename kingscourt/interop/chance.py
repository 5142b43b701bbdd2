"""The whole chance space of a game, for the research bridges: how each game's randomness
becomes OpenSpiel chance nodes.

A game's manifest names its chance model (``research.chance``, ``"module:function(game,
players) -> Chance"``). The bridge deals card by card, as OpenSpiel's Bridge and Hearts do:
a chance phase is a sequence of :class:`Draw`\\ s, and each chance node draws one item of the
current draw, uniformly without replacement (an item held several times is that many times
as likely), or with replacement for a draw of bytes. Every order of the items is reachable,
with its true probability. Once a phase is drawn the model builds the engine's state from the
items (:meth:`Chance.start`) or hands them to the running state (:meth:`Chance.resume`).

:meth:`Chance.resample` draws a whole history (chance outcomes and moves) consistent with
what one seat has seen, uniformly among the consistent ones, or says it cannot (``None``), in
which case the bridge falls back to the engine's ``sample_world``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine import State

#: one step of a history: (player, action); the chance player is -1
Step = tuple[int, int]


@dataclass(frozen=True)
class Draw:
    """``count`` items drawn one per chance node from ``items`` (a multiset of outcome
    numbers), without replacement unless ``replace``."""

    items: tuple[int, ...]
    count: int
    replace: bool = False
    #: every item left is as likely as any other (no item is held twice)
    distinct: bool = field(init=False)
    #: the tables of :meth:`pair_of`, by the number of items left (built as asked)
    _pairs: dict[int, Callable[[int], tuple[int, float]]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if list(self.items) != sorted(self.items):
            raise ValueError("a draw's items are sorted")
        distinct = self.replace or len(set(self.items)) == len(self.items)
        object.__setattr__(self, "distinct", distinct)
        object.__setattr__(self, "_pairs", {})

    def pair_of(self, left: int) -> Callable[[int], tuple[int, float]]:
        """For a draw of distinct items with ``left`` items left: item -> ``(item, 1.0 /
        left)``, the chance outcome, made once (a chance node lists its outcomes without
        making a tuple each)."""
        table = self._pairs.get(left)
        if table is None:
            p = 1.0 / left
            if self.items == tuple(range(len(self.items))):
                table = [(c, p) for c in self.items].__getitem__
            else:
                table = {c: (c, p) for c in self.items}.__getitem__
            self._pairs[left] = table
        return table


def seed_draw(size: int = 8) -> Draw:
    """``size`` bytes, drawn with replacement: a seed of ``8 * size`` bits."""
    return Draw(tuple(range(256)), size, replace=True)


def seed_of(drawn: Sequence[int]) -> int:
    """The seed that the bytes of a :func:`seed_draw` make."""
    return int.from_bytes(bytes(drawn), "big")


class Chance(Protocol):
    """A game's chance model (see the module's docstring)."""

    #: the number of distinct chance outcomes (OpenSpiel's ``max_chance_outcomes``)
    outcomes: int

    def describe(self, outcome: int) -> str:
        """A chance outcome in words (OpenSpiel's ``action_to_string`` for chance)."""

    def opening(self) -> tuple[Draw, ...]:
        """What chance draws before the match begins."""

    def start(self, drawn: list[list[int]]) -> State:
        """The engine's state made from the opening's items (one list per draw)."""

    def pending(self, inner: State) -> tuple[Draw, ...]:
        """What chance must draw now, after a move (empty: nothing). The state is left so that
        its views show nothing of the draw until :meth:`resume`."""

    def resume(self, inner: State, drawn: list[list[int]]) -> None:
        """Hand the items of a phase :meth:`pending` asked for to the running state."""

    def resample(self, history: list[Step], player: int,
                 rng: random.Random) -> list[Step] | None:
        """A history consistent with what ``player`` saw of ``history``, drawn uniformly among
        them; None when the model cannot (the engine's world sampler is used then)."""
