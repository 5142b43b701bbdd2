"""Benchmark (not a test): does the King strong bot keep its budget, and its strength, on a busy
machine?

1. **Times** (``--only times``): wall time per decision over positions of games the basic bot
   plays (every contract choice and a sample of the cards) and over late positions where no
   swap of hidden cards is possible (the world chain cannot move), for two budgets: the one
   people play against (the manifest's ``bots.play_budgets``: a budget of work with a wall-time
   limit) and a time budget alone (``seconds=0.2``, ``choice_seconds=0.8``), quiet and with
   ``--busy N`` processes burning CPU. Per kind of decision: median, p95, p99 and max in ms,
   the p99 as a ratio to the limit, the share of decisions cut by the limit, and the CPU time
   the decision used (its p95, its p99 as a ratio to the limit: a wall time far above the CPU
   time is time the process waited for a core).
2. **Strength** (``--only strength``): strong (as people meet it) − basic over duplicate King
   games (every rotation), played quiet and again with ``--busy`` burners, the same seeds; the
   margin per 20-deal game of each with its 95% t-interval, their ratio, the paired difference
   per game (busy − quiet; a work budget decides alike unless the wall-time limit cuts it) and
   the number of decisions cut.

    .venv/bin/python bench/bot_budgets.py --busy 2 [--positions 120] [--games 4] [--jobs 1]

The load average of the machine is printed with each phase: on a shared machine the burners
are not the only load.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bots import _burn, positions
from scipy.stats import t as t_dist  # type: ignore[import-untyped]

import kingscourt
from kingscourt.bots import load, play_budget
from kingscourt.games.king.bots.strong import KingStrongBot, _can_swap
from kingscourt.games.king.bots.worlds import Worlds
from kingscourt.games.king.game import KingGame

GAME = kingscourt.load_game("king")
TIME_ALONE = {"seconds": 0.2, "choice_seconds": 0.8, "chain": 8000}


@contextmanager
def burners(n: int) -> Iterator[None]:
    stop = multiprocessing.Event()
    procs = [multiprocessing.Process(target=_burn, args=(stop,), daemon=True) for _ in range(n)]
    for p in procs:
        p.start()
    try:
        yield
    finally:
        stop.set()
        for p in procs:
            p.join()


def load_text() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min), {os.cpu_count()} CPUs"


def late_positions(count: int, seed: int = 500) -> list[tuple[kingscourt.State, int]]:
    """Card decisions of the basic bot's games where no two hidden cards can change hands."""
    out: list[tuple[kingscourt.State, int]] = []
    g = 0
    while len(out) < count:
        state = GAME.new_state(seed=seed + g)
        bots = [load("basic", GAME, seed=g * 4 + s) for s in range(4)]
        g += 1
        while not state.is_over() and len(out) < count:
            seat = state.to_move()[0]
            view = state.view(seat)
            if view["phase"] == "play" and len(view["legal"]) > 1 and view["chooser"] != seat:
                assert isinstance(GAME, KingGame)
                worlds = Worlds(GAME, view)
                hands = worlds.draw(random.Random(0))
                if not _can_swap(hands, list(worlds.may_hold), worlds.hidden, worlds.may_hold):
                    out.append((state.clone(), seat))
            state.apply(seat, bots[seat].choose(view))
    return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(p / 100 * len(xs)) - 1)]


