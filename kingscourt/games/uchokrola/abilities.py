"""Character abilities: the ability phase after the action, and the questions abilities ask.

Each ability may be used once a turn, when its condition holds (RULES-NOTES §3); conditions
that depend on the action are the turn's public flags kept by the state. Madame du Barry
(Menuet, Zdradzone sekrety) and Hrabia de Guiche (extra characters, −5) act on their own.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Colour, Kind
from .effects import neighbour_effects
from .notation import Move
from .state import UchoState
from .tasks import T, Task, decision

AbilityOptions = Callable[[UchoState, int, str], list[str]]


def _draw_or_discard(st: UchoState, seat: int, head: str) -> list[str]:
    return [f"{head}: draw"] + ([f"{head}: take discard"] if st.discard else [])


def _bragelonne(st: UchoState, seat: int, head: str) -> list[str]:
    # You displayed an intrigue card for any player this turn.
    return _draw_or_discard(st, seat, head) if st.f_intrigue else []


def _vardes(st: UchoState, seat: int, head: str) -> list[str]:
    # You displayed a special card this turn: draw, or throw the top discard (not Ucho króla)
    # into any prestige pile.
    if not st.f_special:
        return []
    out = [f"{head}: draw"]
    if st.discard and st.cs.kind(st.discard[-1]) is not Kind.UCHO:
        out.extend(f"{head}: bury -> {t}" for t in range(st.n))
    return out


def _callieres(st: UchoState, seat: int, head: str) -> list[str]:
    # You played Savoir-vivre: perform a card beside a neighbour.
    if not st.f_savoir:
        return []
    return [f"{head}: {st.name(c)}" for c in neighbour_effects(st, seat)]


def _du_vallon(st: UchoState, seat: int, head: str) -> list[str]:
    # You played an intrigue card as your action: perform a card beside a neighbour.
    if not st.f_intrigue_action:
        return []
    return [f"{head}: {st.name(c)}" for c in neighbour_effects(st, seat)]


def _la_fare(st: UchoState, seat: int, head: str) -> list[str]:
    # Show 2 identical cards in hand, swap 1 with the top discard.
    if not st.discard:
        return []
    hand = st.hands[seat]
    return [f"{head}: {st.name(c)}" for c in sorted(set(hand)) if hand.count(c) >= 2]


def _vannes_condition(st: UchoState, seat: int) -> bool:
    # Public: the action was an intrigue card whose cost card has an effect to perform, and
    # the hand (its size is public) holds a card to pay with.
    if not st.f_intrigue_action or st.cost < 0 or not st.hands[seat]:
        return False
    cost = st.cs.types[st.cost]
    return cost.kind is Kind.INTRIGUE or cost.effect in ("menuet", "knucie")


def _vannes(st: UchoState, seat: int, head: str) -> list[str]:
    # Your action was an intrigue card: perform the cost card's effect too, paying one special
    # card or any 2 cards from hand. Only cards with an effect to perform qualify.
    if not _vannes_condition(st, seat):
        return []
    hand = st.hands[seat]
    if len(hand) >= 2 or any(st.cs.kind(c) is Kind.SPECIAL for c in hand):
        return [head]
    return []


def _chantal(st: UchoState, seat: int, head: str) -> list[str]:
    # Every card beside this character (1 to 3 of them) is of one colour.
    shown = st.displays[seat]
    if not 1 <= len(shown) <= 3:
        return []
    colours = {st.cs.types[c].colour for c in shown}
    if len(colours) != 1 or Colour.NONE in colours:
        return []
    return _draw_or_discard(st, seat, head)


def _arquien(st: UchoState, seat: int, head: str) -> list[str]:
    # 2 identical buffoonery or special cards in hand: discard 1, then discard a card (not
    # Ucho króla) from any prestige pile.
    hand = st.hands[seat]
    kinds = (Kind.BUFFOONERY, Kind.SPECIAL)
    return [f"{head}: {st.name(c)}" for c in sorted(set(hand))
            if hand.count(c) >= 2 and st.cs.kind(c) in kinds]


ABILITIES: dict[str, AbilityOptions] = {
    "bragelonne": _bragelonne,
    "vardes": _vardes,
    "callieres": _callieres,
    "du_vallon": _du_vallon,
    "la_fare": _la_fare,
    "vannes": _vannes,
    "chantal": _chantal,
    "arquien": _arquien,
}


def _always(st: UchoState, seat: int) -> bool:
    return True


#: Abilities whose options depend on the secret hand, with the public condition under which
#: their owner is asked anyway (``end turn`` the only answer when the hand does not allow
#: them): skipping the question would tell the table that the hand holds no pair (La Fare,
#: Markiza d'Arquien) or, with one card left, no special card (Biskup Vannes).
ASKED_WHEN: dict[str, Callable[[UchoState, int], bool]] = {
    "la_fare": _always,
    "arquien": _always,
    "vannes": _vannes_condition,
}


def _ability_options(st: UchoState, task: Task) -> list[str]:
    seat = task.seat
    out: list[str] = []
    ask = False
    for char in st.characters[seat]:
        if char in st.used:
            continue
        effect = st.cs.types[char].effect
        options = ABILITIES.get(effect)
        if options is not None:
            out.extend(options(st, seat, f"use {st.name(char)}"))
            asked = ASKED_WHEN.get(effect)
            ask = ask or (asked is not None and asked(st, seat))
    return [*out, "end turn"] if out or ask else []


def _ability(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "end turn":
        return
    seat, char = task.seat, move.char
    st.used = st.used | {char}
    st.stack.append(task)  # back to the ability phase once this one is done
    ability = st.cs.types[char].effect
    who, name = st.who(seat), st.name(char)
    if move.detail == "draw":
        st.say(f"{who} uses {name}'s ability.")
        st.draw(seat, 1)
    elif move.detail == "take discard":
        st.take_discard(st.hands[seat], lambda card: (
            f"{who} uses {name}'s ability and takes {card} from the discard pile."))
    elif move.detail == "bury":
        st.take_discard(st.prestige[move.seat], lambda card: (
            f"{who} uses {name}'s ability and throws {card} into "
            f"{st.who(move.seat)}'s prestige pile."))
    elif ability in ("callieres", "du_vallon"):
        st.say(f"{who} uses {name}'s ability on {st.name(move.card)} beside a neighbour.")
        st.stack.append(Task(T.PERFORM, seat, a=move.card))
    elif ability == "la_fare":
        hand = st.hands[seat]
        top = st.discard.pop()
        hand.remove(move.card)
        st.discard.append(move.card)
        hand.append(top)
        st.say(f"{who} shows two {st.name(move.card)} ({name}) and swaps one for "
               f"{st.name(top)} from the discard pile.")
    elif ability == "vannes":
        st.say(f"{who} uses {name}'s ability to perform {st.name(st.cost)} too.")
        st.stack.append(Task(T.PERFORM, seat, a=st.cost))
        st.stack.append(Task(T.BISKUP_PAY, seat, n=2))
    elif ability == "arquien":
        st.hands[seat].remove(move.card)
        st.say(f"{who} shows two {st.name(move.card)} ({name}).")
        st.to_discard(seat, move.card)
        st.stack.append(Task(T.MARKIZA_LOOK, seat))


def _biskup_pay_options(st: UchoState, task: Task) -> list[str]:
    hand = st.hands[task.seat]
    first = task.n == 2 and len(hand) < 2
    return [f"discard {st.name(c)}" for c in sorted(set(hand))
            if not first or st.cs.kind(c) is Kind.SPECIAL]


def _biskup_pay(st: UchoState, task: Task, move: Move) -> None:
    st.hands[task.seat].remove(move.card)
    st.to_discard(task.seat, move.card)
    if task.n == 2 and st.cs.kind(move.card) is not Kind.SPECIAL:
        st.stack.append(Task(T.BISKUP_PAY, task.seat, n=1))


def _markiza_look_options(st: UchoState, task: Task) -> list[str]:
    return [f"look at prestige {t}" for t in range(st.n) if st.prestige[t]]


def _markiza_look(st: UchoState, task: Task, move: Move) -> None:
    t = move.seat
    st.say(f"{st.who(task.seat)} looks through {st.who(t)}'s prestige pile.")
    st.say(f"{st.who(t)}'s prestige pile: {st.names(sorted(st.prestige[t]))}.", task.seat)
    st.stack.append(Task(T.MARKIZA_DISCARD, task.seat, a=t))


def _markiza_discard_options(st: UchoState, task: Task) -> list[str]:
    return [f"discard {st.name(c)}" for c in sorted(set(st.prestige[task.a]))
            if st.cs.kind(c) is not Kind.UCHO]


def _markiza_discard(st: UchoState, task: Task, move: Move) -> None:
    st.prestige[task.a].remove(move.card)
    st.discard.append(move.card)
    st.say(f"{st.who(task.seat)} discards {st.name(move.card)} from "
           f"{st.who(task.a)}'s prestige pile.")


def _markiz_end_options(st: UchoState, task: Task) -> list[str]:
    char = st.cs.id("callieres")
    out = [f"use {st.name(char)}: {st.name(c)}" for c in neighbour_effects(st, task.seat)]
    return [*out, "pass"] if out else []


def _markiz_end(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "pass":
        return
    st.say(f"{st.who(task.seat)} uses {st.name(move.char)}'s ability on "
           f"{st.name(move.card)} beside a neighbour.")
    st.stack.append(Task(T.PERFORM, task.seat, a=move.card))


decision(T.ABILITY, "Use a character's ability, or end your turn", _ability_options, _ability)
decision(T.BISKUP_PAY, "Biskup Vannes: discard one special card or any two cards",
         _biskup_pay_options, _biskup_pay)
decision(T.MARKIZA_LOOK, "Markiza d'Arquien: whose prestige pile do you look through?",
         _markiza_look_options, _markiza_look)
decision(T.MARKIZA_DISCARD, "Markiza d'Arquien: discard a card from that prestige pile",
         _markiza_discard_options, _markiza_discard)
decision(T.MARKIZ_END, "Markiz de Callières: perform a card beside a neighbour, or pass",
         _markiz_end_options, _markiz_end)
