"""The bots' deal simulator (:mod:`kingscourt.games.king.bots.sim`) against the engine: the same
legal cards at every step, the same points at the end of every deal, the ``basic`` bot's
cards, under every table rule that changes the play."""

from __future__ import annotations

import random

import pytest

import kingscourt
from kingscourt.games.king.bots.basic import KingBasicBot
from kingscourt.games.king.bots.sim import Deal, basic_card, hands_of
from kingscourt.games.king.cards import CARD_OF_TEXT, parse_hand
from kingscourt.games.king.contracts import CONTRACT_OF_ID

RULES = [
    {},
    {"must_beat": "all", "heart_lead_ban": "all-penalty"},
    {"must_beat": "trump", "trump_lead_after_break": True, "rifki_void": "any-heart"},
]


@pytest.mark.parametrize("rules", RULES)
def test_the_simulator_plays_by_the_engines_rules(rules: dict[str, object]) -> None:
    game = kingscourt.load_game("king", **rules)
    rng = random.Random(11)
    basic = KingBasicBot(game, seed=1)
    for match in range(3):
        state = game.new_state(seed=100 + match)
        deal: Deal | None = None
        deal_no = -1
        while not state.is_over():
            seat = state.to_move()[0]
            view = state.view(seat)
            hands = hands_of([state.hand(s) for s in range(4)])
            if view["phase"] == "choose":
                action = rng.choice(view["legal"])
                state.apply(seat, action)
                after = state.view(None)
                kind = int(CONTRACT_OF_ID[after["contract"]])
                trump = "SHDC".index(after["trump"]) if after["trump"] else -1
                deal = Deal.start(game.rules, hands, seat, kind, trump)
                deal_no = state.view(None)["deal"]
                continue
            assert deal is not None
            fresh = Deal.from_view(game.rules, view, hands)
            legal = parse_hand([a.split()[1] for a in view["legal"]])
            assert deal.legal() == legal
            assert fresh.legal() == legal
            assert deal.turn == fresh.turn == seat
            assert fresh.points == deal.points == view["deal_points"]
            rep = deal.distinct(legal)
            assert rep & legal == rep and rep
            for s in range(4):
                assert bool(rep >> (13 * s) & 0x1FFF) == bool(legal >> (13 * s) & 0x1FFF)
            assert basic_card(deal, legal) == CARD_OF_TEXT[basic.choose(view).split()[1]]
            card = rng.choice(view["legal"]) if rng.random() < 0.7 else basic.choose(view)
            state.apply(seat, card)
            deal.play(CARD_OF_TEXT[card.split()[1]])
            table = state.view(None)["score_table"]
            if len(table) == deal_no:  # the deal ended
                assert deal.done
                assert deal.points == table[-1]["points"]
            else:
                assert not deal.done


@pytest.mark.parametrize("king_ends", [False, True])
def test_the_simulator_ends_the_deal_when_king_ends_the_game(king_ends: bool) -> None:
    # table rule "King ends the game": 10 tricks in a row (TWELVE) or 11 in all (ELEVEN) end
    # the trump deal at once, in the simulator as in the engine
    from .test_scoring import ELEVEN, ELEVEN_PLAYS, TWELVE

    for hands_text, plays in ((TWELVE, None), (ELEVEN, ELEVEN_PLAYS.split())):
        game = kingscourt.load_game("king", king_ends_game=king_ends)
        state = game.new_state(seed=0, deal=hands_text)
        chooser = state.to_move()[0]
        hands = hands_of([state.hand(s) for s in range(4)])
        state.apply(chooser, "choose trump S")
        deal = Deal.start(game.rules, hands, chooser, int(CONTRACT_OF_ID["trump"]), 0)
        step = 0
        while not deal.done:
            seat = state.to_move()[0]
            card = (plays[step] if plays and step < len(plays)
                    else str(state.legal_actions(seat)[0]).split()[1])
            state.apply(seat, f"play {card}")
            deal.play(CARD_OF_TEXT[card])
            step += 1
            if not deal.done:
                view = state.view(seat)
                fresh = Deal.from_view(game.rules, view, hands_of([state.hand(s) for s in range(4)]))
                assert (fresh.run_seat, fresh.run) == (deal.run_seat, deal.run)
        table = state.view(None)["score_table"]
        assert len(table) == 1 and deal.points == table[0]["points"]
        assert deal.tricks == (13 if not king_ends else 10 if plays is None else 12)
        assert state.is_over() == king_ends
