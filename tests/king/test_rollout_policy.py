"""The strong bot's learned rollout policy (:func:`kingscourt.games.king.bots.sim.learned_card`):
what it reads of a card, that it plays the card its weights score highest, and the shipped
weights (``tools/king_rollout.py``)."""

from __future__ import annotations

import random

import pytest

import kingscourt
from kingscourt.games.king.bots.sim import (
    N_FEATURES,
    ROLLOUT_FEATURES,
    Deal,
    basic_card,
    card_features,
    hands_of,
    learned_card,
    play_out,
    policies,
)
from kingscourt.games.king.bots.strong import KingStrongBot, rollout_weights
from kingscourt.games.king.cards import CARD_OF_TEXT, parse_hand
from kingscourt.games.king.contracts import Contract


def _features(d: Deal, card: str) -> dict[str, float]:
    c = CARD_OF_TEXT[card]
    return dict(zip(ROLLOUT_FEATURES, card_features(d, c, basic_card(d, d.legal())),
                    strict=True))


def test_what_the_policy_reads_of_a_card_in_a_rifki_trick() -> None:
    game = kingscourt.load_game("king")
    hands = [parse_hand(h) for h in ("5S 2H 9C", "3S AH 9D", "KH TD 8D", "6S JH 7C")]
    d = Deal.start(game.rules, hands, 0, int(Contract.RIFKI))
    d.play(CARD_OF_TEXT["5S"])
    d.play(CARD_OF_TEXT["3S"])
    # seat 2 has no spade: it must give up the King of Hearts (Rıfkı's penalty card)
    assert d.legal() == parse_hand("KH")
    kh = _features(d, "KH")
    assert kh["penalty"] == 1.0 and kh["wins"] == 0.0 and kh["penalty_wins"] == 0.0
    assert kh["heart"] == 1.0 and kh["follows"] == 0.0 and kh["basic"] == 1.0
    # hearts neither played nor its own (the cards in no hand of this small deal too): the
    # Ace above it, the eleven from 2 to Queen below; the King is not the boss
    assert kh["unseen_above"] == pytest.approx(1 / 12)
    assert kh["unseen_below"] == pytest.approx(11 / 12)
    assert kh["suit_out"] == pytest.approx(12 / 12)
    assert kh["boss"] == 0.0 and kh["lowest"] == 1.0 and kh["penalty_out"] == 0.0
    d.play(CARD_OF_TEXT["KH"])
    six = _features(d, "6S")
    # the last card wins the trick and takes the King with it
    assert six["follows"] == six["last"] == six["wins"] == six["wins_last"] == 1.0
    assert six["taken_penalty"] == 1.0 and six["penalty"] == 0.0


def _positions(count: int) -> list[Deal]:
    game = kingscourt.load_game("king")
    rng = random.Random(3)
    state = game.new_state(seed=8)
    out = []
    while len(out) < count:
        seat = state.to_move()[0]
        view = state.view(seat)
        if view["phase"] == "play" and len(view["legal"]) > 1:
            out.append(Deal.from_view(game.rules, view, hands_of(
                [state.hand(s) for s in range(4)])))
        state.apply(seat, rng.choice(view["legal"]))
    return out


def test_the_policy_plays_the_card_its_weights_score_highest() -> None:
    positions = _positions(80)
    only = {name: [0.0] * N_FEATURES * len(Contract) for name in ("basic", "rank")}
    for k in range(len(Contract)):
        only["basic"][k * N_FEATURES + ROLLOUT_FEATURES.index("basic")] = 1.0
        only["rank"][k * N_FEATURES + ROLLOUT_FEATURES.index("rank")] = 1.0
    for d in positions:
        legal = d.legal()
        assert learned_card(d, legal, policies(only["basic"])) == basic_card(d, legal)
        top = learned_card(d, legal, policies(only["rank"]))
        assert legal >> top & 1
        assert top % 13 == max(c % 13 for c in range(52) if legal >> c & 1)


def test_the_policy_scores_the_features_it_is_fitted_on() -> None:
    # learned_card computes the features inline for speed: its card is the argmax of the
    # weights times card_features, for any weights
    rng = random.Random(5)
    positions = _positions(150)
    for trial in range(4):
        weights = [rng.gauss(0, 1) for _ in range(N_FEATURES * len(Contract))]
        for d in positions:
            legal = d.legal()
            habit = basic_card(d, legal)
            w = weights[d.kind * N_FEATURES:(d.kind + 1) * N_FEATURES]
            scored = {c: sum(a * b for a, b in zip(w, card_features(d, c, habit), strict=True))
                      for c in range(52) if legal >> c & 1}
            best = max(scored, key=lambda c: (scored[c], -c))
            assert learned_card(d, legal, policies(weights)) == best, trial


def test_the_shipped_weights_play_legal_deals_to_their_end() -> None:
    weights = rollout_weights()
    assert len(weights) == N_FEATURES * len(Contract)
    for d in _positions(20):
        play_out(d, policies(weights))
        assert d.done
    game = kingscourt.load_game("king")
    with pytest.raises(ValueError, match="rollout"):
        KingStrongBot(game, rollout="network")
