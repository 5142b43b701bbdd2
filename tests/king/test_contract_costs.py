"""The opportunity-cost table of the King strong bot (:mod:`kingscourt.games.king.bots.costs`)
and its builder (:mod:`tools.king_costs`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingscourt.bots import load
from kingscourt.engine import load_game
from kingscourt.games.king.bots import costs as king_costs
from kingscourt.games.king.bots.sim import TRUMP
from kingscourt.games.king.contracts import Contract
from tools import king_costs as builder

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
    data = builder.build(hands=6, redeals=2, seed=1, jobs=1, defence_games=0,
                            calibration_deals=0, closing_games=0)
    values = data["values"]
    assert isinstance(values, dict)
    assert set(values) == set(king_costs.table())
    assert set(data["mean_margin"]) == NAMES
    # nothing measured anew: the committed defence and own-play fit are kept
    assert data["defence"] == {Contract(k).info.id: king_costs.defence(k) for k in PENALTIES}
    assert data["calibration"] == king_costs._data()["calibration"]
    assert data["closing"] == king_costs._data()["closing"]


@pytest.mark.slow
def test_defence_and_own_play_are_measured_in_played_deals() -> None:
    # the plumbing, not the strength: a small search keeps it quick
    measured = builder.measure_defence(games=1, seed=3, jobs=1, budget={"iterations": 40, "chain": 60})
    # one game in four rotations: the strong seat defends 15 deals a game, 9 of them penalty
    assert sum(measured["defence_deals"].values()) == 4 * 9
    assert set(measured["defence"]) == NAMES - {"trump"}
    fitted = builder.measure_calibration(deals=10, seed=5, jobs=1,
                                         budget={"iterations": 40, "chain": 60})["calibration"]
    assert set(fitted) == NAMES
    assert all(len(c) == 2 + len(king_costs.FEATURES) for c in fitted.values())
    # against the strong bot itself: one game, every seat measured on defence (15 deals each)
    mirrored = builder.measure_defence(games=1, seed=3, jobs=1, opponents="strong",
                                       budget={"iterations": 40, "chain": 60})
    assert sum(mirrored["defence_deals"].values()) == 4 * 9
    assert mirrored["defence_opponents"] == "strong"


def test_a_strong_bot_reads_the_cost_tables_it_is_given(tmp_path: Path) -> None:
    """``cost_table=PATH``: a refit is measured against the committed tables before it
    replaces them. The same file changes nothing; a contract whose deal on defence is worth 100
    more costs exactly 100 more to name."""
    game = load_game("king")
    state = game.new_state(seed=3)
    view = state.view(state.to_move()[0])
    data = json.loads(king_costs.DATA.read_text(encoding="utf-8"))
    same = tmp_path / "same.json"
    same.write_text(json.dumps(data), encoding="utf-8")
    data["defence"]["el-almaz"] += 100.0
    dearer = tmp_path / "dearer.json"
    dearer.write_text(json.dumps(data), encoding="utf-8")

    def values(**table: str) -> dict[str, float]:
        return dict(load("strong", game, seed=1, iterations=40, **table).analyse(view).values)

    committed = values()
    assert values(cost_table=str(same)) == committed
    changed = values(cost_table=str(dearer))
    assert changed["choose el-almaz"] == pytest.approx(committed["choose el-almaz"] - 100.0)
    assert {a: v for a, v in changed.items() if a != "choose el-almaz"} == {
        a: v for a, v in committed.items() if a != "choose el-almaz"}


def test_naming_a_contract_the_seat_defends_well_costs_it_that_deal() -> None:
    """Under the standard limit every penalty contract is played twice a game: naming one takes
    a deal on defence away from the seat, so ``D`` lowers every state's value by kind."""
    samples = [[0.0] * 7 for _ in range(4)]
    plain = builder.continuation(samples)
    son_iki = int(Contract.SON_IKI)
    defended = {Contract(k).info.id: (100.0 if k == son_iki else 0.0) for k in PENALTIES}
    less = builder.continuation(samples, defended)
    # one penalty turn left, only Son İki open: spending it loses its 100 on defence
    only = 1 << son_iki
    assert plain[king_costs.key(1, 0, only)] == 0.0
    assert less[king_costs.key(1, 0, only)] == -100.0
    # with another contract open the seat names that one instead: nothing lost
    assert less[king_costs.key(1, 0, only | 1)] == 0.0
    # the own-play fit maps each simulated margin before the choice is taken
    fitted = {name: [10.0, 0.5] for name in NAMES}
    rows = [[40.0] * 7]
    mapped = builder.continuation(rows, None, fitted)
    assert mapped[king_costs.key(0, 1, 0)] == 10.0 + 0.5 * 40.0
    assert king_costs.own_margin(TRUMP, 40.0, fitted=fitted) == 30.0


@pytest.mark.slow
def test_contracts_the_others_close_are_foreseen() -> None:
    """Between the seat's turns the other seats may close a contract: the next state's value
    is the mean over which of the open contracts are still open."""
    all_open = king_costs.ALL_OPEN
    none = king_costs.NO_CLOSING
    assert king_costs.expected(2, 1, all_open, 3, none) == king_costs.value(2, 1, all_open)
    el = int(Contract.EL_ALMAZ)
    surely = tuple(tuple(1.0 if k == el else 0.0 for k in PENALTIES) for _ in range(4))
    gone = king_costs.expected(2, 1, all_open, 3, surely)
    assert gone == king_costs.value(2, 1, all_open & ~(1 << el))
    half = tuple(tuple(0.5 if k == el else 0.0 for k in PENALTIES) for _ in range(4))
    assert abs(king_costs.expected(2, 1, all_open, 3, half)
               - (king_costs.value(2, 1, all_open) + gone) / 2) < 1e-9
    # fewer options later lower what the remaining turns are worth
    assert gone < king_costs.value(2, 1, all_open)
    measured = builder.measure_closing(games=4, seed=9, jobs=1)
    rates = measured["closing"]
    assert len(rates) == 4 and all(len(r) == len(PENALTIES) for r in rates)
    assert all(0.0 <= x <= 1.0 for r in rates for x in r)
    # by the seat's last turns most contracts have been played twice
    assert sum(rates[3]) > sum(rates[0])


def test_a_contract_is_valued_from_the_hand_not_only_its_simulated_margin() -> None:
    """The committed own-play fit reads the hand: two hands with the same simulated margin are
    worth different amounts in every penalty contract, Son İki included (whose value was once
    a + 0.011 × the simulated margin: about the same whatever the hand)."""
    from kingscourt.games.king.cards import parse_hand

    low = king_costs.hand_features(parse_hand("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C"))
    high = king_costs.hand_features(parse_hand("AS KS QS JS AH KH QH AD KD QD AC KC QC"))
    assert low == (0.0, 0.0, 13.0, 3.0, 4.0, 0.0, 0.0)
    assert high == (8.0, 5.0, 0.0, 3.0, 4.0, 0.0, 1.0)
    for k in PENALTIES:
        assert len(king_costs._data()["calibration"][Contract(k).info.id]) > 2
        assert king_costs.own_margin(k, -50.0, low) != king_costs.own_margin(k, -50.0, high)
    son_iki = int(Contract.SON_IKI)
    assert abs(king_costs.own_margin(son_iki, -50.0, low)
               - king_costs.own_margin(son_iki, -50.0, high)) > 10.0
    with pytest.raises(ValueError, match="features"):
        king_costs.own_margin(son_iki, -50.0, (1.0,))
