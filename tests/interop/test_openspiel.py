"""Our games checked by OpenSpiel's own conformance test, and its IS-MCTS on our King."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra 'openspiel')")

import kingscourt.interop.openspiel as kos  # noqa: E402


def deal(state: object, seed: int) -> None:
    """Play the chance nodes at hand (a whole deal: 52 cards), drawn by ``seed``."""
    rng = random.Random(seed)
    while state.is_chance_node():  # type: ignore[attr-defined]
        state.apply_action(rng.choice(state.chance_outcomes())[0])  # type: ignore[attr-defined]


# one simulation checks every state's tensors and strings for every seat: a few suffice
@pytest.mark.parametrize(("name", "params", "sims"), [
    ("king", {}, 1),
    ("king", {"must_beat": "all", "short_game": True}, 1),
    ("kukakoenig", {"players": 2}, 3),
    ("kukakoenig", {"players": 4}, 2),
    ("uchokrola", {"players": 3}, 1),
])
@pytest.mark.slow
def test_random_sim_test(name: str, params: dict[str, object], sims: int) -> None:
    game = pyspiel.load_game(f"python_kingscourt_{name}", params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_game_type_and_parameters() -> None:
    game = pyspiel.load_game("python_kingscourt_king", {"must_beat": "trump"})
    gtype = game.get_type()
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gtype.utility == pyspiel.GameType.Utility.ZERO_SUM  # 20 deals, standard limit
    assert gtype.provides_information_state_tensor and gtype.provides_observation_tensor
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
    assert len(state.chance_outcomes()) == 52  # the first card of the deal
    deal(state, 5)
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
    deal(state, 17)
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
    deal(state, 3)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("params", [{"short_game": True}, {"choice_limit": "free"},
                                    {"king_ends_game": True}])
def test_king_is_general_sum_unless_all_twenty_deals_are_chosen_by_the_quota(
        params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_kingscourt_king", params)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.max_game_length() == (12 if params.get("short_game") else 20) * 53
    for name in ("kukakoenig", "uchokrola"):
        other = pyspiel.load_game(f"python_kingscourt_{name}")
        assert other.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize(("name", "params"), [
    ("king", {}), ("kukakoenig", {"players": 2}), ("uchokrola", {"players": 4})])
def test_rl_environment_gives_each_seat_its_information_state(
        name: str, params: dict[str, object]) -> None:
    from open_spiel.python import rl_environment

    game = pyspiel.load_game(f"python_kingscourt_{name}", params)
    env = rl_environment.Environment(game, seed=1)
    size = game.information_state_tensor_size()
    assert env.observation_spec()["info_state"] == (size,)
    ts = env.reset()
    rng = random.Random(2)
    for _ in range(25):
        if ts.last():
            break
        obs = ts.observations
        assert all(len(t) == size for t in obs["info_state"])
        p = obs["current_player"]
        if p == pyspiel.PlayerId.SIMULTANEOUS:
            actions = [rng.choice(obs["legal_actions"][s]) for s in range(game.num_players())]
        else:
            actions = [rng.choice(obs["legal_actions"][p])]
        ts = env.step(actions)
    tensors = ts.observations["info_state"]
    assert len({tuple(t) for t in tensors}) == game.num_players()  # each seat its own


def test_an_observation_that_does_not_exist_is_none() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_kingscourt_king")
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    assert make_observation(game, public) is None
    state = game.new_initial_state()
    assert state.information_state_tensor(0) == [0.0] * game.information_state_tensor_size()
    deal(state, 2)
    seat = state.current_player()
    tensor = state.information_state_tensor(seat)
    assert sum(tensor[:52]) == 13  # the own hand comes first
    assert tensor == list(kos.tensor_of(state, seat))


def test_the_wrapper_works_in_action_numbers() -> None:
    game = pyspiel.load_game("python_kingscourt_king")
    state = game.new_initial_state()
    deal(state, 7)
    rng = random.Random(3)
    for _ in range(40):
        legal = state.legal_actions()
        assert legal == sorted(legal)
        seat = state.current_player()
        texts = sorted(str(a) for a in state.inner.legal_actions(seat))
        assert sorted(state.action_to_string(seat, a) for a in legal) == texts
        state.apply_action(rng.choice(legal))
    # Python callers are answered in Python; C++ (legal_actions_mask) agrees
    mask = state.legal_actions_mask()
    assert [i for i, m in enumerate(mask) if m] == state.legal_actions()
    assert len(state.history()) == 52 + 40


def test_ucho_krola_is_cut_at_max_moves() -> None:
    game = pyspiel.load_game("python_kingscourt_uchokrola", {"players": 3, "max_moves": 30})
    assert game.max_game_length() == 30
    engine = kos._context(game).engine
    assert game.num_distinct_actions() == kos.vocabulary(engine).size == 6716
    state = game.new_initial_state()
    deal(state, 0)
    dealt = len(state.history())
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == dealt + 30
    assert state.returns() == [float(s) for s in state.inner.scores()]
    assert not state.inner.is_over()  # cut, not finished
