"""King's refusals: stable rule ids and their messages in a player's words (docs/design.md names the
ids; docs/rules.md (King) orders the card-play rules). ``game-over`` and ``not-your-turn`` are the
engine's own (``engine.errors``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine import Violation
from ...i18n import P_, Msg, _
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


def card_rule(rule: str, state: KingState) -> Msg:
    """The message of a card-play rule of the cascade, for the trick as it lies."""
    lead = state._lead_suit
    suit = SUIT_NAMES_SINGULAR[lead] if lead >= 0 else Msg("")
    contract = state._contract
    if rule == FOLLOW:
        return _("You hold a {suit}: you must follow suit.", suit=suit)
    if rule == MUST_BEAT:
        return _("You hold a {suit} that beats {card}: you must play a higher card "
                 "(must beat).", suit=suit, card=CARD_TEXT[state._win_card])
    if rule == GIVE_UP:
        return _("{card} lies in the trick: you must give up your lower {unit}.",
                 card=CARD_TEXT[state._win_card], unit=Msg(CONTRACTS[Contract(contract)].unit))
    if rule == DISCARD:
        unit = "heart" if state._any_heart else CONTRACTS[Contract(contract)].unit
        return _("You cannot follow suit and hold a {unit}: you must discard it.",
                 unit=Msg(unit))
    if rule == MUST_TRUMP:
        return _("You cannot follow suit: you must play a trump ({suits}).",
                 suits=SUIT_NAMES_PLURAL[state._trump])
    if rule == HEARTS_BAN:
        return _("Hearts are not broken: you may not lead a heart until one has been discarded.")
    if rule == TRUMP_BAN:
        return _("Trumps are not broken: you may not lead a trump until one has been played "
                 "on another suit.")
    raise AssertionError(rule)


SUIT_NAMES_SINGULAR: Final = (_("spade"), _("heart"), _("diamond"), _("club"))
SUIT_NAMES_PLURAL: Final = (_("spades"), _("hearts"), _("diamonds"), _("clubs"))


def wrong_phase_play() -> Violation:
    return Violation("wrong-phase", _("The contract is chosen: play a card."))


def wrong_phase_choose(seat: int) -> Violation:
    return Violation("wrong-phase", _("Seat {seat} chooses the contract first: `choose ...`.",
                                      seat=seat + 1))


def not_in_hand(code: int) -> Violation:
    return Violation("not-in-hand", _("You do not hold {card}.", card=CARD_TEXT[code]))


def contract_closed(info: ContractInfo) -> Violation:
    return Violation("contract-closed", _("{contract} has been played {n} times: it is closed.",
                                          contract=Msg(info.name), n=info.max_plays))


def trump_quota_used(trumps: int) -> Violation:
    return Violation("choice-limit", P_("You have chosen your {n} trump deal: choose a penalty "
                                        "contract.", "You have chosen your {n} trump deals: "
                                        "choose a penalty contract.", trumps, n=trumps))


def penalty_quota_used(penalties: int) -> Violation:
    return Violation("choice-limit", P_("You have chosen your {n} penalty contract: choose "
                                        "trump.", "You have chosen your {n} penalty contracts: "
                                        "choose trump.", penalties, n=penalties))


def penalty_first() -> Violation:
    return Violation("penalty-first", _("The first four deals are penalty contracts (table "
                                        "rule)."))
