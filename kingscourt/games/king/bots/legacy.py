"""The King strong bot as it was before issue 15, kept for benchmarks only (private level
``_strong_2026``, not offered to people): IS-MCTS with random rollouts to the end of the deal,
each seat valuing its own points of the deal (not its margin over the others)."""

from __future__ import annotations

from typing import Any

from ....bots.ismcts import SearchSpec, StrongBot
from ....engine import Game, State
from . import search as king_search


def evaluate_own_points(root: State, leaf: State) -> list[float]:
    """The deal's points so far (leaf − root) of each seat alone, in units of 650."""
    before = root.scores()
    return [(a - b) / king_search.SCALE for a, b in zip(leaf.scores(), before, strict=True)]


def make_spec() -> SearchSpec:
    return SearchSpec(horizon=king_search.horizon, evaluate=evaluate_own_points,
                      rollout=king_search.rollout, exploration=0.5, worlds=24, iterations=1600,
                      scale=king_search.SCALE)


class KingStrongBot2026(StrongBot):
    """Today's strong bot: :class:`StrongBot` with the absolute-points King spec."""

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, worlds: int | None = None, **_: Any) -> None:
        if game.name != "king":
            raise ValueError(f"the 2026 strong bot plays King, not {game.name}")
        super().__init__(game, seed, iterations, seconds, worlds)
        self.spec = make_spec()
        if iterations is None and seconds is None:
            self.iterations = self.spec.iterations
        self.worlds = worlds or self.spec.worlds
