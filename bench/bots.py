"""Benchmark (not a test): bot decision times and strength.

1. Decision times at the budgets people play against (each manifest's ``bots.play_budgets``,
   :func:`kingscourt.bots.play_budget`: time, not iterations), per game and level, over
   positions of games played by the basic bot; for King separately per card (median, p95) and
   per contract choice (median, max). ``--busy N`` runs N processes that only burn CPU meanwhile
   (the time limits must hold under load).
2. King strength on duplicate deals (every seeded 20-deal game played in all rotations):
   strong vs basic (one strong seat, three basic), strong vs the strong bot of 2026 (private
   level ``_strong_2026``; two seats each), each as the margin per game with a 95% t-interval;
   the histogram of the strong bot's trump choices by deal number and of its contracts.
3. The other games: strong vs basic, basic vs random, as before.

    .venv/bin/python bench/bots.py [--games 16] [--first-game 0] [--jobs 2] [--positions 60]
                                   [--busy 0] [--strong strong] [--json FILE]
                                   [--only times|king|vs-basic|vs-2026|others]

``--versus LABEL`` seats another bot than ``_strong_2026`` two against two with the strong one
(a variant: ``--versus strong:weighted=true``). ``--first-game N`` plays the match seeds from
the N-th on (a second run adds games to a first; the JSON holds every game's scores).

``--strong`` is the label of the strong bot in the arena (a budget may follow:
``strong:seconds=0.2,choice_seconds=0.8``); by default its iteration budget, deterministic.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import kingscourt
from kingscourt.arena import run_arena
from kingscourt.arena.duplicate import ArenaResult, rotations, summarize
from kingscourt.arena.match import GameResult, parse_bot
from kingscourt.bots import levels, load, load_for_people, play_budget

SETUPS: dict[str, dict[str, Any]] = {
    "king": {"players": None, "seats": 4},
    "kukakoenig": {"players": 3, "seats": 3},
    "uchokrola": {"players": 4, "seats": 4},
}


def positions(name: str, count: int, seed: int = 1) -> list[tuple[kingscourt.State, int]]:
    """Positions with a real choice from games the basic bot plays in every seat (every
    decision of a King game's choosers is kept, a sample of the others)."""
    game = kingscourt.load_game(name)
    rng = random.Random(seed)
    out: list[tuple[kingscourt.State, int]] = []
    g = 0
    while len(out) < count:
        state = game.new_state(seed=seed + g, players=SETUPS[name]["players"])
        bots = [load("basic", game, seed=seed + g * 10 + s) for s in range(state.num_players)]
        g += 1
        while not state.is_over() and len(out) < count:
            for seat in state.to_move():
                view = state.view(seat)
                if len(view["legal"]) > 1 and (view["phase"] == "choose" or rng.random() < 0.15):
                    out.append((state.clone(), seat))
                state.apply(seat, bots[seat].choose(view))
                if state.is_over():
                    break
    return out


def _burn(stop: Any) -> None:
    x = 0
    while not stop.is_set():
        x = (x * 31 + 7) % 1000003


def decision_times(name: str, level: str, count: int) -> dict[str, Any]:
    """Milliseconds per decision at the level's people budget: by kind of decision."""
    game = kingscourt.load_game(name)
    by_kind: dict[str, list[float]] = {}
    for i, (state, seat) in enumerate(positions(name, count)):
        bot = load_for_people(level, game, seed=i)
        view = state.view(seat)
        t = time.perf_counter()
        bot.choose(view)
        dt = 1000 * (time.perf_counter() - t)
        kind = ("contract" if view.get("phase") == "choose" else "card") if name == "king" else "move"
        by_kind.setdefault(kind, []).append(dt)
    out: dict[str, Any] = {}
    for kind, times in by_kind.items():
        times.sort()
        out[kind] = {"n": len(times), "median": statistics.median(times),
                     "p95": times[min(len(times) - 1, int(0.95 * len(times)))], "max": times[-1]}
    return out


# ---------------------------------------------------------------------- King games with choices
def _king_game(args: tuple[list[str], int, int]) -> tuple[GameResult, list[dict[str, Any]]]:
    """One King game (as the arena plays it) and the choices of every seat, with its bot."""
    labels, seed, rotation = args
    game = kingscourt.load_game("king")
    seating = tuple(labels[(s - rotation) % 4] for s in range(4))
    state = game.new_state(seed=seed)
    seats = []
    for s, label in enumerate(seating):
        level, budget = parse_bot(label)
        seats.append(load(level, game, seed=seed * 97 + s, **budget))
    decisions, seconds = [0] * 4, [0.0] * 4
    choices: list[dict[str, Any]] = []
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        t = time.perf_counter()
        action = seats[seat].choose(view)
        seconds[seat] += time.perf_counter() - t
        decisions[seat] += 1
        if view["phase"] == "choose":
            choices.append({"bot": seating[seat], "deal": view["deal"], "action": action})
        state.apply(seat, action)
    result = GameResult(seed, rotation, seating, tuple(state.scores()), tuple(state.winners()),
                        tuple(decisions), tuple(seconds))
    return result, choices


def king_match(labels: list[str], games: int, seed: int, jobs: int
               ) -> tuple[ArenaResult, list[dict[str, Any]]]:
    tasks = [(labels, seed + g, r) for g in range(games) for r in rotations(labels)]
    results: list[GameResult] = []
    choices: list[dict[str, Any]] = []
    done = 0
    t = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result, made in pool.map(_king_game, tasks):
            results.append(result)
            choices += made
            done += 1
            if done % max(1, len(tasks) // 8) == 0:
                print(f"    {done}/{len(tasks)} games [{time.perf_counter() - t:.0f} s]", flush=True)
    results.sort(key=lambda g: (g.seed, g.rotation))
    return summarize("king", {}, labels, games, seed, results), choices


def histogram(choices: list[dict[str, Any]], bot: str) -> dict[str, Any]:
    mine = [c for c in choices if c["bot"] == bot]
    trump = Counter(c["deal"] for c in mine if "trump" in c["action"])
    kinds = Counter(c["action"].split()[1] for c in mine)
    return {"trump_by_deal": {d: trump.get(d, 0) for d in range(1, 21)},
            "contracts": dict(kinds.most_common()), "choices": len(mine)}


def print_histogram(h: dict[str, Any]) -> None:
    by_deal = h["trump_by_deal"]
    top = max(by_deal.values()) or 1
    print(f"    trump choices by deal number ({sum(by_deal.values())} of {h['choices']} choices):")
    for d, n in by_deal.items():
        print(f"      deal {d:2d} {'#' * round(30 * n / top):30s} {n}")
    print("    contracts named:", ", ".join(f"{k} {v}" for k, v in h["contracts"].items()))


def print_margin(result: ArenaResult, what: str) -> None:
    m = result.margins[0]
    lo, hi = m.mean - m.ci95, m.mean + m.ci95
    per = {r.bot: round(r.ms_per_decision, 1) for r in result.results}
    print(f"  {what}: {m.mean:+.1f} per 20-deal game, 95% t-interval [{lo:+.1f}, {hi:+.1f}] "
          f"over {m.deals} duplicate games; ms per decision {per}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=60, help="positions per game and level")
    ap.add_argument("--games", type=int, default=16, help="duplicate King games (20 deals)")
    ap.add_argument("--other-games", type=int, default=6, help="duplicate games, other games")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--times-games", default=",".join(SETUPS), help="games timed (king,...)")
    ap.add_argument("--busy", type=int, default=0, help="CPU burners during the timing")
    ap.add_argument("--time-levels", default=None,
                    help="levels timed (default: every level each game offers but random; a "
                         "private one by name, e.g. _learned)")
    ap.add_argument("--strong", default="strong", help="the strong bot's arena label")
    ap.add_argument("--versus", default="_strong_2026",
                    help="the bot the strong one meets two seats against two (vs-2026)")
    ap.add_argument("--first-game", type=int, default=0, help="first duplicate King game")
    ap.add_argument("--only", choices=("times", "king", "vs-basic", "vs-2026", "others"))
    ap.add_argument("--json", help="write all figures to this file")
    args = ap.parse_args()
    report: dict[str, Any] = {}

    if args.only in (None, "times"):
        stop = multiprocessing.Event()
        burners = [multiprocessing.Process(target=_burn, args=(stop,), daemon=True)
                   for _ in range(args.busy)]
        for p in burners:
            p.start()
        print(f"decision time at the budgets people play against (ms; {args.busy} CPU burners)")
        report["decision_ms"] = {}
        try:
            for name in args.times_games.split(","):
                timed = (args.time_levels.split(",") if args.time_levels else
                         [lv for lv in levels(name) if lv != "random"])
                for level in timed:
                    budget = play_budget(name, level)
                    figures = decision_times(name, level, args.positions)
                    report["decision_ms"][f"{name}/{level}"] = figures
                    for kind, f in figures.items():
                        print(f"  {name:10s} {level:8s} {kind:8s} n {f['n']:3d}  median "
                              f"{f['median']:7.1f}  p95 {f['p95']:7.1f}  max {f['max']:7.1f}"
                              f"  {budget}", flush=True)
        finally:
            stop.set()
            for p in burners:
                p.join()

    strong = args.strong
    if args.only in (None, "king", "vs-basic", "vs-2026"):
        print(f"\nKing on duplicate deals ({args.games} games from game {args.first_game} × "
              f"rotations, {args.jobs} jobs)")
    if args.only in (None, "king", "vs-basic"):
        t = time.perf_counter()
        vs_basic, choices = king_match([strong, "basic", "basic", "basic"], args.games,
                                       1000 + args.first_game, args.jobs)
        print_margin(vs_basic, f"{strong} − basic")
        h = histogram(choices, strong)
        print_histogram(h)
        report["king_strong_vs_basic"] = vs_basic.to_json() | {"histogram": h}
        print(f"  [{time.perf_counter() - t:.0f} s]")
    if args.only in (None, "king", "vs-2026"):
        t = time.perf_counter()
        other = args.versus
        vs_old, choices = king_match([strong, other, strong, other], args.games,
                                     2000 + args.first_game, args.jobs)
        print_margin(vs_old, f"{strong} − {other}")
        old = histogram(choices, other)
        print(f"  {other}'s trump choices by deal:", old["trump_by_deal"])
        report["king_strong_vs_2026" if other == "_strong_2026" else f"king_strong_vs_{other}"
               ] = vs_old.to_json() | {"histogram_versus": old}
        print(f"  [{time.perf_counter() - t:.0f} s]")

    if args.only in (None, "others"):
        print(f"\nother games on duplicate deals ({args.other_games} games × rotations)")
        for name in ("kukakoenig", "uchokrola"):
            seats = SETUPS[name]["seats"]
            for first, other in (("strong", "basic"), ("basic", "random")):
                t = time.perf_counter()
                result = run_arena(name, [first] + [other] * (seats - 1), args.other_games,
                                   seed=1000, jobs=args.jobs)
                m = result.margins[0]
                print(f"  {name:11s} {first} − {other}: {m.mean:+.1f} ± {m.ci95:.1f} per game "
                      f"[{time.perf_counter() - t:.0f} s]", flush=True)
                report[f"{name}/{first}-vs-{other}"] = result.to_json() | {"games": None}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
