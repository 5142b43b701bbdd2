"""The project's bots as OpenSpiel bots (through evaluate_bots) and as PettingZoo policies."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra 'openspiel')")
pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'pettingzoo')")

from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from kingscourt.interop import king_v1, kukakoenig_v1  # noqa: E402
from kingscourt.interop.bots import BotPolicy, SpielBot, spiel_bots  # noqa: E402


@pytest.mark.parametrize(("name", "params", "levels"), [
    ("king_deal", {}, ["basic", "random", "basic", "random"]),
    ("kukakoenig", {"players": 2}, ["basic", "random"]),
    ("uchokrola", {"players": 2, "max_moves": 80}, ["basic", "random"]),
])
def test_evaluate_bots_plays_the_projects_bots(name: str, params: dict[str, object],
                                               levels: list[str]) -> None:
    game = pyspiel.load_game(f"python_kingscourt_{name}", params)
    bots = spiel_bots(game, levels, seed=3)
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
    assert len(returns) == game.num_players()


def test_openspiel_bots_mix_with_ours() -> None:
    game = pyspiel.load_game("python_kingscourt_king_deal", {"contract": "trump S"})
    bots = [SpielBot(game, 0, "basic", seed=1), pyspiel.make_uniform_random_bot(1, 2),
            SpielBot(game, 2, "random", seed=3), pyspiel.make_uniform_random_bot(3, 4)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(5))
    assert sum(returns) == 13 * 50  # every trick of a trump deal is worth 50
    with pytest.raises(ValueError, match="levels"):
        spiel_bots(game, ["basic"])


def test_pettingzoo_policies_play_a_whole_game() -> None:
    env = king_v1.env()
    env.reset(seed=2)
    policies = {a: BotPolicy(env, "basic" if a.endswith(("0", "2")) else "random", seed=1)
                for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, _reward, done, truncated, _info = env.last()
        action = None if done or truncated else policies[agent](obs, agent)
        if action is not None:
            assert obs["action_mask"][action] == 1
        env.step(action)
    assert env.unwrapped.state_.is_over()


def test_a_policy_waits_at_a_simultaneous_pick_it_has_made() -> None:
    env = kukakoenig_v1.parallel_env(players=2)
    obs, _infos = env.reset(seed=1)
    policies = {a: BotPolicy(env, "basic", seed=i) for i, a in enumerate(env.possible_agents)}
    for _ in range(200):
        if not env.agents:
            break
        actions = {a: policies[a](obs[a], a) for a in env.agents}
        for a, act in actions.items():
            assert obs[a]["action_mask"][act] == 1
        obs, _r, _term, _trunc, _infos = env.step(actions)
    assert env.state_ is not None and env.state_.is_over()