def time_budget(label: str, budget: dict[str, Any],
                sets: dict[str, list[tuple[kingscourt.State, int]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, found in sets.items():
        by_kind: dict[str, list[tuple[float, float, bool]]] = {}
        for i, (state, seat) in enumerate(found):
            view = state.view(seat)
            bot = KingStrongBot(GAME, seed=i, **budget)
            t, cpu = time.perf_counter(), time.thread_time()
            bot.choose(view)
            kind = "contract" if view["phase"] == "choose" else "card"
            by_kind.setdefault(kind, []).append(
                (time.perf_counter() - t, time.thread_time() - cpu, bot.last_cut))
        for kind, rows in by_kind.items():
            ms = [1000 * s for s, _, _ in rows]
            cpu_ms = [1000 * c for _, c, _ in rows]
            limit = 1000 * budget["choice_seconds" if kind == "contract" else "seconds"]
            f = {"n": len(ms), "median": statistics.median(ms), "p95": pct(ms, 95),
                 "p99": pct(ms, 99), "max": max(ms), "limit": limit,
                 "p99/limit": pct(ms, 99) / limit, "cpu p95": pct(cpu_ms, 95),
                 "cpu p99/limit": pct(cpu_ms, 99) / limit,
                 "cut": sum(c for _, _, c in rows) / len(rows)}
            out[f"{name}/{kind}"] = f
            print(f"  {label:9s} {name:5s} {kind:8s} n {f['n']:3d}  median {f['median']:6.0f}  "
                  f"p95 {f['p95']:6.0f}  p99 {f['p99']:6.0f}  max {f['max']:6.0f} ms  limit "
                  f"{limit:5.0f}  p99/limit {f['p99/limit']:.2f}  cut {f['cut']:.0%}  CPU p95 "
                  f"{f['cpu p95']:6.0f} ms, p99/limit {f['cpu p99/limit']:.2f}", flush=True)
    return out


def _game(args: tuple[dict[str, Any], int, int]) -> tuple[float, int, int]:
    """One duplicate-game rotation, the strong bot in seat ``rotation``: its margin over the
    basic seats' mean, its decisions and how many of them its wall-time limit cut."""
    budget, seed, rotation = args
    state = GAME.new_state(seed=seed)
    bots = [KingStrongBot(GAME, seed=seed * 97 + s, **budget) if s == rotation
            else load("basic", GAME, seed=seed * 97 + s) for s in range(4)]
    strong = bots[rotation]
    assert isinstance(strong, KingStrongBot)
    decisions = cut = 0
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        if seat == rotation and len(view["legal"]) > 1:
            decisions += 1
            cut += strong.last_cut
        state.apply(seat, action)
    scores = state.scores()
    others = [scores[s] for s in range(4) if s != rotation]
    return scores[rotation] - statistics.fmean(others), decisions, cut


def strength(budget: dict[str, Any], games: int, seed: int, jobs: int
             ) -> tuple[list[float], int, int]:
    """Per duplicate game (the mean over its 4 rotations) strong − basic; decisions; cut."""
    tasks = [(budget, seed + g, r) for g in range(games) for r in range(4)]
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(_game, tasks)
    per_game = [statistics.fmean(m for m, _d, _c in rows[4 * g:4 * g + 4]) for g in range(games)]
    return per_game, sum(d for _m, d, _c in rows), sum(c for _m, _d, c in rows)


def interval(xs: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, math.inf
    return mean, float(t_dist.ppf(0.975, len(xs) - 1)) * statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--busy", type=int, default=2, help="CPU burners in the busy runs")
    ap.add_argument("--positions", type=int, default=120, help="positions of the basic bot")
    ap.add_argument("--late", type=int, default=30, help="late positions where no swap is possible")
    ap.add_argument("--games", type=int, default=4, help="duplicate games (20 deals, 4 rotations)")
    ap.add_argument("--first-game", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", choices=("times", "strength"))
    a = ap.parse_args()
    served = play_budget("king", "strong")
    print(f"King strong where people play: {served}")
    if a.only in (None, "times"):
        sets = {"all": positions("king", a.positions), "late": late_positions(a.late)}
        for busy in (0, a.busy):
            with burners(busy):
                print(f"decision wall times, {busy} CPU burners; {load_text()}")
                time_budget("served", served, sets)
                time_budget("time only", TIME_ALONE, sets)
    if a.only in (None, "strength"):
        seed = 3000 + a.first_game
        runs = {}
        for busy in (0, a.busy):
            with burners(busy):
                before = load_text()
                t = time.perf_counter()
                runs[busy] = strength(served, a.games, seed, a.jobs)
                per_game, decisions, cut = runs[busy]
                mean, half = interval(per_game)
                print(f"strong (served) − basic, {busy} CPU burners ({before}): {mean:+.0f} per "
                      f"20-deal game, 95% t [{mean - half:+.0f}, {mean + half:+.0f}] over "
                      f"{a.games} duplicate games; {cut} of {decisions} decisions cut "
                      f"[{time.perf_counter() - t:.0f} s]", flush=True)
        quiet, busy_ = runs[0][0], runs[a.busy][0]
        diff, half = interval([b - q for b, q in zip(busy_, quiet, strict=True)])
        ratio = statistics.fmean(busy_) / statistics.fmean(quiet)
        print(f"busy / quiet margin: {ratio:.3f}; busy − quiet per game {diff:+.1f}, 95% t "
              f"[{diff - half:+.1f}, {diff + half:+.1f}]")


if __name__ == "__main__":
    main()
