"""Tensors of a seat's view for learners: one module per game (its manifest's ``tensors``,
``games/<game>/tensors.py``), the same names in each, shared by the OpenSpiel and PettingZoo
bridges.

Each game module gives an :class:`Encoder` for a game with its table rules fixed: two
:class:`Layout` (``observation`` and ``information_state``), each an ordered list of named
pieces, and the functions that fill them from **one seat's view** (so a tensor holds only
what that seat may know). Every seat axis is *relative to the observer*: index 0 is the
observing seat itself, 1 the seat after it in turn order, and so on, so that one policy can
play every seat ("own hand first"). The layouts are documented beside the code (each piece's
``meaning``) and in ``docs/tensors.md``, whose tables ``python -m kingscourt.interop.tensors``
prints.

    from kingscourt.interop.tensors import encoder
    enc = encoder(kingscourt.load_game("king"))
    flat, pieces = enc.observation_layout.allocate()
    enc.observation(state.view(seat), pieces)       # fills ``flat`` through its pieces
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from ...engine import JSON, Game
from ...engine.manifest import resolve
from ...engine.registry import spec

Array = np.ndarray[Any, np.dtype[np.float32]]


@dataclasses.dataclass(frozen=True)
class Piece:
    """One named part of a tensor: its shape and what its entries mean."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@dataclasses.dataclass(frozen=True)
class Layout:
    """A flat float32 tensor made of named pieces, in this order."""

    pieces: tuple[Piece, ...]
    size: int = dataclasses.field(init=False)
    _slices: tuple[tuple[str, int, int, tuple[int, ...]], ...] = dataclasses.field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        slices, at = [], 0
        for p in self.pieces:
            slices.append((p.name, at, at + p.size, p.shape))
            at += p.size
        object.__setattr__(self, "size", at)
        object.__setattr__(self, "_slices", tuple(slices))

    def offsets(self) -> dict[str, int]:
        return {name: start for name, start, _end, _shape in self._slices}

    def allocate(self) -> tuple[Array, dict[str, Array]]:
        """A zero tensor and, per piece, a view of it in the piece's shape."""
        flat = np.zeros(self.size, np.float32)
        return flat, {name: flat[a:b].reshape(shape) for name, a, b, shape in self._slices}

    def table(self) -> str:
        """The layout as a Markdown table (offset, piece, shape, meaning)."""
        rows = ["| offset | piece | shape | meaning |", "|---:|---|---|---|"]
        for p in self.pieces:
            shape = " × ".join(str(d) for d in p.shape)
            rows.append(f"| {self.offsets()[p.name]} | `{p.name}` | {shape} | {p.meaning} |")
        rows.append(f"| {self.size} | | | total size |")
        return "\n".join(rows)


Fill = Callable[[JSON, dict[str, Array]], None]


class Encoder(Protocol):
    """A game's tensors: layouts and the functions that fill them from one seat's view
    (the pieces must be zero before a fill)."""

    observation_layout: Layout
    information_state_layout: Layout

    def observation(self, view: JSON, out: dict[str, Array]) -> None: ...

    def information_state(self, view: JSON, out: dict[str, Array]) -> None: ...


def encoder(game: Game) -> Encoder:
    """The tensors of ``game`` (with its rules and cards), as its manifest names them."""
    try:
        target = spec(game.name).tensors
    except ValueError:
        target = ""
    if not target:
        raise ValueError(f"no tensors for the game {game.name!r}")
    enc: Encoder = resolve(target)(game)
    return enc


def relative(seat: int, observer: int, players: int) -> int:
    """The index of ``seat`` on a seat axis seen from ``observer``: 0 for the observer itself,
    then the seats in turn order."""
    return (seat - observer) % players


def one_hot(out: Array, index: int | None) -> None:
    if index is not None and index >= 0:
        out[index] = 1.0
