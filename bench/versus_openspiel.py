"""Benchmark (not a test): our strong bot against OpenSpiel's IS-MCTS on King, equal time.

OpenSpiel's Python ``ISMCTSBot`` plays our King through its OpenSpiel registration
(``kingscourt.interop.openspiel``), resampling worlds with ``resample_from_infostate``. Its
leaf evaluator rolls out randomly to the end of the current deal and scores the deal's points,
the same horizon and rollout as ours, so the comparison is of the searches. Its budget is a
number of simulations: it is calibrated in the same run to the time per move that our bot
gets as ``seconds=``.

Duplicate deals: every match seed is played twice, ours in seats 0 and 2 and then in 1 and 3.
For each King deal (the unit: one hand of 13 tricks) the score difference is ours − theirs
(per seat), averaged over the two seatings; the report gives its mean with a 95% confidence
interval, and each side's iterations per second.

    .venv/bin/python bench/versus_openspiel.py [--seeds 3] [--deals 4] [--move-seconds 0.05]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms.mcts import Evaluator

import kingscourt
import kingscourt.interop.openspiel
from kingscourt.bots.ismcts import StrongBot
from kingscourt.bots.king_search import SCALE, rollout
from kingscourt.games.king.state import KingState


class DealRolloutEvaluator(Evaluator):  # type: ignore[misc]
    """Random rollout to the end of the current deal; the deal's points as returns."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        inner = state.inner
        assert isinstance(inner, KingState)
        before = inner.scores()
        world = inner.clone()
        deal = world.deal_number
        rollout(world, self.rng, lambda s: s.deal_number != deal or s.is_over())  # type: ignore[attr-defined]
        return np.array([(a - b) / SCALE for a, b in zip(world.scores(), before, strict=True)])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def openspiel_bot(game: Any, simulations: int, seed: int) -> Any:
    return ismcts.ISMCTSBot(game, DealRolloutEvaluator(seed), uct_c=1.0,
                            max_simulations=simulations, max_world_samples=24,
                            random_state=np.random.RandomState(seed))


def positions(game: Any, count: int) -> list[Any]:
    rng = random.Random(5)
    out = []
    state = game.new_initial_state()
    state.apply_action(11)
    while len(out) < count:
        if len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


def calibrate(game: Any, seconds: float) -> tuple[int, float, float]:
    """(OpenSpiel simulations for ``seconds``, its simulations/s, our iterations/s)."""
    pos = positions(game, 12)
    bot = openspiel_bot(game, 100, 1)
    t = time.perf_counter()
    for s in pos:
        bot.step(s)
    theirs = 100 * len(pos) / (time.perf_counter() - t)
    ours_bot = StrongBot(kingscourt.load_game("king"), seed=1, iterations=400)
    t = time.perf_counter()
    for s in pos:
        ours_bot.choose(s.inner.view(s.current_player()))
    ours = 400 * len(pos) / (time.perf_counter() - t)
    return max(1, int(theirs * seconds)), theirs, ours


def play(game: Any, seed: int, ours_seats: tuple[int, ...], deals: int, seconds: float,
         simulations: int) -> list[list[int]]:
    """Points per seat of each of the first ``deals`` deals of match ``seed``."""
    state = game.new_initial_state()
    state.apply_action(seed)
    ours = {s: StrongBot(kingscourt.load_game("king"), seed=seed * 10 + s, seconds=seconds)
            for s in ours_seats}
    theirs = {s: openspiel_bot(game, simulations, seed * 10 + s) for s in range(4)
              if s not in ours_seats}
    while len(state.inner.view(None)["score_table"]) < deals and not state.is_terminal():
        seat = state.current_player()
        if seat in ours:
            text = ours[seat].choose(state.inner.view(seat))
            action = _action_id(state, seat, text)
        else:
            action = theirs[seat].step(state)
        state.apply_action(action)
    return [row["points"] for row in state.inner.view(None)["score_table"][:deals]]


def _action_id(state: Any, seat: int, text: str) -> int:
    for a in state.legal_actions():
        if state.action_to_string(seat, a) == text:
            return int(a)
    raise AssertionError(f"{text} is not legal")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help="match seeds (each played twice)")
    ap.add_argument("--deals", type=int, default=4, help="King deals played per match")
    ap.add_argument("--move-seconds", type=float, default=0.05, help="time per move, each side")
    args = ap.parse_args()
    game = pyspiel.load_game("python_kingscourt_king")
    sims, theirs_rate, ours_rate = calibrate(game, args.move_seconds)
    print(f"iterations per second: ours {ours_rate:,.0f}, OpenSpiel IS-MCTS {theirs_rate:,.0f} "
          f"(ratio {ours_rate / theirs_rate:.1f}); OpenSpiel gets {sims} simulations "
          f"= {args.move_seconds * 1000:.0f} ms per move")
    diffs: list[float] = []
    t = time.perf_counter()
    for seed in range(args.seeds):
        a = play(game, seed, (0, 2), args.deals, args.move_seconds, sims)
        b = play(game, seed, (1, 3), args.deals, args.move_seconds, sims)
        for pa, pb in zip(a, b, strict=False):
            d_a = (pa[0] + pa[2] - pa[1] - pa[3]) / 2
            d_b = (pb[1] + pb[3] - pb[0] - pb[2]) / 2
            diffs.append((d_a + d_b) / 2)
        print(f"  seed {seed}: {len(a)} deals, running mean {statistics.mean(diffs):+.1f} "
              f"[{time.perf_counter() - t:.0f} s]", flush=True)
    mean = statistics.mean(diffs)
    ci = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    print(f"ours − OpenSpiel IS-MCTS: {mean:+.1f} ± {ci:.1f} points per seat per deal "
          f"({len(diffs)} duplicate deals){' — CI excludes 0' if abs(mean) > ci else ''}")


if __name__ == "__main__":
    main()
