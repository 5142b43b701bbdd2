"""A replay's steps in the players' words: who did what (``Ada plays Q♠``, ``Bot 2 (basic)
picks row 3``), seats numbered from 1 as players see them. Every text a player reads is
written here, in one place (the translation catalogues will start from it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..games.king.cards import SUIT_SYMBOLS, SUITS
from ..games.king.contracts import CONTRACT_OF_ID, CONTRACTS, Contract

#: the players' words, one entry per phrase
PHRASES = {
    "seat": "Seat {n}",
    "bot": "Bot {n} ({level})",
    "king-choose": "{who} chooses {contract}",
    "king-play": "{who} plays {card}",
    "kukakoenig-pick": "{who} picks row {row}",
    "other": "{who}: {action}",
    "target": " → {whom}",
    "from": " from beside {whom} (card {slot})",
    "at": " (beside {whom}, card {slot})",
    "look": "look at {whom}'s hand",
    "look-prestige": "look at {whom}'s prestige pile",
    "take-from": "take from {whom}",
}

Name = Callable[[int], str]

_TARGET = re.compile(r" -> (\d+)$")
_PLACE = re.compile(r" (from|at) (\d+):(\d+)")
_LOOK = re.compile(r"^look at (prestige )?(\d+)$")
_TAKE_FROM = re.compile(r"^take from (\d+)$")


def seat_name(seat: int, kind: str, name: str | None, level: str | None) -> str:
    """A seat as the browser names it: the person's name, ``Bot 2 (basic)``, or ``Seat 3``."""
    if kind == "bot":
        return PHRASES["bot"].format(n=seat + 1, level=level or "?")
    return name or PHRASES["seat"].format(n=seat + 1)


def _card(text: str) -> str:
    rank, suit = text[:-1], text[-1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(suit)]


def _king(action: str, who: str) -> str | None:
    verb, _, rest = action.partition(" ")
    if verb == "play" and len(rest) == 2 and rest[-1] in SUITS:
        return PHRASES["king-play"].format(who=who, card=_card(rest))
    if verb == "choose":
        contract_id, _, suit = rest.partition(" ")
        contract = CONTRACT_OF_ID.get(contract_id)
        if contract is None:
            return None
        name = CONTRACTS[contract].name
        if contract is Contract.TRUMP and suit in SUITS:
            name = f"{name} {SUIT_SYMBOLS[SUITS.index(suit)]}"
        return PHRASES["king-choose"].format(who=who, contract=name)
    return None


def _kukakoenig(action: str, who: str) -> str | None:
    m = re.fullmatch(r"row (\d+)", action)
    return PHRASES["kukakoenig-pick"].format(who=who, row=m.group(1)) if m else None


def _uchokrola(action: str, who: str, name: Name, players: int) -> str:
    def whom(text: str) -> str:
        seat = int(text)
        return name(seat) if 0 <= seat < players else text

    text = action
    if m := _LOOK.fullmatch(text):
        text = PHRASES["look-prestige" if m.group(1) else "look"].format(whom=whom(m.group(2)))
    elif m := _TAKE_FROM.fullmatch(text):
        text = PHRASES["take-from"].format(whom=whom(m.group(1)))
    text = _PLACE.sub(lambda m: PHRASES[m.group(1)].format(whom=whom(m.group(2)), slot=m.group(3)),
                      text)
    text = _TARGET.sub(lambda m: PHRASES["target"].format(whom=whom(m.group(1))), text)
    return PHRASES["other"].format(who=who, action=text)


def describe(game: str, seat: int, action: str, name: Name, players: int) -> str:
    """``seat``'s ``action`` (its text form) in the players' words; ``name`` names a seat."""
    who = name(seat)
    said: str | None = None
    if game == "king":
        said = _king(action, who)
    elif game == "kukakoenig":
        said = _kukakoenig(action, who)
    elif game == "uchokrola":
        said = _uchokrola(action, who, name, players)
    return said if said is not None else PHRASES["other"].format(who=who, action=action)
