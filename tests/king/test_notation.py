"""Cards, hands and actions in King's notation."""

from __future__ import annotations

import pytest

import kingscourt
from kingscourt.games.king import card, parse_hand, texts

from .scenario import BASE, start


@pytest.mark.parametrize(("text", "number"), [("2S", 0), ("AS", 12), ("2H", 13), ("KH", 24),
                                              ("TD", 34), ("10D", 34), ("AC", 51), ("qs", 10)])
def test_card_numbers(text: str, number: int) -> None:
    assert card(text) == number


@pytest.mark.parametrize("bad", ["1S", "AX", "", "QSS", "Q"])
def test_not_a_card(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        card(bad)


def test_hand_forms_agree() -> None:
    pbn = parse_hand("AK.QJ2.T.98765432")
    assert pbn == parse_hand("AS KS QH JH 2H TD 9C 8C 7C 6C 5C 4C 3C 2C")
    assert texts(pbn) == ["AS", "KS", "QH", "JH", "2H", "TD", "9C", "8C", "7C", "6C", "5C",
                          "4C", "3C", "2C"]
    with pytest.raises(ValueError, match="twice"):
        parse_hand("AS AS")


def test_actions_round_trip() -> None:
    game = kingscourt.load_game("king")
    for text in ["play QS", "choose kiz-almaz", "choose trump H", "choose son-iki"]:
        assert str(game.parse_action(text)) == text
    assert game.parse_action("PLAY qs") == "play QS"
    assert game.parse_action("play 10h") == "play TH"


@pytest.mark.parametrize("bad", ["play", "play ZZ", "choose", "choose king", "choose trump X",
                                 "dance", "play QS now"])
def test_malformed_actions_are_not_actions(bad: str) -> None:
    state = start(BASE)
    before = state.view(None)
    with pytest.raises(kingscourt.MalformedAction):
        state.apply(0, bad)
    with pytest.raises(kingscourt.MalformedAction):
        state.check(0, bad)
    assert state.view(None) == before


@pytest.mark.parametrize(("deal", "message"), [
    (BASE[:3], "4 hands"),
    (["A54.32.65432.43", *BASE[1:]], "holds 12 cards"),
    (["A54.32.65432.432", "A54.32.65432.432", *BASE[2:]], "repeats"),
])
def test_bad_deals_are_refused_by_name(deal: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        kingscourt.load_game("king").new_state(seed=1, deal=deal)


def test_deal_as_card_lists_and_strings() -> None:
    game = kingscourt.load_game("king")
    as_lists = [texts(parse_hand(h)) for h in BASE]
    a = game.new_state(seed=1, deal=as_lists)
    b = game.new_state(seed=1, deal=[" ".join(h) for h in as_lists])
    assert a.view(0) == b.view(0)
    assert a.view(0)["hand"] == texts(parse_hand(BASE[0]))


def test_unknown_table_rule_values_are_named() -> None:
    with pytest.raises(ValueError, match="must_beat"):
        kingscourt.load_game("king", must_beat="sometimes")
    with pytest.raises(ValueError, match="choise_limit"):
        kingscourt.load_game("king", choise_limit="free")
    with pytest.raises(ValueError, match="short_game"):
        kingscourt.load_game("king", short_game=1)


def test_illegal_action_is_a_value_error_with_rule_and_message() -> None:
    state = start(BASE, "el-almaz", "4S")
    with pytest.raises(ValueError) as info:
        state.apply(1, "play KD")
    err = info.value
    assert isinstance(err, kingscourt.IllegalAction)
    assert err.rule == "follow-suit"
    assert err.message == "You hold a spade: you must follow suit."
