"""King's sampled worlds are uniform among the deals consistent with the view (χ² over every
consistent deal of small positions late in a deal, voids included)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

import kingscourt
from kingscourt.games.king.cards import ALL, parse_hand
from kingscourt.games.king.world import lacks

GAME = kingscourt.load_game("king")


def _late_position(seed: int, cards_left: int) -> tuple[kingscourt.State, int]:
    state = GAME.new_state(seed=seed)
    rng = random.Random(seed)
    while True:
        seat = state.to_move()[0]
        view = state.view(seat)
        if view["phase"] == "play" and sum(view["hand_sizes"]) == cards_left + view["hand_sizes"][seat]:
            return state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _consistent_deals(view: dict[str, object]) -> list[tuple[int, ...]]:
    """Every assignment of the unseen cards to the other seats that the view allows."""
    seat = int(view["seat"])  # type: ignore[call-overload]
    lack = lacks(GAME, view)  # type: ignore[arg-type]
    unseen = ALL & ~parse_hand(view["hand"]) & ~parse_hand(view["played"])  # type: ignore[arg-type]
    cards = [c for c in range(52) if unseen >> c & 1]
    others = [s for s in range(4) if s != seat]
    sizes = view["hand_sizes"]
    out = []
    for owners in itertools.product(others, repeat=len(cards)):
        if any(lack[s] >> c & 1 for c, s in zip(cards, owners, strict=True)):
            continue
        if all(owners.count(s) == sizes[s] for s in others):  # type: ignore[index]
            out.append(owners)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_sampled_worlds_draw_every_consistent_deal_equally_often(seed: int) -> None:
    state, seat = _late_position(seed, cards_left=8)
    view = state.view(seat)
    deals = _consistent_deals(view)
    assert 2 <= len(deals) <= 600
    seat_cards = sorted(c for c in range(52)
                        if (ALL & ~parse_hand(view["hand"]) & ~parse_hand(view["played"])) >> c & 1)
    rng = random.Random(seed)
    seen: Counter[tuple[int, ...]] = Counter()
    draws = 150 * len(deals)  # the greedy sampler this replaced: p < 1e-6 here
    for _ in range(draws):
        world = GAME.sample_world(view, rng)
        owners = []
        for c in seat_cards:
            (holder,) = [s for s in range(4) if world._hands[s] >> c & 1]  # type: ignore[attr-defined]
            owners.append(holder)
        seen[tuple(owners)] += 1
    assert set(seen) <= set(deals), "a sampled world the view rules out"
    result = chisquare([seen[d] for d in deals])
    assert result.pvalue > 1e-3, (result, len(deals))
