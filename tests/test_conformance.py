"""The contract of docs/design.md, checked generically over seeded random games of every game.

A game joins by one line in CASES: (name, load_game keywords, new_state keywords)."""

from __future__ import annotations

import json
import random

import pytest

import kingscourt
from tests.conformance import (
    check_clone_independent,
    check_record_roundtrip,
    check_sample_world,
    check_secrets_kept,
    check_views_share_nothing,
    json_round,
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
            check_views_share_nothing(state)
        check_secrets_kept(state, rng)
    check_record_roundtrip(state)
    random_playout(state, rng)
    check_record_roundtrip(state)
    check_views_share_nothing(state)
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


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
@pytest.mark.parametrize("bad", [-1, "players", True, False, "1", 1.0, [0]])
def test_a_seat_not_of_this_game_is_refused_by_name(name: str, rules: dict[str, object],
                                                    setup: dict[str, object], bad: object) -> None:
    game = kingscourt.load_game(name, **rules)
    state = game.new_state(seed=3, **setup)
    seat = state.num_players if bad == "players" else bad
    action = state.legal_actions(state.to_move()[0])[0]
    before = [state.view(s) for s in [None, *range(state.num_players)]]
    calls = [lambda: state.view(seat), lambda: state.legal_actions(seat),  # type: ignore[arg-type]
             lambda: state.check(seat, action), lambda: state.apply(seat, action)]  # type: ignore[arg-type]
    for call in calls:
        with pytest.raises(ValueError, match="is not a seat of this game") as refused:
            call()
        assert repr(seat) in str(refused.value)
        assert not isinstance(refused.value, kingscourt.IllegalAction)
    assert [state.view(s) for s in [None, *range(state.num_players)]] == before


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
@pytest.mark.parametrize("bad", [["row", 1], {"action": "play QS"}, None, 3, b"row 1"])
def test_an_action_that_is_not_text_is_malformed(name: str, rules: dict[str, object],
                                                 setup: dict[str, object], bad: object) -> None:
    state = kingscourt.load_game(name, **rules).new_state(seed=3, **setup)
    seat = state.to_move()[0]
    before = state.view(None)
    with pytest.raises(kingscourt.MalformedAction):
        state.apply(seat, bad)  # type: ignore[arg-type]
    with pytest.raises(kingscourt.MalformedAction):
        state.check(seat, bad)  # type: ignore[arg-type]
    assert state.view(None) == before


def _short_record(name: str, rules: dict[str, object], setup: dict[str, object]) -> dict[str, object]:
    state = kingscourt.load_game(name, **rules).new_state(seed=4, **setup)
    rng = random.Random(4)
    for _ in range(12):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record: dict[str, object] = json.loads(json.dumps(state.record()))
    return record


@pytest.mark.parametrize(("name", "rules", "setup"), CASES)
@pytest.mark.parametrize(("field", "change"), [
    ("seed", "remove"), ("seed", None), ("seed", "7"), ("seed", True),
    ("players", "remove"), ("players", "4"), ("players", 2.0), ("players", True),
    ("seat", "0"), ("seat", True), ("seat", -1), ("seat", 9),
])
def test_a_record_with_a_bad_header_or_seat_is_refused_naming_the_field(
        name: str, rules: dict[str, object], setup: dict[str, object], field: str, change: object) -> None:
    record = _short_record(name, rules, setup)
    kingscourt.replay(record)  # the record as written replays
    if field == "seat":
        actions = record["actions"]
        assert isinstance(actions, list)
        actions[3][0] = change
    elif change == "remove":
        del record[field]
    else:
        record[field] = change
    with pytest.raises(kingscourt.ReplayError, match=field if field != "seat" else "action 3"):
        kingscourt.replay(record)


@pytest.mark.parametrize(("name", "rules", "setup"), CASES[::2])
def test_results_and_a_replay_followed_step_by_step(name: str, rules: dict[str, object],
                                                    setup: dict[str, object]) -> None:
    game = kingscourt.load_game(name, **rules)
    state = game.new_state(seed=6, **setup)
    random_playout(state, random.Random(6), checks=False)
    results = state.results()
    assert [r["seat"] for r in results] == list(range(state.num_players))
    assert [r["score"] for r in results] == state.scores()
    assert [s for s, r in enumerate(results) if r["won"]] == state.winners()
    json_round(results)
    steps: list[tuple[int, int, list[int], list[int]]] = []
    record = state.record()
    again = kingscourt.replay(record, on_step=lambda i, seat, before, now:
                              steps.append((i, seat, before, now.to_move())))
    assert [i for i, *_ in steps] == list(range(1, len(record["actions"]) + 1))
    assert [[seat] for _i, seat, *_ in steps] == [[a[0]] for a in record["actions"]]
    assert all(seat in before for _i, seat, before, _after in steps)
    assert steps[-1][3] == [] and again.results() == results


# --- prompt secrecy: the twin asks again, so a question put or skipped because of a hidden
# card shows. Each of these leaks, put back into the engine, fails the checks below: the
# riposte window asked only of holders, the Menuet keep skipped when its cards are identical,
# the hand-limit discard skipped when the hand holds identical cards, Biskup Vannes with one
# card asked only when it is special.
SECRECY_CASES = [({}, 2), ({}, 3), ({}, 4), ({"open": True, "favourite": True}, 5),
                 ({"teams": "triples", "quick": True}, 6)]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), SECRECY_CASES)
def test_every_question_of_whole_ucho_krola_games_keeps_secrets(rules: dict[str, object],
                                                                players: int) -> None:
    game = kingscourt.load_game("uchokrola", **rules)
    twins = 0
    for seed in range(3):
        state = game.new_state(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            twins += check_secrets_kept(state, rng)
    assert twins > 1000


def _positions() -> list[tuple[str, object]]:
    from tests.uchokrola.helpers import play, position

    deck = ["Knucie", "Podpicie", "Kuzyneczka", "Maskarada"]
    rip = position(3, hands=[["Faux pas", "Menuet"], ["Kąśliwa riposta", "Fraszka"],
                             ["Fraszka"]], deck=deck)
    play(rip, "play Faux pas -> 1", "pay Menuet")
    keep = position(3, hands=[["Menuet"], ["Fraszka"], ["Fraszka"]],
                    deck=["Faux pas", "Knucie", "Podpicie", "Rozrzutność", "Fraszka", "Maskarada"])
    play(keep, "play Menuet")
    limit = position(3, hands=[["Faux pas"] * 4 + ["Menuet"], [], []],
                     deck=["Faux pas", "Fraszka", "Maskarada"])
    play(limit, "draw")
    chars = [["Biskup Vannes"], ["Madame du Barry"], ["Baron de Chantal"]]
    biskup = position(3, chars=chars, simplified=False, deck=["Fraszka", "Maskarada", "Kuzyneczka"],
                      hands=[["Podpicie", "Podpicie", "Menuet"], ["Faux pas"], []])
    play(biskup, "play Podpicie -> 1", "pay Podpicie", "pass")
    return [("riposte", rip), ("menuet-keep", keep), ("hand-limit", limit), ("ability", biskup)]


@pytest.mark.parametrize("phase", ["riposte", "menuet-keep", "hand-limit", "ability"])
def test_the_questions_that_could_leak_keep_secrets(phase: str) -> None:
    state = dict(_positions())[phase]
    assert state.view(None)["phase"] == phase  # type: ignore[attr-defined]
    for seed in range(20):
        check_secrets_kept(state, random.Random(seed))  # type: ignore[arg-type]
