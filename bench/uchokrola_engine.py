"""Benchmark (not a test): Ucho Króla engine throughput through the public API.

Prints random full games per second (and actions per second) for 2, 4 and 6 players,
played through ``to_move`` / ``legal_actions`` / ``apply``, plus the cost of a ``clone``,
a ``view`` and a ``sample_world`` on positions met along the way.

    .venv/bin/python bench/uchokrola_engine.py [--seconds 5] [--variant quick ...]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import kingscourt


def games_per_second(players: int, seconds: float, variants: dict[str, Any]
                     ) -> tuple[int, int, float]:
    """Random full games: (games, actions, elapsed)."""
    game = kingscourt.load_game("uchokrola", **variants)
    rng = random.Random(players)
    choice = rng.choice
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(players=players, seed=games)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def per_call(players: int, samples: int = 300) -> dict[str, float]:
    """Microseconds per clone, view and sample_world over positions of random games."""
    game = kingscourt.load_game("uchokrola")
    rng = random.Random(7)
    states: list[kingscourt.State] = []
    g = 0
    while len(states) < samples:
        state = game.new_state(players=players, seed=1000 + g)
        g += 1
        step = 0
        while not state.is_over() and len(states) < samples:
            if step % 5 == 0:
                states.append(state.clone())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    out: dict[str, float] = {}
    t = time.perf_counter()
    for s in states:
        s.clone()
    out["clone"] = (time.perf_counter() - t) / len(states) * 1e6
    views = []
    t = time.perf_counter()
    for s in states:
        views.append(s.view(s.to_move()[0]))
    out["view"] = (time.perf_counter() - t) / len(states) * 1e6
    t = time.perf_counter()
    for v in views:
        game.sample_world(v, rng)
    out["sample_world"] = (time.perf_counter() - t) / len(states) * 1e6
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    parser.add_argument("--variant", action="append", default=[],
                        help="a variant to switch on (quick, open, favourite, simplified)")
    args = parser.parse_args()
    variants: dict[str, Any] = {v: True for v in args.variant}
    with_variants = f" with {', '.join(args.variant)}" if args.variant else ""
    print(f"Ucho Króla engine, random full games{with_variants}:")
    for players in (2, 4, 6):
        games, actions, elapsed = games_per_second(players, args.seconds, variants)
        calls = per_call(players)
        print(f"  {players} players: {games / elapsed:7.1f} games/s, "
              f"{actions / elapsed:9.0f} actions/s, {actions / max(games, 1):6.0f} actions/game; "
              f"clone {calls['clone']:.0f} µs, view {calls['view']:.0f} µs, "
              f"sample_world {calls['sample_world']:.0f} µs")


if __name__ == "__main__":
    main()
