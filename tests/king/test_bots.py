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


def test_the_basic_estimate_of_a_contract_reads_the_hand() -> None:
    """The basic bot's estimate (its contract choice, and the strong bot's model of another
    chooser's choice): tricks from honours and their guards, penalty units from high and low
    cards, measured against a quarter of the deal's total."""
    from kingscourt.games.king.bots.basic import contract_value
    from kingscourt.games.king.contracts import CONTRACTS, Contract, deal_total

    hand = ["AS", "KS", "2S", "AH", "KH", "3D", "4D", "5D", "6D", "7C", "8C", "9C", "10C"]
    # spades trump: AS 1 + KS guarded 0.7; hearts AH 1 + KH guarded 0.7; no long trump, no
    # short side suit: 3.4 tricks, 50 points each, less 650 / 4
    assert contract_value(hand, int(Contract.TRUMP), 0) == pytest.approx(50 * 3.4 - 650 / 4)
    # El Almaz: four cards of queen or higher, six of 7 or lower: 3.25 + 0.6 - 0.25 tricks
    el = CONTRACTS[Contract.EL_ALMAZ]
    assert contract_value(hand, int(Contract.EL_ALMAZ)) == pytest.approx(
        el.per_unit * 3.6 - deal_total(Contract.EL_ALMAZ) / 4)
    # Rifki: the king of hearts with one guard
    rifki = CONTRACTS[Contract.RIFKI]
    assert contract_value(hand, int(Contract.RIFKI)) == pytest.approx(
        rifki.per_unit * 0.8 - deal_total(Contract.RIFKI) / 4)
    # with three guards it is safer
    longer = [c for c in hand if c not in ("2S", "3D")] + ["2H", "3H"]
    assert contract_value(longer, int(Contract.RIFKI)) == pytest.approx(
        rifki.per_unit * 0.55 - deal_total(Contract.RIFKI) / 4)
