"""A replay's steps in the players' words: who did what (``Ada plays Q♠``, ``Bot 2 (basic)
picks row 3``), seats numbered from 1 as players see them. Every text a player reads is
marked here (:mod:`kingscourt.i18n`) and kept as a template: a replay is rebuilt once and
its words said in each request's language (``Accept-Language``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...games.king.cards import SUIT_SYMBOLS, SUITS
from ...games.king.contracts import CONTRACT_OF_ID, CONTRACTS, Contract
from ...i18n import Msg, _

#: a seat's name: a person's own name, or a template (``Bot 2 (basic)``, ``Seat 3``)
Named = str | Msg
Name = Callable[[int], Named]

_TARGET = re.compile(r" -> (\d+)$")
_PLACE = re.compile(r" (from|at) (\d+):(\d+)")
_LOOK = re.compile(r"^look at (prestige )?(\d+)$")
_TAKE_FROM = re.compile(r"^take from (\d+)$")
_BURY = re.compile(r"bury -> (\d+)")
#: Ucho Króla's moves that are one word (the notation's, :mod:`...uchokrola.notation`)
_UCHO_WORDS = {
    "draw": _("{who} draws a card"),
    "pass": _("{who} passes"),
    "riposte": _("{who} ripostes"),
    "done": _("{who} is done"),
    "skip": _("{who} skips"),
    "end turn": _("{who} ends the turn"),
}
#: Ucho Króla's verbs followed by what they act on (a card, a character, a place)
_UCHO_VERBS = {
    "choose": _("{who} chooses {what}"),
    "play": _("{who} plays {what}"),
    "pay": _("{who} pays {what}"),
    "keep": _("{who} keeps {what}"),
    "display": _("{who} displays {what}"),
    "perform": _("{who} performs {what}"),
    "discard": _("{who} discards {what}"),
    "take": _("{who} takes {what}"),
    "swap": _("{who} swaps {what}"),
    "with": _("{who} swaps it with {what}"),
}
#: what joins the pieces of one move (language-neutral: no catalogue holds it)
_JOIN = "{a}{b}"


def seat_name(seat: int, kind: str, name: str | None, level: str | None) -> Named:
    """A seat as the browser names it: the person's name, ``Bot 2 (basic)``, or ``Seat 3``
    (the bot level's id as it is, in every language)."""
    if kind == "bot":
        return _("Bot {n} ({level})", n=seat + 1, level=level or "?")
    return name or _("Seat {seat}", seat=seat + 1)


def _card(text: str) -> str:
    rank, suit = text[:-1], text[-1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(suit)]


def _king(action: str, who: Named) -> Msg | None:
    verb, _sep, rest = action.partition(" ")
    if verb == "play" and len(rest) == 2 and rest[-1] in SUITS:
        return _("{who} plays {card}", who=who, card=_card(rest))
    if verb == "choose":
        contract_id, _sep, suit = rest.partition(" ")
        contract = CONTRACT_OF_ID.get(contract_id)
        if contract is None:
            return None
        # King's contracts keep their Turkish names in every language
        name = CONTRACTS[contract].name
        if contract is Contract.TRUMP and suit in SUITS:
            name = f"{name} {SUIT_SYMBOLS[SUITS.index(suit)]}"
        return _("{who} chooses {contract}", who=who, contract=name)
    return None


def _kukakoenig(action: str, who: Named) -> Msg | None:
    m = re.fullmatch(r"row (\d+)", action)
    return _("{who} picks row {row}", who=who, row=m.group(1)) if m else None


def _uchokrola(action: str, who: Named, name: Name, players: int) -> Msg:
    def whom(text: str) -> Named:
        seat = int(text)
        return name(seat) if 0 <= seat < players else text

    if action in _UCHO_WORDS:
        return _UCHO_WORDS[action]._replace(params={"who": who})
    if m := _LOOK.fullmatch(action):
        return (_("{who} looks at {whom}'s prestige pile", who=who, whom=whom(m.group(2)))
                if m.group(1) else _("{who} looks at {whom}'s hand", who=who, whom=whom(m.group(2))))
    if m := _TAKE_FROM.fullmatch(action):
        return _("{who} takes a card from {whom}", who=who, whom=whom(m.group(1)))
    verb, _sep, rest = action.partition(" ")
    if verb == "use":
        return _use(rest, who, whom)
    # card and character names stay as printed (Polish); only the phrases around them change
    what: Named
    if t := _TARGET.search(rest):
        rest = rest[:t.start()]
        target: Named | None = _(" → {whom}", whom=whom(t.group(1)))
    else:
        target = None
    if p := _PLACE.search(rest):
        place = (_(" from beside {whom} (card {slot})", whom=whom(p.group(2)), slot=p.group(3))
                 if p.group(1) == "from"
                 else _(" (beside {whom}, card {slot})", whom=whom(p.group(2)), slot=p.group(3)))
        what = Msg(_JOIN, {"a": rest[:p.start()] + rest[p.end():], "b": place})
    else:
        what = rest
    if target is not None:
        what = Msg(_JOIN, {"a": what, "b": target})
    template = _UCHO_VERBS.get(verb)
    if template is None:
        return _("{who}: {action}", who=who, action=action)
    return template._replace(params={"who": who, "what": what})


def _use(rest: str, who: Named, whom: Callable[[str], Named]) -> Msg:
    """A character's ability (``use Hrabina de Vardes: bury -> 2``): the character's name as
    printed, what it does in words."""
    character, colon, detail = rest.partition(": ")
    if not colon:
        return _("{who} uses {character}", who=who, character=character)
    if detail == "draw":
        return _("{who} uses {character}: draws a card", who=who, character=character)
    if detail == "take discard":
        return _("{who} uses {character}: takes the top discard", who=who, character=character)
    if m := _BURY.fullmatch(detail):
        return _("{who} uses {character}: buries the top discard in {whom}'s prestige pile",
                 who=who, character=character, whom=whom(m.group(1)))
    return _("{who} uses {character}: {card}", who=who, character=character, card=detail)


def describe(game: str, seat: int, action: str, name: Name, players: int) -> Msg:
    """``seat``'s ``action`` (its text form) in the players' words, a template to say in any
    language; ``name`` names a seat."""
    who = name(seat)
    said: Msg | None = None
    if game == "king":
        said = _king(action, who)
    elif game == "kukakoenig":
        said = _kukakoenig(action, who)
    elif game == "uchokrola":
        said = _uchokrola(action, who, name, players)
    return said if said is not None else _("{who}: {action}", who=who, action=action)
