"""Scenario set-up in King's notation: four hands (PBN ``S.H.D.C`` or card lists), a
contract named by its chooser, then the plays in order."""

from __future__ import annotations

from typing import Any

import kingscourt
from kingscourt.games.king import KingState

# The base deal: seat 0 holds 2D and so chooses and leads; all four queens are seat 1's.
BASE = [
    "A54.32.65432.432",
    "KQ32.KQ.AKQ.AKQJ",
    "JT9.AJT98.JT9.T9",
    "876.7654.87.8765",
]


def start(hands: list[str], contract: str | None = None, plays: str = "",
          **rules: Any) -> KingState:
    game = kingscourt.load_game("king", **rules)
    state = game.new_state(seed=0, deal=hands)
    if contract is not None:
        state.apply(state.to_move()[0], f"choose {contract}")
    play(state, plays)
    return state


def play(state: KingState, plays: str) -> None:
    for card in plays.split():
        state.apply(state.to_move()[0], f"play {card}")


def legal(state: KingState) -> list[str]:
    return sorted(a.removeprefix("play ") for a in state.legal_actions(state.to_move()[0]))


def cards(text: str) -> list[str]:
    return sorted(text.split())


def finish_deal(state: KingState) -> None:
    """Plays the current deal to its end with each seat's first legal card."""
    deal = state.view(None)["deal"]
    while not state.is_over() and state.view(None)["deal"] == deal:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
