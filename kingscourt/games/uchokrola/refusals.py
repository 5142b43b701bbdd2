"""Why an action is refused: a stable rule id and a sentence for the player.

Legality itself is the list of legal actions (one source of truth); this module only names
the rule an action outside that list breaks, in the rulebook's order. What a card's play
needs is refused by the card's own :class:`~.tasks.Play` (declared with its effect).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Violation
from ...i18n import Msg, _
from .notation import Move
from .turn import ACTION

if TYPE_CHECKING:
    from .state import UchoState


def explain(st: UchoState, seat: int, move: Move) -> Violation:
    task = st.stack[-1]
    question = Msg(task.kind.question)
    if task.kind is ACTION and move.verb == "play":
        return _explain_play(st, seat, move)
    verbs = {st.game.notation.parse(t).verb for t in st.legal_texts()}
    if move.verb not in verbs:
        offered = ", ".join(sorted(verbs))
        return Violation("wrong-prompt", _("{question}: answer with {offered}.",
                                           question=question, offered=offered))
    hand = st.hands[seat]
    if task.kind.from_hand and move.card not in hand:
        return Violation("not-in-hand", _("You hold no {card}.", card=st.name(move.card)))
    if move.seat >= st.n:
        return _no_such_seat(st, move.seat)
    if move.verb in ("take-at", "discard-at", "swap-at", "with-at"):
        here = st.displays[move.seat] if 0 <= move.seat < st.n else []
        if move.slot >= len(here) or here[move.slot] != move.card:
            return Violation("no-such-card",
                             _("{card} is not displayed at {seat}:{n}.",
                               card=st.name(move.card), seat=move.seat, n=move.slot + 1))
    return Violation("not-an-option", _("{question}: that is not one of your options.", question=question))


def _no_such_seat(st: UchoState, seat: int) -> Violation:
    return Violation("no-such-seat", _("There is no seat {seat}: the seats are 0 to {x}.",
                                       seat=seat, x=st.n - 1))


def _explain_play(st: UchoState, seat: int, move: Move) -> Violation:
    """The rules every play shares (the card in hand, its target), then the card's own
    refusal (its :class:`~.tasks.Play`)."""
    card = move.card
    name = st.name(card)
    if card not in st.hands[seat]:
        return Violation("not-in-hand", _("You hold no {name}.", name=name))
    if move.seat >= st.n:
        return _no_such_seat(st, move.seat)
    play = st.game.plays[card]
    if play.targeted:
        if move.seat < 0:
            return Violation("needs-target", _("Name the player: play {name} -> SEAT.", name=name))
        if move.seat == seat:
            return Violation("needs-target",
                             _("{name} is displayed beside another player's character.", name=name))
    elif move.seat >= 0:
        return Violation("no-target",
                         _("{name} is not played at another player: write play {name}.", name=name))
    return play.refuse(st, seat, move)
