"""What a lab needs of the OpenSpiel bridge: the whole chance space (every deal reachable, a
resampled world drawn uniformly among the consistent ones), copies that keep the history, and
games and states that pickle and serialise, compiled and pure."""

from __future__ import annotations

import copy
import itertools
import os
import pickle
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra 'openspiel')")

import kingscourt.interop.openspiel  # noqa: E402, F401

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("king", {}), ("kukakoenig", {"players": 3}), ("uchokrola", {"players": 4})]


def load(name: str, params: dict[str, Any] | None = None) -> Any:
    return pyspiel.load_game(f"python_kingscourt_{name}", params or {})


def play(game: Any, state: Any, steps: int, seed: int) -> Any:
    """``steps`` random moves and chance outcomes (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# ------------------------------------------------------------------ the whole chance space
def test_ten_thousand_matches_deal_ten_thousand_first_hands() -> None:
    """Seat 0's first hand (13 cards) differs in each of 10,000 new matches: chance deals
    card by card, not one of a few seeds."""
    game = load("king")
    rng = random.Random(33)
    hands = set()
    for _ in range(10_000):
        state = game.new_initial_state()
        for _ in range(52):
            assert state.is_chance_node()
            state.apply_action(rng.choice(state.legal_actions()))
        hands.add(frozenset(state.history()[0::4]))
    assert len(hands) == 10_000


def test_every_card_is_a_chance_outcome_with_its_probability() -> None:
    game = load("king")
    assert game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _p in outcomes] == list(range(52))
    assert all(p == pytest.approx(1 / 52) for _a, p in outcomes)
    state.apply_action(17)
    assert 17 not in state.legal_actions() and len(state.chance_outcomes()) == 51
    with pytest.raises(Exception, match="not one of this node"):
        state.apply_action(17)
    # every later deal is dealt by chance too, after the last trick of the one before
    state = play(game, game.new_initial_state(), 52 + 53 + 5, seed=4)
    assert 1 <= len([p for p in state.full_history()[105:] if p.player == -1]) <= 5


def test_rl_environment_resets_deal_different_matches() -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load("king"), seed=7)
    firsts = set()
    for _ in range(30):
        env.reset()
        firsts.add(tuple(env.get_state.history()[:52]))
    assert len(firsts) == 30


def _hidden(state: Any, seats: list[int]) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(state.inner.hand(s)) for s in seats)


def _consistent(game: Any, history: list[Any], player: int, target: str,
                cards: dict[int, int]) -> bool:
    """Whether the history with chance outcomes ``cards`` (old card -> new card) swapped in
    replays legally to the same information state of ``player``."""
    state = game.new_initial_state()
    for step in history:
        action = cards.get(step.action, step.action) if step.player == -1 else step.action
        if step.player != -1 and (state.current_player() != step.player
                                  or action not in state.legal_actions()):
            return False
        state.apply_action(action)
    return bool(state.information_state_string(player) == target)


def test_resampled_worlds_are_uniform_among_the_consistent_deals() -> None:
    """Late in the first deal (2 cards a seat), the hidden cards' assignments that replay the
    history to the same information state are enumerated, and 1,200 resampled worlds are
    tested against the uniform distribution over them (χ²)."""
    scipy_stats = pytest.importorskip("scipy.stats")
    game = load("king")
    state = game.new_initial_state()
    play(game, state, 52, seed=11)
    rng = random.Random(12)
    while len(state.inner.hand(state.current_player())) > 2 or len(
            state.inner.view(None)["trick"]["cards"]):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    others = [s for s in range(4) if s != player]
    target = state.information_state_string(player)
    truth = _hidden(state, others)
    hidden = sorted(set().union(*truth))
    history = state.full_history()
    cells = []
    for first in itertools.combinations(hidden, 2):
        rest = [c for c in hidden if c not in first]
        for second in itertools.combinations(rest, 2):
            third = tuple(c for c in rest if c not in second)
            hands = (frozenset(first), frozenset(second), frozenset(third))
            # swap the hidden cards' places in the deal: old owner's card -> new owner's
            old = [sorted(h) for h in truth]
            new = [sorted(h) for h in hands]
            swap = {}
            for o, n in zip(old, new, strict=True):
                for a, b in zip(o, n, strict=True):
                    swap[_card(a)] = _card(b)
            if _consistent(game, history, player, target, swap):
                cells.append(hands)
    assert truth in cells and len(cells) >= 3
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    counts = Counter(_hidden(state.resample_from_infostate(player, sampler), others)
                     for _ in range(1200))
    assert set(counts) <= set(cells)
    _stat, p = scipy_stats.chisquare([counts[c] for c in cells])
    assert p > 0.001


def _card(text: str) -> int:
    from kingscourt.games.king.cards import CARD_OF_TEXT

    return int(CARD_OF_TEXT[text])


def test_a_resampled_world_keeps_the_history_of_moves() -> None:
    game = load("king")
    state = play(game, game.new_initial_state(), 52 + 53 + 52 + 20, seed=21)
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert [(p.player, p.action) for p in world.full_history() if p.player != -1] == [
        (p.player, p.action) for p in state.full_history() if p.player != -1]
    assert world.legal_actions() == state.legal_actions()


# ------------------------------------------------------------------ copies
@pytest.mark.parametrize(("name", "params"), GAMES)
def test_clone_copy_and_deepcopy_keep_history_and_move_number(
        name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    state = play(game, game.new_initial_state(), 116, seed=5)
    assert not state.is_terminal()
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        assert twin.history() == state.history() and twin.history()
        assert twin.move_number() == state.move_number() > 0
        assert str(twin) == str(state)
        play(game, twin, 10, seed=6)
        assert twin.history() != state.history()
    assert len(state.history()) == len(state.clone().history())


@pytest.mark.parametrize(("name", "params", "depth"), [
    ("king", {}, 2), ("kukakoenig", {"players": 2}, 1), ("uchokrola", {"players": 2}, 1)])
def test_get_all_states_counts_every_state_to_a_depth(
        name: str, params: dict[str, Any], depth: int) -> None:
    from open_spiel.python.algorithms.get_all_states import get_all_states

    game = load(name, params)

    def brute(state: Any, depth: int) -> int:
        if depth == 0 or state.is_terminal():
            return 1
        return 1 + sum(brute(_child(state, a), depth - 1) for a in state.legal_actions())

    found = get_all_states(game, depth_limit=depth, include_terminals=True,
                           include_chance_states=True)
    assert len(found) == brute(game.new_initial_state(), depth)


def _child(state: Any, action: int) -> Any:
    child = state.clone()
    child.apply_action(action)
    return child


# ------------------------------------------------------------------ pickle and serialise
@pytest.mark.parametrize(("name", "params"), GAMES)
def test_games_and_states_pickle_and_serialise(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    assert pickle.loads(pickle.dumps(game)) == game
    state = play(game, game.new_initial_state(), 200, seed=8)
    back = pickle.loads(pickle.dumps(state))
    assert back.history() == state.history() and str(back) == str(state)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2 == game and str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()


def test_a_serialised_ucho_krola_state_is_small() -> None:
    game = load("uchokrola")
    state = play(game, game.new_initial_state(), 10_000, seed=9)
    assert state.is_terminal()
    assert len(pyspiel.serialize_game_and_state(game, state)) <= 10_000
    assert len(pickle.dumps(state)) <= 10_000


PURE = """
import pickle, random, pyspiel
import kingscourt.interop.openspiel
from kingscourt._compiled import ACTIVE
assert not ACTIVE
for name, params, sims in {games}:
    game = pyspiel.load_game("python_kingscourt_" + name, params)
    assert pickle.loads(pickle.dumps(game)) == game
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    _g, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(back) == str(state)
    if sims:
        pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
