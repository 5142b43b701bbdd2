"""Setup (rulebook, "Setup"): rows of three, cards counted out unseen, explicit decks."""

from __future__ import annotations

import json

import pytest

import kingscourt
from kingscourt.games.kukakoenig.cards import TOTAL

from .helpers import GAME, all_views, deck, new


@pytest.mark.parametrize(("players", "rows", "pile", "unseen"),
                         [(2, 6, 80 - 18, 32), (3, 7, 102 - 21, 10), (4, 8, 112 - 24, 0)])
def test_rows_pile_and_unseen_cards(players: int, rows: int, pile: int, unseen: int) -> None:
    view = GAME.new_state(players=players, seed=3).view(None)
    assert len(view["rows"]) == rows
    assert all(len(r) == 3 for r in view["rows"])
    assert (view["pile"], view["box_unseen"], view["box"]) == (pile, unseen, [])
    assert view["collections"] == [[]] * players
    assert view["to_move"] == list(range(players))


def test_four_players_when_not_told() -> None:
    assert GAME.new_state(seed=1).num_players == 4


def test_explicit_deck_fills_rows_in_order_third_card_outermost() -> None:
    cards = deck("king knight church", "vp2 vp3 vp4", "sheep horse pig",
                 "cow goat goose", "donkey rabbit farmer", "farmers-wife farmhouse king",
                 pile="knight knight")
    view = new(2, cards).view(0)
    assert view["rows"][0] == ["king", "knight", "church"]
    assert view["rows"][5] == ["farmers-wife", "farmhouse", "king"]
    assert view["pile"] == 2
    assert view["box_unseen"] == TOTAL - 20


@pytest.mark.parametrize(("players", "size"), [(2, 80), (3, 102), (4, 112)])
def test_explicit_deck_is_recorded_and_replays(players: int, size: int) -> None:
    cards = deck(fill=size)
    state = GAME.new_state(players=players, seed=1, deck=cards)
    record = state.record()
    assert record["setup"] == {"deck": cards}
    assert kingscourt.replay(json.loads(json.dumps(record))).view(None) == state.view(None)


@pytest.mark.parametrize(("players", "size"), [(2, 79), (2, 81), (3, 40), (3, 112), (4, 102)])
def test_a_deck_of_another_size_than_the_rulebooks_is_refused(players: int, size: int) -> None:
    with pytest.raises(ValueError, match=rf"with {players} players plays with \d+ cards, got {size}"):
        GAME.new_state(players=players, seed=1, deck=deck(fill=size))
    record = GAME.new_state(players=players, seed=1, testing_deck=deck(fill=size)).record()
    record["setup"] = {"deck": record["setup"]["testing_deck"]}
    with pytest.raises(kingscourt.ReplayError, match="deck"):
        kingscourt.replay(record)


def test_a_testing_deck_is_recorded_under_its_own_name_and_replays() -> None:
    cards = deck(fill=40)
    state = GAME.new_state(players=3, seed=1, testing_deck=cards)
    record = state.record()
    assert record["setup"] == {"testing_deck": cards}
    assert kingscourt.replay(json.loads(json.dumps(record))).view(None) == state.view(None)
    with pytest.raises(ValueError, match="not both"):
        GAME.new_state(players=3, deck=cards, testing_deck=cards)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 5}, "2 to 4 players"),
    ({"players": 1}, "2 to 4 players"),
    ({"players": 2, "testing_deck": ["king"] * 11 + ["sheep"] * 7}, "only 10 'king'"),
    ({"players": 2, "testing_deck": ["knight"] * 14 + ["king"] * 3}, "cannot fill 6 rows"),
    ({"players": 2, "deck": ["king", "unicorn"]}, "unicorn"),
    ({"players": 2, "deck": ["king"] * 10 + ["knight"] * 10}, "plays with 80 cards, got 20"),
    ({"players": 2, "hands": []}, "hands"),
    ({"players": 2, "seed": "seven"}, "seed"),
])
def test_bad_setups_are_refused_by_name(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new_state(**kwargs)  # type: ignore[arg-type]


def test_views_never_show_the_seed_or_the_pile_order() -> None:
    rows = ("king knight church", "vp2 vp3 vp4", "sheep horse pig", "cow goat goose",
            "donkey rabbit farmer", "farmers-wife farmhouse king")
    a = new(2, deck(*rows, pile="knight church vp2 sheep horse"), seed=1)
    b = new(2, deck(*rows, pile="horse sheep vp2 church knight"), seed=2)
    assert all_views(a) == all_views(b)
    assert "seed" not in json.dumps(all_views(a))


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    def table(seed: int) -> object:
        return GAME.new_state(players=3, seed=seed).view(None)

    assert table(9) == table(9)
    assert table(9) != table(10)
