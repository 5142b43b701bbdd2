"""King bots: legal, deterministic, view-only, and basic beats random."""

from __future__ import annotations

import json
import random

import pytest

import kingscourt


@pytest.mark.parametrize("level", ["random", "basic"])
def test_bots_choose_legal_actions_from_views_alone(level: str) -> None:
    game = kingscourt.load_game("king", must_beat="all")
    for seed in range(3):
        bots = [kingscourt.bots.load(level, game, seed=seed * 4 + s) for s in range(4)]
        twins = [kingscourt.bots.load(level, game, seed=seed * 4 + s) for s in range(4)]
        state = game.new_state(seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view["legal"]
            # the same seed and a JSON copy of the view give the same action
            assert twins[seat].choose(json.loads(json.dumps(view))) == action
            state.apply(seat, action)


def test_unknown_level_and_bad_view() -> None:
    game = kingscourt.load_game("king")
    with pytest.raises(ValueError, match="genius"):
        kingscourt.bots.load("genius", game)
    state = game.new_state(seed=1)
    idle = (state.to_move()[0] + 1) % 4
    with pytest.raises(ValueError, match="not to move"):
        kingscourt.bots.load("basic", game, seed=1).choose(state.view(idle))


def test_basic_does_not_depend_on_hidden_cards() -> None:
    """The same view gives the same choice, whatever the other hands are."""
    game = kingscourt.load_game("king")
    state = game.new_state(seed=9)
    rng = random.Random(9)
    for _ in range(120):
        seat = state.to_move()[0]
        view = state.view(seat)
        world = game.sample_world(view, rng)
        a = kingscourt.bots.load("basic", game, seed=3).choose(view)
        b = kingscourt.bots.load("basic", game, seed=3).choose(world.view(seat))
        assert a == b
        state.apply(seat, a)


def test_basic_beats_random_on_duplicate_deals() -> None:
    game = kingscourt.load_game("king")
    basic_total = random_total = 0.0
    for seed in range(4):
        for seat_of_basic in range(4):
            bots = [kingscourt.bots.load("basic" if s == seat_of_basic else "random", game,
                                         seed=seed * 10 + s) for s in range(4)]
            state = game.new_state(seed=seed)
            while not state.is_over():
                seat = state.to_move()[0]
                state.apply(seat, bots[seat].choose(state.view(seat)))
            scores = state.scores()
            basic_total += scores[seat_of_basic]
            random_total += (sum(scores) - scores[seat_of_basic]) / 3
    assert basic_total / 16 > random_total / 16 + 500
