"""``bot.analyse(view)``: every legal action with its value for the deciding seat and the
action the bot prefers, for the replay viewer's post-game review."""

from __future__ import annotations

import json
from typing import Any

import pytest

import kingscourt
from kingscourt import bots
from kingscourt.bots.analysis import Analysis, Analyst
from tests.king.scenario import start

#: seat 0 holds 2D (it chooses and leads)
HANDS = ["KQJ5.AKQ.AK2.AKQ", "643.JT9.JT9.JT98", "T87.8765.8765.76", "A92.432.Q43.5432"]


def _position(game_name: str, players: int, seed: int = 5) -> tuple[kingscourt.Game, dict[str, Any]]:
    game = kingscourt.load_game(game_name)
    state = game.new_state(players=players, seed=seed)
    while True:
        seat = state.to_move()[0]
        view = state.view(seat)
        if len(view["legal"]) > 1:
            return game, view
        state.apply(seat, view["legal"][0])


@pytest.mark.parametrize(("game_name", "players", "budget"),
                         [("king", 4, 120), ("kukakoenig", 3, 10), ("uchokrola", 4, 60)])
def test_analysis_values_every_legal_action_and_prefers_the_bots_choice(
        game_name: str, players: int, budget: int) -> None:
    game, view = _position(game_name, players)
    bot = bots.load("strong", game, seed=3, iterations=budget)
    assert isinstance(bot, Analyst)
    analysis = bot.analyse(view)
    assert isinstance(analysis, Analysis)
    assert sorted(a for a, _ in analysis.values) == sorted(view["legal"])
    values = [v for _, v in analysis.values]
    assert values == sorted(values, reverse=True)  # best first
    # the preferred action is what the same bot, from the same seed, would play
    assert analysis.preferred == bots.load("strong", game, seed=3, iterations=budget).choose(view)
    # deterministic with an iteration budget, from the view alone (a JSON copy gives the same)
    again = bots.load("strong", game, seed=3, iterations=budget)
    assert isinstance(again, Analyst)
    assert again.analyse(json.loads(json.dumps(view))) == analysis
    assert json.loads(json.dumps(analysis.to_json()))["preferred"] == analysis.preferred


def test_king_analysis_values_a_ducking_card_above_taking_the_queen() -> None:
    # Kız Almaz (−100 a queen): seat 0 leads QS, seats 1 and 2 follow low; seat 3 holds AS,
    # 9S and 2S: the ace takes the queen, the nine and the two duck it
    state = start(HANDS, "kiz-almaz", "QS 3S 7S")
    seat = state.to_move()[0]
    assert seat == 3
    view = state.view(seat)
    bot = bots.load("strong", state.game, seed=1, iterations=300)
    assert isinstance(bot, Analyst)
    analysis = bot.analyse(view)
    ace, nine, two = (analysis.value_of(f"play {c}S") for c in "A92")
    assert ace is not None and nine is not None and two is not None
    assert min(nine, two) > ace + 50  # the queen alone is a margin of −133
    assert analysis.preferred in ("play 9S", "play 2S")


def test_an_analysis_with_one_legal_action_still_values_it() -> None:
    # trump hearts: seat 0 leads AH and seat 1 must follow with one of JH, TH, 9H; then
    # KH: seat 1 follows again; QH: seat 1 has a single heart left to play
    state = start(HANDS, "trump H", "AH 9H 5H 2H KH TH 6H 3H QH")
    seat = state.to_move()[0]
    view = state.view(seat)
    assert view["legal"] == ["play JH"]
    bot = bots.load("strong", state.game, seed=1, iterations=40)
    assert isinstance(bot, Analyst)
    analysis = bot.analyse(view)
    assert analysis.preferred == "play JH"
    assert [a for a, _ in analysis.values] == ["play JH"]
