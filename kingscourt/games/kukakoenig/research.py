"""Ku-Ka-König for the research bridges (OpenSpiel, PettingZoo): its 9 action numbers, its
length, its table as text and its chance model.

Action numbers: ``row N`` is ``N-1`` (``0..7``); ``wait`` (8) is the no-op of a seat that does
not pick at a simultaneous node. Length: at most 2 × 112 calls (each call takes or burns a card
of the rows, and a card enters the rows at most twice: from the pile, and once from the
shuffled box).
"""

from __future__ import annotations

import random

from ...engine import JSON, Game, State
from ...interop.chance import Draw, Step, seed_draw, seed_of
from ...interop.vocabulary import Vocabulary
from .cards import TOTAL, names
from .game import KukakoenigGame
from .state import KukakoenigState
from .table import MAX_ROWS, REMOVED

#: the no-op of a seat that does not pick at a simultaneous node
NOOP = "wait"
MAX_CALLS = 2 * 112


def texts() -> list[str]:
    return [f"row {n}" for n in range(1, MAX_ROWS + 1)] + [NOOP]


VOCABULARY = Vocabulary(texts())


def vocabulary(game: Game) -> Vocabulary:
    return VOCABULARY


def max_length(game: Game, max_moves: int) -> int:
    return MAX_CALLS


def render(v: JSON) -> list[str]:
    """The table as a view shows it, in lines of text."""
    lines = [f"Ku-Ka-König · round {v['round']} (half {v['half']}"
             f"{', last round' if v['last_round'] else ''}) · call {v['call']} · pile {v['pile']}"]
    for i, row in enumerate(v["rows"]):
        lines.append(f"  row {i + 1}: {' '.join(row) or '-'}")
    for s, coll in enumerate(v["collections"]):
        mark = " (picked)" if s in v["picked"] else ""
        lines.append(f"  player_{s}{mark}: {' '.join(coll) or '-'}")
    if v["my_pick"] is not None:
        lines.append(f"  your pick: row {v['my_pick']}")
    return lines


class KukakoenigChance:
    """Ku-Ka-König's chance model: the cards in play dealt one chance node each, top first
    (the rest lie unseen in the box), then 8 bytes of seed for the box's shuffle when the
    pile runs out (:mod:`kingscourt.interop.chance`)."""

    outcomes = 256

    def __init__(self, game: Game, players: int) -> None:
        assert isinstance(game, KukakoenigGame)
        self.game = game
        self.players = players
        self._opening = (Draw(tuple(range(TOTAL)), TOTAL - REMOVED[players]), seed_draw())

    def describe(self, outcome: int) -> str:
        if outcome < TOTAL:
            return f"card {names([outcome])[0]} (or seed byte {outcome})"
        return f"seed byte {outcome}"

    def opening(self) -> tuple[Draw, ...]:
        return self._opening

    def start(self, drawn: list[list[int]]) -> State:
        deck, seed = drawn
        used = set(deck)
        unseen = [c for c in range(TOTAL) if c not in used]
        return KukakoenigState(self.game, self.players, seed_of(seed), list(deck), unseen,
                               {"deck": names(deck)})

    def pending(self, inner: State) -> tuple[Draw, ...]:
        return ()

    def resume(self, inner: State, drawn: list[list[int]]) -> None:
        raise AssertionError("Ku-Ka-König draws nothing after the opening")

    def resample(self, history: list[Step], player: int,
                 rng: random.Random) -> list[Step] | None:
        return None


def chance(game: Game, players: int) -> KukakoenigChance:
    return KukakoenigChance(game, players)
