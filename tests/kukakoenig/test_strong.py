"""The ``strong`` bot: regret matching over the choosers' rows, from the view alone."""

from __future__ import annotations

import json
import random
import time

import pytest

import kingscourt
from kingscourt.games.kukakoenig import KukakoenigState, score_counts
from kingscourt.games.kukakoenig.bots.strong import (
    _PLAIN,
    KukakoenigStrongBot,
    _Evaluator,
    _Position,
    _World,
)
from kingscourt.games.kukakoenig.cards import CARD_TYPE
from kingscourt.games.kukakoenig.cards import counts as counts_of

from .helpers import GAME, deck, mid_game, new, play_out


def strong(seed: int, iterations: int = 12) -> KukakoenigStrongBot:
    bot = kingscourt.bots.load("strong", GAME, seed=seed, iterations=iterations)
    assert isinstance(bot, KukakoenigStrongBot)
    return bot


def evaluator(state: KukakoenigState, seat: int) -> tuple[_Evaluator, _World]:
    """The strong bot's evaluator for ``seat``'s view, with the true state's hidden cards as
    its one world."""
    places = state.card_places()
    world = _World([CARD_TYPE[c] for c in places["pile"]],
                   [CARD_TYPE[c] for c in places["box-unseen"]])
    return _Evaluator(_Position(state.view(seat)), [world], random.Random(1)), world


def types_of(state: KukakoenigState, where: str) -> list[int]:
    return [CARD_TYPE[c] for c in state.card_places()[where]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_look_ahead_plays_a_round_as_the_game_does(players: int) -> None:
    for seed in range(4):
        state = mid_game(players, seed=seed, rounds=2)
        ev, world = evaluator(state, 0)
        picks = tuple(random.Random(seed).sample(range(len(ev.pos.rows)), players))
        rows, counts, sizes, pile = ev.play_round(world, picks)
        truth = state.clone()
        for seat, row in enumerate(picks):
            truth.apply(seat, f"row {row + 1}")
        assert pile == types_of(truth, "pile")
        assert rows == [types_of(truth, f"row {i + 1}") for i in range(len(rows))]
        assert counts == [counts_of(truth.card_places()[f"seat {s}"]) for s in range(players)]
        assert sizes == [len(truth.card_places()[f"seat {s}"]) for s in range(players)]


def test_with_unit_weights_a_seats_worth_is_the_games_scoring_total() -> None:
    ev, _ = evaluator(mid_game(3), 0)
    rng = random.Random(1)
    for _ in range(300):
        counts = [[rng.choice([0, 0, 1, 2, 3, 5, 8]) for _ in range(17)]
                  for _ in range(rng.choice([2, 3, 4]))]
        totals = [s["total"] for s in score_counts(counts)]
        assert ev.values(counts, _PLAIN) == totals
        row = [rng.randrange(17) for _ in range(3)]
        more = [c[:] for c in counts]
        for k in row:
            more[0][k] += 1
        assert ev.gains(counts, 0, [row], _PLAIN) == [
            score_counts([more[0], *counts[1:]])[0]["total"] - totals[0]]


def test_strong_plays_a_whole_game_legally() -> None:
    state = GAME.new_state(players=2, seed=5)
    play_out(state, [strong(1, iterations=6), kingscourt.bots.load("basic", GAME, seed=2)])


@pytest.mark.parametrize("players", [3, 4])
def test_strong_is_legal_in_first_calls_and_re_picks(players: int) -> None:
    state = mid_game(players, seed=players, rounds=2)
    bot = strong(3, iterations=4)
    repicks = 0
    while state.view(None)["round"] <= 4:
        view = state.view(None)
        repicks += view["call"] > 1
        for seat in state.to_move():
            seat_view = state.view(seat)
            choice = bot.choose(seat_view)
            assert choice in seat_view["legal"]
            state.apply(seat, choice)
    assert repicks  # the bots of one level collide now and then: re-picks were played


def test_same_seed_same_action_and_json_copy() -> None:
    state = mid_game(4, seed=2)
    view = state.view(1)
    a = strong(9).choose(view)
    assert strong(9).choose(json.loads(json.dumps(view))) == a
    bot = strong(9)
    again = strong(9)
    assert [bot.choose(view) for _ in range(4)] == [again.choose(view) for _ in range(4)]


def test_iteration_and_time_budgets() -> None:
    view = mid_game(3, seed=4).view(0)
    bot = strong(1, iterations=17)
    bot.choose(view)
    assert bot.last_iterations == 17
    assert sum(bot.last_strategy.values()) == pytest.approx(1.0)
    assert set(bot.last_strategy) == set(view["legal"])
    timed = KukakoenigStrongBot(GAME, seed=1, seconds=0.05)
    t = time.perf_counter()
    assert timed.choose(view) in view["legal"]
    assert time.perf_counter() - t < 0.5
    assert 0 < timed.last_iterations < 10**9


@pytest.mark.parametrize(("players", "earlier"), [(2, 0), (3, 1), (4, 2)])
def test_the_choice_depends_on_the_view_only(players: int, earlier: int) -> None:
    state = mid_game(players, seed=7)
    for seat in state.to_move()[:earlier]:  # some have picked: their rows are hidden
        state.apply(seat, state.legal_actions(seat)[0])
    me = state.to_move()[0]
    view = state.view(me)
    a = strong(11).choose(view)
    for k in range(2):
        # another true state consistent with the view: the pile, the box and the
        # pending picks of the others drawn differently
        world = GAME.sample_world(view, random.Random(100 + k))
        assert world.view(me) == view
        assert strong(11).choose(world.view(me)) == a


def symmetric_spot() -> KukakoenigState:
    # Two equal rows worth 11 points each, the rest worth 3 or less; nobody holds anything.
    cards = deck("vp4 vp4 vp3", "vp4 vp4 vp3", "sheep horse pig", "cow goat goose",
                 "donkey rabbit farmer", "farmer farmer farmer", fill=30)
    return new(2, cards)


def test_the_picker_mixes_between_equally_good_rows() -> None:
    view = symmetric_spot().view(0)
    picks = []
    for seed in range(24):
        bot = strong(seed, iterations=20)
        picks.append(bot.choose(view))
        strategy = bot.last_strategy
        assert strategy.get("row 1", 0) + strategy.get("row 2", 0) > 0.9
    assert set(picks) == {"row 1", "row 2"}
    assert min(picks.count("row 1"), picks.count("row 2")) >= 4


def test_the_re_pick_after_a_collision_mixes_too() -> None:
    state = symmetric_spot()
    state.apply(0, "row 3")
    state.apply(1, "row 3")  # both on row 3: it loses its pig; both pick again
    view = state.view(1)
    assert view["call"] == 2 and view["choosers"] == [0, 1]
    picks = {strong(seed, iterations=20).choose(view) for seed in range(16)}
    assert picks == {"row 1", "row 2"}


def test_a_view_without_legal_actions_is_refused() -> None:
    state = new(2, deck(fill=20))
    state.apply(0, "row 1")
    with pytest.raises(ValueError, match="not to move"):
        strong(1).choose(state.view(0))
