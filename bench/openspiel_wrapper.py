"""Benchmark (not a test): King through the pyspiel wrapper against OpenSpiel's C++ Hearts.

Both are driven from the same Python loop (``legal_actions`` / ``apply_action``, random
choices), measured in one run, interleaved: random King deals per second through
``python_kingscourt_king`` (a match is 20 deals; its one chance node deals them all) and
random Hearts deals per second (its chance nodes included), and the ratio.

    .venv/bin/python bench/openspiel_wrapper.py [--seconds 3] [--rounds 2]
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import kingscourt.interop.openspiel  # noqa: F401  (registers the games)


def king_deals(seconds: float, seed: int) -> float:
    game = pyspiel.load_game("python_kingscourt_king")
    choice = random.Random(seed).choice
    deals = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(matches % 1024)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        matches += 1
        deals += 20
    return deals / (time.perf_counter() - start)


def hearts_deals(seconds: float, seed: int) -> float:
    game = pyspiel.load_game("hearts")
    choice = random.Random(seed).choice
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        deals += 1
    return deals / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--rounds", type=int, default=2, help="interleaved rounds of both")
    args = ap.parse_args()
    king: list[float] = []
    hearts: list[float] = []
    for r in range(args.rounds):
        king.append(king_deals(args.seconds, r))
        hearts.append(hearts_deals(args.seconds, r))
    k, h = sum(king) / len(king), sum(hearts) / len(hearts)
    print(f"King through the pyspiel wrapper: {k:8.0f} deals/s  (rounds: "
          + ", ".join(f"{x:.0f}" for x in king) + ")")
    print(f"OpenSpiel C++ Hearts from Python: {h:8.0f} deals/s  (rounds: "
          + ", ".join(f"{x:.0f}" for x in hearts) + ")")
    print(f"ratio wrapper / Hearts: {k / h:.2f}")


if __name__ == "__main__":
    main()
