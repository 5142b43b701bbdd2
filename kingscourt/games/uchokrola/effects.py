"""Card effects: each effect id of the card data declared in one place, a :class:`CardEffect`
of :data:`EFFECTS`: how the card is played as the action (and why it is refused), what
performing it does, and the questions it asks with their options, resolvers and narration.

An effect runs for the player who performs it (``seat``; docs/rules.md, Ucho Króla, "who acts") and
either acts at once or pushes its questions onto the stack. A new card is a line of
``cards.json`` and one :class:`CardEffect` added to :data:`EFFECTS` (with task kinds of its
own when it asks something new); :mod:`.registry` wires them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Violation
from ...i18n import N_, NP_, _
from .cards import Kind
from .notation import Move, place
from .tasks import CardEffect, Play, Shown, Task, decision
from .turn import DISCARD_LIMBO, INTRIGUE, PERFORM, RIPOSTE, never, shown

if TYPE_CHECKING:
    from .state import UchoState


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def _everything_displayed(st: UchoState) -> list[tuple[int, int, int]]:
    return st.displayed(list(range(st.n)))


def neighbour_effects(st: UchoState, seat: int) -> list[int]:
    """Intrigue or buffoonery cards beside a neighbour whose effect ``seat`` may perform.

    Podpicie is left out: performing it would only ask the same question again (a loop)."""
    podpicie = st.cs.id("podpicie")
    cards = st.displayed(st.neighbours(seat), (Kind.INTRIGUE, Kind.BUFFOONERY))
    return _distinct([c for _, _, c in cards if c != podpicie])


def take_random(st: UchoState, victim: int, k: int) -> list[int]:
    """Up to ``k`` random cards out of ``victim``'s hand."""
    hand = sorted(st.hands[victim])
    picks = st.rng().sample(range(len(hand)), min(k, len(hand))) if hand else []
    taken = [hand[i] for i in sorted(picks)]
    for c in taken:
        st.hands[victim].remove(c)
    return taken


# -- intrigue cards ------------------------------------------------------------------------------

def faux_pas(st: UchoState, seat: int, target: int) -> None:
    """Draw the 2 top cards of the draw deck."""
    st.draw(seat, 2)


def rozrzutnosc(st: UchoState, seat: int, target: int) -> None:
    """Take into hand the top card of the discard pile."""
    card = st.take_discard(st.hands[seat], lambda name: _(
        "{who} takes {card} from the discard pile into their hand.", who=st.who(seat), card=name))
    if card is None:
        st.say("The discard pile is empty: nothing to take.")


FAUX_PAS_EFFECT = CardEffect("faux_pas", Kind.INTRIGUE, INTRIGUE, faux_pas)
ROZRZUTNOSC_EFFECT = CardEffect("rozrzutnosc", Kind.INTRIGUE, INTRIGUE, rozrzutnosc)


def rozwiazlosc(st: UchoState, seat: int, target: int) -> None:
    """Take into hand 1 card displayed beside any player's character (also your own)."""
    st.stack.append(Task(ROZWIAZLOSC, seat))


def _take_displayed_options(st: UchoState, task: Task) -> list[str]:
    seats = (list(range(st.n)) if task.kind is ROZWIAZLOSC
             else [task.seat, *st.neighbours(task.seat)])
    return [f"take {st.name(c)} from {place(s, i)}" for s, i, c in st.displayed(seats)]


def _take_displayed(st: UchoState, task: Task, move: Move) -> None:
    card = st.take_displayed(move.seat, move.slot)
    st.hands[task.seat].append(card)
    if move.seat == task.seat:
        st.say("{who} takes {card} from beside their own character into their hand.",
               st.who(task.seat), st.name(card))
    else:
        st.say("{who} takes {card} from beside {who2} into their hand.",
               st.who(task.seat), st.name(card), st.who(move.seat))


ROZWIAZLOSC = decision("rozwiazlosc", "Rozwiązłość: take a displayed card into your hand",
                       _take_displayed_options, _take_displayed, forced=True)