print("ok")
"""


def _pure(games: list[tuple[str, dict[str, Any], int]]) -> None:
    env = {**os.environ, "KINGSCOURT_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", PURE.format(games=games)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_the_pure_package_pickles_and_serialises_too() -> None:
    _pure([("kukakoenig", {"players": 2}, 1), ("uchokrola", {"players": 2, "max_moves": 60}, 1),
           ("king", {"short_game": True}, 0)])


@pytest.mark.slow
def test_random_sim_test_serialises_every_game_pure() -> None:
    _pure([("king", {}, 1), ("kukakoenig", {"players": 4}, 1), ("uchokrola", {"players": 3}, 1)])


# ------------------------------------------------------------------ one deal, per-deal rewards
def test_rl_environment_pays_each_deal_when_it_is_scored() -> None:
    """In the 12-deal game the rewards that rl_environment hands out are each deal's points,
    one deal at a time, and add up to the returns."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load("king", {"short_game": True}), seed=3)
    ts = env.reset()
    rng = random.Random(4)
    paid = []
    while not ts.last():
        p = ts.observations["current_player"]
        ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
        if any(ts.rewards):
            paid.append([int(r) for r in ts.rewards])
    table = env.get_state.inner.view(None)["score_table"]
    assert paid == [row["points"] for row in table if any(row["points"])]
    assert [sum(c) for c in zip(*paid, strict=True)] == env.get_state.returns()


