"""Uniform dealing under constraints: every consistent deal equally likely (χ² against a
brute-force enumeration of the deals)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from kingscourt.engine.dealing import NoConsistentDeal, deal_uniformly

ALLOWED = {0: (1, 2), 1: (2, 3), 2: (1,), 3: (1, 2, 3), 4: (1, 2, 3), 5: (3, 2), 6: (1, 2, 3)}
NEED = {1: 3, 2: 2, 3: 2}


def _all_deals() -> list[tuple[int, ...]]:
    cards = sorted(ALLOWED)
    out = []
    for seats in itertools.product(*(ALLOWED[c] for c in cards)):
        if Counter(seats) == Counter({s: n for s, n in NEED.items()}):
            out.append(seats)
    return out


def test_every_consistent_deal_is_equally_likely() -> None:
    deals = _all_deals()
    assert len(deals) > 10
    rng = random.Random(7)
    draws = 400 * len(deals)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(draws):
        owner = deal_uniformly(list(ALLOWED), NEED, ALLOWED.__getitem__, rng)
        seen[tuple(owner[c] for c in sorted(ALLOWED))] += 1
    assert set(seen) <= set(deals)
    observed = [seen[d] for d in deals]
    result = chisquare(observed)
    # 400 draws per deal: a skewed sampler (shares off by a fifth) gives p far below 1e-6
    assert result.pvalue > 1e-3, (result, len(deals))


def test_no_consistent_deal_is_said() -> None:
    with pytest.raises(NoConsistentDeal):
        deal_uniformly([0, 1], {1: 1, 2: 1}, lambda c: (1,), random.Random(1))
