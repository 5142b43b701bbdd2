"""Benchmark (not a test): bot decision times, search speed and strength.

1. Decision time (median, p95) per game and level at default budgets, over positions
   reached by random play.
2. Iterations per second of the generic IS-MCTS on King.
3. Strength tables from the arena on duplicate deals: strong vs basic and basic vs random
   for each game, with 95% confidence intervals.

    .venv/bin/python bench/bots.py [--deals 6] [--jobs 2] [--games king,kukakoenig]
                                   [--skip-strength] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import kingscourt
from kingscourt.arena import run_arena

SETUPS: dict[str, dict[str, Any]] = {
    "king": {"players": None, "seats": 4},
    "kukakoenig": {"players": 3, "seats": 3},
    "uchokrola": {"players": 4, "seats": 4},
}


def positions(name: str, count: int, seed: int = 1) -> list[tuple[kingscourt.State, int]]:
    """Positions with a real choice, reached by random play over several games."""
    game = kingscourt.load_game(name)
    rng = random.Random(seed)
    out: list[tuple[kingscourt.State, int]] = []
    g = 0
    while len(out) < count:
        state = game.new_state(seed=seed + g, players=SETUPS[name]["players"])
        g += 1
        step = 0
        while not state.is_over() and len(out) < count:
            for seat in state.to_move():
                legal = state.legal_actions(seat)
                if len(legal) > 1 and step % 7 == 0:
                    out.append((state.clone(), seat))
                step += 1
                if state.is_over() or seat not in state.to_move():
                    continue
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def decision_times(name: str, level: str, count: int) -> tuple[float, float, float]:
    """(median ms, p95 ms, median iterations/s or 0)."""
    game = kingscourt.load_game(name)
    times, rates = [], []
    for i, (state, seat) in enumerate(positions(name, count)):
        bot = kingscourt.bots.load(level, game, seed=i)
        view = state.view(seat)
        t = time.perf_counter()
        bot.choose(view)
        dt = time.perf_counter() - t
        times.append(dt * 1000)
        its = getattr(bot, "last_iterations", 0)
        if its:
            rates.append(its / dt)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return statistics.median(times), p95, statistics.median(rates) if rates else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40, help="positions per game and level")
    ap.add_argument("--deals", type=int, default=6, help="duplicate deals per arena match")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", default="king,kukakoenig,uchokrola")
    ap.add_argument("--skip-strength", action="store_true")
    ap.add_argument("--json", help="write all figures to this file")
    args = ap.parse_args()
    names = [n for n in args.games.split(",") if n]
    report: dict[str, Any] = {"decision_ms": {}, "strength": {}}

    print("decision time at default budgets (ms)")
    for name in names:
        for level in ("random", "basic", "strong"):
            try:
                med, p95, rate = decision_times(name, level, args.positions)
            except ValueError as e:
                print(f"  {name:11s} {level:7s} unavailable: {e}")
                continue
            extra = f"  {rate:8.0f} iterations/s" if rate else ""
            print(f"  {name:11s} {level:7s} median {med:8.2f}  p95 {p95:8.2f}{extra}")
            report["decision_ms"][f"{name}/{level}"] = {"median": med, "p95": p95,
                                                        "iterations_per_s": rate}
    if args.skip_strength:
        _write(args.json, report)
        return
    print(f"\nstrength on duplicate deals ({args.deals} deals × rotations, {args.jobs} jobs)")
    for name in names:
        seats = SETUPS[name]["seats"]
        for first, other in (("strong", "basic"), ("basic", "random")):
            bots = [first] + [other] * (seats - 1)
            t = time.perf_counter()
            try:
                result = run_arena(name, bots, args.deals, seed=1000, jobs=args.jobs)
            except ValueError as e:
                print(f"  {name}: {first} vs {other}: unavailable: {e}")
                continue
            m = result.margins[0]
            a, b = result.results
            print(f"  {name:11s} {first} {a.mean:+9.1f} ±{a.ci95:7.1f} (win {a.win_rate:5.1%})"
                  f" vs {other} {b.mean:+9.1f} ±{b.ci95:7.1f}; margin {m.mean:+9.1f} ±"
                  f"{m.ci95:7.1f} per game{' (CI excludes 0)' if m.significant else ''}"
                  f" [{time.perf_counter() - t:.0f} s]")
            report["strength"][f"{name}/{first}-vs-{other}"] = result.to_json() | {"games": None}
    _write(args.json, report)


def _write(path: str | None, report: dict[str, Any]) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
