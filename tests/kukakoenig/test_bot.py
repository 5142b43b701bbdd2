"""The ``basic`` bot: legal picks from the view alone, worth-seeking, collision-shy."""

from __future__ import annotations

import pytest

import kingscourt
from kingscourt.games.kukakoenig.bots.basic import pick_odds, row_values

from .helpers import GAME, deck, new, play_out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_basic_bots_play_whole_games_legally(players: int) -> None:
    state = GAME.new_state(players=players, seed=players)
    play_out(state, [kingscourt.bots.load("basic", GAME, seed=s) for s in range(players)])


def test_same_seed_same_choices() -> None:
    state = GAME.new_state(players=4, seed=2)
    view = state.view(3)
    a = [kingscourt.bots.load("basic", GAME, seed=9).choose(view) for _ in range(3)]
    b = [kingscourt.bots.load("basic", GAME, seed=9).choose(view) for _ in range(3)]
    assert a == b


def test_values_are_the_points_a_row_adds() -> None:
    cards = deck("king king sheep", "cow goat goose", "vp2 vp2 vp2", "king king king",
                 "king knight knight", "church church church", pile="pig pig pig", fill=10)
    state = new(2, cards)
    state.apply(0, "row 4")
    state.apply(1, "row 6")  # seat 0: three kings; seat 1: three churches
    view = state.view(0)
    assert view["rows"][3] == ["pig", "pig", "pig"]  # refilled from the pile
    values = row_values(view, 0, [0, 2, 3])
    # kings 3 -> 5 is 16 - 4 = 12, a sheep 1; both count again in the second scoring
    assert values[0] == pytest.approx(13 + 0.3 + 0.5 * 13)
    assert values[2] == pytest.approx(6 + 0.3)  # victory points are returned: no later worth
    assert values[3] == pytest.approx(6 + 0.3 + 0.5 * 6)


def test_the_bot_takes_the_row_that_matters_when_nobody_else_wants_it() -> None:
    cards = deck("king king king", "sheep horse pig", "cow goat goose", "donkey rabbit sheep",
                 "king king knight", "horse pig cow",
                 pile="farmhouse farmhouse farmhouse farmhouse farmhouse farmhouse", fill=20)
    state = new(2, cards)
    state.apply(0, "row 1")
    state.apply(1, "row 2")  # seat 0 holds three kings; rows 1 and 2 now hold farmhouses
    picks = [kingscourt.bots.load("basic", GAME, seed=s).choose(state.view(0))
             for s in range(20)]
    # row 5: two kings (12 points) and the only knight (2) for seat 0
    assert picks.count("row 5") >= 18


def test_basic_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(30):
        state = GAME.new_state(players=3, seed=seed)
        bots = [kingscourt.bots.load("basic" if s == 0 else "random", GAME, seed=seed + s)
                for s in range(3)]
        while not state.is_over():
            for seat in state.to_move():
                state.apply(seat, bots[seat].choose(state.view(seat)))
        wins += 0 in state.winners()
    assert wins >= 15  # a random player would win about 10 of 30


def test_a_view_without_legal_actions_is_refused() -> None:
    state = new(2, deck(fill=20))
    state.apply(0, "row 1")
    with pytest.raises(ValueError, match="not to move"):
        kingscourt.bots.load("basic", GAME, seed=1).choose(state.view(0))


def test_two_bots_in_the_same_spot_mix_their_picks() -> None:
    view = GAME.new_state(players=2, seed=3).view(0)  # nobody holds anything: symmetric
    rows = list(range(6))
    odds = pick_odds(view, rows)
    assert odds[0] == odds[1]
    assert sum(odds[0].values()) == pytest.approx(1.0)
    assert max(odds[0].values()) < 0.9  # no row is a sure thing: both would collide on it
