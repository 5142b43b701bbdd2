"""Points of every contract, early ends, King, and the extra table rule that ends the game."""

from __future__ import annotations

import pytest

import kingscourt
from kingscourt.games.king import CONTRACTS, Contract, deal_total
from kingscourt.games.king.ranking import king_points

from .scenario import BASE, finish_deal, play, start

# Seat 1 holds all thirteen spades; seat 0 (2D) names spades trump and seat 1 makes King.
ALL_SPADES = [
    ".AKQJT98.AKQ2.JT",
    "AKQJT98765432...",
    ".7654.JT98.98765",
    ".32.76543.AKQ432",
]
# Seat 1 holds twelve spades and the 2C: twelve tricks, the last one lost.
TWELVE = [
    "2.AKQJT9.AKQ2.JT",
    "AKQJT9876543...2",
    ".8765.JT98.98765",
    ".432.76543.AKQ43",
]


@pytest.mark.parametrize(("contract", "total"), [
    (Contract.EL_ALMAZ, -650), (Contract.KUPA_ALMAZ, -390), (Contract.ERKEK_ALMAZ, -480),
    (Contract.KIZ_ALMAZ, -400), (Contract.RIFKI, -320), (Contract.SON_IKI, -360),
    (Contract.TRUMP, 650)])
def test_contract_table(contract: Contract, total: int) -> None:
    assert deal_total(contract) == total


def test_penalties_of_a_pass_and_a_game() -> None:
    assert sum(deal_total(c) for c in Contract if c.is_penalty) == -2600
    assert 2 * sum(deal_total(c) for c in Contract if c.is_penalty) + 8 * 650 == 0


def test_kiz_almaz_ends_when_the_fourth_queen_falls() -> None:
    # every queen is seat 1's: seat 0 leads A of each suit, seat 1 must give up the queen
    state = start(BASE, "kiz-almaz", "AS QS JS 8S")
    assert state.view(None)["deal_points"] == [-100, 0, 0, 0]
    state = start(BASE, "kiz-almaz")
    finish_deal(state)
    row = state.view(None)["score_table"][0]
    assert sum(row["points"]) == -400


def test_son_iki_scores_only_the_last_two_tricks() -> None:
    state = start(BASE, "son-iki")
    taken_at_11 = None
    while state.view(None)["deal"] == 1:
        view = state.view(None)
        if len(view["tricks"]) == 11 and taken_at_11 is None:
            taken_at_11 = view["deal_points"]
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert taken_at_11 == [0, 0, 0, 0]
    points = state.view(None)["score_table"][0]["points"]
    assert sorted(points)[:2] in ([-180, -180], [-360, 0]) and sum(points) == -360


def test_king_all_thirteen_tricks() -> None:
    state = start(ALL_SPADES, "trump S")
    events = []
    while state.view(None)["deal"] == 1:
        seat = state.to_move()[0]
        events += state.apply(seat, state.legal_actions(seat)[0])
    kings = [e for e in events if e.kind == "king"]
    assert [(e.seat, e.data["tricks"]) for e in kings] == [(1, 13)]
    view = state.view(2)
    assert view["kings"] == [{"deal": 1, "seat": 1, "tricks": 13}]
    assert view["score_table"][0]["points"] == [0, 650, 0, 0]  # no extra points for King
    assert not state.is_over()


def test_twelve_tricks_is_no_king_by_default() -> None:
    state = start(TWELVE, "trump S")
    events = []
    while state.view(None)["deal"] == 1:
        seat = state.to_move()[0]
        events += state.apply(seat, state.legal_actions(seat)[0])
    assert state.view(None)["score_table"][0]["points"][1] == 600
    assert not [e for e in events if e.kind == "king"]


# docs/rules.md, table rule "King ends the game": "the player who takes 10 tricks in a row or 11
# in one trump deal makes King; the game ends at once and that player alone wins, whatever the
# scores."
RULE = "the game ends at once"


