"""The King strong bot names the contract a hand suits, on first-deal hands of our own (the
other hands dealt at random; the hand holds 2♦, so its seat chooses first)."""

from __future__ import annotations

import random

import pytest

import kingscourt
from kingscourt.bots import load
from kingscourt.bots.analysis import Analyst
from kingscourt.games.king.cards import parse_hand, texts


def first_deal(mine: str, seed: int) -> kingscourt.State:
    game = kingscourt.load_game("king")
    hand = parse_hand(mine)
    rest = [c for c in range(52) if not hand >> c & 1]
    random.Random(seed).shuffle(rest)
    hands = [hand] + [sum(1 << c for c in rest[13 * i:13 * (i + 1)]) for i in range(3)]
    state = game.new_state(seed=seed, deal=[" ".join(texts(h)) for h in hands])
    assert state.to_move() == [0]
    return state


PENALTY_HANDS = [
    # the hand: no queen, no heart honour, few high cards (it named trump clubs)
    "JS 9S 5S 4S 8H 5H JD 4D 2D AC 9C 4C 2C",
    # low cards everywhere, short hearts
    "8S 6S 4S 3S 2S 7H 3H 9D 6D 3D 2D 5C 4C",
]
TRUMP_HANDS = [
    # seven spades from the top, side aces and kings
    ("AS KS QS JS TS 9S 8S AH AD KD 2D AC KC", "S"),
    # six hearts from the top, two side aces
    ("AH KH QH JH TH 9H AS 5S AD 2D 7C 4C 3C", "H"),
]


@pytest.mark.parametrize("mine", PENALTY_HANDS)
def test_a_hand_without_high_cards_names_a_penalty_contract(mine: str) -> None:
    for seed in (1, 2):
        state = first_deal(mine, seed)
        bot = load("strong", state.game, seed=seed, iterations=400)
        choice = bot.choose(state.view(0))
        assert "trump" not in choice, f"{mine}: {choice}"


@pytest.mark.parametrize(("mine", "suit"), TRUMP_HANDS)
def test_a_hand_of_long_strong_trumps_names_them(mine: str, suit: str) -> None:
    for seed in (1, 2):
        state = first_deal(mine, seed)
        bot = load("strong", state.game, seed=seed, iterations=400)
        assert isinstance(bot, Analyst)
        analysis = bot.analyse(state.view(0))
        assert analysis.preferred == f"choose trump {suit}", analysis
        # and by a clear margin over every penalty contract
        best_penalty = max(v for a, v in analysis.values if "trump" not in a)
        assert analysis.values[0][1] > best_penalty + 100
