"""King's actions in the players' words, for replays (``Ada plays Q♠``, ``Bot 2 (basic)
chooses Rıfkı``): the notation's verbs (:mod:`.notation`), the contracts' own names (Turkish in
every language) and the suits' symbols."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import Msg, _
from .cards import SUIT_SYMBOLS, SUITS
from .contracts import CONTRACT_OF_ID, CONTRACTS, Contract

Named = str | Msg


def card_words(text: str) -> str:
    """A card as people write it: ``10♠``, ``Q♥``."""
    rank, suit = text[:-1], text[-1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(suit)]


def describe(action: str, who: Named, name: Callable[[int], Named], players: int) -> Msg | None:
    """``who``'s ``action`` in words; None for a text that is no King action."""
    verb, _sep, rest = action.partition(" ")
    if verb == "play" and len(rest) == 2 and rest[-1] in SUITS:
        return _("{who} plays {card}", who=who, card=card_words(rest))
    if verb == "choose":
        contract_id, _sep, suit = rest.partition(" ")
        contract = CONTRACT_OF_ID.get(contract_id)
        if contract is None:
            return None
        # King's contracts keep their Turkish names in every language
        title = CONTRACTS[contract].name
        if contract is Contract.TRUMP and suit in SUITS:
            title = f"{title} {SUIT_SYMBOLS[SUITS.index(suit)]}"
        return _("{who} chooses {contract}", who=who, contract=title)
    return None
