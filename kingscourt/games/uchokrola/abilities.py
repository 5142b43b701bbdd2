"""Character abilities: each effect id of a character declared in one place, an
:class:`Ability` of :data:`ABILITIES`: its options in the ability phase after the action
(:mod:`.turn`), what using it does, when its owner is asked anyway, and the questions it asks.

Each ability may be used once a turn, when its condition holds (docs/rules.md); conditions
that depend on the action are the turn's public flags kept by the state. Madame du Barry
(Menuet, Zdradzone sekrety) and Hrabia de Guiche (extra characters, −5) act on their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _
from .cards import Colour, Kind
from .effects import neighbour_effects
from .notation import Move
from .tasks import Ability, Shown, Task, decision
from .turn import PERFORM

if TYPE_CHECKING:
    from .state import UchoState


def _draw_or_discard(st: UchoState, seat: int, head: str) -> list[str]:
    return [f"{head}: draw"] + ([f"{head}: take discard"] if st.discard else [])


def _draw_take_or_bury(st: UchoState, seat: int, char: int, move: Move) -> None:
    # draw a card, take the top discard into hand, or bury it in a prestige pile (Vardes)
    who, name = st.who(seat), st.name(char)
    if move.detail == "draw":
        st.say("{who} uses {character}'s ability.", who, name)
        st.draw(seat, 1)
    elif move.detail == "take discard":
        st.take_discard(st.hands[seat], lambda card: _(
            "{who} uses {character}'s ability and takes {card} from the discard pile.",
            who=who, character=name, card=card))
    else:
        st.take_discard(st.prestige[move.seat], lambda card: _(
            "{who} uses {character}'s ability and throws {card} into {who2}'s prestige pile.",
            who=who, character=name, card=card, who2=st.who(move.seat)))


def _bragelonne(st: UchoState, seat: int, head: str) -> list[str]:
    # You displayed an intrigue card for any player this turn.
    return _draw_or_discard(st, seat, head) if st.f_intrigue else []


BRAGELONNE = Ability("bragelonne", _bragelonne, _draw_take_or_bury)


def _vardes(st: UchoState, seat: int, head: str) -> list[str]:
    # You displayed a special card this turn: draw, or throw the top discard (not Ucho króla)
    # into any prestige pile.
    if not st.f_special:
        return []
    out = [f"{head}: draw"]
    if st.discard and st.cs.kind(st.discard[-1]) is not Kind.UCHO:
        out.extend(f"{head}: bury -> {t}" for t in range(st.n))
    return out


VARDES = Ability("vardes", _vardes, _draw_take_or_bury)


def _perform_beside_neighbour(st: UchoState, seat: int, char: int, move: Move) -> None:
    st.say("{who} uses {character}'s ability on {card} beside a neighbour.",
           st.who(seat), st.name(char), st.name(move.card))
    st.stack.append(Task(PERFORM, seat, a=move.card))


def _callieres(st: UchoState, seat: int, head: str) -> list[str]:
    # You played Savoir-vivre: perform a card beside a neighbour.
    if not st.f_savoir:
        return []
    return [f"{head}: {st.name(c)}" for c in neighbour_effects(st, seat)]


def _markiz_end_options(st: UchoState, task: Task) -> list[str]:
    char = st.cs.id("callieres")
    out = [f"use {st.name(char)}: {st.name(c)}" for c in neighbour_effects(st, task.seat)]
    return [*out, "pass"] if out else []


def _markiz_end(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "pass":
        return
    _perform_beside_neighbour(st, task.seat, move.char, move)


#: in another player's turn in which Markiz de Callières riposted, at its end before the limits
MARKIZ_END = decision("markiz-end-of-turn",
                      "Markiz de Callières: perform a card beside a neighbour, or pass",
                      _markiz_end_options, _markiz_end)
CALLIERES = Ability("callieres", _callieres, _perform_beside_neighbour,
                    after_riposte=MARKIZ_END, tasks=(MARKIZ_END,))


def _du_vallon(st: UchoState, seat: int, head: str) -> list[str]:
    # You played an intrigue card as your action: perform a card beside a neighbour.
    if not st.f_intrigue_action:
        return []
    return [f"{head}: {st.name(c)}" for c in neighbour_effects(st, seat)]


DU_VALLON = Ability("du_vallon", _du_vallon, _perform_beside_neighbour)


def _la_fare(st: UchoState, seat: int, head: str) -> list[str]:
    # Show 2 identical cards in hand, swap 1 with the top discard.
    if not st.discard:
        return []
    hand = st.hands[seat]
    return [f"{head}: {st.name(c)}" for c in sorted(set(hand)) if hand.count(c) >= 2]


def _use_la_fare(st: UchoState, seat: int, char: int, move: Move) -> None:
    hand = st.hands[seat]
    top = st.discard.pop()
    hand.remove(move.card)
    st.discard.append(move.card)
    hand.append(top)
    st.say("{who} shows two {card} ({character}) and swaps one for {card2} from the discard pile.",
           st.who(seat), st.name(move.card), st.name(char), st.name(top))


def _la_fare_asked(st: UchoState, seat: int) -> bool:
    # a pair can be shown and swapped: a discard pile and 2 cards in hand (both public)
    return bool(st.discard) and len(st.hands[seat]) >= 2


# Asked at every ability phase where a pair could be shown: skipping the question then would
# tell the table the hand holds no pair. Without a discard pile or with fewer than 2 cards,
# ``end turn`` is the only answer, and public: not asked.
LA_FARE = Ability("la_fare", _la_fare, _use_la_fare, asked_when=_la_fare_asked)


def _vannes_condition(st: UchoState, seat: int) -> bool:
    # Public: the action was an intrigue card whose cost card has an effect to perform and is
    # still displayed ("the effect of both displayed cards": the state forgets the cost once
    # it leaves the display), and the hand (its size is public) holds a card to pay with.
    if not st.f_intrigue_action or st.cost < 0 or not st.hands[seat]:
        return False
    return st.game.performs[st.cost] is not None


def _vannes(st: UchoState, seat: int, head: str) -> list[str]:
    # Your action was an intrigue card: perform the cost card's effect too, paying one special
    # card or any 2 cards from hand. Only cards with an effect to perform qualify.
    if not _vannes_condition(st, seat):
        return []
    hand = st.hands[seat]
    if len(hand) >= 2 or any(st.cs.kind(c) is Kind.SPECIAL for c in hand):
        return [head]
    return []


def _use_vannes(st: UchoState, seat: int, char: int, move: Move) -> None:
    st.say("{who} uses {character}'s ability to perform {card} too.",
           st.who(seat), st.name(char), st.name(st.cost))
    st.stack.append(Task(PERFORM, seat, a=st.cost))
    st.stack.append(Task(BISKUP_PAY, seat, n=2))


def _biskup_pay_options(st: UchoState, task: Task) -> list[str]:
    hand = st.hands[task.seat]
    first = task.n == 2 and len(hand) < 2
    return [f"discard {st.name(c)}" for c in sorted(set(hand))
            if not first or st.cs.kind(c) is Kind.SPECIAL]


def _biskup_pay(st: UchoState, task: Task, move: Move) -> None:
    st.hands[task.seat].remove(move.card)
    st.to_discard(task.seat, move.card)
    if task.n == 2 and st.cs.kind(move.card) is not Kind.SPECIAL:
        st.stack.append(Task(BISKUP_PAY, task.seat, n=1))


#: n: cards still to discard
BISKUP_PAY = decision("biskup-pay", "Biskup Vannes: discard one special card or any two cards",
                      _biskup_pay_options, _biskup_pay, from_hand=True)
# Asked whenever its public condition holds: with one card left, skipping the question would
# tell the table that card is not special.
VANNES = Ability("vannes", _vannes, _use_vannes, asked_when=_vannes_condition,
                 tasks=(BISKUP_PAY,))


def _chantal(st: UchoState, seat: int, head: str) -> list[str]:
    # Every card beside this character (1 to 3 of them) is of one colour.
    shown = st.displays[seat]
    if not 1 <= len(shown) <= 3:
        return []
    colours = {st.cs.types[c].colour for c in shown}
    if len(colours) != 1 or Colour.NONE in colours:
        return []
    return _draw_or_discard(st, seat, head)


CHANTAL = Ability("chantal", _chantal, _draw_take_or_bury)


def _arquien(st: UchoState, seat: int, head: str) -> list[str]:
    # 2 identical buffoonery or special cards in hand: discard 1, then discard a card (not
    # Ucho króla) from any prestige pile.
    hand = st.hands[seat]
    kinds = (Kind.BUFFOONERY, Kind.SPECIAL)
    return [f"{head}: {st.name(c)}" for c in sorted(set(hand))
            if hand.count(c) >= 2 and st.cs.kind(c) in kinds]


def _use_arquien(st: UchoState, seat: int, char: int, move: Move) -> None:
    st.hands[seat].remove(move.card)
    st.say("{who} shows two {card} ({character}).", st.who(seat), st.name(move.card), st.name(char))
    st.to_discard(seat, move.card)
    st.stack.append(Task(MARKIZA_LOOK, seat))


def _markiza_look_options(st: UchoState, task: Task) -> list[str]:
    return [f"look at prestige {t}" for t in range(st.n) if st.prestige[t]]


def _markiza_look(st: UchoState, task: Task, move: Move) -> None:
    t = move.seat
    st.say("{who} looks through {who2}'s prestige pile.", st.who(task.seat), st.who(t))
    st.say("{who}'s prestige pile: {cards}.", st.who(t), st.names(sorted(st.prestige[t])), to=task.seat)
    st.stack.append(Task(MARKIZA_DISCARD, task.seat, a=t))


def _markiza_discard_options(st: UchoState, task: Task) -> list[str]:
    return [f"discard {st.name(c)}" for c in sorted(set(st.prestige[task.a]))
            if st.cs.kind(c) is not Kind.UCHO]


def _markiza_discard(st: UchoState, task: Task, move: Move) -> None:
    st.prestige[task.a].remove(move.card)
    st.discard.append(move.card)
    st.say("{who} discards {card} from {who2}'s prestige pile.",
           st.who(task.seat), st.name(move.card), st.who(task.a))


MARKIZA_LOOK = decision("markiza-look", "Markiza d'Arquien: whose prestige pile do you look "
                        "through?", _markiza_look_options, _markiza_look, forced=True)
#: a: the player whose prestige pile is seen (shown to the one who asks)
MARKIZA_DISCARD = decision("markiza-discard",
                           "Markiza d'Arquien: discard a card from that prestige pile",
                           _markiza_discard_options, _markiza_discard, shows=Shown.PRESTIGE)
def _arquien_asked(st: UchoState, seat: int) -> bool:
    # a pair can be shown: 2 cards in hand (public)
    return len(st.hands[seat]) >= 2


# Asked at every ability phase where the hand could hold a pair, as Hrabia de La Fare.
ARQUIEN = Ability("arquien", _arquien, _use_arquien, asked_when=_arquien_asked,
                  tasks=(MARKIZA_LOOK, MARKIZA_DISCARD))

#: Madame du Barry's Menuet and Zdradzone sekrety, in :mod:`.effects`.
DU_BARRY = Ability("du_barry")
#: Hrabia de Guiche's extra characters and −5, in :mod:`.turn` and the count.
GUICHE = Ability("guiche")

#: Every character's ability, in the card data's order.
ABILITIES: tuple[Ability, ...] = (
    BRAGELONNE, VARDES, CALLIERES, DU_BARRY, DU_VALLON, LA_FARE, VANNES, GUICHE, CHANTAL,
    ARQUIEN,
)
