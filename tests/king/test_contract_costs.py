"""The opportunity-cost table of the King strong bot (:mod:`kingscourt.bots.king_costs`)."""

from __future__ import annotations

from kingscourt.bots import king_costs
from kingscourt.bots.king_sim import TRUMP
from kingscourt.games.king.contracts import Contract

PENALTIES = list(king_costs.PENALTIES)


def test_the_committed_table_covers_every_state_and_costs_are_relative() -> None:
    for p in range(4):
        for q in range(3):
            if p + q == 0:
                continue
            for m in range(64):
                kinds = ([k for k in PENALTIES if m >> k & 1] if p else []) + ([TRUMP] if q else [])
                if not kinds:
                    continue
                costs = king_costs.opportunity_costs(p, q, m, kinds)
                assert min(costs.values()) == 0.0  # the cheapest contract to spend costs nothing
                assert all(c >= 0 for c in costs.values())


def test_more_turns_left_are_worth_more_and_trump_is_kept_early() -> None:
    v = king_costs.value
    all_open = king_costs.ALL_OPEN
    assert v(0, 0, all_open) == 0.0
    assert v(3, 2, all_open) > v(2, 2, all_open) > v(1, 2, all_open)
    # early in the game, spending a trump deal costs more than the dearest penalty contract
    early = king_costs.opportunity_costs(3, 2, all_open, [*PENALTIES, TRUMP])
    assert early[TRUMP] > max(early[k] for k in PENALTIES)
    # with only trump deals left there is nothing to weigh
    assert king_costs.opportunity_costs(0, 2, 0, [TRUMP]) == {TRUMP: 0.0}


NAMES = {"el-almaz", "kupa-almaz", "erkek-almaz", "kiz-almaz", "rifki", "son-iki", "trump"}


def test_the_table_rebuilds_from_simulated_hands() -> None:
    data = king_costs.build(hands=6, redeals=2, seed=1, jobs=1, defence_games=0,
                            calibration_deals=0)
    values = data["values"]
    assert isinstance(values, dict)
    assert set(values) == set(king_costs.table())
    assert set(data["mean_margin"]) == NAMES
    # nothing measured anew: the committed defence and own-play fit are kept
    assert data["defence"] == {Contract(k).info.id: king_costs.defence(k) for k in PENALTIES}
    assert data["calibration"] == king_costs._data()["calibration"]


def test_defence_and_own_play_are_measured_in_played_deals() -> None:
    measured = king_costs.measure_defence(games=1, seed=3, jobs=1)
    # one game in four rotations: the strong seat defends 15 deals a game, 9 of them penalty
    assert sum(measured["defence_deals"].values()) == 4 * 9
    assert set(measured["defence"]) == NAMES - {"trump"}
    fitted = king_costs.measure_calibration(deals=3, seed=5, jobs=1)["calibration"]
    assert set(fitted) == NAMES
    assert all(len(ab) == 2 for ab in fitted.values())


def test_naming_a_contract_the_seat_defends_well_costs_it_that_deal() -> None:
    """Under the standard limit every penalty contract is played twice a game: naming one takes
    a deal on defence away from the seat, so ``D`` lowers every state's value by kind."""
    samples = [[0.0] * 7 for _ in range(4)]
    plain = king_costs.continuation(samples)
    son_iki = int(Contract.SON_IKI)
    defended = {Contract(k).info.id: (100.0 if k == son_iki else 0.0) for k in PENALTIES}
    less = king_costs.continuation(samples, defended)
    # one penalty turn left, only Son İki open: spending it loses its 100 on defence
    only = 1 << son_iki
    assert plain[king_costs.key(1, 0, only)] == 0.0
    assert less[king_costs.key(1, 0, only)] == -100.0
    # with another contract open the seat names that one instead: nothing lost
    assert less[king_costs.key(1, 0, only | 1)] == 0.0
    # the own-play fit maps each simulated margin before the choice is taken
    fitted = {name: [10.0, 0.5] for name in NAMES}
    rows = [[40.0] * 7]
    mapped = king_costs.continuation(rows, None, fitted)
    assert mapped[king_costs.key(0, 1, 0)] == 10.0 + 0.5 * 40.0
    assert king_costs.own_margin(TRUMP, 40.0, fitted) == 30.0
