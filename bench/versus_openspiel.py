"""Benchmark (not a test): our strong King bot against OpenSpiel's IS-MCTS, at equal time.

Fair and repeatable, as issue 15 asks:

- **The same horizon.** OpenSpiel's Python ``ISMCTSBot`` searches our King through its
  OpenSpiel registration (``kingscourt.interop.openspiel``), every state wrapped so that the
  end of the current deal is terminal (:class:`DealCut`), as our search stops there.
- **The same evaluator.** A leaf is valued as ours are: the deal played out to its end by the
  basic policy in every seat (:func:`kingscourt.games.king.bots.sim.play_out`; a contract still to be
  named is named by the basic bot), each seat's margin (its points minus the others' mean)
  in units of 650 as its return.
- **Its exploration constant tuned on separate deals** (``--tune``: each constant of a grid
  plays OpenSpiel in two seats against the basic bot on match seeds outside the measured
  ones; the best margin is kept).
- **Equal time, calibrated in the same run.** Our bot gets ``seconds`` per card and
  ``choice_seconds`` per contract; OpenSpiel gets as many simulations as its own measured
  rate (simulations per second, one per trick of the deal and for contract choices, a running
  mean over its decisions so far in this run that forgets older ones by ``DECAY``, first
  measured on calibration positions) buys in the same time. Both sides' mean time per
  decision is printed. By default our bot plays its served work budget with ``seconds`` as
  its wall-time limit, so it usually stops well before its time (a card in about 60 ms
  against OpenSpiel's 200): ``--time-alone`` lets it search for the whole time instead.
- **Duplicate deals.** Every match seed's first deal is played twice, ours in seats 0 and 2
  and then in 1 and 3; per deal the margin is ours − theirs per seat, averaged over the two
  seatings; the report gives its mean with a 95% t-interval over ≥ 100 deals by default.

- **One deal is the match.** Only the first deal is scored, so a contract is worth its deal
  alone; our bot, which names contracts for the whole game (less the opportunity and defence
  costs of spending one, :mod:`kingscourt.games.king.bots.costs`), gives some of the first deal away
  on purpose. ``--deal-choice`` lets it name contracts for the deal alone, as IS-MCTS does.
- **Or whole matches** (``--matches N``): every deal of N 20-deal matches is scored, each
  match played in both seatings with the same cards in every deal (deal ``n`` of match ``s``
  drawn by the seed ``100 s + n``); IS-MCTS still searches to the end of the current deal.
  Per deal ours − theirs per seat over the two seatings, and per match its total.
  ``--json FILE`` keeps the per-deal figures (to pool runs made in parallel).

    .venv/bin/python bench/versus_openspiel.py [--deals 100] [--seconds 0.2]
                                               [--choice-seconds 0.8] [--tune 0.25,0.5,1,2]
                                               [--deal-choice] [--matches 6 --uct-c 0.25]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms.mcts import Evaluator
from scipy.stats import t as t_dist  # type: ignore[import-untyped]

import kingscourt
import kingscourt.interop.openspiel
from kingscourt.bots import load, play_budget
from kingscourt.games.king.bots.sim import Deal, margins, play_out
from kingscourt.games.king.cards import parse_hand
from kingscourt.games.king.contracts import CONTRACT_OF_ID
from kingscourt.games.king.state import KingState

SCALE = 650.0
#: how much of OpenSpiel's simulation rate so far is kept at each of its decisions
DECAY = 0.8
KING = kingscourt.load_game("king")
#: seconds per decision, with its kind ("card" or "choose")
Times = list[tuple[str, float]]


def deal(state: Any, seed: int) -> Any:
    """Deal the first deal's 52 cards (its chance nodes) as the permutation ``seed`` draws."""
    for card in random.Random(seed).sample(range(52), 52):
        state.apply_action(card)
    return state