ROZWIAZLOSC_EFFECT = CardEffect("rozwiazlosc", Kind.INTRIGUE, INTRIGUE, rozwiazlosc,
                                (ROZWIAZLOSC,))


def zdradzone_sekrety(st: UchoState, seat: int, target: int) -> None:
    """Reveal the 3 top cards (Madame du Barry: 5); display every one of negative prestige
    beside any characters, discard the rest."""
    mark = st.log_size()
    for _i in range(5 if st.has(seat, "du_barry") else 3):
        card = st.take_top()
        if card is None:
            break
        st.revealed.append(card)
    st.say_before(mark, [(N_("{who} reveals {cards}."), -1,
                          (st.who(seat), st.names(st.revealed)))])
    st.stack.append(Task(ZDRADZONE, seat))


def _zdradzone_options(st: UchoState, task: Task) -> list[str]:
    negative = [c for c in st.revealed if st.cs.types[c].prestige < 0]
    if negative:
        return [f"display {st.name(c)} -> {t}" for c in _distinct(negative) for t in range(st.n)]
    return [f"discard {st.name(c)}" for c in _distinct(st.revealed)]


def _zdradzone(st: UchoState, task: Task, move: Move) -> None:
    st.revealed.remove(move.card)
    if st.revealed:
        st.stack.append(task)
    if move.verb == "display":
        st.display(task.seat, move.card, move.seat)
    else:
        st.to_discard(task.seat, move.card)


ZDRADZONE = decision("zdradzone-sekrety",
                     "Zdradzone sekrety: display the negative cards, then discard the rest",
                     _zdradzone_options, _zdradzone, forced=True)
ZDRADZONE_EFFECT = CardEffect("zdradzone_sekrety", Kind.INTRIGUE, INTRIGUE, zdradzone_sekrety,
                              (ZDRADZONE,))


def podpicie(st: UchoState, seat: int, target: int) -> None:
    """Choose a displayed intrigue or buffoonery card beside a neighbour; perform its effect."""
    st.stack.append(Task(PODPICIE, seat))


def _podpicie_options(st: UchoState, task: Task) -> list[str]:
    return [f"perform {st.name(c)}" for c in neighbour_effects(st, task.seat)]


def _perform_neighbour(st: UchoState, task: Task, move: Move) -> None:
    st.say("{who} performs the effect of {card} displayed beside a neighbour.",
           st.who(task.seat), st.name(move.card))
    st.stack.append(Task(PERFORM, task.seat, a=move.card))


PODPICIE = decision("podpicie", "Podpicie: perform the effect of a card beside a neighbour",
                    _podpicie_options, _perform_neighbour, forced=True)
#: Named by the rules: no effect performed from beside a neighbour picks it.
PODPICIE_EFFECT = CardEffect("podpicie", Kind.INTRIGUE, INTRIGUE, podpicie, (PODPICIE,),
                             required=True)


# -- buffoonery cards ---------------------------------------------------------------------------

def fraszka(st: UchoState, seat: int, target: int) -> None:
    """Look at someone's cards in hand; take an Ucho króla card or draw the top card."""
    st.stack.append(Task(FRASZKA_LOOK, seat))


def _look_options(st: UchoState, task: Task) -> list[str]:
    return [f"look at {t}" for t in range(st.n) if t != task.seat]


def _look(st: UchoState, task: Task, move: Move) -> None:
    t = move.seat
    st.say("{who} looks at {who2}'s hand.", st.who(task.seat), st.who(t))
    st.say("{who}'s hand: {cards}.", st.who(t), st.names(sorted(st.hands[t])), to=task.seat)
    st.stack.append(Task(FRASZKA_TAKE, task.seat, a=t))


def _fraszka_take_options(st: UchoState, task: Task) -> list[str]:
    ucho = st.cs.id("ucho_krola")
    return ([f"take {st.name(ucho)}"] if ucho in st.hands[task.a] else []) + ["draw"]


