"""Every card of the set is in exactly one place at every step of many seeded games."""

from __future__ import annotations

import random

import pytest

from kingscourt.games.kukakoenig import KukakoenigState
from kingscourt.games.kukakoenig.cards import TOTAL

from .helpers import GAME


def check(state: KukakoenigState) -> None:
    places = state.card_places()
    everything = sorted(c for cards in places.values() for c in cards)
    assert everything == list(range(TOTAL))
    view = state.view(None)
    assert sum(map(len, view["rows"])) + sum(map(len, view["collections"])) + view["pile"] \
        + len(view["box"]) + view["box_unseen"] == TOTAL


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_are_conserved(players: int) -> None:
    special = 0
    for seed in range(25):
        # every fifth game everyone names the first row with cards: the special case each round
        sticky = 1.0 if seed % 5 == 0 else 0.3
        state = GAME.new_state(players=players, seed=seed)
        assert isinstance(state, KukakoenigState)
        rng = random.Random(seed)
        check(state)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            # a mix of sticky and random picks, so that collisions and the special case come up
            legal = state.legal_actions(seat)
            state.apply(seat, legal[0] if rng.random() < sticky else rng.choice(legal))
            check(state)
        assert [s["name"] for s in state.view(None)["scorings"]][-1] in ("second", "final")
        special += sum(e["kind"] == "empty-handed" for e in state.view(None)["log"])
    assert special > 0
