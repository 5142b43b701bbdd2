"""The last trick stays on the table until the next trick closes, across the deal boundary
(rulebook: "Außerdem siehst du auf dem Bildschirm immer: … den Letzten Stich")."""

from __future__ import annotations

import json
import random

import kingscourt
from kingscourt.games.king import KingState

from .scenario import play, start

# Seat 0 holds 2D and twelve spades; seat 1 only hearts: on AS seat 1 must discard K♥, and
# Rıfkı ends with that first trick.
RIFKI_IN_ONE = [
    "AKQJT9876543..2.",
    ".AKQJT98765432..",
    "2..AKQJT98.AKQJT",
    "..76543.98765432",
]
TAKEN = {"leader": 0, "cards": [[0, "AS"], [1, "KH"], [2, "2S"], [3, "7D"]], "winner": 0}


def _rifki_ended() -> KingState:
    state = start(RIFKI_IN_ONE, "rifki", "AS KH 2S 7D")
    assert state.view(None)["deal"] == 2 and state.view(None)["phase"] == "choose"
    return state


def test_the_next_chooser_still_sees_the_trick_that_took_the_king_of_hearts() -> None:
    state = _rifki_ended()
    chooser = state.to_move()[0]
    assert chooser == 1
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert view["last_trick"] == TAKEN
        assert view["tricks"] == []  # this deal has closed no trick yet


def test_it_stays_through_the_next_deal_until_a_trick_closes_there() -> None:
    state = _rifki_ended()
    seat = state.to_move()[0]
    state.apply(seat, "choose el-almaz")
    for _ in range(3):
        assert state.view(None)["last_trick"] == TAKEN
        mover = state.to_move()[0]
        state.apply(mover, state.legal_actions(mover)[0])
    mover = state.to_move()[0]
    state.apply(mover, state.legal_actions(mover)[0])
    view = state.view(None)
    assert view["last_trick"] == view["tricks"][0] != TAKEN


def test_sampled_worlds_clones_and_replays_show_the_same_last_trick() -> None:
    state = _rifki_ended()
    game = state.game
    for phase in ("choose", "play"):
        for seat in range(4):
            view = json.loads(json.dumps(state.view(seat)))
            for i in range(5):
                assert game.sample_world(view, random.Random(i)).view(seat) == view
        assert state.clone().view(None) == state.view(None)
        assert kingscourt.replay(state.record()).view(None) == state.view(None)
        if phase == "choose":
            state.apply(1, "choose el-almaz")
            play(state, state.legal_actions(1)[0].removeprefix("play "))


def test_a_finished_game_samples_into_the_view_it_came_from() -> None:
    game = kingscourt.load_game("king", short_game=True)
    state = game.new_state(seed=8)
    rng = random.Random(8)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(4):
        view = json.loads(json.dumps(state.view(seat)))
        assert view["last_trick"] is not None
        assert game.sample_world(view, random.Random(0)).view(seat) == view
