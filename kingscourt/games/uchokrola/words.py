"""Ucho Króla's actions in the players' words, for replays (``Ada plays Faux pas → Bob``).

The verbs are the notation's (:mod:`.notation`: its one-word moves :data:`~.notation.WORDS`,
its places ``SEAT:SLOT`` and targets ``-> SEAT``); card and character names stay as printed
(Polish), only the phrases around them are translated."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...i18n import Msg, _

Named = str | Msg
Name = Callable[[int], Named]

_TARGET = re.compile(r" -> (\d+)$")
_PLACE = re.compile(r" (from|at) (\d+):(\d+)")
_LOOK = re.compile(r"^look at (prestige )?(\d+)$")
_TAKE_FROM = re.compile(r"^take from (\d+)$")
_BURY = re.compile(r"bury -> (\d+)")
#: the notation's one-word moves (:data:`.notation.WORDS`, the same keys: a test holds them so)
ONE_WORD = {
    "draw": _("{who} draws a card"),
    "pass": _("{who} passes"),
    "riposte": _("{who} ripostes"),
    "done": _("{who} is done"),
    "skip": _("{who} skips"),
    "end turn": _("{who} ends the turn"),
}
#: the notation's verbs followed by what they act on (a card, a character, a place)
VERBS = {
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


def describe(action: str, who: Named, name: Name, players: int) -> Msg | None:
    """``who``'s ``action`` in words (a verb the notation does not know: None)."""
    def whom(text: str) -> Named:
        seat = int(text)
        return name(seat) if 0 <= seat < players else text

    if action in ONE_WORD:
        return ONE_WORD[action]._replace(params={"who": who})
    if m := _LOOK.fullmatch(action):
        return (_("{who} looks at {whom}'s prestige pile", who=who, whom=whom(m.group(2)))
                if m.group(1) else _("{who} looks at {whom}'s hand", who=who, whom=whom(m.group(2))))
    if m := _TAKE_FROM.fullmatch(action):
        return _("{who} takes a card from {whom}", who=who, whom=whom(m.group(1)))
    verb, _sep, rest = action.partition(" ")
    if verb == "use":
        return _use(rest, who, whom)
    template = VERBS.get(verb)
    if template is None:
        return None
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
