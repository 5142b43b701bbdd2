"""``load_game`` and ``replay``: the two entry points into every game."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from ..games import MANIFESTS
from .contract import Game, State
from .errors import ReplayError
from .manifest import GameSpec, resolve

#: Game name -> its package (the registry's names, in its order; nothing is imported).
GAMES: Mapping[str, str] = {name: target.partition(":")[0].rpartition(".")[0]
                            for name, target in MANIFESTS.items()}


@functools.cache
def spec(name: str) -> GameSpec:
    """The manifest of the game ``name``; ValueError for a name the registry does not list."""
    target = MANIFESTS.get(name)
    if target is None:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(MANIFESTS)})")
    found = resolve(target)
    if not isinstance(found, GameSpec) or found.name != name:
        raise TypeError(f"{target} is not the GameSpec of {name!r}")
    return found


def specs() -> tuple[GameSpec, ...]:
    """Every game's manifest, in the registry's order."""
    return tuple(spec(name) for name in MANIFESTS)


def load_game(name: str, **rules: Any) -> Game:
    """The game ``name`` with table rules / variants; unknown names or values raise ValueError."""
    make: Callable[..., Game] = resolve(spec(name).make_game)
    return make(**rules)


#: ``on_step(step, seat, before, state)``: called after each replayed action; ``step`` counts
#: the actions applied (1 for the first), ``before`` is ``to_move()`` as it was before it.
OnStep = Callable[[int, int, list[int], State], None]


def replay(record: Mapping[str, Any], on_step: OnStep | None = None) -> State:
    """The state a game record describes, rebuilt by playing its actions again; ``on_step``
    follows the replay step by step (the server rebuilds its per-seat bookkeeping with it)."""
    if not isinstance(record, Mapping):
        raise ReplayError(f"a record is a JSON object, got {type(record).__name__}")
    for key in ("game", "actions"):
        if key not in record:
            raise ReplayError(f"record has no {key!r}")
    rules = record.get("rules") or {}
    if not isinstance(rules, Mapping):
        raise ReplayError("record 'rules' must be an object")
    try:
        game = load_game(str(record["game"]), **rules)
    except (TypeError, ValueError) as e:
        raise ReplayError(f"record header does not start a game: {e}") from e
    players = record.get("players")
    if not _is_int(players):
        raise ReplayError(f"record 'players' must be a whole number, got {players!r}")
    # without its seed a record would replay into another game wherever chance acts again
    seed = record.get("seed")
    if not _is_int(seed):
        raise ReplayError(f"record 'seed' must be a whole number, got {seed!r}")
    setup = record.get("setup") or {}
    if not isinstance(setup, Mapping):
        raise ReplayError("record 'setup' must be an object")
    try:
        state = game.new_state(players=players, seed=seed, **setup)
    except (TypeError, ValueError) as e:
        raise ReplayError(f"record header does not start a game: {e}") from e
    actions = record["actions"]
    if not isinstance(actions, list):
        raise ReplayError("record 'actions' must be a list")
    for i, entry in enumerate(actions):
        if not (isinstance(entry, list | tuple) and len(entry) == 2
                and _is_int(entry[0]) and isinstance(entry[1], str)):
            raise ReplayError(f"record action {i} must be [seat, text], got {entry!r}")
        seat, text = entry
        before = state.to_move() if on_step is not None else []
        try:
            state.apply(seat, text)
        except ValueError as e:  # IllegalAction, MalformedAction, a seat not of this game
            raise ReplayError(f"record action {i} (seat {seat}: {text!r}) does not replay: {e}") from e
        if on_step is not None:
            on_step(i + 1, seat, before, state)
    return state


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
