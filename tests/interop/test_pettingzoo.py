"""Our games checked by PettingZoo's own API tests, and the classic conventions."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'pettingzoo')")

from pettingzoo.test import api_test, parallel_api_test, seed_test

from kingscourt.engine import spec
from kingscourt.interop import king_v1, kukakoenig_v1, uchokrola_v1
from kingscourt.interop.pettingzoo import env, parallel_env, raw_env


@pytest.mark.parametrize(("name", "kwargs"), [
    ("king", {}),
    ("king", {"must_beat": "trump", "observation_type": "information_state"}),
    ("kukakoenig", {"players": 2}),
    ("kukakoenig", {"players": 4}),
    ("uchokrola", {"players": 4}),
])
def test_api_test(name: str, kwargs: dict[str, object]) -> None:
    api_test(env(name, **kwargs), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parallel_api_test(players: int) -> None:
    parallel_api_test(kukakoenig_v1.parallel_env(players=players), num_cycles=400)


def test_seed_test() -> None:
    seed_test(lambda: kukakoenig_v1.env(players=3), num_cycles=50)


def test_versioned_modules_and_names() -> None:
    for module, name in ((king_v1, "king"), (kukakoenig_v1, "kukakoenig"),
                         (uchokrola_v1, "uchokrola")):
        e = module.env()
        assert e.metadata["name"] == f"kingscourt_{name}_v1"
        assert module.raw_env().metadata["name"] == f"kingscourt_{name}_v1"
        assert e.unwrapped.name == name
    assert kukakoenig_v1.parallel_env().metadata["name"] == "kingscourt_kukakoenig_v1"


@pytest.mark.parametrize(("name", "kwargs"), [("king", {}), ("kukakoenig", {"players": 3})])
def test_full_game_rewards_add_up_to_the_scores(name: str, kwargs: dict[str, object]) -> None:
    for normalize in (False, True):
        e = env(name, normalize_rewards=normalize, **kwargs)
        e.reset(seed=3)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        rng = np.random.default_rng(3)
        for agent in e.agent_iter(max_iter=100_000):
            obs, reward, termination, truncation, info = e.last()
            totals[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            assert e.observation_space(agent).contains(obs)
            legal = np.flatnonzero(obs["action_mask"])
            assert [e.vocabulary.texts[i] for i in legal] == sorted(info["legal"],
                                                                     key=e.vocabulary.id)
            e.step(int(rng.choice(legal)))
        assert e.state_ is not None and e.state_.is_over()
        scale = spec(name).research.reward_scale if normalize else 1.0
        assert [totals[a] for a in e.possible_agents] == pytest.approx(
            [s / scale for s in e.state_.scores()])


def test_observation_holds_only_the_own_hand_first() -> None:
    e = env("king")
    e.reset(seed=5)
    agent = e.agent_selection
    obs = e.observe(agent)
    seat = int(agent.rsplit("_", 1)[1])
    hand = e.state_.view(seat)["hand"] if e.state_ else []
    assert obs["observation"][:52].sum() == len(hand) == 13
    other = e.observe(e.possible_agents[(seat + 1) % 4])
    assert not np.any(obs["observation"][:52] * other["observation"][:52])


def test_kukakoenig_observations_differ_per_player() -> None:
    p = parallel_env("kukakoenig", players=2)
    obs, _ = p.reset(seed=8)
    rng = np.random.default_rng(8)
    differ = 0
    while p.agents:
        if not np.array_equal(obs["player_0"]["observation"], obs["player_1"]["observation"]):
            differ += 1
            own = obs["player_0"]["observation"][:17]
            assert np.array_equal(own, obs["player_1"]["observation"][17:34])  # mine is theirs, second
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in p.agents}
        obs, *_ = p.step(actions)
    assert differ > 0


def test_parallel_env_waits_for_the_colliders_only() -> None:
    p = parallel_env("kukakoenig", players=2)
    p.reset(seed=1)
    state = p.state_
    assert state is not None
    # both pick row 1: a collision, the two pick again; then only one row is asked of each
    p.step({"player_0": 0, "player_1": 0})
    assert state.view(None)["call"] == 2 and sorted(state.to_move()) == [0, 1]
    with pytest.raises(ValueError, match="player_1 must pick"):
        p.step({"player_0": 1})
    with pytest.raises(ValueError, match="not legal"):
        p.step({"player_0": 1, "player_1": 8})  # wait is not for a picker
    assert state.view(None)["call"] == 2  # refused whole: nothing changed


def test_illegal_actions_as_the_classic_wrappers_handle_them() -> None:
    raw = raw_env("king")
    raw.reset(seed=1)
    seat = raw.table.live.to_move()[0]
    with pytest.raises(ValueError, match="legal"):
        raw.step(0 if raw.observe(f"player_{seat}")["action_mask"][0] == 0 else 61)
    e = env("king")
    e.reset(seed=1)
    offender = e.agent_selection
    mask = e.observe(offender)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))  # in range, not legal: the game ends
    assert all(e.terminations.values())
    assert e.rewards[offender] == -650.0
    assert all(r == 0 for a, r in e.rewards.items() if a != offender)
    with pytest.raises(AssertionError):
        bounded = env("king")
        bounded.reset(seed=1)
        bounded.step(999)
    with pytest.raises(ValueError, match="chess"):
        env("chess")


def test_views_are_built_only_when_asked_for() -> None:
    e = raw_env("kukakoenig", players=3)
    e.reset(seed=2)
    e.step(0)
    assert e.table._views == {}
    e.observe("player_0")
    assert list(e.table._views) == [0]
    assert e.view("player_1")["seat"] == 1
    assert sorted(e.table._views) == [0, 1]


def test_ansi_render_draws_the_table_as_the_seat_to_move_sees_it() -> None:
    e = env("king", render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    seat = int(e.agent_selection.rsplit("_", 1)[1])
    mine = e.unwrapped.view(e.agent_selection)["hand"]
    other = e.unwrapped.table.live.view((seat + 1) % 4)["hand"]
    assert isinstance(text, str) and f"hand of player_{seat}" in text
    hand_line = next(line for line in text.splitlines() if "hand of" in line)
    assert all(c[:-1] in hand_line for c in mine)
    assert not any(f"hand of player_{(seat + 1) % 4}" in line for line in text.splitlines())
    assert other != mine
    for name in ("kukakoenig", "uchokrola"):
        r = env(name, render_mode="ansi")
        r.reset(seed=1)
        assert "player_0" in r.render()
    p = parallel_env("kukakoenig", players=2, render_mode="ansi")
    p.reset(seed=1)
    assert "row 1" in (p.render() or "")


def test_ucho_krola_is_cut_at_max_moves_with_the_prestige_counted() -> None:
    e = raw_env("uchokrola", players=3, max_moves=40)
    e.reset(seed=6)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(6)
    steps = 0
    for agent in e.agent_iter(max_iter=10_000):
        obs, reward, termination, truncation, _info = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 40 and all(e.truncations.values()) and not any(e.terminations.values())
    assert e.state_ is not None and not e.state_.is_over()
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.state_.scores()]
