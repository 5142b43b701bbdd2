"""The Ku-Ka-König game object: states from a seed or from an explicit deck."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, Game
from .cards import TOTAL, allocate, names
from .rules import KukakoenigRules
from .state import ROW_ACTIONS, KukakoenigState, derived_rng, parse
from .table import REMOVED, ROW_SIZE, ROWS


class KukakoenigGame(Game):
    name: ClassVar[str] = "kukakoenig"
    title: ClassVar[str] = "Ku-Ka-König"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    dynamics: ClassVar[str] = "simultaneous"
    rules: KukakoenigRules

    def rows_for(self, players: int) -> int:
        return ROWS[players]

    def new_state(self, *, players: int | None = None, seed: int | None = None,
                  deck: Sequence[str] | str | None = None, **setup: Any) -> KukakoenigState:
        """A new match for 2-4 players (4 if not given). ``deck`` fixes the cards in play, top
        first: row 1 gets the first three (the third outermost), row 2 the next three, and so
        on; the rest is the draw pile. Cards of the set not in ``deck`` lie unseen in the box."""
        if setup:
            raise ValueError(f"kukakoenig: unknown setup {', '.join(sorted(setup))} (known: deck)")
        if players is None:
            players = self.max_players
        if isinstance(players, bool) or players not in ROWS:
            raise ValueError(f"Ku-Ka-König is played by 2 to 4 players, not {players!r}")
        if seed is None:
            seed = random.randrange(2**48)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        rows = ROWS[players]
        record_setup: JSON = {}
        if deck is None:
            cards = list(range(TOTAL))
            derived_rng(seed, "deal").shuffle(cards)
            # With 3 players 10 cards, with 2 players 32 are counted out unseen.
            unseen, in_play = cards[:REMOVED[players]], cards[REMOVED[players]:]
        else:
            if isinstance(deck, str):
                deck = deck.split()
            in_play = allocate(deck)
            if len(in_play) < ROW_SIZE * rows:
                raise ValueError(f"deck: {len(in_play)} cards cannot fill {rows} rows of "
                                 f"{ROW_SIZE}")
            used = set(in_play)
            unseen = [c for c in range(TOTAL) if c not in used]
            record_setup = {"deck": names(in_play)}
        return KukakoenigState(self, players, seed, in_play, unseen, record_setup)

    def sample_world(self, view: JSON, rng: random.Random) -> KukakoenigState:
        from .world import sample_world

        return sample_world(self, view, rng)

    def parse_action(self, text: str) -> Action:
        return ROW_ACTIONS[parse(text)]
