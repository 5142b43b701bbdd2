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

The table is estimated by simulation over random hands (``python -m kingscourt.games.king.bots.costs
--hands 3000``): for each random hand, every contract's margin for the chooser is the mean over
re-deals of the other three hands of the deal played out by the basic policy
(:func:`.sim.play_out`, the same estimator the strong bot uses at the table), trump
taking its best suit; then ``V`` follows by dynamic programming over the sampled hands,
``V(p, q, open) = mean over hands of max over K (margin(K) + E V(next state))``. The other
seats' choices close contracts between the seat's turns: the next state's ``open`` loses each
contract with the chance measured for that contract and turn in games of the basic bot
(``--closing-games``; :func:`expected`, e.g. El Almaz 11% after the first turn, 69% after the
fourth, Rıfkı 0% and 27%). Built for the default table rules.

**The other seats' deals.** Under the standard limit every penalty contract is played exactly
twice in a game (6 × 2 = 12 deals, 3 for each of the four seats) and every seat plays exactly
two trump deals, so a seat that names a penalty contract takes that deal away from the other
seats: one of its deals on defence becomes one as chooser. What the seat makes on defence
depends a great deal on the contract (a strong player avoids the last two tricks of Son İki
whoever named it, but El Almaz named for a hand that takes no trick leaves the defenders the
tricks), so naming ``K`` is worth ``margin(K) − D(K)``, where ``D(K)`` is the seat's mean
margin in deals another seat chose ``K`` (:func:`defence`; 0 for trump, whose count per seat is
fixed). ``D`` is measured in full games of the strong bot in one seat against the basic bot in
the others (``--defence-games``), and the dynamic programming above values hands by
``margin − D`` too. This is the rulebook's "judging the points by one's own column only"
(Häufige Fehler) carried over the whole game.

**The seat's own play.** The margins above are simulated with the basic policy in every seat,
the chooser's included, but the strong bot plays its own hand much better, and by how much
depends on the contract and the hand: in Son İki it avoids the last two tricks whatever it
holds, in Kupa Almaz a hand full of hearts still costs it less than the simulation says. So
the simulated margin ``m`` of contract ``K`` for the chooser is mapped to the margin the
strong bot makes, ``a(K) + b(K)·m`` (:func:`own_margin`), fitted by least squares on random
first deals: for each contract (trump in the suit the simulation prefers), ``m`` from the
bot's own simulation and the margin of the deal then played by the strong bot as chooser
against the basic bot (``--calibration-deals``). The dynamic programming uses the mapped
margins too.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeVar

from ..contracts import CONTRACTS, PENALTY_CONTRACTS, Contract
from ..rules import KingRules
from .sim import TRUMP, Deal, margins, play_out

DATA = Path(__file__).resolve().parent / "data" / "king_contract_costs.json"
PENALTIES = tuple(int(c) for c in PENALTY_CONTRACTS)
ALL_OPEN = (1 << len(PENALTIES)) - 1
#: the kinds of a sampled hand's margins: the six penalty contracts, then trump (best suit)
KINDS = (*PENALTIES, TRUMP)

T = TypeVar("T")
R = TypeVar("R")


def key(p: int, q: int, open_mask: int) -> str:
    return f"{p},{q},{open_mask}"


@cache
def _data() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def table() -> dict[str, float]:
    """``V`` by :func:`key`, from the committed data file."""
    values: dict[str, float] = _data()["values"]
    return values


def own_margin(kind: int, simulated: float,
               fitted: dict[str, list[float]] | None = None) -> float:
    """The margin the strong bot makes as chooser of ``kind`` on a hand whose simulated margin
    (basic play in every seat) is ``simulated`` (from ``fitted``, by default the committed
    table)."""
    a, b = (fitted if fitted is not None else _data()["calibration"])[CONTRACTS[Contract(kind)].id]
    return a + b * simulated


def defence(kind: int, values: dict[str, float] | None = None) -> float:
    """``D(kind)``: the seat's mean margin in a deal another seat chose ``kind`` (from
    ``values``, by default the committed table; trump 0)."""
    if kind == TRUMP:
        return 0.0
    table_d: dict[str, float] = values if values is not None else _data()["defence"]
    return float(table_d[CONTRACTS[Contract(kind)].id])


