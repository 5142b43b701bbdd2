"""What one seat of King may know.

Secret: the other seats' hands (their sizes are public) and the seed of the deals. Everything
else is public: the trick as it lies, the tricks of this deal, the last closed trick (until the
next one closes, across the deal boundary), the cards played, the choice and score tables, the
contracts still open and each seat's quota. ``legal`` lists the seat's own legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine import rules_dict
from .cards import CARD_TEXT, SUITS, texts
from .contracts import CONTRACTS, Contract
from .phases import OVER, PHASE_NAMES, PLAY
from .view_types import (
    KingChoice,
    KingMade,
    KingOpenView,
    KingRulesView,
    KingScoreRow,
    KingTrick,
    KingView,
)

if TYPE_CHECKING:
    from .state import KingState


def view(st: KingState, seat: int | None) -> KingView:
    rules = st.game.rules
    contract = CONTRACTS[Contract(st._contract)] if st._contract >= 0 else None
    hand_sizes = [h.bit_count() for h in st._hands]
    trick_seats = [(st._leader + i) % 4 for i in range(len(st._trick))]
    last = st._tricks[-1] if st._tricks else st._prior_trick
    penalties, trumps = rules.quota
    v: KingView = {
        "game": "king",
        "seat": seat,
        "phase": PHASE_NAMES[st._phase],
        "deal": st._deal + 1 if st._phase != OVER else len(st._score_table),
        "deals": rules.deals,
        "chooser": st._chooser if st._phase != OVER else None,
        "to_move": st.to_move(),
        "contract": contract.id if contract and st._phase == PLAY else None,
        "contract_name": contract.name if contract and st._phase == PLAY else None,
        "trump": SUITS[st._trump] if st._trump >= 0 and st._phase == PLAY else None,
        "hand_sizes": hand_sizes,
        "trick": {"leader": st._leader if st._trick else None,
                  "cards": [[s, CARD_TEXT[c]] for s, c in zip(trick_seats, st._trick,
                                                               strict=True)]},
        "last_trick": _trick_json(last) if last else None,
        "tricks": [_trick_json(t) for t in st._tricks],
        "tricks_taken": list(st._taken),
        "deal_points": list(st._points),
        "played": texts(st._played),
        "hearts_broken": st._hearts_broken,
        "trump_broken": st._trump_broken,
        "open_contracts": {c.info.id: c.info.max_plays - st._played_count[c]
                           for c in Contract},
        "quota_left": (
            [[penalties - p, trumps - t] for p, t in st._seat_counts]
            if rules.choice_limit == "standard" else None),
        # the state keeps these as JSON objects of the types named here (state.py)
        "choices": [cast(KingChoice, dict(c)) for c in st._choices],
        "score_table": [cast(KingScoreRow, dict(r, points=list(r["points"])))
                        for r in st._score_table],
        "scores": list(st._totals),
        "kings": [cast(KingMade, dict(k)) for k in st._kings],
        "over": st._phase == OVER,
        "winners": st.winners(),
        "rules": cast(KingRulesView, rules_dict(rules)),
        "legal": [] if seat is None else [str(a) for a in st.legal_actions(seat)],
    }
    if seat is not None:
        # secret: only this seat's own hand
        v["hand"] = texts(st._hands[seat])
    return v


def _trick_json(t: tuple[int, tuple[int, ...], int]) -> KingTrick:
    leader, cards, winner = t
    return {"leader": leader, "cards": [[(leader + i) % 4, CARD_TEXT[c]]
                                        for i, c in enumerate(cards)], "winner": winner}


def open_view(st: KingState) -> KingOpenView:
    """Every hand open, for the replay of a finished game (never for a game being played):
    the spectator's view plus ``hands``, each seat's hand in seat order, and ``open``."""
    v = cast(KingView, st.view(None))  # deals the hands where a deal has not been looked at yet
    return {**v, "hands": [texts(h) for h in st._hands], "open": True}