class DealCut:
    """An OpenSpiel King state whose game ends with the current deal: the returns are each
    seat's margin of the deal's points since the search's root, in units of 650."""

    def __init__(self, state: Any, deal: int, before: list[int]) -> None:
        self.state = state
        self.deal = deal
        self.before = before

    @classmethod
    def root(cls, state: Any) -> DealCut:
        inner = state.inner
        return cls(state, inner.deal_number, inner.scores())

    def get_game(self) -> Any:
        return self.state.get_game()

    def is_terminal(self) -> bool:
        inner = self.state.inner
        return bool(inner.deal_number != self.deal or inner.is_over())

    def is_chance_node(self) -> bool:
        return False

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.is_terminal() else int(
            self.state.current_player())

    def returns(self) -> list[float]:
        gained = [a - b for a, b in zip(self.state.inner.scores(), self.before, strict=True)]
        return [m / SCALE for m in margins(gained)]

    def legal_actions(self) -> list[int]:
        return list(self.state.legal_actions())

    def apply_action(self, action: int) -> None:
        self.state.apply_action(action)

    def clone(self) -> DealCut:
        return DealCut(self.state.clone(), self.deal, self.before)

    def information_state_string(self, player: int | None = None) -> str:
        return str(self.state.information_state_string(
            self.current_player() if player is None else player))

    def resample_from_infostate(self, player: int, sampler: Any) -> DealCut:
        return DealCut(self.state.resample_from_infostate(player, sampler), self.deal, self.before)


class BasicPlayoutEvaluator(Evaluator):  # type: ignore[misc]
    """Our strong bot's leaf value: the deal played out by the basic policy, margins / 650."""

    def __init__(self, seed: int) -> None:
        self.basic = load("basic", KING, seed=seed)

    def evaluate(self, state: DealCut) -> np.ndarray[Any, Any]:
        if state.is_terminal():
            return np.array(state.returns())
        inner = state.state.inner
        assert isinstance(inner, KingState)
        seat = inner.to_move()[0]
        view = inner.view(seat)
        hands = [parse_hand(inner.hand(s)) for s in range(4)]
        if view["phase"] == "choose":
            words = self.basic.choose(view).split()
            kind = CONTRACT_OF_ID["trump" if words[1] == "trump" else words[1]]
            d = Deal.start(KING.rules, hands, seat, int(kind),
                           "SHDC".index(words[2]) if words[1] == "trump" else -1)
        else:
            d = Deal.from_view(KING.rules, view, hands)
        play_out(d)
        before_deal = [p for p in view["deal_points"]]
        gained_before = [a - b for a, b in zip(inner.scores(), state.before, strict=True)]
        gained = [g + p - q for g, p, q in zip(gained_before, d.points, before_deal, strict=True)]
        return np.array([m / SCALE for m in margins(gained)])

    def prior(self, state: DealCut) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class TimedOpenSpiel:
    """OpenSpiel's IS-MCTS whose simulations per decision are what its running rate buys in
    the time our bot gets for that kind of decision."""

    def __init__(self, game: Any, uct_c: float, seed: int, rate: dict[str, list[float]],
                 seconds: dict[str, float]) -> None:
        self.bot = ismcts.ISMCTSBot(game, BasicPlayoutEvaluator(seed), uct_c=uct_c,
                                    max_simulations=1, max_world_samples=24,
                                    random_state=np.random.RandomState(seed))
        self.rate = rate          # kind -> [simulations, seconds] so far (shared)
        self.seconds = seconds
        self.times: list[tuple[str, float]] = []

    def step(self, state: Any) -> int:
        view = state.inner.view(None)
        kind = "choose" if view["phase"] == "choose" else "card"
        # a simulation costs less the fewer cards are left: one rate per trick of the deal
        key = kind if kind == "choose" else f"card{len(view['tricks'])}"
        sims, secs = self.rate.setdefault(key, list(self.rate[kind]))
        n = max(1, int(sims / secs * self.seconds[kind]))
        self.bot._max_simulations = n
        t = time.perf_counter()
        action = int(self.bot.step(DealCut.root(state)))
        dt = time.perf_counter() - t
        if len(state.legal_actions()) > 1:
            # a running rate that forgets (the machine's load changes during a run)
            self.rate[key] = [DECAY * sims + n, DECAY * secs + dt]
            self.times.append((kind, dt))
        return action