def value(p: int, q: int, open_mask: int, values: dict[str, float] | None = None) -> float:
    """``V(p, q, open)`` (from ``values``, by default the committed table); 0 once no choice
    is left."""
    if p <= 0 and q <= 0:
        return 0.0
    found = values if values is not None else table()
    return found[key(max(0, min(3, p)), max(0, min(2, q)), open_mask & ALL_OPEN)]


def opportunity_costs(p: int, q: int, open_mask: int, kinds: list[int],
                      values: dict[str, float] | None = None,
                      closing: Closing | None = None) -> dict[int, float]:
    """For each of ``kinds`` (those the seat may name now): how much less its remaining turns
    are expected to bring after spending it than after the cheapest of them to spend (the
    contracts the other seats close before the seat's next turn foreseen by ``closing``, by
    default the committed rates)."""
    rates = closing if closing is not None else committed_closing()
    turn = 6 - (p + q)
    left = {k: (expected(p, q - 1, open_mask, turn, rates, values) if k == TRUMP
                else expected(p - 1, q, open_mask & ~(1 << k), turn, rates, values))
            for k in kinds}
    top = max(left.values())
    return {k: top - v for k, v in left.items()}


#: per own turn 1–4 and penalty contract (by value): the chance that the other seats close
#: that contract, open at the seat's turn and not named by it, before the seat's next turn
Closing = tuple[tuple[float, ...], ...]
NO_CLOSING: Closing = tuple((0.0,) * len(PENALTIES) for _ in range(4))


def as_closing(rows: list[list[float]] | None) -> Closing:
    """Closing rates as stored (a list of rows; none: nothing closes) as :data:`Closing`."""
    return tuple(tuple(r) for r in rows) if rows else NO_CLOSING


def committed_closing() -> Closing:
    return as_closing(_data().get("closing"))


def expected(p: int, q: int, base: int, turn: int, closing: Closing,
             values: dict[str, float] | None = None) -> float:
    """The expected ``V(p, q, ·)`` at the seat's next turn when ``base`` is what its own
    choice at turn ``turn`` leaves open: each of those contracts closed meanwhile by the other
    seats with the chance ``closing`` gives it, independently."""
    if p <= 0 and q <= 0:
        return 0.0
    rates = closing[turn - 1] if 1 <= turn <= len(closing) else (0.0,) * len(PENALTIES)
    bits = [k for k in range(len(PENALTIES)) if base >> k & 1 and rates[k] > 0]
    total = 0.0
    for pick in range(1 << len(bits)):
        chance = 1.0
        mask = base
        for j, k in enumerate(bits):
            if pick >> j & 1:
                chance *= rates[k]
                mask &= ~(1 << k)
            else:
                chance *= 1 - rates[k]
        if chance:
            total += chance * value(p, q, mask, values)
    return total


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
    samples = [[(own_margin(k, x, fitted) if fitted is not None else x) - d
                for k, x, d in zip(KINDS, row, less, strict=True)] for row in samples]

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


def _defence_task(args: tuple[int, int]) -> list[tuple[str, float]]:
    """One full game, the strong bot in seat ``position`` and the basic bot in the others: the
    strong seat's margin in every deal another seat chose, with that deal's contract."""
    from ....bots import load
    from ....engine import load_game

    seed, position = args
    game = load_game("king")
    state = game.new_state(seed=seed)
    bots = [load("strong" if s == position else "basic", game, seed=seed * 97 + s)
            for s in range(4)]
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
            if chooser != position:
                out.append((words[1], margins(gain)[position]))
    return out


def _closing_task(seed: int) -> list[tuple[int, int, bool]]:
    """One full game of the basic bot in every seat: for each seat's turn 1–4 and each penalty
    contract open then and not named by the seat, whether it is still open at its next turn."""
    from ....bots import load
    from ....engine import load_game

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


def measure_defence(games: int, seed: int, jobs: int) -> dict[str, Any]:
    """``D`` per penalty contract (:func:`defence`) from ``games`` games in every rotation,
    with the number of deals and a 95% interval half-width for each."""
    tasks = [(seed + g, r) for g in range(games) for r in range(4)]
    found: dict[str, list[float]] = {CONTRACTS[Contract(k)].id: [] for k in PENALTIES}
    for part in _run(_defence_task, tasks, jobs):
        for kind, margin in part:
            if kind in found:
                found[kind].append(margin)
    means = {k: round(statistics.mean(v), 1) if v else 0.0 for k, v in found.items()}
    spread = {k: round(1.96 * statistics.stdev(v) / len(v) ** 0.5, 1) if len(v) > 1 else None
              for k, v in found.items()}
    return {"defence": means, "defence_games": games,
            "defence_deals": {k: len(v) for k, v in found.items()}, "defence_ci95": spread}


