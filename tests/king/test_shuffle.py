"""The deals come from the match's random stream exactly as ``random.shuffle`` would draw them
(the engine shuffles the pack itself, faster, by the same draws): seeded games stay the games
their records and the golden playthroughs say."""

from __future__ import annotations

import random

from kingscourt.games.king.state import _BITS, shuffled_pack


def test_the_pack_is_shuffled_by_the_same_draws_as_random_shuffle() -> None:
    for seed in range(300):
        mine, theirs = random.Random(seed), random.Random(seed)
        for _ in range(3):  # deal after deal from one stream
            deck = list(_BITS)
            theirs.shuffle(deck)
            assert shuffled_pack(mine) == deck
        assert mine.getstate() == theirs.getstate()
