"""The Ku-Ka-König game object: states from a seed or from an explicit deck."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, Game
from .cards import TOTAL, allocate, names
from .notation import ROW_ACTIONS, parse
from .rules import KukakoenigRules
from .state import KukakoenigState, derived_rng
from .table import REMOVED, ROW_SIZE, ROWS
from .view_types import KukakoenigView


class KukakoenigGame(Game):
    name: ClassVar[str] = "kukakoenig"
    title: ClassVar[str] = "Ku-Ka-König"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    view_type: ClassVar[type[KukakoenigView]] = KukakoenigView
    dynamics: ClassVar[str] = "simultaneous"
    rules: KukakoenigRules

    def rows_for(self, players: int) -> int:
        return ROWS[players]

    def new_state(self, *, players: int | None = None, seed: int | None = None,
                  deck: Sequence[str] | str | None = None,
                  testing_deck: Sequence[str] | str | None = None, **setup: Any) -> KukakoenigState:
        """A new match for 2-4 players (4 if not given). ``deck`` fixes the cards in play, top
        first: row 1 gets the first three (the third outermost), row 2 the next three, and so
        on; the rest is the draw pile. It holds as many cards as the rulebook plays with for the
        player count (80, 102 or 112); the cards of the set not in it lie unseen in the box.

        ``testing_deck`` is a testing aid: a deck of any size that fills the rows, so that a
        scenario can reach the last round in a few picks."""
        if setup:
            raise ValueError(f"kukakoenig: unknown setup {', '.join(sorted(setup))} "
                             "(known: deck, testing_deck)")
        if deck is not None and testing_deck is not None:
            raise ValueError("deck: give either deck or testing_deck, not both")
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
        if deck is None and testing_deck is None:
            cards = list(range(TOTAL))
            derived_rng(seed, "deal").shuffle(cards)
            # With 3 players 10 cards, with 2 players 32 are counted out unseen.
            unseen, in_play = cards[:REMOVED[players]], cards[REMOVED[players]:]
        else:
            key = "deck" if deck is not None else "testing_deck"
            given = deck if deck is not None else testing_deck
            assert given is not None
            in_play = allocate(given.split() if isinstance(given, str) else given)
            size = TOTAL - REMOVED[players]
            if key == "deck" and len(in_play) != size:
                # rulebook, Setup: all 112 cards with 4 players, 10 and 32 counted out with 3 and 2
                raise ValueError(f"deck: Ku-Ka-König with {players} players plays with {size} "
                                 f"cards, got {len(in_play)} (testing_deck= takes a short deck)")
            if len(in_play) < ROW_SIZE * rows:
                raise ValueError(f"{key}: {len(in_play)} cards cannot fill {rows} rows of "
                                 f"{ROW_SIZE}")
            used = set(in_play)
            unseen = [c for c in range(TOTAL) if c not in used]
            record_setup = {key: names(in_play)}
        return KukakoenigState(self, players, seed, in_play, unseen, record_setup)

    def sample_world(self, view: JSON, rng: random.Random) -> KukakoenigState:
        from .world import sample_world

        return sample_world(self, view, rng)

    def parse_action(self, text: str) -> Action:
        return ROW_ACTIONS[parse(text)]
