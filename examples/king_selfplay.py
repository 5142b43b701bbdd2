"""A starting point: self-play on King through OpenSpiel's ``rl_environment``, NumPy only.

One linear softmax policy plays all four seats. It reads each seat's information-state
tensor (the whole match from that seat: its hand as dealt and now, this deal's tricks, the
choice and score tables — ``docs/tensors.md``) and scores the 62 actions with one weight
row each; ``legal_actions`` masks the rest. Every episode is one match; at its end each
seat's choices move the weights along the seat's return (King with the standard 20 deals is
zero-sum, so the returns of a match are their own baseline) divided by 650.

    .venv/bin/python examples/king_selfplay.py [--episodes 5] [--short]

``--short`` plays the short game (12 deals). Replace the policy with a network, add a
replay buffer, or hand the environment to OpenSpiel's own learners: the loop stays the same.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

import kingscourt.interop.openspiel  # noqa: F401  (registers python_kingscourt_king)


class LinearPolicy:
    def __init__(self, features: int, actions: int, seed: int, lr: float = 0.01) -> None:
        self.w = np.zeros((actions, features), np.float32)
        self.lr = lr
        self.rng = np.random.default_rng(seed)

    def step(self, info_state: list[float], legal: list[int]) -> tuple[int, Any]:
        x = np.asarray(info_state, np.float32)
        logits = self.w[legal] @ x
        p = np.exp(logits - logits.max())
        p /= p.sum()
        i = int(self.rng.choice(len(legal), p=p))
        return legal[i], (x, legal, p, i)

    def learn(self, trace: list[Any], ret: float) -> None:
        for x, legal, p, i in trace:
            grad = -p
            grad[i] += 1.0  # d log p(a) / d logits
            self.w[legal] += self.lr * ret * np.outer(grad, x)


def self_play(episodes: int, short: bool = False, seed: int = 0) -> list[list[float]]:
    """Play and learn ``episodes`` matches; the returns of each."""
    game = pyspiel.load_game("python_kingscourt_king", {"short_game": short})
    env = rl_environment.Environment(game, seed=seed)
    spec = env.observation_spec()
    policy = LinearPolicy(spec["info_state"][0], env.action_spec()["num_actions"], seed)
    history = []
    for _ in range(episodes):
        traces: list[list[Any]] = [[] for _ in range(env.num_players)]
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            action, step = policy.step(ts.observations["info_state"][p],
                                       ts.observations["legal_actions"][p])
            traces[p].append(step)
            ts = env.step([action])
        returns = env.get_state.returns()  # rewards come per deal; returns add them up
        for p, trace in enumerate(traces):
            policy.learn(trace, returns[p] / 650.0)
        history.append(returns)
    return history


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=5, help="matches to play")
    ap.add_argument("--short", action="store_true", help="the short game (12 deals)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t = time.perf_counter()
    for i, returns in enumerate(self_play(args.episodes, args.short, args.seed)):
        print(f"match {i + 1}: returns {returns} (sum {sum(returns):+.0f})")
    print(f"{args.episodes} matches in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main()