def calibrate(game: Any, uct_c: float) -> dict[str, list[float]]:
    """OpenSpiel's first simulation rates per kind of decision, on positions of its own."""
    rng = random.Random(5)
    rate: dict[str, list[float]] = {}
    bot = ismcts.ISMCTSBot(game, BasicPlayoutEvaluator(1), uct_c=uct_c, max_simulations=60,
                           max_world_samples=24, random_state=np.random.RandomState(1))
    for kind, steps in (("choose", [0]), ("card", [3, 11, 19, 27, 35])):
        sims = secs = 0.0
        for s in steps:
            state = deal(game.new_initial_state(), 1000 + s)
            for _ in range(s):
                state.apply_action(rng.choice(state.legal_actions()))
            while state.is_chance_node():  # a deal that ended early: the next one's cards
                state.apply_action(rng.choice(state.legal_actions()))
            t = time.perf_counter()
            bot.step(DealCut.root(state))
            secs += time.perf_counter() - t
            sims += 60
        rate[kind] = [sims, secs]
    return rate


#: extra options of our bot (``--deal-choice``: costs=False)
OURS: dict[str, Any] = {}
#: ``--time-alone``: our bot searches for its whole time, without the served work budget
TIME_ALONE: list[bool] = []


def play_deal(game: Any, seed: int, ours: tuple[int, ...], others: str, uct_c: float,
              rate: dict[str, list[float]], seconds: float, choice_seconds: float,
              our_times: Times, their_times: Times, whole: bool = False) -> list[list[int]]:
    """The first deal of match ``seed`` (``whole``: every deal of the match, the cards of
    deal ``n`` drawn by the seed ``100 * seed + n`` in both seatings): our strong bot in seats
    ``ours``, the others OpenSpiel's (``others == "openspiel"``) or the basic bot's. Each
    deal's points per seat."""
    state = deal(game.new_initial_state(), seed)
    served = play_budget("king", "strong")
    if TIME_ALONE:  # the search runs until its time is spent, as OpenSpiel's does
        served = {k: v for k, v in served.items() if k not in ("iterations", "choice_worlds")}
    budget = {**served, "seconds": seconds, "choice_seconds": choice_seconds, **OURS}
    mine = {s: load("strong", KING, seed=seed * 10 + s, **budget) for s in ours}
    opp: dict[int, Any] = {}
    for s in range(4):
        if s in ours:
            continue
        opp[s] = (TimedOpenSpiel(game, uct_c, seed * 10 + s, rate,
                                 {"card": seconds, "choose": choice_seconds})
                  if others == "openspiel" else load("basic", KING, seed=seed * 10 + s))
    while not (state.is_terminal() if whole else state.inner.view(None)["score_table"]):
        if state.is_chance_node():  # the next deal's cards
            deal(state, 100 * seed + state.inner.deal_number)
            continue
        seat = state.current_player()
        if seat in mine:
            view = state.inner.view(seat)
            t = time.perf_counter()
            text = mine[seat].choose(view)
            if len(view["legal"]) > 1:
                our_times.append(("choose" if view["phase"] == "choose" else "card",
                                  time.perf_counter() - t))
            action = _action_id(state, seat, text)
        elif isinstance(opp[seat], TimedOpenSpiel):
            action = opp[seat].step(state)
        else:
            action = _action_id(state, seat, opp[seat].choose(state.inner.view(seat)))
        state.apply_action(action)
    for b in opp.values():
        if isinstance(b, TimedOpenSpiel):
            their_times.extend(b.times)
    return [list(row["points"]) for row in state.inner.view(None)["score_table"]]


def _action_id(state: Any, seat: int, text: str) -> int:
    for a in state.legal_actions():
        if state.action_to_string(seat, a) == text:
            return int(a)
    raise AssertionError(f"{text} is not legal")


