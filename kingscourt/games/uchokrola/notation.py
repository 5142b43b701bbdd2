"""The text form of actions, parsed into :class:`Move` and printed back.

Seats are numbers (0-based, as everywhere in kingscourt); a displayed card is named with its
place ``seat:slot``, slot 1 lying closest to the character card (the oldest).

    draw · pass · riposte · done · skip · end turn
    choose Hrabia de Guiche
    play Fraszka · play Faux pas -> 2 · play Knucie -> 1 · play Savoir-vivre · play Ucho króla
    pay Menuet · keep Faux pas · display Faux pas -> 2 · perform Faux pas · discard Faux pas
    take Faux pas from 2:1 · discard Faux pas from 2:1 · take from 3 · take Ucho króla
    look at 2 · look at prestige 2 · swap Faux pas at 2:1 · with Fraszka at 0:2
    use Hrabina de Vardes: draw · use Hrabina de Vardes: bury -> 2 · use Biskup Vannes
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...engine import MalformedAction
from ...i18n import _
from .cards import CardSet, Kind

WORDS = frozenset({"draw", "pass", "riposte", "done", "skip", "end turn"})
DETAILS = ("draw", "take discard")


@dataclass(frozen=True, slots=True)
class Move:
    verb: str
    card: int = -1
    seat: int = -1
    slot: int = -1
    char: int = -1
    detail: str = ""


_TARGET = re.compile(r"^(.+) -> (\S+)$")
_PLACE = re.compile(r"^(.+) (from|at) (\S+):(\S+)$")
_NUMBER = re.compile(r"0|[1-9][0-9]*", re.ASCII)


def _number(text: str, original: str) -> int:
    """A seat or slot as written in the notation: ASCII digits, no sign, no leading zero
    (``01`` or ``+1`` is no seat; the refusal must not blame a rule of the game)."""
    if not _NUMBER.fullmatch(text):
        raise MalformedAction(original, _("{text} is not a number as the notation writes it "
                                          "(0, 1, 2 …)", text=repr(text)))
    return int(text)


class Notation:
    """Parser and printer of one card set's actions (card names come from its data)."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self._cache: dict[str, Move] = {}

    # printing -------------------------------------------------------------------------
    def name(self, card: int) -> str:
        return self.cards.types[card].name

    def render(self, move: Move) -> str:
        """The text of ``move``, as :meth:`parse` reads it (``parse(render(m)) == m``)."""
        verb = move.verb
        if verb in WORDS:
            return verb
        if verb == "choose":
            return f"choose {self.name(move.char)}"
        if verb == "use":
            head = f"use {self.name(move.char)}"
            if move.detail == "":
                return head
            if move.detail == "bury":
                return f"{head}: bury -> {move.seat}"
            if move.detail == "card":
                return f"{head}: {self.name(move.card)}"
            return f"{head}: {move.detail}"
        if verb in ("play", "display") and move.seat >= 0:
            return f"{verb} {self.name(move.card)} -> {move.seat}"
        if verb == "look":
            return f"look at {move.seat}"
        if verb == "look-prestige":
            return f"look at prestige {move.seat}"
        if verb == "take-from":
            return f"take from {move.seat}"
        if verb.endswith("-at"):
            base = verb[:-3]
            word = "from" if base in ("take", "discard") else "at"
            return f"{base} {self.name(move.card)} {word} {place(move.seat, move.slot)}"
        return f"{verb} {self.name(move.card)}"

    # parsing ----------------------------------------------------------------------------
    def _card(self, text: str, original: str) -> int:
        card = self.cards.by_name.get(text)
        if card is None or self.cards.kind(card) is Kind.CHARACTER:
            raise MalformedAction(original, _("no card is called {text}", text=repr(text)))
        return card

    def _char(self, text: str, original: str) -> int:
        card = self.cards.by_name.get(text)
        if card is None or self.cards.kind(card) is not Kind.CHARACTER:
            raise MalformedAction(original, _("no character is called {text}", text=repr(text)))
        return card

    def parse(self, text: str) -> Move:
        move = self._cache.get(text)
        if move is None:
            move = self._parse(text)
            if len(self._cache) < 100_000:
                self._cache[text] = move
        return move

    def _parse(self, text: str) -> Move:
        if not isinstance(text, str):
            raise MalformedAction(text, _("an action is text"))
        if text in WORDS:
            return Move(text)
        verb, _sep, rest = text.partition(" ")
        if not rest:
            raise MalformedAction(text, _("unknown action word"))
        if verb == "choose":
            return Move("choose", char=self._char(rest, text))
        if verb == "use":
            char_text, colon, detail = rest.partition(": ")
            char = self._char(char_text, text)
            if not colon:
                return Move("use", char=char)
            if detail in DETAILS:
                return Move("use", char=char, detail=detail)
            m = _TARGET.match(detail)
            if m and m.group(1) == "bury":
                return Move("use", char=char, detail="bury", seat=_number(m.group(2), text))
            return Move("use", char=char, detail="card", card=self._card(detail, text))
        if verb in ("play", "display"):
            m = _TARGET.match(rest)
            if m:
                return Move(verb, card=self._card(m.group(1), text),
                            seat=_number(m.group(2), text))
            if verb == "display":
                raise MalformedAction(text, _("write display CARD -> SEAT"))
            return Move("play", card=self._card(rest, text))
        if verb == "look":
            m = re.match(r"^at (prestige )?(\S+)$", rest)
            if not m:
                raise MalformedAction(text, _("write look at SEAT or look at prestige SEAT"))
            return Move("look-prestige" if m.group(1) else "look",
                        seat=_number(m.group(2), text))
        if verb in ("take", "discard", "swap", "with"):
            m = _PLACE.match(rest)
            if m:
                word = {"take": "from", "discard": "from", "swap": "at", "with": "at"}[verb]
                seat, slot = _number(m.group(3), text), _number(m.group(4), text)
                if m.group(2) != word or slot < 1:
                    raise MalformedAction(text, _("write {verb} CARD {word} SEAT:SLOT", verb=verb, word=word))
                return Move(f"{verb}-at", card=self._card(m.group(1), text),
                            seat=seat, slot=slot - 1)
            if verb == "take":
                m = re.match(r"^from (\S+)$", rest)
                if m:
                    return Move("take-from", seat=_number(m.group(1), text))
                return Move("take", card=self._card(rest, text))
            if verb == "discard":
                return Move("discard", card=self._card(rest, text))
            raise MalformedAction(text, _("write {verb} CARD at SEAT:SLOT", verb=verb))
        if verb in ("pay", "keep", "perform"):
            return Move(verb, card=self._card(rest, text))
        raise MalformedAction(text, _("unknown action word {verb}", verb=repr(verb)))


def place(seat: int, slot: int) -> str:
    return f"{seat}:{slot + 1}"


def read(game: Any, text: str) -> Move:
    """The parsed form of an action text of ``game`` (its card set's names)."""
    notation: Notation = game.notation
    return notation.parse(" ".join(text.split()) if isinstance(text, str) else text)


def write(game: Any, move: Move) -> str:
    """The text of a parsed action (:func:`read`'s inverse)."""
    notation: Notation = game.notation
    return notation.render(move)
