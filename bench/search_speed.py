"""Benchmark (not a test): the King strong bot's search speed against OpenSpiel's C++ IS-MCTS on
Hearts, measured in one run.

- **The reference**: ``pyspiel.ISMCTSBot`` (C++, random-rollout evaluator, one rollout a
  simulation, ``--simulations`` a decision) deciding fixed Hearts positions of the play phase
  (reached by random play from fixed seeds), in simulations per second;
- **King, served**: the strong bot with the budget it has where people play (the manifest's
  ``play_budgets``: worlds inferred by the Metropolis chains, playouts by the learned rollout
  policy, the last tricks solved, the network's prior) deciding fixed King card positions (from games of
  the basic bot, every trick of the deal alike), in playouts per second: the playouts its
  decisions count (``last_iterations``, an exact solve counting as its playouts) over the whole
  time of those decisions, the world inference and the network included;
- **King, basic-policy playouts**: the same search playing out by the basic policy
  (``rollout=basic``), to show what the learned rollouts cost;
- **King, uniform worlds**: the same search with its worlds drawn uniformly (``chain=0``), to
  show what the world inference costs.

Each side runs ``--slice`` seconds of CPU (``time.process_time``) in turn, ``--rounds`` times,
in one process; the report gives the rates and their ratios to the reference per round, as
median [min–max].

    .venv/bin/python bench/search_speed.py [--rounds 5] [--slice 2.0] [--simulations 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

#: Hearts positions and King positions decided in turn
POSITIONS = 24


def hearts_positions(count: int, seed: int) -> list[Any]:
    """Hearts states in the play phase (after the 12 passed cards), each a random number of
    cards into the deal."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        stop = 12 + rng.randrange(2, 44)  # the passes, then cards played
        acted = 0
        while not state.is_terminal() and acted < stop:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            acted += 1
        if not state.is_terminal() and not state.is_chance_node() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def king_positions(count: int, seed: int) -> list[Any]:
    """Card decisions (more than one legal card) from games of the basic bot, spread over the
    tricks of the deal."""
    from kingscourt.bots import load
    from kingscourt.engine import load_game

    game = load_game("king")
    bots = [load("basic", game, seed=seed + s) for s in range(4)]
    rng = random.Random(seed)
    out: list[Any] = []
    g = seed
    while len(out) < count:
        state = game.new_state(seed=g)
        g += 1
        want = rng.randrange(13)  # the trick the position is taken in
        while not state.is_over():
            seat = state.to_move()[0]
            view = state.view(seat)
            if (view["phase"] == "play" and len(view["tricks"]) == want
                    and len(view["legal"]) > 1):
                out.append(view)
                break
            state.apply(seat, bots[seat].choose(view))
    return out


class Side:
    """One side of the comparison: decides its positions in turn and counts its work."""

    def __init__(self, label: str, unit: str, positions: list[Any],
                 decide: Any) -> None:
        self.label, self.unit, self.positions, self.decide = label, unit, positions, decide
        self.next = 0

    def rate(self, seconds: float) -> float:
        work = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            work += self.decide(self.positions[self.next % len(self.positions)])
            self.next += 1
        return work / (time.process_time() - start)


def spread(values: list[float], fmt: str = "{:.2f}") -> str:
    return (f"{fmt.format(statistics.median(values))} "
            f"[{fmt.format(min(values))}–{fmt.format(max(values))}]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--slice", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--simulations", type=int, default=1000,
                    help="OpenSpiel IS-MCTS simulations a decision")
    args = ap.parse_args()

    import pyspiel

    from kingscourt import _compiled
    from kingscourt.bots import load, play_budget
    from kingscourt.engine import load_game

    game = load_game("king")
    served = play_budget("king", "strong")
    work = {k: v for k, v in served.items() if k not in ("seconds", "choice_seconds")}
    strong = load("strong", game, seed=1, **work)
    uniform = load("strong", game, seed=1, **(work | {"chain": 0}))
    basic_rollouts = load("strong", game, seed=1, **(work | {"rollout": "basic"}))
    simulations: int = args.simulations
    ismcts = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, simulations)

    def spiel(state: Any) -> int:
        ismcts.step(state)
        return simulations

    def king(bot: Any) -> Any:
        def decide(view: Any) -> int:
            bot.choose(view)
            count: int = bot.last_iterations
            return count
        return decide

    reference = Side("OpenSpiel C++ IS-MCTS, Hearts", "simulations/s",
                     hearts_positions(POSITIONS, 7), spiel)
    kings = king_positions(POSITIONS, 11)
    sides = [Side(f"King strong, served ({', '.join(f'{k}={v}' for k, v in work.items())})",
                  "playouts/s", kings, king(strong)),
             Side("King strong, served, basic-policy playouts (rollout=basic)", "playouts/s",
                  kings, king(basic_rollouts)),
             Side("King strong, served, uniform worlds (chain=0)", "playouts/s", kings,
                  king(uniform))]
    print(f"compiled core: {_compiled.REASON}")
    print(f"{args.rounds} rounds, {args.slice:.1f} s of CPU per measurement, interleaved; "
          f"{POSITIONS} positions a side")
    ref_rates: list[float] = []
    rates: dict[str, list[float]] = {s.label: [] for s in sides}
    ratios: dict[str, list[float]] = {s.label: [] for s in sides}
    for _ in range(args.rounds):
        before = reference.rate(args.slice)
        got = {s.label: s.rate(args.slice) for s in sides}
        ref = (before + reference.rate(args.slice)) / 2
        ref_rates.append(ref)
        for label, r in got.items():
            rates[label].append(r)
            ratios[label].append(r / ref)
    print(f"{reference.label}: {spread(ref_rates, '{:.0f}')} {reference.unit} "
          f"({args.simulations} a decision)")
    for s in sides:
        print(f"{s.label}: {spread(rates[s.label], '{:.0f}')} {s.unit} = "
              f"{spread(ratios[s.label])} × the reference")


if __name__ == "__main__":
    main()
