"""Records: header + actions in text form; replaying one rebuilds every seat's view."""

from __future__ import annotations

import json
import random

import pytest

import kingscourt

from .helpers import GAME, all_views, call, deck, new


def roundtrip(state: kingscourt.State) -> kingscourt.State:
    return kingscourt.replay(json.loads(json.dumps(state.record())))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_at_every_stage(players: int) -> None:
    state = GAME.new_state(players=players, seed=31)
    rng = random.Random(31)
    step = 0
    while not state.is_over():
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
        if step % 9 == 0:  # often mid-call, with picks pending
            assert all_views(roundtrip(state)) == all_views(state)
    again = roundtrip(state)
    assert all_views(again) == all_views(state)
    assert again.scores() == state.scores() and again.winners() == state.winners()


def test_a_record_keeps_pending_picks_but_views_do_not_show_them() -> None:
    state = new(3, deck(fill=60))
    state.apply(1, "row 5")
    record = state.record()
    assert record["actions"] == [[1, "row 5"]]
    assert record["players"] == 3 and record["game"] == "kukakoenig"
    again = roundtrip(state)
    assert again.view(1)["my_pick"] == 5 and again.view(0)["my_pick"] is None
    call(again, {0: 5, 2: 6})
    assert again.view(None)["collections"][2] != []


def test_a_record_that_does_not_replay_names_the_step() -> None:
    state = new(2, deck(fill=40))
    call(state, {0: 1, 1: 2})
    record = state.record()
    record["actions"].append([0, "row 7"])
    with pytest.raises(kingscourt.ReplayError, match="action 2"):
        kingscourt.replay(record)
