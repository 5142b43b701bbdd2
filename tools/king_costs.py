"""Builds King's continuation-value table (``kingscourt/games/king/bots/data/
king_contract_costs.json``), which :mod:`kingscourt.games.king.bots.costs` reads at run time:
``python -m tools.king_costs --hands 3000`` (about 7 minutes on 2 cores). What the table holds
and how it is estimated: that module's docstring.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeVar

from kingscourt.games.king.bots.costs import (
    ALL_OPEN,
    DATA,
    FEATURES,
    KINDS,
    NO_CLOSING,
    PENALTIES,
    Closing,
    _data,
    as_closing,
    defence,
    expected,
    hand_features,
    key,
    opportunity_costs,
    own_margin,
)
from kingscourt.games.king.bots.sim import TRUMP, Deal, margins, play_out
from kingscourt.games.king.cards import parse_hand
from kingscourt.games.king.contracts import CONTRACTS, Contract
from kingscourt.games.king.rules import KingRules

T = TypeVar("T")
R = TypeVar("R")


def hand_margins(rules: KingRules, rng: random.Random, redeals: int) -> list[float]:
    """One random hand's margin per :data:`KINDS` for its chooser (seat 0, who leads): the
    mean over ``redeals`` deals of the other hands, each contract played out by the basic
    policy; trump in its best suit. Then the hand's :func:`hand_features`."""
    deck = list(range(52))
    rng.shuffle(deck)
    mine = sum(1 << c for c in deck[:13])
    rest = deck[13:]
    totals = [0.0] * (len(PENALTIES) + 4)
    for _ in range(redeals):
        rng.shuffle(rest)
        hands = [mine, sum(1 << c for c in rest[:13]), sum(1 << c for c in rest[13:26]),
                 sum(1 << c for c in rest[26:])]
        for i, kind in enumerate(PENALTIES):
            d = Deal.start(rules, hands, 0, kind)
            play_out(d)
            totals[i] += margins(d.points)[0]
        for s in range(4):
            d = Deal.start(rules, hands, 0, TRUMP, s)
            play_out(d)
            totals[len(PENALTIES) + s] += margins(d.points)[0]
    means = [t / redeals for t in totals]
    return [*means[:len(PENALTIES)], max(means[len(PENALTIES):]), *hand_features(mine)]


def _hands_task(args: tuple[int, int, int]) -> list[list[float]]:
    seed, count, redeals = args
    rng = random.Random(seed)
    rules = KingRules()
    return [hand_margins(rules, rng, redeals) for _ in range(count)]


