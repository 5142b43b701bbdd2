"""Why an action is refused: a stable rule id and a sentence for the player.

Legality itself is the list of legal actions (one source of truth); this module only names
the rule an action outside that list breaks, in the rulebook's order.
"""

from __future__ import annotations

from ...engine import Violation
from .cards import Kind
from .notation import Move
from .state import UchoState
from .tasks import SPECS, T


def explain(st: UchoState, seat: int, move: Move) -> Violation:
    task = st.stack[-1]
    question = SPECS[task.kind].question
    if task.kind is T.ACTION and move.verb == "play":
        return _explain_play(st, seat, move)
    verbs = {st.game.notation.parse(t).verb for t in st.legal_texts()}
    if move.verb not in verbs:
        offered = ", ".join(sorted(verbs))
        return Violation("wrong-prompt", f"{question}: answer with {offered}.")
    hand = st.hands[seat]
    if task.kind in (T.PAY_COST, T.HAND_LIMIT, T.BISKUP_PAY) and move.card not in hand:
        return Violation("not-in-hand", f"You hold no {st.name(move.card)}.")
    if move.seat >= st.n:
        return _no_such_seat(st, move.seat)
    if move.verb in ("take-at", "discard-at", "swap-at", "with-at"):
        here = st.displays[move.seat] if 0 <= move.seat < st.n else []
        if move.slot >= len(here) or here[move.slot] != move.card:
            return Violation("no-such-card",
                             f"{st.name(move.card)} is not displayed at {move.seat}:"
                             f"{move.slot + 1}.")
    return Violation("not-an-option", f"{question}: that is not one of your options.")


def _no_such_seat(st: UchoState, seat: int) -> Violation:
    return Violation("no-such-seat", f"There is no seat {seat}: the seats are 0 to {st.n - 1}.")


def _explain_play(st: UchoState, seat: int, move: Move) -> Violation:
    cs, card, hand = st.cs, move.card, st.hands[seat]
    name = cs.types[card].name
    kind, effect = cs.kind(card), cs.types[card].effect
    if card not in hand:
        return Violation("not-in-hand", f"You hold no {name}.")
    if move.seat >= st.n:
        return _no_such_seat(st, move.seat)
    if kind is Kind.INTRIGUE or effect == "knucie":
        if move.seat < 0:
            return Violation("needs-target", f"Name the player: play {name} -> SEAT.")
        if move.seat == seat:
            return Violation("needs-target",
                             f"{name} is displayed beside another player's character.")
    elif move.seat >= 0:
        return Violation("no-target",
                         f"{name} is not played at another player: write play {name}.")
    if kind is Kind.INTRIGUE:
        return Violation("intrigue-cost",
                         "To play an intrigue card you need another intrigue card or a special "
                         "card in hand, displayed beside your own character as the cost.")
    if kind is Kind.UCHO:
        return Violation("ucho-pair", f"{name} is played only with two of them in hand.")
    if effect == "kasliwa_riposta":
        return Violation("riposte-in-reply",
                         f"{name} is played only when someone displays a card beside your "
                         "character.")
    if effect == "savoir_vivre":
        return Violation("empty-discard", f"{name} needs a card on the discard pile.")
    if effect == "knucie":
        return Violation("knucie-target", f"{st.who(move.seat)} has no card in hand.")
    return Violation("not-an-option", "That action is not possible now.")
