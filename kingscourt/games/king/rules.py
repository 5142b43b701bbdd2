"""King's table rules: the five of the rulebook's "Tischregeln" screen with its defaults, and
the extra table rules of docs/rules.md (King) found at real tables, each off by default."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import rule
from ...i18n import N_
from .contracts import Contract


@dataclass(frozen=True, slots=True)
class KingRules:
    # Wahllimit: 3 penalty + 2 trump per player, or only the per-contract limits.
    choice_limit: str = rule(
        "standard", ("standard", "free"), N_("Choice limit"),
        N_("standard: every player chooses 3 penalty contracts and 2 trump deals; free: any "
        "open contract (each penalty contract is still played at most twice, trump at most 8 "
        "times)."),
        {"standard": N_("standard (a quota per player)"), "free": N_("free (any open contract)")})
    # Überstechpflicht: must play higher when holding a led-suit card that beats the trick.
    must_beat: str = rule(
        "none", ("none", "trump", "all"), N_("Must beat"),
        N_("holding a card of the led suit that beats the trick, you must play such a card: "
        "never (rulebook), in trump deals or in every deal."),
        {"none": N_("never"), "trump": N_("in trump deals"), "all": N_("in every deal")})
    # Trumpf erst nach Anbruch: no trump lead until a trump was played on another suit.
    trump_lead_after_break: bool = rule(
        False, (False, True), N_("Trump lead only after trumps are broken"),
        N_("on: no trump may be led until a trump has been played on another suit in this deal, "
        "unless the leader holds only trumps."))
    # Herz-Ausspielverbot: in Kupa Almaz and Rıfkı, or in every penalty contract.
    heart_lead_ban: str = rule(
        "kupa-rifki", ("kupa-rifki", "all-penalty"), N_("Heart lead ban"),
        N_("no heart may be led until hearts are broken: in Kupa Almaz and Rıfkı (rulebook), "
        "or in every penalty contract."),
        {"kupa-rifki": N_("in Kupa Almaz and Rıfkı"), "all-penalty": N_("in every penalty contract")})
    # Bei Rıfkı ohne Farbe: void in the led suit, discard the K♥ or any heart.
    rifki_void: str = rule(
        "rifki", ("rifki", "any-heart"), N_("Void in Rıfkı"),
        N_("void in the led suit in Rıfkı, you must discard the king of hearts (rulebook), or "
        "any heart will do."),
        {"rifki": N_("discard the king of hearts"), "any-heart": N_("discard any heart")})
    # Extra table rules (docs/rules.md, King), all off by default.
    short_game: bool = rule(
        False, (False, True), N_("Short game"),
        N_("on: 12 deals; every player chooses 2 penalty contracts and 1 trump deal."))
    penalty_first: bool = rule(
        False, (False, True), N_("Penalty contracts first"),
        N_("on: the first four deals must be penalty contracts."))
    first_chooser: str = rule(
        "2D", ("2D", "7D"), N_("First chooser"),
        N_("who chooses the first contract: the holder of the 2♦ (rulebook) or of the 7♦."),
        {"2D": N_("the holder of the 2♦"), "7D": N_("the holder of the 7♦")})
    king_ends_game: bool = rule(
        False, (False, True), N_("King ends the game"),
        N_("on: taking 10 tricks in a row or 11 in all in a trump deal makes King; the game ends "
        "at once (the tricks left are not played) and the King maker wins."))

    @property
    def deals(self) -> int:
        return 12 if self.short_game else 20

    @property
    def quota(self) -> tuple[int, int]:
        """(penalty contracts, trump deals) each player chooses under the standard limit."""
        return (2, 1) if self.short_game else (3, 2)


@dataclass(frozen=True, slots=True)
class Duties:
    """The play obligations that hold in one deal, from the table rules and the contract
    (shared by the legality cascade and by what a sampled world may infer)."""

    must_beat: bool    # must-beat (Überstechpflicht)
    heart_ban: bool    # hearts-not-broken
    trump_ban: bool    # trump-not-broken
    any_heart: bool    # discard-penalty-card in Rıfkı is met by any heart


def duties(rules: KingRules, contract: Contract) -> Duties:
    trump = contract is Contract.TRUMP
    return Duties(
        must_beat=rules.must_beat == "all" or (rules.must_beat == "trump" and trump),
        heart_ban=contract in (Contract.KUPA_ALMAZ, Contract.RIFKI)
        or (rules.heart_lead_ban == "all-penalty" and not trump),
        trump_ban=rules.trump_lead_after_break and trump,
        any_heart=contract is Contract.RIFKI and rules.rifki_void == "any-heart",
    )