def _run(task: Callable[[T], R], tasks: Sequence[T], jobs: int) -> list[R]:
    """``task`` over ``tasks``, in ``jobs`` processes when more than one, in order."""
    if jobs <= 1:
        return [task(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(task, tasks))


def continuation(samples: list[list[float]], defended: dict[str, float] | None = None,
                 fitted: dict[str, list[float]] | None = None,
                 closing: Closing = NO_CLOSING) -> dict[str, float]:
    """``V`` for every state, by dynamic programming over the sampled hands' margins: each
    mapped to the strong bot's own play (``fitted``, :func:`own_margin`) and each penalty
    contract's less what the seat makes when another seat plays it (``defended``,
    :func:`defence`); without them, the simulated margins as they are."""
    values: dict[str, float] = {}
    trump_col = len(PENALTIES)
    less = [defence(k, defended) if defended is not None else 0.0 for k in KINDS]
    samples = [[(own_margin(k, x, row[len(KINDS):], fitted) if fitted is not None else x) - d
                for k, x, d in zip(KINDS, row[:len(KINDS)], less, strict=True)]
               for row in samples]

    def v(p: int, q: int, m: int) -> float:
        return expected(p, q, m, 6 - turns, closing, values)

    for turns in range(1, 6):
        for q in range(0, 3):
            p = turns - q
            if not 0 <= p <= 3:
                continue
            for m in range(ALL_OPEN + 1):
                options: list[tuple[int, float]] = []
                if p > 0:
                    kinds = [i for i in range(len(PENALTIES)) if m >> i & 1] or list(
                        range(len(PENALTIES)))  # none left open: any (a seat never meets it)
                    options += [(i, v(p - 1, q, m & ~(1 << i))) for i in kinds]
                if q > 0:
                    options.append((trump_col, v(p, q - 1, m)))
                total = 0.0
                for row in samples:
                    total += max(row[i] + rest for i, rest in options)
                values[key(p, q, m)] = total / len(samples)
    return values


def _defence_task(args: tuple[int, tuple[int, ...], dict[str, Any], str]
                  ) -> list[tuple[str, float]]:
    """One full game, the strong bot (with ``budget``, or its default one) in the seats
    ``measured`` and ``opponents`` (``basic``, or ``strong``: the same strong bot) in the
    others: each measured seat's margin in every deal another seat chose, with that deal's
    contract."""
    from kingscourt.bots import load
    from kingscourt.engine import load_game

    seed, measured, budget, opponents = args
    game = load_game("king")
    state = game.new_state(seed=seed)
    bots = [load("strong", game, seed=seed * 97 + s, **budget)
            if s in measured or opponents == "strong"
            else load(opponents, game, seed=seed * 97 + s) for s in range(4)]
    out: list[tuple[str, float]] = []
    before = [0] * 4
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        if view["phase"] == "choose":
            chooser, words = seat, action.split()
        state.apply(seat, action)
        scores = list(state.scores())
        if scores != before:  # the deal is over (it always hands out points)
            gain = [a - b for a, b in zip(scores, before, strict=True)]
            before = scores
            out.extend((words[1], margins(gain)[s]) for s in measured if s != chooser)
    return out


def _closing_task(seed: int) -> list[tuple[int, int, bool]]:
    """One full game of the basic bot in every seat: for each seat's turn 1–4 and each penalty
    contract open then and not named by the seat, whether it is still open at its next turn."""
    from kingscourt.bots import load
    from kingscourt.engine import load_game

    game = load_game("king")
    state = game.new_state(seed=seed)
    bots = [load("basic", game, seed=seed * 97 + s) for s in range(4)]
    turns: list[list[tuple[int, str]]] = [[] for _ in range(4)]
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        if view["phase"] == "choose":
            opened = sum(1 << k for k in PENALTIES
                         if view["open_contracts"][CONTRACTS[Contract(k)].id] > 0)
            turns[seat].append((opened, action.split()[1]))
        state.apply(seat, action)
    out: list[tuple[int, int, bool]] = []
    for mine in turns:
        for t, ((opened, named), (later, _)) in enumerate(pairwise(mine), start=1):
            for k in PENALTIES:
                if opened >> k & 1 and CONTRACTS[Contract(k)].id != named:
                    out.append((t, k, bool(later >> k & 1)))
    return out


def measure_closing(games: int, seed: int, jobs: int) -> dict[str, Any]:
    """The closing rates (:data:`Closing`) from ``games`` games of the basic bot."""
    seen = [[0] * len(PENALTIES) for _ in range(4)]
    closed = [[0] * len(PENALTIES) for _ in range(4)]
    for part in _run(_closing_task, range(seed, seed + games), jobs):
        for t, k, still in part:
            seen[t - 1][k] += 1
            closed[t - 1][k] += not still
    rates = [[round(c / n, 3) if n else 0.0 for c, n in zip(cs, ns, strict=True)]
             for cs, ns in zip(closed, seen, strict=True)]
    return {"closing": rates, "closing_games": games}


def measure_defence(games: int, seed: int, jobs: int, budget: dict[str, Any] | None = None,
                    opponents: str = "basic") -> dict[str, Any]:
    """``D`` per penalty contract (:func:`defence`) from ``games`` games, with the number of
    deals and a 95% interval half-width for each; ``budget``: the strong bot's (its default
    one when None). Against the basic bot each game is played in every rotation (one strong
    seat); against the strong bot itself (``opponents="strong"``) once, every seat measured."""
    tasks: list[tuple[int, tuple[int, ...], dict[str, Any], str]]
    if opponents == "strong":
        tasks = [(seed + g, (0, 1, 2, 3), budget or {}, opponents) for g in range(games)]
    else:
        tasks = [(seed + g, (r,), budget or {}, opponents) for g in range(games) for r in range(4)]
    found: dict[str, list[float]] = {CONTRACTS[Contract(k)].id: [] for k in PENALTIES}
    for part in _run(_defence_task, tasks, jobs):
        for kind, margin in part:
            if kind in found:
                found[kind].append(margin)
    means = {k: round(statistics.mean(v), 1) if v else 0.0 for k, v in found.items()}
    spread = {k: round(1.96 * statistics.stdev(v) / len(v) ** 0.5, 1) if len(v) > 1 else None
              for k, v in found.items()}
    return {"defence": means, "defence_games": games, "defence_budget": budget or {},
            "defence_opponents": opponents,
            "defence_deals": {k: len(v) for k, v in found.items()}, "defence_ci95": spread}


def _calibration_task(args: tuple[int, dict[str, Any], str]
                      ) -> list[tuple[str, float, float, tuple[float, ...]]]:
    """One random first deal: for each contract its chooser may name (trump in the suit its
    simulation prefers), the chooser's simulated margin, the margin the strong bot (with
    ``budget``, or its default one) then makes as chooser against ``opponents`` (``basic``,
    or ``strong``: the same strong bot), and the chooser's :func:`hand_features`."""
    from kingscourt.bots import load
    from kingscourt.engine import load_game
    from kingscourt.games.king.bots.strong import KingStrongBot

    seed, budget, opponents = args
    game = load_game("king")
    state = game.new_state(seed=seed)
    chooser = state.to_move()[0]
    features = hand_features(parse_hand(state.view(chooser)["hand"]))
    raw = dict(KingStrongBot(game, seed=seed, costs=False, choice_worlds=200)
               .analyse(state.view(chooser)).values)
    trump = max((a for a in raw if a.split()[1] == "trump"), key=lambda a: raw[a])
    out: list[tuple[str, float, float, tuple[float, ...]]] = []
    for action in [a for a in raw if a.split()[1] != "trump"] + [trump]:
        deal = state.clone()
        bots = [load("strong", game, seed=seed * 7 + s, **budget)
                if s == chooser or opponents == "strong"
                else load(opponents, game, seed=seed * 7 + s) for s in range(4)]
        deal.apply(chooser, action)
        while deal.view(chooser)["deal"] == 1 and not deal.is_over():
            seat = deal.to_move()[0]
            deal.apply(seat, bots[seat].choose(deal.view(seat)))
        out.append((action.split()[1], raw[action], margins(list(deal.scores()))[chooser],
                    features))
    return out


#: weight of the ridge penalty on the hand's features, per deal of the fit (the intercept and
#: the simulated margin's slope are not penalised)
RIDGE = 2.0


def measure_calibration(deals: int, seed: int, jobs: int,
                        budget: dict[str, Any] | None = None,
                        opponents: str = "basic") -> dict[str, Any]:
    """``a(K)``, ``b(K)`` and ``c(K)`` of :func:`own_margin` by least squares (a light ridge on
    the features) over ``deals`` first deals, the strong bot playing with ``budget`` against
    ``opponents``; per contract also the fit's R², the spread (standard deviation) of its
    values over the hands and of the part the hand's features add."""
    import numpy as np

    parts = _run(_calibration_task,
                 [(s, budget or {}, opponents) for s in range(seed, seed + deals)], jobs)
    fitted: dict[str, list[float]] = {}
    quality: dict[str, dict[str, float]] = {}
    width = 2 + len(FEATURES)
    for k in KINDS:
        name = CONTRACTS[Contract(k)].id
        rows = [(m, real, f) for part in parts for kind, m, real, f in part if kind == name]
        if len(rows) <= width:
            fitted[name] = [0.0, 1.0]
            continue
        x = np.array([[1.0, m, *f] for m, _real, f in rows])
        y = np.array([real for _m, real, _f in rows])
        penalty = np.diag([0.0, 0.0] + [RIDGE * len(rows)] * len(FEATURES))
        coef = np.linalg.solve(x.T @ x + penalty, x.T @ y)
        fit = x @ coef
        hand_part = x[:, 2:] @ coef[2:]
        quality[name] = {"deals": len(rows),
                         "r2": round(1 - float(np.var(y - fit)) / float(np.var(y)), 3)
                         if np.var(y) > 0 else 1.0,
                         "spread": round(float(np.std(fit)), 1),
                         "spread_of_hand_part": round(float(np.std(hand_part)), 1)}
        fitted[name] = [round(float(c), 3) for c in coef]
    return {"calibration": fitted, "calibration_deals": deals, "calibration_features": FEATURES,
            "calibration_budget": budget or {}, "calibration_opponents": opponents,
            "calibration_quality": quality}


def build(hands: int, redeals: int, seed: int, jobs: int, defence_games: int = 64,
          calibration_deals: int = 300, closing_games: int = 400,
          calibration_budget: dict[str, Any] | None = None,
          defence_budget: dict[str, Any] | None = None,
          opponents: str = "basic") -> dict[str, object]:
    data = _data()
    measured = measure_closing(closing_games, seed, jobs) if closing_games else {
        k: data.get(k) for k in ("closing", "closing_games")}
    closing = as_closing(measured["closing"])
    measured |= measure_calibration(calibration_deals, seed, jobs, calibration_budget, opponents
                                    ) if calibration_deals else {
        k: data.get(k) for k in ("calibration", "calibration_deals", "calibration_features",
                                 "calibration_budget", "calibration_opponents",
                                 "calibration_quality") if k in data}
    measured |= measure_defence(defence_games, seed, jobs, defence_budget, opponents
                                ) if defence_games else {
        k: data.get(k) for k in ("defence", "defence_games", "defence_budget",
                                 "defence_opponents", "defence_deals", "defence_ci95")
        if k in data}
    chunk = max(1, hands // (4 * jobs))
    tasks = [(seed + i, min(chunk, hands - i * chunk), redeals)
             for i in range((hands + chunk - 1) // chunk)]
    samples = [row for part in _run(_hands_task, tasks, jobs) for row in part]
    values = continuation(samples, measured["defence"], measured["calibration"], closing)
    names = [CONTRACTS[Contract(k)].id for k in KINDS]
    mean_margin = {n: statistics.mean(r[i] for r in samples) for i, n in enumerate(names)}
    # the readable summary: with every penalty contract open, the cost of each kind by turns
    costs: dict[str, dict[str, float]] = {}
    for p in range(0, 4):
        for q in range(0, 3):
            if p + q == 0:
                continue
            kinds = ([*PENALTIES] if p else []) + ([TRUMP] if q else [])
            for k, c in opportunity_costs(p, q, ALL_OPEN, kinds, values, closing).items():
                costs.setdefault(CONTRACTS[Contract(k)].id, {})[f"{p}+{q}"] = round(c, 1)
    return {
        "about": "V(p, q, open): expected margin of a King seat's remaining turns with p penalty "
                 "and q trump choices left and the penalty contracts of mask open; built by "
                 "python -m tools.king_costs (see kingscourt.games.king.bots.costs)",
        "hands": hands, "redeals": redeals, "seed": seed, **measured,
        "mean_margin": {n: round(v, 1) for n, v in mean_margin.items()},
        "costs_all_open": costs,
        "values": {k: round(v, 2) for k, v in values.items()},
    }


def parse_budget(text: str) -> dict[str, Any]:
    """``iterations=320,chain=480,net_prior=64`` as the strong bot's keyword arguments."""
    return {k: float(v) if "." in v else int(v) for k, _, v in
            (item.partition("=") for item in text.split(",") if item)}


def main() -> None:
    ap = argparse.ArgumentParser(description="Rebuild the King opportunity-cost table.")
    ap.add_argument("--hands", type=int, default=3000, help="random hands sampled")
    ap.add_argument("--redeals", type=int, default=24, help="deals of the other hands per hand")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--calibration-deals", type=int, default=300,
                    help="first deals fitting own_margin; 0 keeps the committed fit")
    ap.add_argument("--calibration-budget", default="",
                    help="the strong bot's budget in the calibration deals, as the arena writes "
                    "it (iterations=320,chain=480); its default one when empty")
    ap.add_argument("--defence-games", type=int, default=64,
                    help="games measuring D (each in 4 rotations against basic opponents); "
                    "0 keeps the committed D")
    ap.add_argument("--defence-budget", default="",
                    help="the strong bot's budget in the defence games, as --calibration-budget")
    ap.add_argument("--opponents", choices=("basic", "strong"), default="basic",
                    help="the other seats in the calibration deals and the defence games: the "
                    "basic bot, or the strong bot itself with the same budget")
    ap.add_argument("--closing-games", type=int, default=400,
                    help="games of the basic bot measuring the closing rates; 0 keeps them")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args()
    t = time.perf_counter()
    data = build(args.hands, args.redeals, args.seed, args.jobs, args.defence_games,
                 args.calibration_deals, args.closing_games, parse_budget(args.calibration_budget),
                 parse_budget(args.defence_budget), args.opponents)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: {args.hands} hands × {args.redeals} deals in "
          f"{time.perf_counter() - t:.0f} s")
    print("mean margin by contract:", data["mean_margin"])
    print("own play, a + b·simulated margin + c·features:", data["calibration"])
    print("the fit by contract (R², spread over hands):", data.get("calibration_quality"))
    print("margin on defence by contract (D):", data["defence"])
    print("closed by the others before the next turn, by turn:", data["closing"])
    print("opportunity cost with all open (p+q left):", json.dumps(data["costs_all_open"]))


if __name__ == "__main__":
    main()