def _calibration_task(seed: int) -> list[tuple[str, float, float]]:
    """One random first deal: for each contract its chooser may name (trump in the suit its
    simulation prefers), the chooser's simulated margin and the margin the strong bot then
    makes as chooser against the basic bot."""
    from ....bots import load
    from ....engine import load_game
    from .strong import KingStrongBot

    game = load_game("king")
    state = game.new_state(seed=seed)
    chooser = state.to_move()[0]
    raw = dict(KingStrongBot(game, seed=seed, costs=False, choice_worlds=200)
               .analyse(state.view(chooser)).values)
    trump = max((a for a in raw if a.split()[1] == "trump"), key=lambda a: raw[a])
    out: list[tuple[str, float, float]] = []
    for action in [a for a in raw if a.split()[1] != "trump"] + [trump]:
        deal = state.clone()
        bots = [load("strong" if s == chooser else "basic", game, seed=seed * 7 + s)
                for s in range(4)]
        deal.apply(chooser, action)
        while deal.view(chooser)["deal"] == 1 and not deal.is_over():
            seat = deal.to_move()[0]
            deal.apply(seat, bots[seat].choose(deal.view(seat)))
        out.append((action.split()[1], raw[action], margins(list(deal.scores()))[chooser]))
    return out


def measure_calibration(deals: int, seed: int, jobs: int) -> dict[str, Any]:
    """``a(K)``, ``b(K)`` of :func:`own_margin` by least squares over ``deals`` first deals."""
    parts = _run(_calibration_task, range(seed, seed + deals), jobs)
    fitted: dict[str, list[float]] = {}
    for k in KINDS:
        name = CONTRACTS[Contract(k)].id
        pairs = [(m, real) for part in parts for kind, m, real in part if kind == name]
        xs, ys = [m for m, _ in pairs], [real for _, real in pairs]
        if len(pairs) > 2 and statistics.pvariance(xs) > 0:
            b, a = statistics.linear_regression(xs, ys)
        else:
            a, b = 0.0, 1.0
        fitted[name] = [round(a, 2), round(b, 3)]
    return {"calibration": fitted, "calibration_deals": deals}


def build(hands: int, redeals: int, seed: int, jobs: int, defence_games: int = 64,
          calibration_deals: int = 300, closing_games: int = 400) -> dict[str, object]:
    data = _data()
    measured = measure_closing(closing_games, seed, jobs) if closing_games else {
        k: data.get(k) for k in ("closing", "closing_games")}
    closing = as_closing(measured["closing"])
    measured |= measure_calibration(calibration_deals, seed, jobs) if calibration_deals else {
        k: data.get(k) for k in ("calibration", "calibration_deals")}
    measured |= measure_defence(defence_games, seed, jobs) if defence_games else {
        k: data.get(k) for k in ("defence", "defence_games", "defence_deals", "defence_ci95")}
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
                 "python -m kingscourt.games.king.bots.costs (see its docstring)",
        "hands": hands, "redeals": redeals, "seed": seed, **measured,
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
    ap.add_argument("--calibration-deals", type=int, default=300,
                    help="first deals fitting own_margin; 0 keeps the committed fit")
    ap.add_argument("--defence-games", type=int, default=64,
                    help="games (each in 4 rotations) measuring D; 0 keeps the committed D")
    ap.add_argument("--closing-games", type=int, default=400,
                    help="games of the basic bot measuring the closing rates; 0 keeps them")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args()
    t = time.perf_counter()
    data = build(args.hands, args.redeals, args.seed, args.jobs, args.defence_games,
                 args.calibration_deals, args.closing_games)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: {args.hands} hands × {args.redeals} deals in "
          f"{time.perf_counter() - t:.0f} s")
    print("mean margin by contract:", data["mean_margin"])
    print("own play, a + b·simulated margin:", data["calibration"])
    print("margin on defence by contract (D):", data["defence"])
    print("closed by the others before the next turn, by turn:", data["closing"])
    print("opportunity cost with all open (p+q left):", json.dumps(data["costs_all_open"]))


if __name__ == "__main__":
    main()
