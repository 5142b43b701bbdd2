"""The examples' saved policies: a linear softmax over one seat's observation tensor, saved
as one ``.npz`` file that names its game, so that ``examples/evaluate.py`` can load any of
them.

    policy = LinearPolicy.load("king_deal.npz")
    action = policy.act(state, seat, greedy=True)    # a pyspiel state of the saved game
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np


class LinearPolicy:
    """Action logits ``w[a] · x + b[a]`` over the observation tensor ``x`` of the seat to
    move, masked to the legal actions; ``game`` is the OpenSpiel game string it plays."""

    def __init__(self, game: str, features: int, actions: int, seed: int = 0) -> None:
        self.game = game
        self.w = np.zeros((actions, features), np.float64)
        self.b = np.zeros(actions, np.float64)
        self.rng = np.random.default_rng(seed)

    def probabilities(self, x: np.ndarray[Any, Any], legal: list[int]) -> np.ndarray[Any, Any]:
        logits = self.w[legal] @ x + self.b[legal]
        p = np.exp(logits - logits.max())
        out: np.ndarray[Any, Any] = p / p.sum()
        return out

    def act(self, state: Any, seat: int, greedy: bool = False) -> int:
        x = np.asarray(state.observation_tensor(seat), np.float64)
        legal = state.legal_actions(seat)
        p = self.probabilities(x, legal)
        i = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[i])

    def save(self, path: Path | str) -> None:
        np.savez_compressed(path, w=self.w, b=self.b,
                            meta=np.array(json.dumps({"kind": "linear", "game": self.game})))

    @classmethod
    def load(cls, path: Path | str) -> LinearPolicy:
        data = np.load(path)
        meta = json.loads(str(data["meta"]))
        if meta.get("kind") != "linear":
            raise ValueError(f"{path}: not a linear policy ({meta})")
        w = data["w"]
        policy = cls(meta["game"], w.shape[1], w.shape[0])
        policy.w, policy.b = w, data["b"]
        return policy


def t_interval(values: list[float], z: float | None = None) -> tuple[float, float]:
    """The mean and the half-width of its 95% t-interval."""
    from scipy import stats

    a = np.asarray(values, np.float64)
    n = len(a)
    if n < 2:
        return float(a.mean()), float("inf")
    t = z if z is not None else float(stats.t.ppf(0.975, n - 1))
    return float(a.mean()), t * float(a.std(ddof=1)) / float(np.sqrt(n))
