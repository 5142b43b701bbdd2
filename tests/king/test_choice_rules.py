"""Who chooses, what may be chosen: contract-closed, choice-limit, penalty-first, the first
chooser, and the free limit."""

from __future__ import annotations

import pytest

import kingscourt
from kingscourt.games.king import KingState

from .scenario import BASE, finish_deal, start


def choose_and_finish(state: KingState, contract: str) -> int:
    chooser = state.to_move()[0]
    state.apply(chooser, f"choose {contract}")
    finish_deal(state)
    return chooser


def test_holder_of_two_of_diamonds_chooses_first_then_the_next_seat() -> None:
    state = start(BASE)
    assert state.to_move() == [0]
    assert state.view(1)["chooser"] == 0
    for expected in (0, 1, 2, 3, 0, 1):
        assert state.to_move() == [expected]
        assert choose_and_finish(state, "trump S" if expected in (2, 3) else "el-almaz"
                                 if expected == 0 else "son-iki") == expected


def test_seven_of_diamonds_opener_table_rule() -> None:
    # 7D is seat 3's in the base deal
    assert start(BASE, first_chooser="7D").to_move() == [3]


def test_chooser_leads() -> None:
    state = kingscourt.load_game("king").new_state(seed=4)
    chooser = state.to_move()[0]
    state.apply(chooser, "choose kiz-almaz")
    assert state.to_move() == [chooser]


def test_contract_closed_after_two_plays() -> None:
    state = start(BASE)
    choose_and_finish(state, "kiz-almaz")
    choose_and_finish(state, "kiz-almaz")
    seat = state.to_move()[0]
    before = state.view(None)
    assert state.check(seat, "choose kiz-almaz") == kingscourt.Violation(
        "contract-closed", "Kız Almaz has been played 2 times: it is closed.")
    with pytest.raises(kingscourt.IllegalAction, match="closed"):
        state.apply(seat, "choose kiz-almaz")
    assert state.view(None) == before
    assert "choose kiz-almaz" not in state.view(seat)["legal"]
    assert state.view(seat)["open_contracts"]["kiz-almaz"] == 0


def test_choice_limit_standard() -> None:
    state = start(BASE)
    # seat 0 chooses trump in deals 1 and 5: its two trump deals are used up
    for deal in range(8):
        choose_and_finish(state, "trump S" if deal % 4 == 0 else
                          ["el-almaz", "son-iki", "kupa-almaz"][deal % 4 - 1])
    assert state.to_move() == [0]
    v = state.check(0, "choose trump H")
    assert v is not None and v.rule == "choice-limit"
    assert v.message == "You have chosen your 2 trump deals: choose a penalty contract."
    assert not any(a.startswith("choose trump") for a in state.view(0)["legal"])
    assert state.view(0)["quota_left"][0] == [3, 0]


def test_choice_limit_penalty_side_and_closed_wins_over_limit() -> None:
    state = start(BASE)
    order = ["el-almaz", "trump S", "trump S", "trump S",   # seat 0 penalty #1
             "kupa-almaz", "trump S", "trump S", "trump S",  # #2
             "el-almaz", "el-almaz", "son-iki", "son-iki"]   # #3; el-almaz closes at seat 1
    for contract in order[:9]:
        choose_and_finish(state, contract)
    # seat 1 now: el-almaz was played twice (closed) — contract-closed, not choice-limit
    assert state.to_move() == [1]
    v = state.check(1, "choose el-almaz")
    assert v is not None and v.rule == "contract-closed"
    choose_and_finish(state, "son-iki")
    choose_and_finish(state, "son-iki")
    choose_and_finish(state, "kiz-almaz")
    # seat 0 has chosen 3 penalty contracts: a fourth is refused
    assert state.to_move() == [0]
    v = state.check(0, "choose rifki")
    assert v is not None and v.rule == "choice-limit"
    assert "3 penalty contracts" in v.message
    # kupa was played once: open, yet beyond seat 0's limit -> choice-limit
    v = state.check(0, "choose kupa-almaz")
    assert v is not None and v.rule == "choice-limit"
    # son-iki is closed and beyond the limit: the refusal names contract-closed
    v = state.check(0, "choose son-iki")
    assert v is not None and v.rule == "contract-closed"
    assert state.view(0)["legal"] == ["choose trump S", "choose trump H", "choose trump D",
                                      "choose trump C"]


def test_free_limit_allows_any_open_contract_and_closes_the_ninth_trump() -> None:
    state = start(BASE, choice_limit="free")
    for _ in range(8):
        choose_and_finish(state, "trump C")
    seat = state.to_move()[0]
    v = state.check(seat, "choose trump C")
    assert v is not None and v.rule == "contract-closed"
    assert state.view(seat)["quota_left"] is None
    assert state.check(seat, "choose rifki") is None


def test_penalty_first_table_rule() -> None:
    state = start(BASE, penalty_first=True)
    v = state.check(0, "choose trump S")
    assert v is not None and v.rule == "penalty-first"
    for contract in ("el-almaz", "son-iki", "rifki", "kiz-almaz"):
        assert not any(a.startswith("choose trump") for a in state.view(state.to_move()[0])["legal"])
        choose_and_finish(state, contract)
    assert state.check(state.to_move()[0], "choose trump S") is None


def test_short_game_has_twelve_deals_and_a_smaller_quota() -> None:
    state = start(BASE, short_game=True)
    assert state.view(None)["deals"] == 12
    for contract in ("el-almaz", "el-almaz", "kiz-almaz", "kiz-almaz",
                     "son-iki", "son-iki", "rifki", "rifki"):
        choose_and_finish(state, contract)
    v = state.check(0, "choose kupa-almaz")
    assert v is not None and v.rule == "choice-limit"
    assert "2 penalty contracts" in v.message
    for _ in range(4):
        choose_and_finish(state, "trump H")
    assert state.is_over()
    assert len(state.view(None)["score_table"]) == 12


@pytest.mark.slow
@pytest.mark.parametrize("rules", [{}, {"short_game": True}, {"penalty_first": True},
                                   {"short_game": True, "penalty_first": True}])
def test_standard_limit_never_leaves_a_chooser_without_a_contract(rules: dict[str, bool]) -> None:
    """Over many seeded games whose choosers pick at random among what is open."""
    import random

    game = kingscourt.load_game("king", **rules)
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            options = state.legal_actions(seat)
            assert options, f"seed {seed}: seat {seat} has no open contract"
            if state.view(None)["phase"] == "choose":
                state.apply(seat, rng.choice(options))
            else:
                finish_deal(state)
        quota = (2, 1) if rules.get("short_game") else (3, 2)
        per_seat = [[0, 0] for _ in range(4)]
        for row in state.view(None)["choices"]:
            per_seat[row["seat"]][row["contract"] == "trump"] += 1
        assert all(tuple(p) == quota for p in per_seat)
