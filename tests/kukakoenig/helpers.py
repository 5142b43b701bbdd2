"""Scenario helpers: explicit decks in card names, picks by seat, the card set's leftovers."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence

import kingscourt
from kingscourt.bots import Bot
from kingscourt.engine import Event, State
from kingscourt.games.kukakoenig import TYPES, KukakoenigState
from kingscourt.games.kukakoenig.table import REMOVED

GAME = kingscourt.load_game("kukakoenig")


def deck(*rows: str, pile: str = "", fill: int = 0) -> list[str]:
    """Rows of three (``"king knight sheep"``, outermost last), then the pile (top first),
    then ``fill`` more cards: what is left of the card set, in the card-set file's order."""
    out = [c for r in rows for c in r.split()] + pile.split()
    return out + rest_of_set(out)[:fill]


def rest_of_set(used: list[str]) -> list[str]:
    left = Counter({t.name: t.copies for t in TYPES})
    left.subtract(Counter(used))
    return [t.name for t in TYPES for _ in range(left[t.name])]


def new(players: int, cards: list[str], seed: int = 1) -> KukakoenigState:
    """A state with ``cards`` in play: the rulebook's ``deck`` at full size, else the testing aid."""
    full = len(cards) == len(rest_of_set([])) - REMOVED[players]
    state = GAME.new_state(players=players, seed=seed, **{"deck" if full else "testing_deck": cards})
    assert isinstance(state, KukakoenigState)
    return state


def call(state: State, picks: Mapping[int, int]) -> list[Event]:
    """Every seat of ``picks`` names its row (1-based), in seat order; all events."""
    events: list[Event] = []
    for seat in sorted(picks):
        events += state.apply(seat, f"row {picks[seat]}")
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def all_views(state: State) -> list[object]:
    return [state.view(s) for s in [None, *range(state.num_players)]]


def mid_game(players: int, seed: int = 8, rounds: int = 3) -> KukakoenigState:
    """A seeded game played at random until round ``rounds`` is complete."""
    state = GAME.new_state(players=players, seed=seed)
    assert isinstance(state, KukakoenigState)
    rng = random.Random(seed)
    while state.view(None)["round"] <= rounds:
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def play_out(state: State, bots: Sequence[Bot]) -> None:
    """Plays to the end, each bot choosing from a JSON copy of its view, always legally."""
    while not state.is_over():
        for seat in state.to_move():
            view = json.loads(json.dumps(state.view(seat)))
            choice = bots[seat].choose(view)
            assert choice in view["legal"]
            state.apply(seat, choice)
    assert state.winners()
