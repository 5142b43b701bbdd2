"""King's ``learned`` bot: the shipped network loads and is the one trained, it is offered in
King only, it plays only from the seat's view, legally and reproducibly, and it beats the
basic bot."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import kingscourt
from kingscourt.arena import run_arena
from kingscourt.bots import levels, load, load_for_people
from kingscourt.games.king.bots.basic import KingBasicBot
from kingscourt.games.king.bots.learned import (
    WEIGHTS,
    WEIGHTS_SHA256,
    KingLearnedBot,
    Net,
    features,
    input_offsets,
    network,
    weights_digest,
)
from kingscourt.games.king.bots.strong import KingStrongBot
from kingscourt.games.king.cards import CARD_OF_TEXT
from kingscourt.interop.tensors import encoder


def test_the_weights_are_small_and_the_trained_ones() -> None:
    assert WEIGHTS.stat().st_size <= 5 * 2**20
    assert weights_digest() == WEIGHTS_SHA256
    game = kingscourt.load_game("king")
    enc = encoder(game)
    net = Net.load(input_offsets(enc))
    state = game.new_state(seed=1)
    state.apply(state.to_move()[0], load("basic", game).choose(state.view(state.to_move()[0])))
    view = state.view(state.to_move()[0])
    x = np.stack([features(view, enc, KingBasicBot(game))] * 3)
    assert net.scores(x).shape == (3, 52)


def test_a_decision_scores_its_legal_cards_as_the_whole_forward_pass_does() -> None:
    """A decision runs the network on its legal cards only (a quarter of the work, and below
    the size at which BLAS splits a product among threads): the same scores as all 52."""
    game = kingscourt.load_game("king")
    net = network(game)
    bots = [load("basic", game, seed=s) for s in range(4)]
    state = game.new_state(seed=4)
    compared = 0
    while not state.is_over() and compared < 40:
        seat = state.to_move()[0]
        view = state.view(seat)
        if view["phase"] == "play" and len(view["legal"]) > 1:
            legal = sorted(CARD_OF_TEXT[a.split()[1]] for a in view["legal"])
            whole = net.net.scores(features(view, net.encoder, net.basic)[None, :])[0]
            mine = net.scores(view)
            assert np.allclose(mine[legal], whole[legal], rtol=1e-5, atol=1e-5)
            assert np.all(np.isnan(np.delete(mine, legal)))  # the others are not scored
            compared += 1
        state.apply(seat, bots[seat].choose(view))
    assert compared == 40


def test_offered_in_king_alone() -> None:
    game = kingscourt.load_game("king")
    assert levels("king") == ["random", "basic", "learned", "strong"]
    assert isinstance(load_for_people("learned", game, seed=1), KingLearnedBot)
    for other in ("kukakoenig", "uchokrola"):
        assert "learned" not in levels(other)
        with pytest.raises(ValueError):
            load("learned", kingscourt.load_game(other), seed=1)


def _match(seed: int) -> list[str]:
    """One match of the learned bot in seat 0 against three basic bots: every action."""
    game = kingscourt.load_game("king")
    state = game.new_state(seed=seed)
    bots = [load("learned", game, seed=seed), *(load("basic", game, seed=seed + s)
                                                  for s in range(1, 4))]
    actions = []
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view["legal"]
        actions.append(action)
        state.apply(seat, action)
    return actions


def test_a_whole_match_legal_and_reproducible() -> None:
    assert _match(3) == _match(3)


def test_it_reads_the_view_alone() -> None:
    """The same view, from another deal of the cards the seat cannot see: the same input and
    the same card."""
    game = kingscourt.load_game("king")
    enc = encoder(game)
    habits = KingBasicBot(game, seed=0)
    rng = random.Random(2)
    state = game.new_state(seed=2)
    # two bots of one seed, asked in step: each draws the same worlds from its own stream
    bot, twin = load("learned", game, seed=1), load("learned", game, seed=1)
    checked = 0
    for _ in range(300):
        seat = state.to_move()[0]
        view = state.view(seat)
        if view["phase"] == "play" and len(view["legal"]) > 1 and rng.random() < 0.2:
            world = game.sample_world(view, random.Random(rng.getrandbits(32)))
            other = world.view(seat)
            assert np.array_equal(features(view, enc, habits), features(other, enc, habits))
            assert bot.choose(json.loads(json.dumps(view))) == twin.choose(other)
            checked += 1
        state.apply(seat, load("basic", game, seed=0).choose(view))
        if state.is_over():
            break
    assert checked >= 10


def test_it_beats_basic_on_duplicate_games() -> None:
    """One learned seat against three basic ones, eight games in every rotation: its margin's
    95% interval lies above 0 (measured: about +900 a game over 32 games)."""
    result = run_arena("king", ["learned", "basic", "basic", "basic"], 8, seed=1000, jobs=1)
    margin = result.margins[0]
    assert margin.mean - margin.ci95 > 0, (margin.mean, margin.ci95)


def test_strong_with_a_network_prior_that_outweighs_its_worlds_plays_the_networks_card() -> None:
    """``net_prior``: the strong bot's card values lean towards the network's by that many
    worlds. Worth far more than its few worlds, it plays the network's best card wherever no
    two legal cards are equivalent; without it the search is unchanged."""
    game = kingscourt.load_game("king")
    state = game.new_state(seed=5)
    learned = KingLearnedBot(game, seed=1)
    basic = load("basic", game, seed=0)
    checked = differs = 0
    while not state.is_over() and checked < 12:
        seat = state.to_move()[0]
        view = state.view(seat)
        if view["phase"] == "play" and len(view["legal"]) > 2:
            plain = KingStrongBot(game, seed=7, iterations=48, chain=0).analyse(view)
            unchanged = KingStrongBot(game, seed=7, iterations=48, chain=0,
                                      net_prior=0).analyse(view)
            assert unchanged == plain
            values = dict(plain.values)
            if len(set(values.values())) == len(values):  # no two cards equivalent
                scores = learned.card_scores(view)
                leaning = KingStrongBot(game, seed=7, iterations=48, chain=0,
                                        net_prior=1e9).analyse(view)
                assert leaning.preferred == max(scores, key=lambda a: scores[a])
                differs += leaning.preferred != plain.preferred
                checked += 1
        state.apply(seat, basic.choose(view))
    assert checked == 12 and differs > 0
