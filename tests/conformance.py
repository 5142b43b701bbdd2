"""Generic conformance checks every game must pass (used by tests/test_conformance.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import kingscourt
from kingscourt.engine import State


def json_round(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def random_playout(state: State, rng: random.Random, max_steps: int = 100_000,
                   checks: bool = True) -> int:
    """Plays random legal actions to the end, checking the contract at every step."""
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, "game not over but nobody to move"
        for seat in range(state.num_players):
            if seat not in movers:
                assert state.legal_actions(seat) == [], f"seat {seat} not to move has actions"
        for seat in list(movers):
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} to move has no legal action"
            if checks:
                view = state.view(seat)
                assert json_round(view) == view, "view is not JSON-ready"
                assert view["legal"] == [str(a) for a in legal], "view['legal'] != legal_actions"
                assert view["over"] is False
                for a in legal:
                    assert state.check(seat, a) is None, f"{a} is listed legal but check refuses it"
            action = rng.choice(legal)
            state.apply(seat, action)
            steps += 1
            assert steps < max_steps, "game does not end"
    assert state.to_move() == []
    assert state.view(None)["over"] is True
    return steps


def check_record_roundtrip(state: State) -> None:
    again = kingscourt.replay(json_round(state.record()))
    for seat in [None, *range(state.num_players)]:
        assert again.view(seat) == state.view(seat), f"replay differs for seat {seat}"
    assert again.scores() == state.scores()


def check_clone_independent(state: State, rng: random.Random) -> None:
    if state.is_over():
        return
    before = state.view(None)
    twin = state.clone()
    seat = twin.to_move()[0]
    twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    assert state.view(None) == before, "applying to a clone changed the original"
    third = state.clone()
    assert third.view(None) == before


def check_sample_world(game: kingscourt.Game, state: State, rng: random.Random) -> None:
    for seat in range(state.num_players):
        view = state.view(seat)
        world = game.sample_world(json_round(view), rng)
        assert world.view(seat) == view, f"sampled world is inconsistent with seat {seat}'s view"


def _scribble(obj: Any) -> None:
    """Changes every dict and list inside ``obj`` in place."""
    if isinstance(obj, dict):
        for value in list(obj.values()):
            _scribble(value)
        obj["scribbled"] = True
    elif isinstance(obj, list):
        for value in obj:
            _scribble(value)
        obj.append("scribbled")


def check_views_share_nothing(state: State) -> None:
    """Editing a view changes neither the state nor any other view (nothing mutable is shared)."""
    seats: list[int | None] = [None, *range(state.num_players)]
    before = [json.dumps(state.view(s), sort_keys=True) for s in seats]
    for seat in seats:
        _scribble(state.view(seat))
        after = [json.dumps(state.view(s), sort_keys=True) for s in seats]
        assert after == before, f"editing seat {seat}'s view changed a view"
