"""A round (rulebook, "Gameplay"): sole pickers take their row, colliders burn its outermost
card and pick again, the rare special case, refilling in row order."""

from __future__ import annotations

import pytest

import kingscourt

from .helpers import all_views, call, deck, first, kinds, new

# The rulebook's example: Tim (seat 0) wants row 6, Sarah (1) and Linus (2) want row 2.
EXAMPLE = deck("sheep sheep sheep", "king knight church", "horse horse horse", "pig pig pig",
               "cow cow cow", "vp4 vp3 vp2", "goat goat goat",
               pile="farmer farmers-wife farmhouse knight knight knight rabbit rabbit rabbit",
               fill=30)


def test_sole_picker_takes_row_and_colliders_burn_the_outermost_card() -> None:
    state = new(3, EXAMPLE)
    events = call(state, {0: 6, 1: 2, 2: 2})
    assert kinds(events) == ["picked", "picked", "picked", "reveal", "collision", "take"]
    assert first(events, "reveal").data["picks"] == [
        {"seat": 0, "row": 6}, {"seat": 1, "row": 2}, {"seat": 2, "row": 2}]
    assert first(events, "collision").data == {"row": 2, "seats": [1, 2], "burnt": "church",
                                               "left": 2}
    view = state.view(0)
    assert view["collections"] == [["vp2", "vp3", "vp4"], [], []]
    assert view["rows"][1] == ["king", "knight"]
    assert view["rows"][5] == []
    assert view["box"] == ["church"]
    assert view["received"] == [6, None, None]


def test_only_the_colliders_pick_again_and_may_pick_the_same_row() -> None:
    state = new(3, EXAMPLE)
    call(state, {0: 6, 1: 2, 2: 2})
    assert state.to_move() == [1, 2]
    assert state.legal_actions(0) == []
    assert state.legal_actions(1) == ["row 1", "row 2", "row 3", "row 4", "row 5", "row 7"]
    # Sarah shows 7, Linus shows 2: Sarah takes three cards, Linus the two left in row 2.
    events = call(state, {1: 7, 2: 2})
    assert first(events, "reveal").data["call"] == 2
    assert state.view(None)["collections"] == [
        ["vp2", "vp3", "vp4"], ["goat", "goat", "goat"], ["king", "knight"]]


def test_rows_are_refilled_in_order_to_three() -> None:
    state = new(3, EXAMPLE)
    call(state, {0: 6, 1: 2, 2: 2})
    events = call(state, {1: 7, 2: 2})
    assert kinds(events)[-3:] == ["round-end", "refill", "round-start"]
    assert first(events, "refill").data["rows"] == [
        {"row": 2, "cards": ["farmer", "farmers-wife", "farmhouse"]},
        {"row": 6, "cards": ["knight", "knight", "knight"]},
        {"row": 7, "cards": ["rabbit", "rabbit", "rabbit"]}]
    view = state.view(None)
    assert view["round"] == 2 and view["to_move"] == [0, 1, 2] and view["received"] == [None] * 3
    assert view["rows"][0] == ["sheep", "sheep", "sheep"]


def test_remaining_cards_stay_and_are_topped_up() -> None:
    cards = deck("sheep sheep sheep", "horse horse horse", "king knight church",
                 "pig pig pig", "cow cow cow", "goat goat goat",
                 pile="vp2 vp3 vp4 farmer farmer farmer goose", fill=20)
    state = new(2, cards)
    call(state, {0: 3, 1: 3})
    call(state, {0: 1, 1: 2})
    rows = state.view(None)["rows"]
    assert rows[0] == ["vp2", "vp3", "vp4"]
    assert rows[1] == ["farmer", "farmer", "farmer"]
    assert rows[2] == ["king", "knight", "goose"]