@pytest.mark.parametrize("contract", ["", "rifki", "trump H"])
def test_one_deal_of_king_is_a_game(contract: str) -> None:
    game = load("king_deal", {"contract": contract})
    assert game.max_game_length() == 53 and game.max_utility() == 650
    state = play(game, game.new_initial_state(), 200, seed=2)
    assert state.is_terminal()
    inner = state.inner.view(None)
    assert len(inner["score_table"]) == 1 and state.returns() == inner["score_table"][0]["points"]
    if contract:
        row = inner["score_table"][0]
        assert (row["contract"], row["trump"]) in (("rifki", None), ("trump", "H"))
        assert all(a < 52 for a in state.history()[52:])  # no choice: the parameter made it
    with pytest.raises(Exception, match="contract"):
        load("king_deal", {"contract": "nothing"})


def test_one_deal_resamples_and_pickles() -> None:
    game = load("king_deal", {"contract": "kiz-almaz"})
    state = play(game, game.new_initial_state(), 52 + 17, seed=5)
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def test_pettingzoo_pays_each_deal_as_rl_environment_does() -> None:
    pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'pettingzoo')")
    from kingscourt.interop import king_v1

    env = king_v1.raw_env(short_game=True)
    env.reset(seed=6)
    rng = random.Random(7)
    paid = []
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(rng.choice([i for i, m in enumerate(mask) if m]))
        if any(env.rewards.values()):
            paid.append([int(env.rewards[a]) for a in env.possible_agents])
    table = env.state_.view(None)["score_table"]
    assert paid == [row["points"] for row in table if any(row["points"])]


def test_an_engine_state_and_a_pettingzoo_environment_pickle() -> None:
    """King's engine state pickles with the compiled core too (through copyreg), and so does a
    PettingZoo environment in the middle of a game."""
    pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'pettingzoo')")
    import kingscourt
    from kingscourt.interop import king_v1

    env = king_v1.env()
    env.reset(seed=3)
    rng = random.Random(4)
    for _ in range(30):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([i for i, m in enumerate(mask) if m]))
    back = pickle.loads(pickle.dumps(env))
    assert back.unwrapped.state_.view(0) == env.unwrapped.state_.view(0)
    state = kingscourt.load_game("king", must_beat="all").new_state(seed=4)
    twin = pickle.loads(pickle.dumps(state))
    for _ in range(60):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        twin.apply(seat, action)
    assert twin.view(None) == state.view(None)
