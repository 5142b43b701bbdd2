"""A starting point: a policy-gradient learner (REINFORCE, NumPy only) for Ku-Ka-König with 2
players, trained against a random opponent through the native PettingZoo ``ParallelEnv``.

The policy reads the observation tensor through its documented layout
(``docs/tensors.md``): for each row it takes the row's cards (``rows``: counts per card type)
and those of them the learner already collects (``collections``, its own first), and scores
the row with one weight per feature; a softmax over the rows its ``action_mask`` allows picks
one. After each game the weights move along the return (the learner's points minus the
opponent's, / 100) less a running baseline.

    .venv/bin/python examples/kukakoenig_policy_gradient.py [--episodes 300] [--eval 400]

prints the win rate against the random player before and after training, with a 95%
confidence interval (``make test`` runs it short: tests/interop/test_examples.py).
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import numpy as np

from kingscourt.games.kukakoenig.tensors import OBSERVATION
from kingscourt.interop.pettingzoo import parallel_env

ROWS = OBSERVATION.pieces[1].shape[0]  # 8
K = OBSERVATION.pieces[0].shape[1]      # card types
_AT = OBSERVATION.offsets()
LEARNER, OPPONENT = "player_0", "player_1"


def row_features(obs: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Per row (8): its card counts per type, those the learner already holds, a bias."""
    rows = obs[_AT["rows"]:_AT["rows"] + ROWS * 3 * K].reshape(ROWS, 3, K).sum(axis=1)
    own = obs[_AT["collections"]:_AT["collections"] + K] > 0
    return np.concatenate([rows, rows * own, np.ones((ROWS, 1))], axis=1)


class Policy:
    def __init__(self, seed: int, lr: float = 0.05) -> None:
        self.w = np.zeros(2 * K + 1)
        self.lr = lr
        self.rng = np.random.default_rng(seed)
        self.baseline = 0.0

    def probs(self, obs: dict[str, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        feats = row_features(obs["observation"])
        mask = obs["action_mask"][:ROWS].astype(bool)
        logits = np.where(mask, feats @ self.w, -np.inf)
        p = np.exp(logits - logits[mask].max())
        return p / p.sum(), feats

    def act(self, obs: dict[str, Any], trace: list[Any] | None) -> int:
        if not obs["action_mask"][:ROWS].any():
            return 8  # wait: this call is not ours
        p, feats = self.probs(obs)
        a = int(self.rng.choice(ROWS, p=p))
        if trace is not None:
            trace.append(feats[a] - p @ feats)  # the gradient of log p(a)
        return a

    def learn(self, trace: list[Any], ret: float) -> None:
        advantage = ret - self.baseline
        self.baseline += 0.05 * (ret - self.baseline)
        for g in trace:
            self.w += self.lr * advantage * g


def random_act(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play(env: Any, policy: Policy, rng: np.random.Generator, seed: int,
         trace: list[Any] | None) -> tuple[float, float]:
    """One game, the learner as player_0: (its points minus the opponent's, win 1/½/0)."""
    obs, _ = env.reset(seed=seed)
    totals = {LEARNER: 0.0, OPPONENT: 0.0}
    while env.agents:
        actions = {LEARNER: policy.act(obs[LEARNER], trace),
                   OPPONENT: random_act(obs[OPPONENT], rng)}
        obs, rewards, _term, _trunc, _info = env.step(actions)
        for a in totals:
            totals[a] += rewards[a]
    margin = totals[LEARNER] - totals[OPPONENT]
    return margin, 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def train(episodes: int, seed: int = 0) -> Policy:
    env = parallel_env("kukakoenig", players=2)
    policy = Policy(seed)
    rng = np.random.default_rng(seed + 1)
    for e in range(episodes):
        trace: list[Any] = []
        margin, _ = play(env, policy, rng, seed=10_000 + e, trace=trace)
        policy.learn(trace, margin / 100)
    return policy


def evaluate(policy: Policy, games: int, seed: int = 1) -> tuple[float, float]:
    """Win rate against random (ties count ½) over ``games`` new deals, with its 95% margin."""
    env = parallel_env("kukakoenig", players=2)
    rng = np.random.default_rng(seed)
    wins = [play(env, policy, rng, seed=1_000_000 + seed * games + g, trace=None)[1]
            for g in range(games)]
    rate = float(np.mean(wins))
    return rate, 1.96 * float(np.std(wins)) / math.sqrt(games)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=300, help="training games")
    ap.add_argument("--eval", type=int, default=400, help="evaluation games")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    untrained, m0 = evaluate(Policy(args.seed), args.eval)
    policy = train(args.episodes, args.seed)
    rate, m = evaluate(policy, args.eval)
    print(f"win rate against random: untrained {untrained:.3f} ± {m0:.3f}, "
          f"after {args.episodes} games {rate:.3f} ± {m:.3f}")
    print("weights (row counts, then those already collected): " + np.array2string(
        policy.w, precision=2, max_line_width=200))


if __name__ == "__main__":
    main()
