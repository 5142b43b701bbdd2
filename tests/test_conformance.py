"""The contract of DESIGN.md, checked generically over seeded random games of every game.

A game joins by one line in CASES: (name, load_game keywords, new_state keywords)."""

from __future__ import annotations

import random

import pytest

import kingscourt
from tests.conformance import (
    check_clone_independent,
    check_record_roundtrip,
    check_sample_world,
    random_playout,
)

CASES = [
    pytest.param("king", {}, {}, id="king"),
    pytest.param("king", {"must_beat": "all", "heart_lead_ban": "all-penalty",
                          "trump_lead_after_break": True, "rifki_void": "any-heart"}, {},
                 id="king-strict"),
    pytest.param("kukakoenig", {}, {"players": 2}, id="kukakoenig-2"),
    pytest.param("kukakoenig", {}, {"players": 3}, id="kukakoenig-3"),
    pytest.param("kukakoenig", {}, {"players": 4}, id="kukakoenig-4"),
    pytest.param("uchokrola", {}, {"players": 4}, id="uchokrola-4"),
    pytest.param("uchokrola", {}, {"players": 2}, id="uchokrola-2"),
    pytest.param("uchokrola", {"quick": True, "open": True, "favourite": True}, {"players": 3},
                 id="uchokrola-3-quick-open-favourite"),
    pytest.param("uchokrola", {"teams": "pairs", "simplified": True}, {"players": 6},
                 id="uchokrola-6-pairs-simplified"),
    pytest.param("uchokrola", {"teams": "triples", "open": True}, {"players": 6},
                 id="uchokrola-6-triples-open"),
]


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_game_follows_the_contract(name: str, rules: dict[str, object],
                                          setup: dict[str, object], seed: int) -> None:
    game = kingscourt.load_game(name, **rules)
    state = game.new_state(seed=seed, **setup)
    rng = random.Random(seed)
    check_sample_world(game, state, rng)
    # play half-way with checks, probing clone and sampling on the way
    steps = 0
    while not state.is_over() and steps < 60:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        if steps % 7 == 0:
            check_clone_independent(state, rng)
            check_sample_world(game, state, rng)
    check_record_roundtrip(state)
    random_playout(state, rng)
    check_record_roundtrip(state)
    with pytest.raises(kingscourt.GameOver):
        state.apply(0, state.record()["actions"][-1][1])


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
def test_same_seed_same_game(name: str, rules: dict[str, object], setup: dict[str, object]) -> None:
    game = kingscourt.load_game(name, **rules)
    a, b = game.new_state(seed=11, **setup), game.new_state(seed=11, **setup)
    assert a.view(None) == b.view(None)
    assert all(a.view(s) == b.view(s) for s in range(a.num_players))


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
def test_unknown_rule_is_refused_by_name(name: str, rules: dict[str, object],
                                         setup: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="no_such_rule"):
        kingscourt.load_game(name, no_such_rule=True)


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
def test_malformed_text_is_not_an_action(name: str, rules: dict[str, object],
                                         setup: dict[str, object]) -> None:
    game = kingscourt.load_game(name, **rules)
    state = game.new_state(seed=5, **setup)
    seat = state.to_move()[0]
    before = state.view(None)
    with pytest.raises(kingscourt.MalformedAction):
        state.apply(seat, "fly to the moon")
    assert state.view(None) == before