def duplicate(game: Any, seeds: range, first: str, uct_c: float, rate: dict[str, list[float]],
              seconds: float, choice_seconds: float, our_times: Times,
              their_times: Times, others: str = "openspiel") -> list[float]:
    """Per seed: (first side − second side) points per seat, averaged over both seatings.
    ``first`` is "ours" (our bot against ``others``) or "theirs" (OpenSpiel against basic)."""
    diffs = []
    for seed in seeds:
        per = []
        for seats in ((0, 2), (1, 3)):
            if first == "ours":
                pts = play_deal(game, seed, seats, others, uct_c, rate, seconds, choice_seconds,
                                our_times, their_times)[0]
            else:
                pts = _openspiel_vs_basic(game, seed, seats, uct_c, rate, seconds,
                                          choice_seconds, their_times)
            per.append(_side_margin(pts, seats))
        diffs.append(sum(per) / 2)
    return diffs


def _side_margin(points: list[int], seats: tuple[int, ...]) -> float:
    """The side in ``seats`` less the other side, per seat."""
    return (sum(points[s] for s in seats) - sum(points[s] for s in range(4) if s not in seats)) / 2


def _openspiel_vs_basic(game: Any, seed: int, seats: tuple[int, ...], uct_c: float,
                        rate: dict[str, list[float]], seconds: float, choice_seconds: float,
                        times: Times) -> list[int]:
    state = deal(game.new_initial_state(), seed)
    os_bots = {s: TimedOpenSpiel(game, uct_c, seed * 10 + s, rate,
                                 {"card": seconds, "choose": choice_seconds}) for s in seats}
    basic = {s: load("basic", KING, seed=s) for s in range(4) if s not in seats}
    while not state.inner.view(None)["score_table"]:
        seat = state.current_player()
        if seat in os_bots:
            action = os_bots[seat].step(state)
        else:
            action = _action_id(state, seat, basic[seat].choose(state.inner.view(seat)))
        state.apply_action(action)
    for b in os_bots.values():
        times.extend(b.times)
    return list(state.inner.view(None)["score_table"][0]["points"])


def ms(times: Times, medians: bool = False) -> str:
    """Mean milliseconds per decision by kind (and the median)."""
    out = []
    for kind in ("card", "choose"):
        xs = [dt for k, dt in times if k == kind]
        if xs:
            med = f" ({1000 * statistics.median(xs):.0f})" if medians else ""
            out.append(f"{kind} {1000 * statistics.mean(xs):.0f}{med}")
    return ", ".join(out)


def interval(diffs: list[float]) -> tuple[float, float]:
    mean = statistics.mean(diffs)
    if len(diffs) < 2:
        return mean, math.inf
    n = len(diffs)
    return mean, float(t_dist.ppf(0.975, n - 1)) * statistics.stdev(diffs) / math.sqrt(n)


