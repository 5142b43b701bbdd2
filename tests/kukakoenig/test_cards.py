"""The card set: the rulebook's fixed numbers and docs/rules.md's table, read from data."""

from __future__ import annotations

from importlib import resources

import pytest

from kingscourt.games.kukakoenig import NAMES, TYPES, Category
from kingscourt.games.kukakoenig.cards import TOTAL, parse_card_set

COPIES = {"king": 10, "knight": 14, "church": 10, "vp2": 6, "vp3": 6, "vp4": 4, "farmer": 8,
          "farmers-wife": 8, "farmhouse": 6, "sheep": 5, "horse": 5, "pig": 5, "cow": 5,
          "goat": 5, "goose": 5, "donkey": 5, "rabbit": 5}
KEPT = {"king", "knight", "sheep", "horse", "pig", "cow", "goat", "goose", "donkey", "rabbit"}


def test_the_rulebooks_numbers() -> None:
    assert TOTAL == 112
    by = {t.name: t for t in TYPES}
    assert by["king"].copies == 10 and by["farmer"].copies == 8
    animals = [t for t in TYPES if t.category is Category.ANIMAL]
    assert len(animals) == 8 and all(t.copies == 5 for t in animals)


def test_the_rules_notes_table() -> None:
    assert {t.name: t.copies for t in TYPES} == COPIES
    assert {t.name for t in TYPES if t.kept} == KEPT
    assert {t.name: t.points for t in TYPES if t.category is Category.VP} == {
        "vp2": 2, "vp3": 3, "vp4": 4}


def test_design_card_names() -> None:
    assert NAMES == ("king", "knight", "church", "vp2", "vp3", "vp4", "farmer", "farmers-wife",
                     "farmhouse", "sheep", "horse", "pig", "cow", "goat", "goose", "donkey",
                     "rabbit")


def test_a_printed_decks_numbers_replace_the_file() -> None:
    text = resources.files("kingscourt.games.kukakoenig").joinpath("cards.csv").read_text()
    printed = text.replace("knight,Knight,knight,0,14,kept", "knight,Knight,knight,0,12,kept")
    printed = printed.replace("church,Church,church,0,10,returned",
                              "church,Church,church,0,12,kept")
    types = {t.name: t for t in parse_card_set(printed)}
    assert types["knight"].copies == 12
    assert types["church"].copies == 12 and types["church"].kept


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("king,King,king,0,10,kept", "king,King,king,0,10,maybe", "maybe"),
    ("king,King,king,0,10,kept", "king,King,king,0,ten,kept", "ten"),
    ("king,King,king,0,10,kept", "king,King,emperor,0,10,kept", "emperor"),
    ("pig,Pig,animal,0,5,kept", "horse,Pig,animal,0,5,kept", "twice"),
])
def test_a_broken_card_file_names_its_line(old: str, new: str, problem: str) -> None:
    text = resources.files("kingscourt.games.kukakoenig").joinpath("cards.csv").read_text()
    with pytest.raises(ValueError, match=problem):
        parse_card_set(text.replace(old, new))
