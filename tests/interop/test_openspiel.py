"""Our games checked by OpenSpiel's own conformance test, and its IS-MCTS on our King."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra 'openspiel')")

import kingscourt.interop.openspiel as kos  # noqa: E402


@pytest.mark.parametrize(("name", "params", "sims"), [
    ("king", {}, 3),
    ("king", {"must_beat": "all", "short_game": True}, 1),
    ("kukakoenig", {"players": 2}, 3),
    ("kukakoenig", {"players": 4}, 2),
    ("uchokrola", {"players": 3}, 2),
])
def test_random_sim_test(name: str, params: dict[str, object], sims: int) -> None:
    if name == "uchokrola":
        pytest.importorskip("kingscourt.games.uchokrola")
    game = pyspiel.load_game(f"python_kingscourt_{name}", params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_game_type_and_parameters() -> None:
    game = pyspiel.load_game("python_kingscourt_king", {"must_beat": "trump"})
    gtype = game.get_type()
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_parameters()["must_beat"] == "trump"
    assert game.num_distinct_actions() == 62
    kkk = pyspiel.load_game("python_kingscourt_kukakoenig", {"players": 4})
    assert kkk.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kkk.num_players() == 4
    with pytest.raises(Exception, match="sometimes"):
        pyspiel.load_game("python_kingscourt_king", {"must_beat": "sometimes"})


def test_actions_and_information_state() -> None:
    game = pyspiel.load_game("python_kingscourt_king")
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(5)
    player = state.current_player()
    legal = state.legal_actions()
    assert legal and all(a >= 52 for a in legal)  # choosing: contracts and trump suits
    assert state.action_to_string(player, 52) == "choose el-almaz"
    info = state.information_state_string(player)
    other = (player + 1) % 4
    # the chooser's infostate holds its own hand, not another seat's
    inner = state.inner
    assert all(c in info for c in inner.view(player)["hand"])
    assert not any(f" {c} " in f" {info.split('| hand ')[1].split(' |')[0]} "
                   for c in inner.view(other)["hand"])
    state.apply_action(legal[0])
    assert state.current_player() == player  # the chooser leads
    assert all(a < 52 for a in state.legal_actions())


def test_resample_from_infostate_keeps_the_infostate() -> None:
    game = pyspiel.load_game("python_kingscourt_king")
    state = game.new_initial_state()
    state.apply_action(17)
    rng = random.Random(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()


def test_openspiel_ismcts_plays_our_king() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_kingscourt_king")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, None), 2.0, max_simulations=8,
                           max_world_samples=4)
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert kos.DEALS == 1024
