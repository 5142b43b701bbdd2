"""The phases of a King deal: choosing the contract, playing the tricks, the match over."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    CHOOSE = 0
    PLAY = 1
    OVER = 2


PHASE_NAMES = ("choose", "play", "over")
# plain ints on the hot path (IntEnum comparisons cost more)
CHOOSE, PLAY, OVER = int(Phase.CHOOSE), int(Phase.PLAY), int(Phase.OVER)