def test_king_ends_game_table_rule() -> None:
    # seat 1 wins the first ten tricks: the game ends with the tenth, three tricks unplayed
    state = start(TWELVE, "trump S", king_ends_game=True)
    finish_deal(state)
    view = state.view(None)
    assert state.is_over(), RULE
    assert len(view["tricks"]) == 10
    assert state.winners() == [1]
    assert view["kings"] == [{"deal": 1, "seat": 1, "tricks": 10}]
    assert view["score_table"][0]["points"] == [0, 500, 0, 0]  # the unplayed tricks score nothing
    assert view["deal"] == 1 and view["hand_sizes"] == [0, 0, 0, 0]
    with pytest.raises(kingscourt.GameOver):
        state.apply(1, "choose el-almaz")


# Seat 1 holds twelve spades and the 2H: it wins six tricks, loses the seventh (leading 2H
# into seat 2's AH), then trumps back in: its eleventh trick, the twelfth of the deal, is
# King by 11 in all (only 6 and 5 in a row).
ELEVEN = ["2.6543.2.AKQJT98", "AKQJT9876543.2..", ".AKQJT9.AKQJ3.76", ".87.T987654.5432"]
ELEVEN_PLAYS = ("2S 3S 7C 7H 4S 6C 8H 3H 5S AD 4D 4H 6S KD 5D 5H 7S QD 6D 6H 8S JD 7D 2D "
                "2H AH 8D 8C 3D 9D 9C 9S TS KH TD TC JS QH 2C JC QS JH 3C QC KS TH 4C KC")


def test_king_by_eleven_in_all_ends_the_game_at_once() -> None:
    state = start(ELEVEN, "trump S", king_ends_game=True)
    plays = ELEVEN_PLAYS.split()
    play(state, " ".join(plays[:44]))
    assert not state.is_over()  # ten tricks taken, five in a row: no King yet
    play(state, " ".join(plays[44:48]))
    view = state.view(None)
    assert state.is_over(), RULE
    assert [t["winner"] for t in view["tricks"]] == [1] * 6 + [2] + [1] * 5
    assert view["kings"] == [{"deal": 1, "seat": 1, "tricks": 11}]
    assert view["score_table"][0]["points"] == [0, 550, 50, 0]
    assert state.winners() == [1]


def test_without_the_table_rule_the_deal_is_played_out() -> None:
    state = start(ELEVEN, "trump S", " ".join(ELEVEN_PLAYS.split()[:48]))
    assert not state.is_over() and len(state.view(None)["tricks"]) == 12
    assert state.view(None)["kings"] == []


def test_trump_points() -> None:
    state = start(ALL_SPADES, "trump S", "2D")
    state.apply(1, "play 2S")
    play(state, "8D 3D")
    assert state.view(None)["deal_points"] == [0, 50, 0, 0]


def test_king_points() -> None:
    assert king_points([300, 100, 100, -500], []) == [3.0, 1.5, 1.5, 0.0]
    assert king_points([300, 100, 100, -500], [{"deal": 3, "seat": 3, "tricks": 13}]) == [
        3.0, 1.5, 1.5, 1.0]


def test_contract_names_match_the_rulebook() -> None:
    assert [CONTRACTS[c].name for c in Contract if c.is_penalty] == [
        "El Almaz", "Kupa Almaz", "Erkek Almaz", "Kız Almaz", "Rıfkı", "Son İki"]


def test_results_carry_kings_and_king_points() -> None:
    import random as _random

    state = kingscourt.load_game("king", short_game=True).new_state(seed=2)
    rng = _random.Random(2)
    assert all(r["king_points"] == 0.0 for r in state.results())
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    scores = state.scores()
    for r in state.results():
        others = [s for s in range(4) if s != r["seat"]]
        placement = sum(1.0 if scores[r["seat"]] > scores[o] else 0.5 if scores[r["seat"]] == scores[o]
                        else 0.0 for o in others)
        kings = sum(1 for k in state.view(None)["kings"] if k["seat"] == r["seat"])
        assert r["kings"] == kings and r["king_points"] == placement + kings
