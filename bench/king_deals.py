"""Benchmark (not a test): two King bots on duplicate *deals*, two seats each, for a figure
that whole games (each about 20 times dearer) cannot give on a small machine.

Seed ``s`` reaches deal ``1 + s % 20`` of its game by the basic bot in every seat (so the
contracts left and the scores are those of a played game), then that deal is played by the
line-up ``A, B, A, B`` and again rotated one seat (``B, A, B, A``): the same cards, each bot
in the other's seats. A duplicate deal's figure is A's seats' mean points minus B's, averaged
over the two rotations; its mean over the deals is printed with a 95% t-interval, per deal
and scaled to a 20-deal game (× 20), with each bot's CPU time per decision and how often the
two named the same contract.

    .venv/bin/python bench/king_deals.py --a expert --b strong --deals 20 --jobs 1

``--a`` and ``--b`` take arena labels (``strong:iterations=400``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import time
from typing import Any

from scipy.stats import t as t_dist  # type: ignore[import-untyped]

import kingscourt
from kingscourt.arena.match import parse_bot
from kingscourt.bots import load

GAME = kingscourt.load_game("king")


def _deal(args: tuple[str, str, int]) -> dict[str, Any]:
    a, b, seed = args
    state = GAME.new_state(seed=seed)
    basic = [load("basic", GAME, seed=seed * 13 + s) for s in range(4)]
    target = 1 + seed % 20
    while state.view(0)["deal"] < target:
        seat = state.to_move()[0]
        state.apply(seat, basic[seat].choose(state.view(seat)))
    out: dict[str, Any] = {"seed": seed, "deal": target, "diff": [], "contract": [],
                           "cpu": {a: [0.0, 0], b: [0.0, 0]}}
    for rotation in (0, 1):
        labels = [(a, b)[(s + rotation) % 2] for s in range(4)]
        bots = []
        for s, label in enumerate(labels):
            level, budget = parse_bot(label)
            bots.append(load(level, GAME, seed=seed * 97 + s, **budget))
        deal = state.clone()
        before = list(deal.scores())
        while not deal.is_over() and deal.view(0)["deal"] == target:
            seat = deal.to_move()[0]
            view = deal.view(seat)
            t = time.thread_time()
            action = bots[seat].choose(view)
            cpu = out["cpu"][labels[seat]]
            cpu[0] += time.thread_time() - t
            cpu[1] += 1
            if view["phase"] == "choose":
                out["contract"].append((labels[seat], action))
            deal.apply(seat, action)
        gain = [x - y for x, y in zip(deal.scores(), before, strict=True)]
        mine = [gain[s] for s in range(4) if labels[s] == a]
        theirs = [gain[s] for s in range(4) if labels[s] == b]
        out["diff"].append(statistics.fmean(mine) - statistics.fmean(theirs))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="strong")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    one, five, _ = os.getloadavg()
    print(f"{args.a} − {args.b} on {args.deals} duplicate deals (seeds {args.first}–"
          f"{args.first + args.deals - 1}), load average {one:.1f} / {five:.1f}", flush=True)
    tasks = [(args.a, args.b, args.first + i) for i in range(args.deals)]
    t = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for r in pool.imap(_deal, tasks):
            results.append(r)
            print(f"  seed {r['seed']:4d} deal {r['deal']:2d}: {statistics.fmean(r['diff']):+7.1f}"
                  f"  {r['contract']}", flush=True)
    per = [statistics.fmean(r["diff"]) for r in results]
    mean = statistics.fmean(per)
    half = (float(t_dist.ppf(0.975, len(per) - 1)) * statistics.stdev(per) / math.sqrt(len(per))
            if len(per) > 1 else math.inf)
    cpu: dict[str, list[float]] = {}
    for r in results:
        for label, (sec, n) in r["cpu"].items():
            c = cpu.setdefault(label, [0.0, 0])
            c[0] += sec
            c[1] += n
    same = sum(r["contract"][0][1] == r["contract"][1][1] for r in results if len(r["contract"]) == 2)
    print(f"{args.a} − {args.b}: {mean:+.1f} per deal, 95% t [{mean - half:+.1f}, {mean + half:+.1f}]"
          f" over {len(per)} duplicate deals; × 20 = {20 * mean:+.0f} per 20-deal game "
          f"[{20 * (mean - half):+.0f}, {20 * (mean + half):+.0f}]")
    print("CPU ms per decision: " + ", ".join(f"{k} {1000 * s / max(1, n):.0f}"
                                              for k, (s, n) in cpu.items()))
    print(f"the same contract named in {same} of {len(results)} deals; "
          f"{sum(d == 0 for d in per)} deals scored alike; [{time.perf_counter() - t:.0f} s]")


if __name__ == "__main__":
    main()