def test_refusals_name_their_rule_and_change_nothing() -> None:
    state = new(3, EXAMPLE)
    call(state, {0: 6, 1: 2, 2: 2})
    before = all_views(state)
    cases = [
        (2, "row 6", "row-taken", kingscourt.IllegalAction),
        (0, "row 1", "not-your-turn", kingscourt.NotYourTurn),
        (1, "row 8", "no-such-row", kingscourt.IllegalAction),
    ]
    for seat, text, rule, error in cases:
        violation = state.check(seat, text)
        assert violation is not None and violation.rule == rule
        with pytest.raises(error) as refused:
            state.apply(seat, text)
        assert refused.value.rule == rule
        assert refused.value.message == violation.message
    assert all_views(state) == before
    assert "by seat 1" in str(state.check(2, "row 6"))  # seat 0, as people count it
    state.apply(1, "row 7")
    before = all_views(state)
    with pytest.raises(kingscourt.NotYourTurn) as twice:
        state.apply(1, "row 1")
    assert twice.value.rule == "already-picked"
    assert all_views(state) == before


@pytest.mark.parametrize("text", ["row 0", "row 9", "row", "row three", "take 3", "", "3"])
def test_text_that_is_no_action(text: str) -> None:
    state = new(3, EXAMPLE)
    with pytest.raises(kingscourt.MalformedAction):
        state.apply(0, text)
    with pytest.raises(kingscourt.MalformedAction):
        state.check(0, text)


def test_actions_are_interned_and_read_loosely() -> None:
    state = new(3, EXAMPLE)
    game = state.game
    assert game.parse_action(" ROW  3 ") is game.parse_action("row 3")
    assert state.legal_actions(0)[2] is game.parse_action("row 3")
    state.apply(0, "Row 3")
    assert state.record()["actions"] == [[0, "row 3"]]


def test_an_emptied_row_cannot_be_picked() -> None:
    state = new(2, deck(fill=60))
    for _ in range(3):
        call(state, {0: 1, 1: 1})
    assert state.view(None)["rows"][0] == []
    violation = state.check(0, "row 1")
    assert violation is not None and violation.rule == "row-empty"
    assert "row 1" not in state.legal_actions(0)


def test_the_rare_special_case_leaves_the_colliders_empty_handed() -> None:
    state = new(2, deck(fill=60))
    rows = state.view(None)["rows"]
    burnt: list[str] = []
    for r in range(5):  # both always name the same row, until only row 6 holds cards
        for _ in range(3):
            burnt.append(rows[r].pop())
            events = call(state, {0: r + 1, 1: r + 1})
    assert first(events, "empty-handed").data == {"seats": [0, 1]}
    assert kinds(events)[-4:] == ["empty-handed", "round-end", "refill", "round-start"]
    view = state.view(None)
    assert view["collections"] == [[], []]
    assert sorted(view["box"]) == sorted(burnt)
    assert view["rows"][5] == rows[5]  # row 6 untouched, rows 1-5 refilled
    assert [len(r) for r in view["rows"]] == [3] * 6
    assert view["round"] == 2 and view["half"] == 1


def test_the_special_case_can_leave_no_row_at_all() -> None:
    # 4 players: seats 0 and 1 always collide on one row, 2 and 3 on another.
    state = new(4, deck(fill=60))
    for a, b in [(1, 2), (3, 4), (5, 6)]:
        for _ in range(3):
            call(state, {0: a, 1: a, 2: b, 3: b})
    for _ in range(2):
        call(state, {0: 7, 1: 7, 2: 8, 3: 8})
    assert [len(r) for r in state.view(None)["rows"]] == [0] * 6 + [1, 1]
    assert state.to_move() == [0, 1, 2, 3]
    events = call(state, {0: 7, 1: 7, 2: 8, 3: 8})
    assert first(events, "empty-handed").data == {"seats": [0, 1, 2, 3]}
    view = state.view(None)
    assert len(view["box"]) == 24 and view["collections"] == [[]] * 4
    assert view["round"] == 2


def test_colliders_of_different_rows_pick_again_together() -> None:
    state = new(4, deck(fill=60))
    events = call(state, {0: 1, 1: 1, 2: 2, 3: 2})
    assert [e.data["row"] for e in events if e.kind == "collision"] == [1, 2]
    assert state.to_move() == [0, 1, 2, 3]
    assert state.view(None)["call"] == 2
