"""The King bots' fast world sampler (:mod:`kingscourt.games.king.bots.worlds`) draws the hidden
hands as ``game.sample_world`` does: consistent with the view, with the same frequencies."""

from __future__ import annotations

import random

import kingscourt
from kingscourt.games.king.bots.worlds import Worlds
from kingscourt.games.king.cards import parse_hand
from kingscourt.games.king.world import lacks


def _view_with_voids() -> tuple[kingscourt.Game, dict[str, object]]:
    """A penalty deal part-played by the basic bot until some seat has shown a void."""
    game = kingscourt.load_game("king")
    basic = kingscourt.bots.load("basic", game, seed=1)
    state = game.new_state(seed=31)
    seat = state.to_move()[0]
    state.apply(seat, "choose kupa-almaz")
    while True:
        seat = state.to_move()[0]
        view = state.view(seat)
        if len(view["tricks"]) >= 5 and any(lacks(game, view)[s] for s in range(4) if s != seat):
            return game, view
        state.apply(seat, basic.choose(view))


def test_draws_are_consistent_with_the_view() -> None:
    game, view = _view_with_voids()
    seat = view["seat"]
    lack = lacks(game, view)
    worlds = Worlds(game, view)
    rng = random.Random(3)
    played = parse_hand(view["played"])
    for _ in range(200):
        hands = worlds.draw(rng)
        assert hands[seat] == parse_hand(view["hand"])
        assert [h.bit_count() for h in hands] == view["hand_sizes"]
        assert sum(hands) | played == (1 << 52) - 1 and not any(h & played for h in hands)
        assert all(not hands[s] & lack[s] for s in range(4))


def test_draws_have_sample_worlds_frequencies() -> None:
    game, view = _view_with_voids()
    worlds = Worlds(game, view)
    n = 1200
    ours = [[0] * 4 for _ in range(52)]
    theirs = [[0] * 4 for _ in range(52)]
    rng = random.Random(5)
    for _ in range(n):
        for s, h in enumerate(worlds.draw(rng)):
            for c in range(52):
                ours[c][s] += h >> c & 1
        w = game.sample_world(view, rng)
        for s in range(4):
            h = parse_hand(w.hand(s))  # type: ignore[attr-defined]
            for c in range(52):
                theirs[c][s] += h >> c & 1
    # each (card, seat) frequency within 5 standard errors of the other sampler's
    for c in range(52):
        for s in range(4):
            p = (ours[c][s] + theirs[c][s]) / (2 * n)
            se = (2 * p * (1 - p) / n) ** 0.5
            assert abs(ours[c][s] - theirs[c][s]) / n <= 5 * se + 1e-9, (c, s)


def test_the_first_chooser_holds_the_opening_card_in_deal_one() -> None:
    game = kingscourt.load_game("king")
    state = game.new_state(seed=8)
    chooser = state.to_move()[0]
    other = (chooser + 1) % 4
    worlds = Worlds(game, state.view(other))
    two = parse_hand("2D")
    rng = random.Random(1)
    assert all(worlds.draw(rng)[chooser] & two for _ in range(50))
