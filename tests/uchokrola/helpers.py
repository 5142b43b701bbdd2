"""Scenario helpers: an explicit position, and answers played by whoever is to move."""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import kingscourt
from kingscourt.games.uchokrola import UchoState
from kingscourt.games.uchokrola.tasks import Task
from kingscourt.games.uchokrola.turn import ACTION

#: per state: actions the engine took unasked for an empty hand (``draw``, its only answer)
#: not yet matched by a ``draw`` of a scenario
_DRAWN: weakref.WeakKeyDictionary[UchoState, int] = weakref.WeakKeyDictionary()


@contextmanager
def _counting_draws() -> Iterator[None]:
    # counts each action the engine takes for a seat with an empty hand, per state
    unasked = ACTION.unasked
    assert unasked is not None

    def counted(st: UchoState, task: Task) -> None:
        _DRAWN[st] = _DRAWN.get(st, 0) + 1
        unasked(st, task)

    object.__setattr__(ACTION, "unasked", counted)
    try:
        yield
    finally:
        object.__setattr__(ACTION, "unasked", unasked)

CHARS = ["Madame du Barry", "Hrabia de La Fare", "Baron de Chantal", "Biskup Vannes",
         "Hrabina de Vardes", "Hrabina de Bragelonne"]


def position(players: int = 2, *, chars: list[list[str]] | None = None,
             hands: list[list[str]] | None = None, deck: list[str] | None = None,
             discard: list[str] | None = None, displays: list[list[str]] | None = None,
             prestige: list[list[str]] | None = None, start: int = 0,
             simplified: bool = True, seed: int = 1, **variants: Any) -> UchoState:
    """A position; by default the Simplified variant, so no ability interferes."""
    game = kingscourt.load_game("uchokrola", simplified=simplified, **variants)
    setup: dict[str, Any] = {
        "characters": chars or [[c] for c in CHARS[:players]],
        "hands": hands or [[] for _ in range(players)],
        "deck": deck if deck is not None else ["Kuzyneczka"] * 6,
        "discard": discard if discard is not None else ["Podszepty"],
        "start": start,
    }
    if displays is not None:
        setup["displays"] = displays
    if prestige is not None:
        setup["prestige"] = prestige
    with _counting_draws():
        state = game.new_state(players=players, seed=seed, **setup)
    assert isinstance(state, UchoState)
    return state


def _passes(state: UchoState) -> int:
    return sum(state.log_for(s).count("You let it pass.") for s in range(state.n))


#: per state: riposte windows the engine passed unasked (an empty hand) not yet matched by a
#: ``pass`` of a scenario
_UNASKED: weakref.WeakKeyDictionary[UchoState, int] = weakref.WeakKeyDictionary()


def play(state: UchoState, *actions: str) -> None:
    """Each action by the seat to move. A ``pass`` given for a riposte window that the engine
    passed unasked (an empty hand: its only answer) is skipped, and only then. So is a
    ``draw`` given next after the engine drew for an empty hand (its only action); any other
    action first means the scenario already left that draw out (a scenario that means a later
    seat's ``draw`` right after one calls ``state.apply``)."""
    for text in actions:
        unasked = _UNASKED.get(state, 0)
        if text == "pass" and unasked and (state.is_over() or "pass" not in legal(state)):
            _UNASKED[state] = unasked - 1
            continue
        drawn = _DRAWN.get(state, 0)
        if drawn:
            if text == "draw":
                _DRAWN[state] = drawn - 1
                continue
            _DRAWN[state] = 0
        seat = state.to_move()[0]
        before = _passes(state)
        asked = text == "pass" and bool(state.stack) and state.stack[-1].kind.id == "riposte"
        with _counting_draws():
            state.apply(seat, text)
        _UNASKED[state] = unasked + _passes(state) - before - asked


def hand(state: UchoState, seat: int) -> Counter[str]:
    return Counter(state.view(seat)["hand"])


def mover(state: UchoState) -> int:
    return state.to_move()[0]


def legal(state: UchoState) -> list[str]:
    return [str(a) for a in state.legal_actions(mover(state))]
