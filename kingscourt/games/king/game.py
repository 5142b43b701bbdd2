"""The King game object: table rules fixed, states made from a seed or an explicit deal."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, Game
from .cards import parse_hand, texts
from .notation import ACTION_OF_CODE, parse
from .rules import KingRules
from .state import KingState, check_deal
from .view_types import KingResult, KingView


class KingGame(Game):
    name: ClassVar[str] = "king"
    title: ClassVar[str] = "King"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    view_type: ClassVar[type[KingView]] = KingView
    result_type: ClassVar[type[KingResult]] = KingResult
    rules: KingRules

    def new_state(self, *, players: int | None = None, seed: int | None = None,
                  deal: Sequence[str | Iterable[str]] | None = None, **setup: Any) -> KingState:
        """A new match. ``deal`` fixes the first deal's four hands (13 cards each, as a list or
        a space-separated string); later deals come from ``seed``."""
        if setup:
            raise ValueError(f"king: unknown setup {', '.join(sorted(setup))} (known: deal)")
        if players not in (None, 4):
            raise ValueError(f"King is played by 4 players, not {players}")
        if seed is None:
            seed = random.randrange(2**48)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        hands = None
        record_setup: JSON = {}
        if deal is not None:
            if isinstance(deal, str) or len(deal) != 4:
                n = "a string" if isinstance(deal, str) else f"{len(deal)} hands"
                raise ValueError(f"deal: a King deal has 4 hands (lists or strings), got {n}")
            hands = [parse_hand(h) for h in deal]
            check_deal(hands)
            record_setup = {"deal": [" ".join(texts(h)) for h in hands]}
        return KingState(self, seed, hands, record_setup)

    def sample_world(self, view: JSON, rng: random.Random) -> KingState:
        from .world import sample_world

        return sample_world(self, view, rng)

    def parse_action(self, text: str) -> Action:
        return ACTION_OF_CODE[parse(text)]
