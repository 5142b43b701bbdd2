"""Play a saved policy against the project's bots, with 95% t-intervals.

Loads any policy the examples save (``examples/policies.py``: a ``.npz`` naming its game) and,
for each bot level, plays ``--games`` deals of the policy's game: the policy (greedy) in one
seat (seats in turn) against bots of that level in the others, and, on the same deals, a bot
of that level in the policy's seat. It prints the policy's mean return and its margin over
the bot in the same seat, each with its 95% t-interval.

    .venv/bin/python examples/king_selfplay.py --save king_deal.npz
    .venv/bin/python examples/evaluate.py king_deal.npz [--levels random basic] [--games 200]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

import pyspiel

import kingscourt.interop.openspiel  # noqa: F401  (registers the games)
from kingscourt.interop.bots import SpielBot

try:
    from policies import LinearPolicy, t_interval
except ImportError:  # imported as a module of the test suite
    from examples.policies import LinearPolicy, t_interval


def _play(game: Any, deal: list[int], seat: int, policy: LinearPolicy | None, level: str,
          seed: int) -> float:
    """One game from the chance outcomes ``deal`` (drawn at random past them): ``policy`` in
    ``seat`` (None: a bot of ``level``), bots of ``level`` elsewhere; the seat's return."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    bots = {s: SpielBot(game, s, level, seed=seed * 10 + s) for s in range(game.num_players())
            if s != seat or policy is None}
    given = iter(deal)
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = next(given, None)
            legal = state.legal_actions()
            state.apply_action(outcome if outcome in legal else rng.choice(legal))
            continue
        p = state.current_player()
        if p == seat and policy is not None:
            state.apply_action(policy.act(state, p, greedy=True))
        else:
            state.apply_action(bots[p].step(state))
    return float(state.returns()[seat])


def evaluate(policy: LinearPolicy, level: str, games: int,
             seed: int = 0) -> tuple[tuple[float, float], tuple[float, float]]:
    """(the policy's mean return, its margin over the bot in the same seat), each as
    (mean, half-width of the 95% t-interval)."""
    game = pyspiel.load_game(policy.game)
    rng = random.Random(seed)
    returns, margins = [], []
    for n in range(games):
        deal = rng.sample(range(52), 52)
        seat = n % game.num_players()
        mine = _play(game, deal, seat, policy, level, seed * 100_000 + n)
        theirs = _play(game, deal, seat, None, level, seed * 100_000 + n)
        returns.append(mine)
        margins.append(mine - theirs)
    return t_interval(returns), t_interval(margins)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("policy", type=Path, help="a saved policy (.npz)")
    ap.add_argument("--levels", nargs="+", default=["random", "basic"],
                    help="the project's bot levels to play against")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    policy = LinearPolicy.load(args.policy)
    print(f"{args.policy}: {policy.game}, {args.games} games per level")
    for level in args.levels:
        (mean, half), (margin, mhalf) = evaluate(policy, level, args.games, args.seed)
        print(f"  vs {level:8s}: return {mean:+.1f} ± {half:.1f}; margin over the {level} bot "
              f"in its seat {margin:+.1f} ± {mhalf:.1f} (95% t-intervals)")


if __name__ == "__main__":
    main()