def _fraszka_take(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "draw":
        st.draw(task.seat, 1)
        return
    st.hands[task.a].remove(move.card)
    st.hands[task.seat].append(move.card)
    st.say("{who} takes {card} from {who2}'s hand.", st.who(task.seat), st.name(move.card), st.who(task.a))


FRASZKA_LOOK = decision("fraszka-look", "Fraszka: whose hand do you look at?", _look_options,
                        _look, forced=True)
#: a: the player whose hand was seen (shown to the one who asks)
FRASZKA_TAKE = decision("fraszka-take", "Fraszka: take an Ucho króla or draw a card",
                        _fraszka_take_options, _fraszka_take, shows=Shown.HAND)
FRASZKA_EFFECT = CardEffect("fraszka", Kind.BUFFOONERY, shown(), fraszka, (FRASZKA_LOOK, FRASZKA_TAKE))


def anielskie_glosy(st: UchoState, seat: int, target: int) -> None:
    """Display up to 2 cards from your hand beside any characters, without their effects."""
    st.stack.append(Task(ANIELSKIE, seat, n=2))


def _anielskie_options(st: UchoState, task: Task) -> list[str]:
    hand = st.hands[task.seat]
    if not hand:
        return []
    return [f"display {st.name(c)} -> {t}" for c in _distinct(hand)
            for t in range(st.n)] + ["done"]


def _anielskie(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "done":
        return
    st.hands[task.seat].remove(move.card)
    if task.n > 1:
        st.stack.append(Task(ANIELSKIE, task.seat, n=task.n - 1))
    st.display(task.seat, move.card, move.seat)


#: n: cards still allowed
ANIELSKIE = decision("anielskie-glosy", "Anielskie głosy: display a card from your hand, or done",
                     _anielskie_options, _anielskie)
ANIELSKIE_EFFECT = CardEffect("anielskie_glosy", Kind.BUFFOONERY, shown(), anielskie_glosy,
                             (ANIELSKIE,))


def maskarada(st: UchoState, seat: int, target: int) -> None:
    """Take 2 random cards from another player's hand; that player draws 1 card."""
    st.stack.append(Task(MASKARADA, seat))


def _other_seats(st: UchoState, task: Task) -> list[str]:
    return [f"take from {t}" for t in range(st.n) if t != task.seat]


def _maskarada(st: UchoState, task: Task, move: Move) -> None:
    seat, t = task.seat, move.seat
    taken = take_random(st, t, 2)
    st.hands[seat].extend(taken)
    st.sayn("{who} takes {n} random card from {who2}'s hand.",
            "{who} takes {n} random cards from {who2}'s hand.", len(taken),
            st.who(seat), len(taken), st.who(t))
    if taken:
        st.say("You take {cards}.", st.names(taken), to=seat)
        st.say("{who} takes your {cards}.", st.who(seat), st.names(taken), to=t)
    st.draw(t, 1)


MASKARADA = decision("maskarada", "Maskarada: take 2 random cards from whose hand?",
                     _other_seats, _maskarada, forced=True)
MASKARADA_EFFECT = CardEffect("maskarada", Kind.BUFFOONERY, shown(), maskarada, (MASKARADA,))


def podszepty(st: UchoState, seat: int, target: int) -> None:
    """Take into hand a card displayed beside your own or a neighbour's character."""
    st.stack.append(Task(PODSZEPTY, seat))


PODSZEPTY = decision("podszepty", "Podszepty: take a card displayed beside you or a neighbour",
                     _take_displayed_options, _take_displayed, forced=True)
PODSZEPTY_EFFECT = CardEffect("podszepty", Kind.BUFFOONERY, shown(), podszepty, (PODSZEPTY,))


def zalotne_rozmowy(st: UchoState, seat: int, target: int) -> None:
    """Discard up to 2 displayed cards (beside one character, or 1 beside each of two)."""
    st.stack.append(Task(ZALOTNE, seat, n=2))


def _zalotne_options(st: UchoState, task: Task) -> list[str]:
    cards = _everything_displayed(st)
    if not cards:
        return []
    return [f"discard {st.name(c)} from {place(s, i)}" for s, i, c in cards] + ["done"]


def _zalotne(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "done":
        return
    card = st.take_displayed(move.seat, move.slot)
    st.discard.append(card)
    st.say("{who} discards {card} from beside {who2}.", st.who(task.seat), st.name(card), st.who(move.seat))
    if task.n > 1:
        st.stack.append(Task(ZALOTNE, task.seat, n=task.n - 1))


#: n: cards still allowed
ZALOTNE = decision("zalotne-rozmowy", "Zalotne rozmowy: discard a displayed card, or done",
                   _zalotne_options, _zalotne)
ZALOTNE_EFFECT = CardEffect("zalotne_rozmowy", Kind.BUFFOONERY, shown(), zalotne_rozmowy,
                             (ZALOTNE,))


def kuzyneczka(st: UchoState, seat: int, target: int) -> None:
    """Swap the places of any 2 displayed cards; their players may riposte."""
    st.stack.append(Task(KUZYNECZKA, seat))


def _swap_options(st: UchoState, task: Task) -> list[str]:
    cards = _everything_displayed(st)
    if len(cards) < 2:
        return []
    return [f"swap {st.name(c)} at {place(s, i)}" for s, i, c in cards]


def _swap(st: UchoState, task: Task, move: Move) -> None:
    st.stack.append(Task(KUZYNECZKA_WITH, task.seat, a=move.seat, b=move.slot))


def _with_options(st: UchoState, task: Task) -> list[str]:
    return [f"with {st.name(c)} at {place(s, i)}" for s, i, c in _everything_displayed(st)
            if (s, i) != (task.a, task.b)]


def _with(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    first = st.displays[task.a][task.b]
    st.swap_displayed((task.a, task.b), (move.seat, move.slot))
    st.say("{who} swaps {card} beside {who2} with {card2} beside {who3}.",
           st.who(seat), st.name(first), st.who(task.a), st.name(move.card), st.who(move.seat))
    arrived = {task.a: move.card, move.seat: first}
    for s in reversed(st.order_from(st.acting)):
        if s in arrived and s != seat:
            st.stack.append(Task(RIPOSTE, s, a=seat, b=arrived[s], n=1))


KUZYNECZKA = decision("kuzyneczka", "Kuzyneczka: the first card to swap", _swap_options, _swap)
#: a: seat, b: slot (0-based) of the first card
KUZYNECZKA_WITH = decision("kuzyneczka-with", "Kuzyneczka: the card to swap it with",
                           _with_options, _with, forced=True)
KUZYNECZKA_EFFECT = CardEffect("kuzyneczka", Kind.BUFFOONERY, shown(), kuzyneczka,
                               (KUZYNECZKA, KUZYNECZKA_WITH))


# -- special cards played as actions ---------------------------------------------------------------

def menuet(st: UchoState, seat: int, target: int) -> None:
    """Take the 4 top cards unseen by others, keep 1 (Madame du Barry: 2), discard the rest."""
    mark = st.log_size()
    for _i in range(4):
        card = st.take_top()
        if card is None:
            break
        st.looked.append(card)
    st.looked_by = seat
    st.say_before(mark, [
        (NP_("{who} takes {n} card from the top of the deck.",
             "{who} takes {n} cards from the top of the deck.", len(st.looked)), -1,
         (st.who(seat), len(st.looked))),
        (N_("You see {cards}."), seat, (st.names(sorted(st.looked)),))])
    st.stack.append(Task(DISCARD_LOOKED, seat))
    st.stack.append(Task(MENUET_KEEP, seat, n=2 if st.has(seat, "du_barry") else 1))


def _keep_options(st: UchoState, task: Task) -> list[str]:
    return [f"keep {st.name(c)}" for c in _distinct(st.looked)]


def _keep(st: UchoState, task: Task, move: Move) -> None:
    st.looked.remove(move.card)
    st.hands[task.seat].append(move.card)
    st.say("{who} keeps a card.", st.who(task.seat))
    st.say("You keep {card}.", st.name(move.card), to=task.seat)
    if task.n > 1:
        st.stack.append(Task(MENUET_KEEP, task.seat, n=task.n - 1))


def _looked_discard_options(st: UchoState, task: Task) -> list[str]:
    return [f"discard {st.name(c)}" for c in _distinct(st.looked)]


def _looked_discard(st: UchoState, task: Task, move: Move) -> None:
    st.looked.remove(move.card)
    st.to_discard(task.seat, move.card)
    if st.looked:
        st.stack.append(task)


#: n: cards still to keep
MENUET_KEEP = decision("menuet-keep", "Menuet: keep a card", _keep_options, _keep)
DISCARD_LOOKED = decision("menuet-discard", "Menuet: discard the rest (the last lies on top)",
                          _looked_discard_options, _looked_discard, forced=True)
MENUET_EFFECT = CardEffect("menuet", Kind.SPECIAL, shown(), menuet, (MENUET_KEEP, DISCARD_LOOKED),
                    required=True)


def knucie(st: UchoState, seat: int, target: int) -> None:
    """Take 1 random card from a player's hand: perform an intrigue or buffoonery card, then
    discard it; discard anything else, and its victim takes a random card from another hand."""
    if target < 0:
        st.stack.append(Task(KNUCIE_TARGET, seat))
    else:
        _knucie_take(st, seat, target)


def _knucie_target_options(st: UchoState, task: Task) -> list[str]:
    return [f"take from {t}" for t in range(st.n) if t != task.seat and st.hands[t]]


def _knucie_target(st: UchoState, task: Task, move: Move) -> None:
    _knucie_take(st, task.seat, move.seat)


def _knucie_take(st: UchoState, seat: int, t: int) -> None:
    taken = take_random(st, t, 1)
    if not taken:
        st.say("{who} has no card to take.", st.who(t))
        return
    card = taken[0]
    st.say("{who} takes {card} at random from {who2}'s hand.", st.who(seat), st.name(card), st.who(t))
    if st.cs.kind(card) in (Kind.INTRIGUE, Kind.BUFFOONERY):
        st.limbo.append(card)
        st.stack.append(Task(DISCARD_LIMBO, seat, a=card))
        st.stack.append(Task(PERFORM, seat, a=card))
    else:
        st.to_discard(seat, card)
        st.stack.append(Task(KNUCIE_FALLBACK, t, a=seat))


def _fallback_options(st: UchoState, task: Task) -> list[str]:
    return [f"take from {m}" for m in range(st.n) if m != task.seat and st.hands[m]]


def _fallback(st: UchoState, task: Task, move: Move) -> None:
    seat, m = task.seat, move.seat
    taken = take_random(st, m, 1)
    st.hands[seat].extend(taken)
    st.say("{who} takes a random card from {who2}'s hand.", st.who(seat), st.who(m))
    st.say("You take {cards}.", st.names(taken), to=seat)
    st.say("{who} takes your {cards}.", st.who(seat), st.names(taken), to=m)



def _knucie_options(st: UchoState, seat: int, card: int) -> list[str]:
    name = st.name(card)
    return [f"play {name} -> {t}" for t in range(st.n) if t != seat and st.hands[t]]


def _knucie_refusal(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("knucie-target", _("{who} has no card in hand.", who=st.who(move.seat)))


KNUCIE_TARGET = decision("knucie-target", "Knucie: take a random card from whose hand?",
                         _knucie_target_options, _knucie_target, forced=True)
#: seat: Knucie's target, a: who played Knucie
KNUCIE_FALLBACK = decision("knucie-fallback", "Knucie: take a random card from whose hand?",
                           _fallback_options, _fallback, forced=True)
KNUCIE_EFFECT = CardEffect("knucie", Kind.SPECIAL,
                           shown(_knucie_options, _knucie_refusal, targeted=True), knucie,
                           (KNUCIE_TARGET, KNUCIE_FALLBACK), required=True)


# -- special cards with a play of their own ---------------------------------------------------------

def _savoir_play_options(st: UchoState, seat: int, card: int) -> list[str]:
    return [f"play {st.name(card)}"] if st.discard else []


def _play_savoir(st: UchoState, seat: int, move: Move) -> None:
    """Swap it with the top card of the discard pile; keep or display the card taken."""
    card = move.card
    st.hands[seat].remove(card)
    taken = st.discard.pop()
    st.discard.append(card)
    st.limbo.append(taken)
    st.f_savoir = True
    st.say("{who} plays {card} and takes {card2} from the discard pile.",
           st.who(seat), st.name(card), st.name(taken))
    st.stack.append(Task(SAVOIR, seat, a=taken))


def _empty_discard(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("empty-discard", _("{card} needs a card on the discard pile.", card=st.name(move.card)))


def _savoir_options(st: UchoState, task: Task) -> list[str]:
    name = st.name(task.a)
    return [f"keep {name}", *(f"display {name} -> {t}" for t in range(st.n))]


def _savoir(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    st.limbo.remove(task.a)
    if move.verb == "keep":
        st.hands[seat].append(task.a)
        st.say("{who} takes {card} into their hand.", st.who(seat), st.name(task.a))
        return
    if st.cs.kind(task.a) in (Kind.INTRIGUE, Kind.BUFFOONERY):
        st.stack.append(Task(PERFORM_OPTIONAL, seat, a=task.a))
    st.display(seat, task.a, move.seat)


def _optional_options(st: UchoState, task: Task) -> list[str]:
    return [f"perform {st.name(task.a)}", "skip"]


def _optional(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "perform":
        st.stack.append(Task(PERFORM, task.seat, a=task.a))
    else:
        st.say("{who} does not perform {card}.", st.who(task.seat), st.name(task.a))


#: a: the card taken from the discard pile
SAVOIR = decision("savoir-vivre",
                  "Savoir-vivre: keep the card taken, or display it beside a character",
                  _savoir_options, _savoir)
#: a: the card whose effect may be performed
PERFORM_OPTIONAL = decision("perform-or-skip",
                            "Savoir-vivre: perform the displayed card's effect, or skip it",
                            _optional_options, _optional)
SAVOIR_VIVRE_EFFECT = CardEffect(
    "savoir_vivre", Kind.SPECIAL, Play(_savoir_play_options, _play_savoir, _empty_discard),
    tasks=(SAVOIR, PERFORM_OPTIONAL), required=True)


def _riposte_in_reply(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("riposte-in-reply",
                     _("{card} is played only when someone displays a card beside your character.",
                       card=st.name(move.card)))


#: Played only in the riposte window that :mod:`.turn` opens after a display.
KASLIWA_RIPOSTA_EFFECT = CardEffect("kasliwa_riposta", Kind.SPECIAL,
                                    Play(never, None, _riposte_in_reply), required=True)


# -- Ucho króla ------------------------------------------------------------------------------------

def _pair_options(st: UchoState, seat: int, card: int) -> list[str]:
    return [f"play {st.name(card)}"] if st.hands[seat].count(card) >= 2 else []


def _play_pair(st: UchoState, seat: int, move: Move) -> None:
    """Two in hand: one to the prestige pile, the other onto the discard pile."""
    card, hand = move.card, st.hands[seat]
    hand.remove(card)
    hand.remove(card)
    st.prestige[seat].append(card)
    st.discard.append(card)
    st.say("{who} shows two {card}: one goes to their prestige pile, the other onto the discard "
             "pile.", st.who(seat), st.name(card))


def _pair_needed(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("ucho-pair", _("{card} is played only with two of them in hand.",
                                    card=st.name(move.card)))


UCHO_KROLA_EFFECT = CardEffect("ucho_krola", Kind.UCHO, Play(_pair_options, _play_pair, _pair_needed),
                               required=True)


#: Every card effect of the game, in the card data's order.
EFFECTS: tuple[CardEffect, ...] = (
    FRASZKA_EFFECT, PODSZEPTY_EFFECT, ANIELSKIE_EFFECT, MASKARADA_EFFECT, ZALOTNE_EFFECT,
    KUZYNECZKA_EFFECT,
    ROZRZUTNOSC_EFFECT, FAUX_PAS_EFFECT, ROZWIAZLOSC_EFFECT, PODPICIE_EFFECT, ZDRADZONE_EFFECT,
    SAVOIR_VIVRE_EFFECT, KASLIWA_RIPOSTA_EFFECT, MENUET_EFFECT, KNUCIE_EFFECT,
    UCHO_KROLA_EFFECT,
)
