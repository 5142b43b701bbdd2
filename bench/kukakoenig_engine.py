"""Benchmark (not a test): Ku-Ka-König engine throughput through the public API.

Prints random full games per second for 2, 3 and 4 players, played through ``to_move`` /
``legal_actions`` / ``apply`` with uniformly random picks, with the picks (actions), calls
("Ku-Ka-König!") and rounds per game; then the cost of ``clone`` and ``view``.

    .venv/bin/python bench/kukakoenig_engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import kingscourt


def games(players: int, seconds: float) -> tuple[int, int, int, int, float]:
    """Random full games: (games, actions, calls, rounds, elapsed)."""
    game = kingscourt.load_game("kukakoenig")
    choice = random.Random(players).choice
    n = actions = calls = rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(players=players, seed=n)
        while not state.is_over():
            for seat in state.to_move():
                for event in state.apply(seat, choice(state.legal_actions(seat))):
                    calls += event.kind == "reveal"
                actions += 1
        rounds += state.view(None)["round"]
        n += 1
    return n, actions, calls, rounds, time.perf_counter() - start


def per_call(seconds: float) -> tuple[float, float]:
    """Microseconds per ``clone`` and per ``view`` of a 4-player state in its second half."""
    game = kingscourt.load_game("kukakoenig")
    state = game.new_state(players=4, seed=1)
    choice = random.Random(0).choice
    while state.view(None)["half"] == 1:
        for seat in state.to_move():
            state.apply(seat, choice(state.legal_actions(seat)))
    out = []
    for f in (state.clone, lambda: state.view(0)):
        k = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(100):
                f()
            k += 100
        out.append((time.perf_counter() - start) / k * 1e6)
    return out[0], out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print("Ku-Ka-König: random full games through legal_actions/apply")
    for players in (2, 3, 4):
        n, actions, calls, rounds, elapsed = games(players, args.seconds)
        print(f"  {players} players: {n / elapsed:8.0f} games/s   {actions / elapsed:9.0f} picks/s"
              f"   per game {actions / n:5.1f} picks, {calls / n:5.1f} calls, "
              f"{rounds / n:4.1f} rounds")
    clone_us, view_us = per_call(args.seconds / 3)
    print(f"  clone {clone_us:6.1f} µs   view {view_us:6.1f} µs (4 players, second half)")


if __name__ == "__main__":
    main()
