"""Benchmark (not a test): King engine throughput through the public API.

Prints random full deals per second and full games per second through
``to_move`` / ``legal_actions`` / ``apply``, and, measured in the same run, a bare
pure-Python trick-taking loop (deal, follow suit, highest card of the led suit wins,
no contracts, no records, no checks) as the reference, with the ratio.

    .venv/bin/python bench/king_engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

import kingscourt


def king_games(seconds: float) -> tuple[int, int, float]:
    """Random full games through the public API: (games, deals, elapsed)."""
    game = kingscourt.load_game("king")
    rng = random.Random(1)
    choice = rng.choice
    games = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed=games)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, choice(state.legal_actions(seat)))
        games += 1
        deals += state.game.rules.deals
    return games, deals, time.perf_counter() - start


def king_single_deals(seconds: float) -> tuple[int, float]:
    """First deals of new matches, each played to its end: (deals, elapsed)."""
    game = kingscourt.load_game("king")
    rng = random.Random(2)
    choice = rng.choice
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed=deals)
        while True:
            seat = state.to_move()[0]
            events = state.apply(seat, choice(state.legal_actions(seat)))
            if len(events) > 1 and any(e.kind == "deal-scored" for e in events):
                break
        deals += 1
    return deals, time.perf_counter() - start


def bare_loop(seconds: float) -> tuple[int, float]:
    """The reference: a bare trick-taking deal in plain Python lists, 13 tricks, no rules
    beyond following suit. (deals, elapsed)"""
    rng = random.Random(3)
    choice = rng.choice
    deck = list(range(52))
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(deck)
        hands = [deck[i * 13:(i + 1) * 13] for i in range(4)]
        leader = 0
        taken = [0, 0, 0, 0]
        for _ in range(13):
            lead_suit = -1
            best = -1
            winner = leader
            for i in range(4):
                seat = (leader + i) % 4
                hand = hands[seat]
                legal = [c for c in hand if c // 13 == lead_suit] or hand
                c = choice(legal)
                hand.remove(c)
                if lead_suit < 0:
                    lead_suit = c // 13
                if c // 13 == lead_suit and c > best:
                    best, winner = c, seat
            taken[winner] += 1
            leader = winner
        deals += 1
    return deals, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = ap.parse_args()
    games, deals, t = king_games(args.seconds)
    single, ts = king_single_deals(args.seconds)
    ref, tr = bare_loop(args.seconds)
    engine_rate = deals / t
    ref_rate = ref / tr
    print(f"king full games : {games / t:10.1f} games/s  ({games} games, {t:.1f} s)")
    print(f"king deals      : {engine_rate:10.0f} deals/s (within full games; target >= 9000)")
    print(f"king first deals: {single / ts:10.0f} deals/s (new match each, played to deal end)")
    print(f"bare Python loop: {ref_rate:10.0f} deals/s (reference, no rules)")
    print(f"ratio engine / reference: {engine_rate / ref_rate:.2f}")


if __name__ == "__main__":
    main()
