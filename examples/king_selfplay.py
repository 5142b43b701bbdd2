"""Self-play that learns: one deal of King (``python_kingscourt_king_deal``), NumPy only.

One linear softmax policy (:mod:`policies`) plays all four seats of one-deal King: the first
chooser picks the contract, everyone plays the cards. It reads the seat's observation tensor
(its hand, the trick, the contract and trump, the scores — ``docs/tensors.md``) and learns by
REINFORCE: each seat's choices move the weights along its return for the deal minus a running
baseline of the returns (per seat role: chooser or not), divided by 650.

It is then measured against random play: on the same deals, the trained policy (greedy) and
the uniform random player take the same seat against three random players; the margin is the
difference of their returns, per deal, with its 95% t-interval. The policy is saved to
``--save`` (``examples/evaluate.py`` plays it against the project's bots).

    .venv/bin/python examples/king_selfplay.py [--episodes 4000] [--games 600] [--save king_deal.npz]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

import kingscourt.interop.openspiel  # noqa: F401  (registers python_kingscourt_king_deal)

try:
    from policies import LinearPolicy, t_interval
except ImportError:  # imported as a module of the test suite
    from examples.policies import LinearPolicy, t_interval

GAME = "python_kingscourt_king_deal()"
SCALE = 650.0


def _deal(state: Any, rng: random.Random) -> None:
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))


def train(episodes: int, seed: int = 0, lr: float = 0.05) -> LinearPolicy:
    """Self-play ``episodes`` deals and learn from each."""
    game = pyspiel.load_game(GAME)
    policy = LinearPolicy(GAME, game.observation_tensor_size(), game.num_distinct_actions(), seed)
    rng = random.Random(seed)
    baseline = np.zeros(2)  # running mean return: chooser, other seats
    for _ in range(episodes):
        state = game.new_initial_state()
        _deal(state, rng)
        chooser = state.current_player()
        traces: list[list[tuple[np.ndarray[Any, Any], list[int], np.ndarray[Any, Any], int]]]
        traces = [[] for _ in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            x = np.asarray(state.observation_tensor(seat), np.float64)
            legal = state.legal_actions()
            p = policy.probabilities(x, legal)
            i = int(policy.rng.choice(len(legal), p=p))
            traces[seat].append((x, legal, p, i))
            state.apply_action(legal[i])
        returns = np.asarray(state.returns()) / SCALE
        for seat, trace in enumerate(traces):
            role = 0 if seat == chooser else 1
            advantage = returns[seat] - baseline[role]
            baseline[role] += 0.02 * (returns[seat] - baseline[role])
            for x, legal, p, i in trace:
                grad = -p
                grad[i] += 1.0  # d log p(a) / d logits
                policy.w[legal] += lr * advantage * np.outer(grad, x)
                policy.b[legal] += lr * advantage * grad
    return policy


def _play(game: Any, deal: list[int], seat: int, policy: LinearPolicy | None,
          rng: random.Random) -> float:
    """One deal (its chance outcomes given): ``policy`` (None: random) in ``seat``, random
    players elsewhere; the seat's return."""
    state = game.new_initial_state()
    for card in deal:
        state.apply_action(card)
    while not state.is_terminal():
        p = state.current_player()
        if p == seat and policy is not None:
            state.apply_action(policy.act(state, p, greedy=True))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return float(state.returns()[seat])


def margin_against_random(policy: LinearPolicy, games: int, seed: int = 1) -> tuple[float, float]:
    """The trained policy's return minus random play's, in the same seat of the same deals
    against random players (seats in turn): the mean and its 95% interval's half-width."""
    game = pyspiel.load_game(policy.game)
    rng = random.Random(seed)
    diffs = []
    for n in range(games):
        deal = rng.sample(range(52), 52)
        seat = n % 4
        mine = _play(game, deal, seat, policy, random.Random(n))
        theirs = _play(game, deal, seat, None, random.Random(n))
        diffs.append(mine - theirs)
    return t_interval(diffs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=4000, help="self-play deals to learn from")
    ap.add_argument("--games", type=int, default=600, help="deals to measure the margin on")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", type=Path, default=Path("king_deal.npz"), help="the policy file")
    args = ap.parse_args()
    t = time.perf_counter()
    policy = train(args.episodes, args.seed)
    print(f"{args.episodes} self-play deals in {time.perf_counter() - t:.1f} s")
    mean, half = margin_against_random(policy, args.games, args.seed + 1)
    print(f"margin over random play, per deal: {mean:+.1f} ± {half:.1f} points "
          f"(95% interval {mean - half:+.1f} … {mean + half:+.1f}, {args.games} deals)")
    policy.save(args.save)
    print(f"policy saved to {args.save}")


if __name__ == "__main__":
    main()
