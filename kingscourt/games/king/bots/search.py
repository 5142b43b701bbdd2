"""What IS-MCTS needs to know about King: search to the end of the current deal and score
the deal's points as each seat's margin, its points minus the mean of the others' (a deal is
the unit of decision; later deals are other hands). Scoring a seat's own points alone would
make trump (+650 to share out) look better than any penalty contract (−650) to every chooser;
by the margin both are even on average, and what counts is how the hand suits the contract."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ....bots.ismcts import SearchSpec
from ....engine import State
from ..state import KingState

SCALE: Final = 650.0  # a trump deal's total; penalty deals are of the same order


class DealEnd:
    """The horizon: the deal in progress at the root has ended (or the game has)."""

    def __init__(self, deal: int) -> None:
        self.deal = deal

    def __call__(self, state: State) -> bool:
        return state.deal_number != self.deal or state.is_over()  # type: ignore[attr-defined]


def horizon(root: State) -> Callable[[State], bool]:
    assert isinstance(root, KingState)
    return DealEnd(root.deal_number)


def rollout(state: State, rng: random.Random, stop: Callable[[State], bool]) -> None:
    """Uniformly random play to the horizon (the end of the deal): one seat moves at a time."""
    rand = rng.random
    if isinstance(state, KingState) and isinstance(stop, DealEnd) and state.deal_number == stop.deal:
        state.play_out_deal(rand)  # the same actions as the loop below, faster
        return
    while not stop(state):
        seat = state.to_move()[0]
        acts = state.legal_actions(seat)
        state.apply(seat, acts[int(rand() * len(acts))])


def margins(points: list[int] | list[float]) -> list[float]:
    """Each seat's points minus the mean of the other three seats' points."""
    total = sum(points)
    return [p - (total - p) / 3 for p in points]


def evaluate(root: State, leaf: State) -> list[float]:
    """The deal's points so far (leaf − root) as margins, in units of :data:`SCALE`."""
    gained = [a - b for a, b in zip(leaf.scores(), root.scores(), strict=True)]
    return [m / SCALE for m in margins(gained)]


def make_spec() -> SearchSpec:
    return SearchSpec(horizon=horizon, evaluate=evaluate, rollout=rollout,
                      exploration=0.5, worlds=24, iterations=1600, scale=SCALE)

