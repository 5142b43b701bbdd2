"""The row rules as pure functions (``table``): the state and the strong bot's look-ahead
both play the rows by them, on card numbers and on card types alike."""

from __future__ import annotations

from kingscourt.games.kukakoenig.table import (
    empty_handed,
    first_scoring_due,
    open_rows,
    refill,
    take_or_burn,
)


def test_sole_pickers_take_and_each_shared_row_burns_its_outermost_card() -> None:
    rows = [["king", "sheep", "pig"], ["vp2", "vp3", "vp4"], ["cow", "goat", "goose"], ["church"]]
    outcomes = take_or_burn(rows, [(2, 1), (0, 0), (3, 1), (1, 2)])
    # Row by row, in row order; the seats of a shared row in seat order.
    assert outcomes == [(0, [0], ["king", "sheep", "pig"]), (1, [2, 3], ["vp4"]),
                        (2, [1], ["cow", "goat", "goose"])]
    assert rows == [[], ["vp2", "vp3"], [], ["church"]]
    assert open_rows(rows) == [1, 3] and not empty_handed(rows)
    take_or_burn(rows, [(0, 3), (1, 3)])
    assert rows == [[], ["vp2", "vp3"], [], []]
    assert empty_handed(rows)  # one row left: colliders get nothing


def test_refill_tops_up_row_one_first_and_mixes_the_box_only_when_the_pile_runs_out() -> None:
    calls: list[int] = []

    def mix() -> list[int]:
        calls.append(1)
        return [90, 91, 92, 93]

    rows = [[1], [], [2, 3, 4]]
    pile = [12, 11]  # top card last
    left = refill(rows, pile, mix)
    assert rows == [[1, 11, 12], [93, 92, 91], [2, 3, 4]]
    assert pile == [] and left == [90] and calls == [1]
    rows = [[], [5, 6, 7]]
    pile = [9, 8, 7, 6]
    assert refill(rows, pile, mix) is None
    assert rows == [[6, 7, 8], [5, 6, 7]] and pile == [9] and calls == [1]


def test_refill_stops_when_the_mixed_box_is_empty_too() -> None:
    rows: list[list[str]] = [[], ["king"]]
    assert refill(rows, ["knight"], list) == []
    assert rows == [["knight"], ["king"]]


def test_the_first_scoring_falls_due_at_thirteen_cards_in_the_first_half_only() -> None:
    assert first_scoring_due(1, [12, 13, 0])
    assert not first_scoring_due(1, [12, 12])
    assert not first_scoring_due(2, [20, 20])
