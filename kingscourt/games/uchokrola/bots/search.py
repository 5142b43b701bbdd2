"""What IS-MCTS needs to know about Ucho Króla: search about one round of turns ahead and
value each courtier by the prestige it holds and the prestige lying beside its character
(displays move to the prestige pile at the end of a turn), relative to the others; with
Kokieteria, by team."""

from __future__ import annotations

import random
from collections.abc import Callable

from ....bots.ismcts import SearchSpec
from ....engine import State
from ..state import UchoState
from .basic import UchokrolaBasicBot

SCALE = 10.0


def horizon(root: State) -> Callable[[State], bool]:
    assert isinstance(root, UchoState)
    until = root.turn_no + root.n + 1

    def stop(state: State) -> bool:
        return state.turn_no >= until or state.over  # type: ignore[attr-defined, no-any-return]

    return stop


def standing(state: UchoState) -> list[float]:
    """Prestige in the pile plus the prestige displayed beside each character."""
    types = state.cs.types
    own = [state.prestige_total(s) + sum(types[c].prestige for c in state.displays[s])
           for s in range(state.n)]
    for team in state.teams():
        total = sum(own[s] for s in team)
        for s in team:
            own[s] = total
    return [float(v) for v in own]


def evaluate(root: State, leaf: State) -> list[float]:
    assert isinstance(leaf, UchoState)
    v = standing(leaf)
    n = len(v)
    return [max(-1.0, min(1.0, (v[s] - (sum(v) - v[s]) / (n - 1)) / SCALE)) for s in range(n)]


def basic_rollout(state: State, rng: random.Random, stop: Callable[[State], bool]) -> None:
    """Every seat plays the ``basic`` heuristic (from its own view) until the horizon."""
    bot = UchokrolaBasicBot(state.game, seed=rng.getrandbits(32))
    while not stop(state):
        movers = state.to_move()
        if not movers:
            return
        seat = movers[0]
        state.apply(seat, bot.choose(state.view(seat)))


def make_spec() -> SearchSpec:
    return SearchSpec(horizon=horizon, evaluate=evaluate, rollout=basic_rollout,
                      exploration=0.7, worlds=16, iterations=400, scale=SCALE)

