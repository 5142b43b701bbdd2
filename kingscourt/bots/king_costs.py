"""What a King chooser gives up by spending a contract now: the continuation-value table.

Every player chooses 3 penalty contracts and 2 trump deals (the standard limit), five turns
in a game. Naming a contract now leaves the seat without it for its remaining turns, when a
hand may come that suits it better. The table holds ``V(p, q, open)``: the margin a seat
expects from its remaining turns when it has ``p`` penalty and ``q`` trump choices left and
``open`` is the set of penalty contracts it may still name (a 6-bit mask by
:class:`~kingscourt.games.king.contracts.Contract` value), each future hand random and each
choice made the same way. At a choice, contract ``K`` is worth its simulated margin in this
deal plus ``V`` of the state it leaves; its *opportunity cost* is how far that ``V`` falls
short of the best one left by any open contract (:func:`opportunity_costs`).

The table is estimated by simulation over random hands (``python -m kingscourt.bots.king_costs
--hands 3000``): for each random hand, every contract's margin for the chooser is the mean over
re-deals of the other three hands of the deal played out by the basic policy
(:func:`.king_sim.play_out`, the same estimator the strong bot uses at the table), trump
taking its best suit; then ``V`` follows by dynamic programming over the sampled hands,
``V(p, q, open) = mean over hands of max over K (margin(K) + V(next state))``. The other
seats' choices, which close contracts between the seat's turns, are not foreseen (the bot
looks ``V`` up for the contracts open at its turn). Built for the default table rules.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

from ..games.king.contracts import CONTRACTS, PENALTY_CONTRACTS, Contract
from ..games.king.rules import KingRules
from .king_sim import TRUMP, Deal, margins, play_out

DATA = Path(__file__).resolve().parent / "data" / "king_contract_costs.json"
PENALTIES = tuple(int(c) for c in PENALTY_CONTRACTS)
ALL_OPEN = (1 << len(PENALTIES)) - 1
#: the kinds of a sampled hand's margins: the six penalty contracts, then trump (best suit)
KINDS = (*PENALTIES, TRUMP)


def key(p: int, q: int, open_mask: int) -> str:
    return f"{p},{q},{open_mask}"


@cache
def table() -> dict[str, float]:
    """``V`` by :func:`key`, from the committed data file."""
    with DATA.open(encoding="utf-8") as f:
        data = json.load(f)
    values: dict[str, float] = data["values"]
    return values


def value(p: int, q: int, open_mask: int, values: dict[str, float] | None = None) -> float:
    """``V(p, q, open)`` (from ``values``, by default the committed table); 0 once no choice
    is left."""
    if p <= 0 and q <= 0:
        return 0.0
    return (values or table())[key(max(0, min(3, p)), max(0, min(2, q)), open_mask & ALL_OPEN)]


def opportunity_costs(p: int, q: int, open_mask: int, kinds: list[int],
                      values: dict[str, float] | None = None) -> dict[int, float]:
    """For each of ``kinds`` (those the seat may name now): how much less its remaining turns
    are expected to bring after spending it than after the cheapest of them to spend."""
    left = {k: (value(p, q - 1, open_mask, values) if k == TRUMP
                else value(p - 1, q, open_mask & ~(1 << k), values)) for k in kinds}
    top = max(left.values())
    return {k: top - v for k, v in left.items()}


# ---------------------------------------------------------------------- building the table
def hand_margins(rules: KingRules, rng: random.Random, redeals: int) -> list[float]:
    """One random hand's margin per :data:`KINDS` for its chooser (seat 0, who leads): the
    mean over ``redeals`` deals of the other hands, each contract played out by the basic
    policy; trump in its best suit."""
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
    return [*means[:len(PENALTIES)], max(means[len(PENALTIES):])]


def _hands_task(args: tuple[int, int, int]) -> list[list[float]]:
    seed, count, redeals = args
    rng = random.Random(seed)
    rules = KingRules()
    return [hand_margins(rules, rng, redeals) for _ in range(count)]


def continuation(samples: list[list[float]]) -> dict[str, float]:
    """``V`` for every state, by dynamic programming over the sampled hands' margins."""
    values: dict[str, float] = {}
    trump_col = len(PENALTIES)

    def v(p: int, q: int, m: int) -> float:
        return 0.0 if p == 0 and q == 0 else values[key(p, q, m)]

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


def build(hands: int, redeals: int, seed: int, jobs: int) -> dict[str, object]:
    chunk = max(1, hands // (4 * jobs))
    tasks = [(seed + i, min(chunk, hands - i * chunk), redeals)
             for i in range((hands + chunk - 1) // chunk)]
    samples: list[list[float]] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_hands_task, tasks):
                samples += part
    else:
        for t in tasks:
            samples += _hands_task(t)
    values = continuation(samples)
    names = [CONTRACTS[Contract(k)].id for k in KINDS]
    mean_margin = {n: statistics.mean(r[i] for r in samples) for i, n in enumerate(names)}
    # the readable summary: with every penalty contract open, the cost of each kind by turns
    costs: dict[str, dict[str, float]] = {}
    for p in range(0, 4):
        for q in range(0, 3):
            if p + q == 0:
                continue
            kinds = ([*PENALTIES] if p else []) + ([TRUMP] if q else [])
            for k, c in opportunity_costs(p, q, ALL_OPEN, kinds, values).items():
                costs.setdefault(CONTRACTS[Contract(k)].id, {})[f"{p}+{q}"] = round(c, 1)
    return {
        "about": "V(p, q, open): expected margin of a King seat's remaining turns with p penalty "
                 "and q trump choices left and the penalty contracts of mask open; built by "
                 "python -m kingscourt.bots.king_costs (see its docstring)",
        "hands": hands, "redeals": redeals, "seed": seed,
        "mean_margin": {n: round(v, 1) for n, v in mean_margin.items()},
        "costs_all_open": costs,
        "values": {k: round(v, 2) for k, v in values.items()},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description="Rebuild the King opportunity-cost table.")
    ap.add_argument("--hands", type=int, default=3000, help="random hands sampled")
    ap.add_argument("--redeals", type=int, default=24, help="deals of the other hands per hand")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args()
    t = time.perf_counter()
    data = build(args.hands, args.redeals, args.seed, args.jobs)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: {args.hands} hands × {args.redeals} deals in "
          f"{time.perf_counter() - t:.0f} s")
    print("mean margin by contract:", data["mean_margin"])
    print("opportunity cost with all open (p+q left):", json.dumps(data["costs_all_open"]))


if __name__ == "__main__":
    main()
