"""The learned network's likelihood of the other seats' plays (:mod:`kingscourt.games.king.bots.likelihood`):
computed in one batch from one seat's view, it equals the network's chance of each play read
from the view the playing seat really had, over the basic policy's likelihood as the world
chains weigh it."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import kingscourt
from kingscourt.games.king.bots.basic import KingBasicBot
from kingscourt.games.king.bots.learned import network
from kingscourt.games.king.bots.likelihood import PlayLikelihood, weights
from kingscourt.games.king.bots.sim import WorldFit, hands_of
from kingscourt.games.king.bots.strong import KingStrongBot
from kingscourt.games.king.cards import CARD_OF_TEXT
from kingscourt.games.king.contracts import CONTRACT_OF_ID

EPSILON = 0.1
MISS, KEEP = 0.5, 4.5


def _positions(rules: dict[str, object], seed: int) -> list[tuple[dict, list[tuple[dict, int]], list[int]]]:
    """Positions of seat 0's turn in the play (from the second trick on) with every view each
    seat had before each play of the deal so far, and the true hands."""
    game = kingscourt.load_game("king", **rules)
    rng = random.Random(seed)
    basic = KingBasicBot(game, seed=1)
    state = game.new_state(seed=seed)
    out = []
    plays: list[tuple[dict, int]] = []
    while not state.is_over() and len(out) < 6:
        seat = state.to_move()[0]
        view = state.view(seat)
        if view["phase"] == "choose":
            state.apply(seat, rng.choice(view["legal"]))
            plays = []
            continue
        if seat == 0 and view["tricks"] and len(view["legal"]) > 1 and rng.random() < 0.3:
            out.append((view, list(plays), hands_of([state.hand(s) for s in range(4)])))
        card = rng.choice(view["legal"]) if rng.random() < 0.4 else basic.choose(view)
        plays.append((view, CARD_OF_TEXT[card.split()[1]]))
        state.apply(seat, card)
    return out


@pytest.mark.parametrize("rules", [{}, {"must_beat": "all", "heart_lead_ban": "all-penalty"}])
def test_the_batch_equals_the_network_read_from_each_seats_own_view(
        rules: dict[str, object]) -> None:
    game = kingscourt.load_game("king", **rules)
    net = network(game)
    checked = 0
    for view, plays, hands in _positions(rules, seed=40):
        row = next(r for r in view["choices"] if r["deal"] == view["deal"])
        kind = int(CONTRACT_OF_ID[row["contract"]])
        trump = "SHDC".index(row["trump"]) if row["trump"] else -1
        # what the network says of each play, from the view its seat really had
        expected = 0.0
        for seen, card in plays:
            legal = [CARD_OF_TEXT[a.split()[1]] for a in seen["legal"]]
            if seen["seat"] == view["seat"] or len(legal) < 2:
                continue
            scores = net.scores(seen).astype(np.float64)
            top = max(scores[c] for c in legal)
            total = sum(math.exp(scores[c] - top) for c in legal)
            chance = math.exp(scores[card] - top) / total
            expected += math.log((1 - EPSILON) * chance + EPSILON / len(legal))
            checked += 1
        seats = [seen["seat"] for seen, _c in plays]
        cards = [c for _s, c in plays]
        played_by = [0, 0, 0, 0]
        for s, c in zip(seats, cards, strict=True):
            played_by[s] |= 1 << c
        basic = WorldFit(game.rules, seats, cards, played_by, row["seat"], kind, trump,
                         view["seat"], MISS, KEEP, None).log_weight(hands)
        # the world chains' fit, the chooser's contract model included (the ratio leaves it out)
        choice = (KingStrongBot._choice_model(view, kind, trump) if row["seat"] != view["seat"]
                  else None)
        fit = WorldFit(game.rules, seats, cards, played_by, row["seat"], kind, trump,
                       view["seat"], MISS, KEEP, choice)
        lik = PlayLikelihood(net, view, fit, epsilon=EPSILON)
        # the true world, twice in one batch: each world's plays are summed apart
        got = lik.log_ratios([hands, hands])
        assert got[0] == pytest.approx(expected - basic, abs=1e-3)
        assert got[1] == pytest.approx(got[0], abs=1e-6)
    assert checked >= 20


def test_weights_are_the_ratios_to_a_power_the_largest_one() -> None:
    assert weights([0.0, -math.log(4.0), 1.0], 0.5) == pytest.approx(
        [math.exp(-0.5), math.exp(-0.5) / 2, 1.0])
    assert weights([], 1.0) == []


def test_the_strong_bot_reweighs_its_worlds_only_when_asked() -> None:
    game = kingscourt.load_game("king")
    budget = {"iterations": 96, "chain": 120, "choice_worlds": 40}
    view = _positions({}, seed=41)[2][0]
    plain = KingStrongBot(game, seed=5, **budget)
    off = KingStrongBot(game, seed=5, net_likelihood=0, **budget)
    assert plain.analyse(view) == off.analyse(view)
    on = KingStrongBot(game, seed=5, net_likelihood=1, **budget)
    on.analyse(view)
    # some worlds weigh less than the heaviest, none is dropped outright
    assert 1.0 <= on.last_effective < 96 / len(view["legal"]) + 1
    with pytest.raises(ValueError, match="net_likelihood"):
        KingStrongBot(game, net_likelihood=-1)
