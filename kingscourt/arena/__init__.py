"""Bot-vs-bot matches on duplicate deals: results with confidence intervals, JSON, plots."""

from __future__ import annotations

from .checks import ArenaError
from .duplicate import ArenaResult, BotResult, Margin, run_arena
from .match import GameResult, play_game

__all__ = ["ArenaError", "ArenaResult", "BotResult", "GameResult", "Margin", "play_game", "run_arena"]
