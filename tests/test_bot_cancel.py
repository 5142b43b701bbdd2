"""A search asks ``should_stop`` as it goes and stops part-way when a decision is called off;
without the hook a bot decides as before (the terminal client and the arena call bots so)."""

from __future__ import annotations

from typing import Any

import pytest

import kingscourt
from kingscourt import bots
from kingscourt.bots.base import ViewBot


def _position(game_name: str, players: int) -> tuple[kingscourt.Game, dict[str, Any]]:
    game = kingscourt.load_game(game_name)
    state = game.new_state(players=players, seed=5)
    while True:
        seat = state.to_move()[0]
        view = state.view(seat)
        if len(view["legal"]) > 1:
            return game, view
        state.apply(seat, view["legal"][0])


@pytest.mark.parametrize(("game_name", "players"), [("king", 4), ("kukakoenig", 3), ("uchokrola", 4)])
def test_should_stop_stops_the_search_part_way(game_name: str, players: int) -> None:
    game, view = _position(game_name, players)
    bot = bots.load("strong", game, seed=1)
    assert isinstance(bot, ViewBot)
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 3

    bot.should_stop = stop
    with pytest.raises(bots.Cancelled):
        bot.choose(view)
    assert asked == 3
    # the bot decides again once nothing calls it off
    bot.should_stop = None
    assert bot.choose(view) in view["legal"]
