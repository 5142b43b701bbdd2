"""One game between bots: each seat's bot sees only its seat's view."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import kingscourt

from .. import bots as bot_levels


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    rotation: int
    #: bot label per seat, as seated in this game
    seating: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    #: per seat: number of decisions and seconds spent deciding
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """``strong`` or ``strong:iterations=400`` / ``strong:seconds=0.2`` -> (level, budget);
    a value that is no number is a word or true/false (``strong:weighted=true``)."""
    level, _, params = spec.partition(":")
    budget: dict[str, Any] = {}
    for item in filter(None, params.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"bot {spec!r}: write budgets as name=value")
        budget[key] = _value(value)
    return level, budget


def split_bots(text: str) -> list[str]:
    """``--bots``: one bot per seat, separated by commas; a ``name=value`` after a bot with
    budgets is one more budget of it (``strong:iterations=400,seconds=0.5,basic`` is two bots,
    as no level has ``=`` in its name)."""
    labels: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item:
            if not labels or ":" not in labels[-1]:
                raise ValueError(f"{item!r} follows no bot: write a bot's budgets as "
                                 "level:name=value,name=value")
            labels[-1] += f",{item}"
        else:
            labels.append(item)
    return labels


def _value(text: str) -> Any:
    """A budget's value: a number, true/false, or else a word (``method=ismcts``)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def play_game(game_name: str, rules: dict[str, Any], labels: list[str], seed: int,
              rotation: int, setup: dict[str, Any] | None = None) -> GameResult:
    """Plays the deal ``seed`` with the bots rotated ``rotation`` places through the seats."""
    game = kingscourt.load_game(game_name, **rules)
    n = len(labels)
    seating = tuple(labels[(s - rotation) % n] for s in range(n))
    state = game.new_state(seed=seed, players=n, **(setup or {}))
    seats = []
    for s, label in enumerate(seating):
        level, budget = parse_bot(label)
        seats.append(bot_levels.load(level, game, seed=seed * 97 + s, **budget))
    decisions = [0] * n
    seconds = [0.0] * n
    while not state.is_over():
        for seat in state.to_move():
            view = state.view(seat)
            t = time.perf_counter()
            action = seats[seat].choose(view)
            seconds[seat] += time.perf_counter() - t
            decisions[seat] += 1
            state.apply(seat, action)
    return GameResult(seed, rotation, seating, tuple(state.scores()), tuple(state.winners()),
                      tuple(decisions), tuple(seconds))
