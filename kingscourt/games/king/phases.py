"""The phases of a King deal: choosing the contract, playing the tricks, the match over."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    CHOOSE = 0
    PLAY = 1
    OVER = 2


PHASE_NAMES: Final = ("choose", "play", "over")
# plain ints on the hot path (IntEnum comparisons cost more; the compiled core inlines these)
CHOOSE: Final = 0
PLAY: Final = 1
OVER: Final = 2
assert tuple(Phase) == (CHOOSE, PLAY, OVER)
