"""The variants: set-up by player count, Simplified, Open, Faworyt króla, Kokieteria."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kingscourt
from kingscourt.games.uchokrola import UchoState

from .helpers import mover, play


def game_at(players: int, setup: dict[str, Any], **variants: Any) -> UchoState:
    st = kingscourt.load_game("uchokrola", **variants).new_state(players=players, seed=3,
                                                                 **setup)
    assert isinstance(st, UchoState)
    return st


def test_choice_of_two_characters_kept_secret_until_everyone_chose() -> None:
    st = kingscourt.load_game("uchokrola").new_state(players=4, seed=5)
    first = st.to_move()[0]
    view = st.view(first)
    assert len(view["character_options"]) == 2 and view["phase"] == "choose-character"
    other = (first + 1) % 4
    assert st.view(other)["character_options"] != view["character_options"]
    st.apply(first, f"choose {view['character_options'][1]}")
    assert st.view(other)["characters"] == [[], [], [], []]
    assert st.view(first)["my_choice"] == view["character_options"][1]
    assert st.view(other)["my_choice"] is None
    for _ in range(3):
        s = st.to_move()[0]
        st.apply(s, st.legal_actions(s)[0])
    v = st.view(other)
    assert v["characters"][first][0] == view["character_options"][1]
    assert v["phase"] == "action" and v["hand_sizes"] == [5, 5, 5, 5]
    assert len(v["discard"]) == 1


def test_six_players_get_one_character_and_no_choice() -> None:
    st = kingscourt.load_game("uchokrola").new_state(players=6, seed=5)
    v = st.view(None)
    assert v["phase"] == "action"
    assert sum(len(c) for c in v["characters"]) in (6, 8)  # 8 when Guiche draws two more


def test_simplified_never_asks_for_an_ability_nor_gives_guiche_extras() -> None:
    game = kingscourt.load_game("uchokrola", simplified=True)
    for seed in range(6):
        st = game.new_state(players=5, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            s = st.to_move()[0]
            assert st.view(s)["phase"] not in ("ability", "markiz-end-of-turn")
            assert not any(a.startswith("use ") for a in st.legal_actions(s))
            st.apply(s, rng.choice(st.legal_actions(s)))
        assert all(len(c) == 1 for c in st.view(None)["characters"])


def test_open_variant_counts_when_the_character_card_surfaces_and_at_exhaustion() -> None:
    st = game_at(2, {"characters": [["Madame du Barry"], ["Hrabia de La Fare"]],
                     "hands": [[], []], "prestige": [["Kuzyneczka"], ["Faux pas"]],
                     "deck": ["Faux pas", "Fraszka", "Menuet", "Knucie"],
                     "discard": ["Podpicie", "Podszepty", "Maskarada"],
                     "marker": "Baron de Chantal"}, open=True, simplified=True)
    # both hands are empty: each seat draws 2, its only action, taken for it at once. Seat 0
    # draws Faux pas, Fraszka: the character card comes to the top, set aside and counted;
    # seat 1 draws the last two: counted again, the card goes back in
    v = st.view(1)
    log = v["log"]
    surfaced = log.index("Baron de Chantal comes to the top of the deck and is set aside.")
    assert log.index("Madame du Barry draws 2 cards.") < surfaced
    assert surfaced < log.index("Hrabia de La Fare draws 2 cards.")
    assert v["announced"] == [3, -1]
    assert v["exhaustions"] == 1 and v["marker_in_deck"] and v["marker"] is None
    assert sum("Prestige count" in line for line in log) == 2
    assert v["hand_sizes"] == [2, 2] and mover(st) == 0


def test_favourite_performs_two_actions() -> None:
    st = game_at(3, {"characters": [["Madame du Barry"], ["Hrabia de La Fare"],
                                    ["Biskup Vannes"]],
                     "hands": [["Ucho króla"]] * 3, "favourite": 1, "start": 0},
                 favourite=True, simplified=True)
    play(st, "draw")
    assert mover(st) == 1
    play(st, "draw")
    assert mover(st) == 1  # the favourite's second action
    play(st, "draw")
    assert mover(st) == 2


def test_open_favourite_goes_to_the_leader_at_a_count() -> None:
    st = game_at(2, {"characters": [["Madame du Barry"], ["Hrabia de La Fare"]],
                     "hands": [[], []], "prestige": [[], ["Kuzyneczka"]], "favourite": 0,
                     "deck": ["Faux pas", "Fraszka", "Menuet", "Knucie"],
                     "marker": "Baron de Chantal"},
                 open=True, favourite=True, simplified=True)
    play(st, "draw")
    assert st.view(None)["favourite"] == 1


@pytest.mark.parametrize(("players", "teams", "expected"), [
    (4, "pairs", [[0, 2], [1, 3]]),
    (6, "pairs", [[0, 3], [1, 4], [2, 5]]),
    (6, "triples", [[0, 2, 4], [1, 3, 5]]),
])
def test_kokieteria_teams_alternate_and_add_their_prestige(
        players: int, teams: str, expected: list[list[int]]) -> None:
    cards = ["Kuzyneczka", "Maskarada", "Fraszka", "Faux pas", "Rozwiązłość", "Zdradzone sekrety"]
    value = [3, 2, 1, -1, -2, -3]
    prestige = [[c] for c in cards[:players]]
    st = game_at(players, {"characters": [[c] for c in (
        "Madame du Barry", "Hrabia de La Fare", "Baron de Chantal", "Biskup Vannes",
        "Hrabina de Vardes", "Hrabina de Bragelonne")[:players]],
        "hands": [["Ucho króla"]] + [[] for _ in range(players - 1)], "prestige": prestige,
        "deck": ["Menuet"], "discard": ["Knucie"]}, teams=teams, quick=True,
        simplified=True)
    assert st.view(None)["teams"] == expected
    play(st, "draw")
    assert st.is_over()
    totals = {tuple(t): sum(value[s] for s in t) for t in expected}
    assert st.scores() == [next(v for t, v in totals.items() if s in t) for s in range(players)]
    assert st.winners() == list(max(totals, key=lambda t: totals[t]))


def test_team_sizes_need_the_right_player_count() -> None:
    with pytest.raises(ValueError, match="pairs"):
        kingscourt.load_game("uchokrola", teams="pairs").new_state(players=5, seed=1)
    with pytest.raises(ValueError, match="triples"):
        kingscourt.load_game("uchokrola", teams="triples").new_state(players=4, seed=1)
    with pytest.raises(ValueError, match="teams"):
        kingscourt.load_game("uchokrola", teams="quads")
    with pytest.raises(ValueError, match="2 to 6"):
        kingscourt.load_game("uchokrola").new_state(players=7, seed=1)
