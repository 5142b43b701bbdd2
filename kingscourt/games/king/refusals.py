"""King's refusals: stable rule ids and their messages in a player's words (DESIGN names the
ids; RULES-NOTES §1 orders the card-play rules). ``game-over`` and ``not-your-turn`` are the
engine's own (``engine.errors``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine import Violation
from .cards import CARD_TEXT
from .contracts import CONTRACTS, Contract

if TYPE_CHECKING:
    from .contracts import ContractInfo
    from .state import KingState

FOLLOW: Final = "follow-suit"
MUST_BEAT: Final = "must-beat"
GIVE_UP: Final = "give-up-penalty-card"
DISCARD: Final = "discard-penalty-card"
MUST_TRUMP: Final = "must-trump"
HEARTS_BAN: Final = "hearts-not-broken"
TRUMP_BAN: Final = "trump-not-broken"


def card_rule(rule: str, state: KingState) -> str:
    """The message of a card-play rule of the cascade, for the trick as it lies."""
    lead = state._lead_suit
    suit = SUIT_NAMES_SINGULAR[lead] if lead >= 0 else ""
    contract = state._contract
    if rule == FOLLOW:
        return f"You hold a {suit}: you must follow suit."
    if rule == MUST_BEAT:
        return (f"You hold a {suit} that beats {CARD_TEXT[state._win_card]}: "
                "you must play a higher card (Überstechpflicht).")
    if rule == GIVE_UP:
        return (f"{CARD_TEXT[state._win_card]} lies in the trick: you must give up your "
                f"lower {CONTRACTS[Contract(contract)].unit}.")
    if rule == DISCARD:
        unit = "heart" if state._any_heart else CONTRACTS[Contract(contract)].unit
        return f"You cannot follow suit and hold a {unit}: you must discard it."
    if rule == MUST_TRUMP:
        return f"You cannot follow suit: you must play a trump ({SUIT_NAMES_PLURAL[state._trump]})."
    if rule == HEARTS_BAN:
        return "Hearts are not broken: you may not lead a heart until one has been discarded."
    if rule == TRUMP_BAN:
        return "Trumps are not broken: you may not lead a trump until one has been played on another suit."
    raise AssertionError(rule)


SUIT_NAMES_SINGULAR: Final = ("spade", "heart", "diamond", "club")
SUIT_NAMES_PLURAL: Final = ("spades", "hearts", "diamonds", "clubs")


def wrong_phase_play() -> Violation:
    return Violation("wrong-phase", "The contract is chosen: play a card.")


def wrong_phase_choose(seat: int) -> Violation:
    return Violation("wrong-phase", f"Seat {seat + 1} chooses the contract first: `choose ...`.")


def not_in_hand(code: int) -> Violation:
    return Violation("not-in-hand", f"You do not hold {CARD_TEXT[code]}.")


def contract_closed(info: ContractInfo) -> Violation:
    return Violation("contract-closed", f"{info.name} has been played {info.max_plays} times: it is closed.")


def trump_quota_used(trumps: int) -> Violation:
    return Violation("choice-limit", f"You have chosen your {trumps} trump deal"
                                     f"{'s' if trumps > 1 else ''}: choose a penalty contract.")


def penalty_quota_used(penalties: int) -> Violation:
    return Violation("choice-limit", f"You have chosen your {penalties} penalty contracts: choose trump.")


def penalty_first() -> Violation:
    return Violation("penalty-first", "The first four deals are penalty contracts (table rule).")
