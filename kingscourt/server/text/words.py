"""A replay's steps in the players' words: who did what (``Ada plays Q♠``, ``Bot 2 (basic)
picks row 3``), seats numbered from 1 as players see them. The words of each game's actions
are the game's own (its manifest's ``words``, over its notation); this module names the seats
and falls back to ``{who}: {action}`` for a text the game does not word. Every text a player
reads is marked (:mod:`kingscourt.i18n`) and kept as a template: a replay is rebuilt once and
its words said in each request's language (``Accept-Language``)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.manifest import resolve
from ...engine.registry import spec
from ...i18n import N_, Msg, _

#: a seat's name: a person's own name, or a template (``Bot 2 (basic)``, ``Seat 3``)
Named = str | Msg
Name = Callable[[int], Named]


#: the bot levels' names, said in the reader's language (an unknown level: its id as it is)
LEVEL_NAMES = {"random": N_("random"), "basic": N_("basic"), "learned": N_("learned"),
               "strong": N_("strong"), "expert": N_("expert")}


def seat_name(seat: int, kind: str, name: str | None, level: str | None) -> Named:
    """A seat as the browser names it: the person's name, ``Bot 2 (basic)`` (the level in
    the reader's words), or ``Seat 3``."""
    if kind == "bot":
        shown: str | Msg = Msg(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level or "?"
        return _("Bot {n} ({level})", n=seat + 1, level=shown)
    return name or _("Seat {seat}", seat=seat + 1)


def describe(game: str, seat: int, action: str, name: Name, players: int) -> Msg:
    """``seat``'s ``action`` (its text form) in the players' words, a template to say in any
    language; ``name`` names a seat."""
    who = name(seat)
    words: Callable[[str, Named, Name, int], Msg | None] = resolve(spec(game).words)
    said = words(action, who, name, players)
    return said if said is not None else _("{who}: {action}", who=who, action=action)
