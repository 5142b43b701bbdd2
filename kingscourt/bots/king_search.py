"""What IS-MCTS needs to know about King: search to the end of the current deal and score
the deal's points (a deal is the unit of decision; later deals are other hands)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import State
from ..games.king.state import KingState
from .ismcts import SearchSpec

SCALE = 650.0  # a trump deal's total; penalty deals are of the same order


def horizon(root: State) -> Callable[[State], bool]:
    assert isinstance(root, KingState)
    deal = root.deal_number

    def stop(state: State) -> bool:
        return state.deal_number != deal or state.is_over()  # type: ignore[attr-defined]

    return stop


def rollout(state: State, rng: random.Random, stop: Callable[[State], bool]) -> None:
    """Uniformly random play to the horizon (the end of the deal): one seat moves at a time."""
    rand = rng.random
    while not stop(state):
        seat = state.to_move()[0]
        acts = state.legal_actions(seat)
        state.apply(seat, acts[int(rand() * len(acts))])


def evaluate(root: State, leaf: State) -> list[float]:
    before = root.scores()
    return [(a - b) / SCALE for a, b in zip(leaf.scores(), before, strict=True)]


def make_spec() -> SearchSpec:
    return SearchSpec(horizon=horizon, evaluate=evaluate, rollout=rollout,
                      exploration=0.5, worlds=24, iterations=1600)

