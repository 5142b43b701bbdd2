"""Our games checked by PettingZoo's own API test."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'pettingzoo')")

from pettingzoo.test import api_test

from kingscourt.interop.pettingzoo import env


@pytest.mark.parametrize(("name", "kwargs"), [
    ("king", {}),
    ("king", {"must_beat": "trump"}),
    ("kukakoenig", {"players": 2}),
    ("kukakoenig", {"players": 4}),
    ("uchokrola", {"players": 4}),
])
def test_api_test(name: str, kwargs: dict[str, object]) -> None:
    if name == "uchokrola":
        pytest.importorskip("kingscourt.games.uchokrola")
    api_test(env(name, **kwargs), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize(("name", "kwargs"), [("king", {}), ("kukakoenig", {"players": 3})])
def test_full_game_rewards_add_up_to_the_scores(name: str, kwargs: dict[str, object]) -> None:
    e = env(name, **kwargs)
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
        assert [e.vocabulary.texts[i] for i in legal] == sorted(info["legal"], key=e.vocabulary.id)
        e.step(int(rng.choice(legal)))
    assert e.state_ is not None and e.state_.is_over()
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.state_.scores()]


def test_observation_holds_only_the_own_hand() -> None:
    e = env("king")
    e.reset(seed=5)
    agent = e.agent_selection
    obs = e.observe(agent)
    seat = int(agent.rsplit("_", 1)[1])
    hand = e.state_.view(seat)["hand"] if e.state_ else []
    assert obs["observation"][:52].sum() == len(hand) == 13
    other = e.observe(e.possible_agents[(seat + 1) % 4])
    assert not np.any(obs["observation"][:52] * other["observation"][:52])


def test_unknown_game_and_illegal_action() -> None:
    with pytest.raises(ValueError, match="chess"):
        env("chess")
    e = env("king")
    e.reset(seed=1)
    with pytest.raises(ValueError, match="legal"):
        e.step(999)
