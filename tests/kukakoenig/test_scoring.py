"""Every worked example of the rulebook's scoring section ("The Scorings"), and the rest of
each table."""

from __future__ import annotations

import pytest

from kingscourt.games.kukakoenig import KEYS, score


def test_tims_four_kings_earn_nine() -> None:
    assert score([["king"] * 4])[0]["kings"] == 9


@pytest.mark.parametrize(("kings", "points"),
                         [(0, 0), (1, 0), (2, 1), (3, 4), (4, 9), (5, 16), (6, 25), (7, 36),
                          (8, 36), (10, 36)])
def test_kings_table_stops_at_36(kings: int, points: int) -> None:
    assert score([["king"] * kings])[0]["kings"] == points


def test_tied_church_majority_scores_ten_each() -> None:
    # Tim and Sarah each have 2 churches, Linus 1.
    tim, sarah, linus = score([["church"] * 2, ["church"] * 2, ["church"]])
    assert (tim["churches"], sarah["churches"], linus["churches"]) == (10, 10, 0)


def test_sole_church_majority_and_nobody_with_none() -> None:
    assert [s["churches"] for s in score([["church"] * 3, ["church"], []])] == [10, 0, 0]
    assert [s["churches"] for s in score([[], ["king"]])] == [0, 0]


def test_victory_point_cards_count_as_printed() -> None:
    # Tim has two 4-cards and one 3-card: 11 points.
    assert score([["vp4", "vp4", "vp3"]])[0]["victory_points"] == 11
    assert score([["vp2", "vp2", "vp3", "vp4"]])[0]["victory_points"] == 11


def test_knights_most_score_double() -> None:
    # Tim 3, Sarah 2, Linus 5 knights: 3, 2 and 10 points.
    sheets = score([["knight"] * 3, ["knight"] * 2, ["knight"] * 5])
    assert [s["knights"] for s in sheets] == [3, 2, 10]


def test_knights_tied_for_most_all_score_double() -> None:
    sheets = score([["knight"] * 4, ["knight"] * 4, ["knight"]])
    assert [s["knights"] for s in sheets] == [8, 8, 1]


def test_animals_score_per_kind() -> None:
    # Tim: 4 sheep, 2 horses, 1 pig: 10 + 3 + 1 = 14.
    tim = ["sheep"] * 4 + ["horse"] * 2 + ["pig"]
    assert score([tim])[0]["animals"] == 14


@pytest.mark.parametrize(("same", "points"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_animal_table(same: int, points: int) -> None:
    assert score([["goose"] * same])[0]["animals"] == points
    assert score([["goose"] * same + ["donkey"]])[0]["animals"] == points + 1


def test_two_pairs_one_house_and_a_single_farmer() -> None:
    # Tim: 2 pairs plus one house and one single farmer: 14 + 7 + 0 = 21.
    tim = ["farmer"] * 3 + ["farmers-wife"] * 2 + ["farmhouse"]
    assert score([tim])[0]["farms"] == 21


@pytest.mark.parametrize(("cards", "points"), [
    (["farmer"], 0),                                          # 1 farmer = 0 points
    (["farmer", "farmers-wife"], 7),                          # a pair = 7
    (["farmer", "farmers-wife", "farmhouse"], 14),            # a trio = 14
    (["farmers-wife", "farmhouse"], 0),                       # no other combination scores
    (["farmer", "farmhouse", "farmhouse"], 0),
    (["farmer"] * 3 + ["farmers-wife"] * 3 + ["farmhouse"] * 2, 35),
])
def test_farm_groups(cards: list[str], points: int) -> None:
    assert score([cards])[0]["farms"] == points


def test_sheet_keys_and_total() -> None:
    tim = (["king"] * 4 + ["church"] * 2 + ["vp4", "vp4", "vp3"] + ["knight"] * 3
           + ["sheep"] * 4 + ["horse"] * 2 + ["pig"]
           + ["farmer"] * 3 + ["farmers-wife"] * 2 + ["farmhouse"])
    sarah = ["church"] * 2 + ["knight"] * 2
    linus = ["church"] + ["knight"] * 5
    sheet = score([tim, sarah, linus])[0]
    assert tuple(sheet) == KEYS
    assert sheet == {"kings": 9, "churches": 10, "victory_points": 11, "knights": 3,
                     "animals": 14, "farms": 21, "total": 68}


def test_order_of_cards_does_not_matter_and_unknown_cards_are_refused() -> None:
    assert score([["pig", "king", "king"]]) == score([["king", "pig", "king"]])
    with pytest.raises(ValueError, match="dragon"):
        score([["dragon"]])
