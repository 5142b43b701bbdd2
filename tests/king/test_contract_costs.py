"""The opportunity-cost table of the King strong bot (:mod:`kingscourt.bots.king_costs`)."""

from __future__ import annotations

from kingscourt.bots import king_costs
from kingscourt.bots.king_sim import TRUMP

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


def test_the_table_rebuilds_from_simulated_hands() -> None:
    data = king_costs.build(hands=6, redeals=2, seed=1, jobs=1)
    values = data["values"]
    assert isinstance(values, dict)
    assert set(values) == set(king_costs.table())
    assert set(data["mean_margin"]) == {"el-almaz", "kupa-almaz", "erkek-almaz",
                                        "kiz-almaz", "rifki", "son-iki", "trump"}