def whole_matches(game: Any, args: Any, uct_c: float, rate: dict[str, list[float]],
                  ours_t: Times, theirs_t: Times) -> None:
    """``--matches N``: N whole matches, each played twice (ours in seats 0 and 2, then in 1
    and 3, the same cards in every deal); every deal scored: per deal the margin is ours −
    theirs per seat, averaged over the two seatings; also per match, the total."""
    print(f"uct_c = {uct_c}; {args.matches} whole matches (seeds {args.first_seed}..), every "
          "deal scored", flush=True)
    per_deal: list[float] = []
    per_match: list[float] = []
    t = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.matches):
        seatings = []
        for seats in ((0, 2), (1, 3)):
            rows = play_deal(game, seed, seats, "openspiel", uct_c, rate, args.seconds,
                             args.choice_seconds, ours_t, theirs_t, whole=True)
            seatings.append([_side_margin(r, seats) for r in rows])
        deals = [(a + b) / 2 for a, b in zip(*seatings, strict=False)]
        per_deal += deals
        per_match.append(sum(sum(x) for x in seatings) / 2)
        m, ci = interval(per_deal)
        print(f"  match {seed}: {len(deals)} deals, {per_match[-1]:+.1f} per seat; so far "
              f"{m:+.1f} ± {ci:.1f} per seat per deal over {len(per_deal)} deals; ms per "
              f"decision ours {ms(ours_t)}, OpenSpiel {ms(theirs_t)} "
              f"[{time.perf_counter() - t:.0f} s]", flush=True)
    m, ci = interval(per_deal)
    print(f"ours − OpenSpiel IS-MCTS: {m:+.1f} ± {ci:.1f} points per seat per deal (95% "
          f"t-interval, {len(per_deal)} duplicate deals of {args.matches} whole matches)")
    print(f"time per decision, mean (median) ms: ours {ms(ours_t, True)}; "
          f"OpenSpiel {ms(theirs_t, True)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"per_deal": per_deal, "per_match": per_match, "uct_c": uct_c}, f)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="duplicate deals measured")
    ap.add_argument("--seconds", type=float, default=0.2, help="time per card, each side")
    ap.add_argument("--choice-seconds", type=float, default=0.8, help="time per contract")
    ap.add_argument("--tune", default="0.25,0.5,1,2", help="exploration constants to try")
    ap.add_argument("--tune-deals", type=int, default=6, help="deals per constant when tuning")
    ap.add_argument("--uct-c", type=float, help="skip tuning: use this constant")
    ap.add_argument("--first-seed", type=int, default=100, help="first measured match seed")
    ap.add_argument("--matches", type=int, default=0,
                    help="whole 20-deal matches instead (every deal scored), from --first-seed")
    ap.add_argument("--json", help="write the per-deal differences here")
    ap.add_argument("--time-alone", action="store_true",
                    help="our bot searches until its time is spent (by default it plays its "
                         "served work budget, cut at the time: usually less time than "
                         "OpenSpiel's)")
    ap.add_argument("--deal-choice", action="store_true",
                    help="our bot names the contract for this deal alone (no opportunity or "
                         "defence costs), as IS-MCTS does: here the match is one deal")
    args = ap.parse_args()
    if args.deal_choice:
        OURS["costs"] = False
    if args.time_alone:
        TIME_ALONE.append(True)
    game = pyspiel.load_game("python_kingscourt_king")
    rate = calibrate(game, 1.0)
    print("OpenSpiel IS-MCTS simulations per second at calibration: "
          + ", ".join(f"{k} {s / t:,.0f}" for k, (s, t) in rate.items()), flush=True)
    if args.uct_c is not None:
        best = args.uct_c
    else:
        print(f"tuning the exploration constant vs basic on seeds 900..{900 + args.tune_deals - 1}:")
        scores: dict[float, float] = {}
        for c in (float(x) for x in args.tune.split(",")):
            times: Times = []
            d = duplicate(game, range(900, 900 + args.tune_deals), "theirs", c, rate,
                          args.seconds, args.choice_seconds, [], times)
            m, ci = interval(d)
            scores[c] = m
            print(f"  uct_c {c:5.2f}: OpenSpiel − basic {m:+.1f} ± {ci:.1f} per seat per deal",
                  flush=True)
        best = max(scores, key=lambda c: scores[c])
    ours_t: Times = []
    theirs_t: Times = []
    if args.matches:
        whole_matches(game, args, best, rate, ours_t, theirs_t)
        return
    print(f"uct_c = {best}; measuring {args.deals} duplicate deals (seeds {args.first_seed}..)",
          flush=True)
    diffs: list[float] = []
    t = time.perf_counter()
    for i in range(args.deals):
        seed = args.first_seed + i
        diffs += duplicate(game, range(seed, seed + 1), "ours", best, rate, args.seconds,
                           args.choice_seconds, ours_t, theirs_t)
        if (i + 1) % 10 == 0:
            m, ci = interval(diffs)
            print(f"  {i + 1} deals: {m:+.1f} ± {ci:.1f}; ms per decision ours "
                  f"{ms(ours_t)}, OpenSpiel {ms(theirs_t)} [{time.perf_counter() - t:.0f} s]",
                  flush=True)
    m, ci = interval(diffs)
    print(f"ours − OpenSpiel IS-MCTS: {m:+.1f} ± {ci:.1f} points per seat per deal "
          f"(95% t-interval, {len(diffs)} duplicate deals){' — excludes 0' if abs(m) > ci else ''}")
    print(f"time per decision, mean (median) ms: ours {ms(ours_t, True)}; "
          f"OpenSpiel {ms(theirs_t, True)}")


if __name__ == "__main__":
    main()
