"""The ``basic`` King bot: the habits of a club player, from the view alone.

Choosing: every open contract is scored by a rough estimate of what this hand takes in it,
measured against an even share of the deal's total, and the best is named (with trump: the
longest, strongest suit).

Playing a penalty deal: duck under the trick when possible (the highest card that still
loses), win with the highest card when forced, discard the most dangerous card when void,
and lead low from a suit that holds no penalty card of ours.

Playing trump: win as cheaply as possible, lead aces and long trumps, otherwise play low.
"""

from __future__ import annotations

from ....bots.base import ViewBot
from ....engine import JSON
from ..cards import CARD_OF_TEXT, CARD_TEXT, parse_hand
from ..contracts import CONTRACT_OF_ID, CONTRACTS, Contract
from .sim import ACE, QUEEN, hand_value

SUITS = "SHDC"


def _rank(c: int) -> int:
    return c % 13


def _suit(c: int) -> int:
    return c // 13


def contract_value(hand_texts: list[str], kind: int, trump: int = -1) -> float:
    """The basic bot's estimate of a contract for a hand as the view writes it (``["AS",
    "10H", …]``): :func:`.sim.hand_value`, the points it expects to take measured against an
    even share of the deal's total (trump in suit ``trump``)."""
    return hand_value(parse_hand(hand_texts), kind, trump)


class KingBasicBot(ViewBot):
    """A readable heuristic; it sees only the view."""

    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "choose":
            return self._choose_contract(view, legal)
        return self._play(view, legal)

    # ---------------------------------------------------------------- choosing
    def _choose_contract(self, view: JSON, legal: list[str]) -> str:
        best, best_value = legal[0], float("-inf")
        for action in legal:
            words = action.split()
            if words[1] == "trump":
                value = contract_value(view["hand"], int(Contract.TRUMP), SUITS.index(words[2]))
            else:
                value = contract_value(view["hand"], int(CONTRACT_OF_ID[words[1]]))
            value += self.rng.random() * 1e-6  # break exact ties reproducibly
            if value > best_value:
                best, best_value = action, value
        return best

    # ---------------------------------------------------------------- playing
    def _play(self, view: JSON, legal: list[str]) -> str:
        cards = [CARD_OF_TEXT[a.split()[1]] for a in legal]
        contract = CONTRACT_OF_ID[view["contract"]]
        trick = [CARD_OF_TEXT[c] for _s, c in view["trick"]["cards"]]
        trump = SUITS.index(view["trump"]) if view["trump"] else -1
        if contract is Contract.TRUMP:
            card = self._play_trump(view, cards, trick, trump)
        else:
            card = self._play_penalty(view, cards, trick, contract)
        return f"play {CARD_TEXT[card]}"

    @staticmethod
    def _winning(trick: list[int], trump: int) -> int:
        win = trick[0]
        for c in trick[1:]:
            if (_suit(c) == _suit(win) and c > win) or (_suit(c) == trump and _suit(win) != trump):
                win = c
        return win

    @staticmethod
    def _beats(c: int, win: int, trump: int) -> bool:
        if _suit(c) == _suit(win):
            return c > win
        return _suit(c) == trump

    def _play_trump(self, view: JSON, cards: list[int], trick: list[int], trump: int) -> int:
        if not trick:
            aces = [c for c in cards if _rank(c) == ACE]
            if aces:
                return aces[0]
            trumps = [c for c in cards if _suit(c) == trump]
            if len(trumps) >= 4:
                return max(trumps)
            return min(cards, key=lambda c: (_suit(c) == trump, _rank(c)))
        win = self._winning(trick, trump)
        winners = [c for c in cards if self._beats(c, win, trump)]
        if winners:
            last = len(trick) == 3
            pick = min(winners, key=lambda c: (_suit(c) == trump, _rank(c)))
            if last or _rank(pick) >= QUEEN or _suit(pick) == trump:
                return pick
            return max(winners, key=_rank)
        return min(cards, key=lambda c: (_suit(c) == trump, _rank(c)))

    def _play_penalty(self, view: JSON, cards: list[int], trick: list[int],
                      contract: Contract) -> int:
        pen = CONTRACTS[contract].penalty_cards
        danger = [c for c in cards if pen >> c & 1]
        if not trick:
            # lead low from a suit without our own penalty cards
            own_pen_suits = {_suit(c) for c in danger}
            safe = [c for c in cards if _suit(c) not in own_pen_suits] or cards
            return min(safe, key=_rank)
        lead = _suit(trick[0])
        win = self._winning(trick, -1)
        following = [c for c in cards if _suit(c) == lead]
        if following:
            losers = [c for c in following if c < win]
            if losers:
                return max(losers)  # duck as high as possible
            if len(trick) == 3:
                safe = [c for c in following if not pen >> c & 1]
                return max(safe or following)  # we take it anyway: shed the highest
            return min(following)
        # void: shed the most dangerous card
        if danger:
            return max(danger, key=_rank)
        return max(cards, key=lambda c: (_rank(c), -len([x for x in cards if _suit(x) == _suit(c)])))
