"""Ucho Króla's legal actions in parts, as the browser's board reads them: each text of a
view's ``legal`` parsed by the game's own notation (:mod:`.notation`, the one grammar), so
that the board names the verb, the card, the seat and slot of a place and the target of each
action without parsing the text itself. The server adds them to a seat's view as
``options`` (one per legal text, in its order); the board sends the text back as it came.
"""

from __future__ import annotations

from collections.abc import Iterable

from typing_extensions import TypedDict  # pydantic reads its TypedDict on Python 3.11

from .notation import Notation


class UchoOption(TypedDict):
    """One legal action in parts (``None``: the action has no such part)."""

    #: the action's text, as ``legal`` holds it and the server reads it back
    action: str
    #: the notation's word: draw, pass, riposte, done, skip, end turn, choose, play, pay, keep,
    #: display, perform, discard, take, swap, with, use or look
    verb: str
    #: the card acted on (its name as printed)
    card: str | None
    #: the character chosen or used
    character: str | None
    #: what a character's ability does: ``draw``, ``take discard``, ``bury`` or ``card``
    detail: str | None
    #: whose court, hand or prestige pile: ``look at 2``, ``take from 2``, ``take X from 2:1``
    seat: int | None
    #: the place of a displayed card beside ``seat``'s character (1: nearest it)
    slot: int | None
    #: the seat an action is aimed at: ``play X -> 2``, ``use C: bury -> 2``
    target: int | None
    #: a look at a prestige pile (``look at prestige 2``), not a hand
    pile: bool


#: the notation's parsed verbs that share a word with another form of the same verb
_WORD = {"look-prestige": "look", "take-from": "take", "take-at": "take",
         "discard-at": "discard", "swap-at": "swap", "with-at": "with"}


def option(notation: Notation, text: str) -> UchoOption:
    """``text`` (a legal action) in parts, by :meth:`.Notation.parse`."""
    move = notation.parse(text)
    placed = move.verb.endswith("-at")
    whose = move.verb in ("look", "look-prestige", "take-from")
    aimed = move.verb in ("play", "display") or (move.verb == "use" and move.detail == "bury")
    return UchoOption(
        action=str(text), verb=str(_WORD.get(move.verb, move.verb)),
        card=notation.name(move.card) if move.card >= 0 else None,
        character=notation.name(move.char) if move.char >= 0 else None,
        detail=move.detail or None,
        seat=move.seat if (placed or whose) and move.seat >= 0 else None,
        slot=move.slot + 1 if placed and move.slot >= 0 else None,
        target=move.seat if aimed and move.seat >= 0 else None,
        pile=move.verb == "look-prestige")


def options(notation: Notation, legal: Iterable[str]) -> list[UchoOption]:
    """Every legal action in parts, in the order of ``legal``."""
    return [option(notation, text) for text in legal]
