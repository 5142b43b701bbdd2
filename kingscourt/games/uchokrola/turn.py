"""The turn's own questions and steps, whatever the cards: the choice of characters and the
set-up, the action, the cost of an intrigue card, the riposte window, performing an effect,
the ability phase, the limits at the end of a turn; and the ways of playing a card as the
action that several effects share (:data:`SHOWN`, :data:`INTRIGUE`).

How a particular card is played, performed and what it asks is its :class:`~.tasks.CardEffect`
(:mod:`.effects`); what a character's ability offers is its :class:`~.tasks.Ability`
(:mod:`.abilities`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Violation
from ...i18n import _
from .cards import Kind
from .notation import Move
from .tasks import Play, PlayOptions, Refuse, Task, TaskKind, decision, step

if TYPE_CHECKING:
    from .state import UchoState

HAND_LIMIT = 5
DISPLAY_LIMIT = 3
GUICHE_PENALTY = 5
#: The kinds of card that pay the cost of an intrigue card.
PAYS = (Kind.INTRIGUE, Kind.SPECIAL)


# -- set-up ---------------------------------------------------------------------------------

def _choose_options(st: UchoState, task: Task) -> list[str]:
    return [f"choose {st.name(c)}" for c in st.options[task.seat]]


def _choose(st: UchoState, task: Task, move: Move) -> None:
    st.chosen[task.seat] = move.char
    st.say("You choose {character}.", st.name(move.char), to=task.seat)
    st.say("Seat {seat} has chosen a character.", task.seat + 1)  # seats shown from 1


def _setup(st: UchoState, task: Task) -> None:
    for s in range(st.n):
        if st.chosen[s] >= 0:
            st.characters[s] = [st.chosen[s]]
            st.box.extend(c for c in st.options[s] if c != st.chosen[s])
    for s in range(st.n):
        st.say("Seat {seat} is {who}.", s + 1, st.who(s))
    rejected = [[c for c in st.options[s] if c != st.chosen[s]] for s in range(st.n)]
    for s in range(st.n):
        st.options[s] = []
    st.box.sort()
    rng = st.rng()
    for s in range(st.n):
        # Setup 1: from the undealt characters and those the *other* players turned down
        pool = [c for c in st.box if c not in rejected[s]]
        if st.has(s, "guiche") and pool:
            extra = rng.sample(pool, min(2, len(pool)))
            for c in extra:
                st.box.remove(c)
            st.characters[s].extend(extra)
            st.say("{who} draws {cards} and has their traits too.", st.who(s), st.names(extra))
    if st.rules.open and st.box:
        st.marker = st.box.pop(rng.randrange(len(st.box)))
    for s in range(st.n):
        st.draw(s, HAND_LIMIT)
    card = st.take_top()
    if card is not None:
        st.discard.append(card)
        st.say("{card} starts the discard pile.", st.name(card))
    if st.marker >= 0:
        st.deck.insert(len(st.deck) // 2, st.marker)
        st.marker_in_deck = True
        st.say("A character card is shuffled into the middle of the deck.")
    if st.rules.favourite:
        st.say("{who} is the King's favourite.", st.who(st.favourite))
    st.start_turn(st.start)


# -- the action ---------------------------------------------------------------------------------

def _action_options(st: UchoState, task: Task) -> list[str]:
    seat = task.seat
    # An empty hand (public) can only draw: the action is taken at once, unasked.
    if not st.hands[seat]:
        return []
    plays = st.game.plays
    out = ["draw"]
    for c in sorted(set(st.hands[seat])):
        out.extend(plays[c].options(st, seat, c))
    return out


def _action_unasked(st: UchoState, task: Task) -> None:
    # drawn for the seat, narrated as its own ``draw`` would be
    st.draw(task.seat, 2)


def _action(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    if move.verb == "draw":
        st.draw(seat, 1)  # an empty hand draws 2, unasked (_action_unasked)
        return
    resolve = st.game.plays[move.card].resolve
    assert resolve is not None
    resolve(st, seat, move)


def not_an_option(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("not-an-option", _("That action is not possible now."))


def never(st: UchoState, seat: int, card: int) -> list[str]:
    """No answer of the action prompt plays the card."""
    return []


def _play_alone(st: UchoState, seat: int, card: int) -> list[str]:
    return [f"play {st.name(card)}"]


def _display_and_perform(st: UchoState, seat: int, move: Move) -> None:
    # displayed beside one's own character, then performed (at ``move.seat`` if it names one)
    st.hands[seat].remove(move.card)
    st.stack.append(Task(PERFORM, seat, a=move.card, b=move.seat))
    st.display(seat, move.card, seat)


def shown(options: PlayOptions = _play_alone, refuse: Refuse = not_an_option, *,
          targeted: bool = False) -> Play:
    """Played as the action by displaying it beside one's own character and performing it
    (buffoonery cards; Menuet and Knucie, docs/rules.md), offered as ``options`` says."""
    return Play(options, _display_and_perform, refuse, targeted)


def _intrigue_options(st: UchoState, seat: int, card: int) -> list[str]:
    # the intrigue card itself and another intrigue or special card to pay with
    cs = st.cs
    if sum(1 for c in st.hands[seat] if cs.kind(c) in PAYS) < 2:
        return []
    name = st.name(card)
    return [f"play {name} -> {t}" for t in range(st.n) if t != seat]


def _play_intrigue(st: UchoState, seat: int, move: Move) -> None:
    st.stack.append(Task(PAY_COST, seat, a=move.card, b=move.seat))


def _intrigue_cost(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("intrigue-cost",
                     _("To play an intrigue card you need another intrigue card or a special card "
                       "in hand, displayed beside your own character as the cost."))


#: Played at another player, paying another intrigue or special card as the cost.
INTRIGUE = Play(_intrigue_options, _play_intrigue, _intrigue_cost, targeted=True)


def _cost_options(st: UchoState, task: Task) -> list[str]:
    rest = list(st.hands[task.seat])
    rest.remove(task.a)
    return [f"pay {st.name(c)}" for c in sorted(set(rest)) if st.cs.kind(c) in PAYS]


def _pay(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    st.hands[seat].remove(task.a)
    st.hands[seat].remove(move.card)
    st.f_intrigue_action = True
    st.cost = move.card
    st.display(seat, move.card, seat)
    st.cost_at = (seat, len(st.displays[seat]) - 1)
    st.stack.append(Task(PERFORM, seat, a=task.a))
    st.display(seat, task.a, task.b)


# -- the riposte window -------------------------------------------------------------------------

def _riposte_options(st: UchoState, task: Task) -> list[str]:
    # Asked whatever the hand holds: asking only the holders would tell the table who holds a
    # riposte. An empty hand (public) can only pass: the window passes at once, unasked.
    hand = st.hands[task.seat]
    if not hand:
        return []
    if st.cs.id("kasliwa_riposta") in hand:
        return ["riposte", "pass"]
    return ["pass"]


def _riposte_unasked(st: UchoState, task: Task) -> None:
    # passed for the seat, told to it as its own pass would be
    st.say("You let it pass.", to=task.seat)


def _riposte(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    if move.verb == "pass":
        st.say("You let it pass.", to=seat)
        return
    card = st.cs.id("kasliwa_riposta")
    st.hands[seat].remove(card)
    if seat != st.acting and st.after_riposte(seat):
        st.markiz = st.markiz | {seat}
    st.display(seat, card, task.a)


# -- performing ---------------------------------------------------------------------------------

def _perform(st: UchoState, task: Task) -> None:
    perform = st.game.performs[task.a]
    if perform is not None:
        perform(st, task.seat, task.b)


def _discard_limbo(st: UchoState, task: Task) -> None:
    st.limbo.remove(task.a)
    st.to_discard(task.seat, task.a)


# -- the ability phase --------------------------------------------------------------------------

def _ability_options(st: UchoState, task: Task) -> list[str]:
    seat = task.seat
    abilities = st.game.abilities
    out: list[str] = []
    ask = False
    for char in st.characters[seat]:
        if char in st.used:
            continue
        ability = abilities[char]
        if ability is not None and ability.options is not None:
            out.extend(ability.options(st, seat, f"use {st.name(char)}"))
            asked = ability.asked_when
            ask = ask or (asked is not None and asked(st, seat))
    return [*out, "end turn"] if out or ask else []


def _ability(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "end turn":
        return
    seat, char = task.seat, move.char
    st.used = st.used | {char}
    st.stack.append(task)  # back to the ability phase once this one is done
    ability = st.game.abilities[char]
    assert ability is not None and ability.use is not None
    ability.use(st, seat, char, move)


# -- the end of the turn ------------------------------------------------------------------------

def _hand_limit_options(st: UchoState, task: Task) -> list[str]:
    hand = st.hands[task.seat]
    if len(hand) <= HAND_LIMIT:
        return []
    return [f"discard {st.name(c)}" for c in sorted(set(hand))]


def _hand_limit(st: UchoState, task: Task, move: Move) -> None:
    st.hands[task.seat].remove(move.card)
    st.to_discard(task.seat, move.card, _("hand limit"))
    st.stack.append(task)


def _end_turn(st: UchoState, task: Task) -> None:
    st.stack.append(Task(NEXT_TURN, task.seat))
    st.stack.append(Task(DISPLAY_LIMIT_STEP, task.seat))
    for s in reversed(st.order_from(task.seat)):
        st.stack.append(Task(HAND_LIMIT_DISCARD, s))
    for s in reversed(st.order_from(task.seat)):
        if s in st.markiz:
            for kind in reversed(st.after_riposte(s)):
                st.stack.append(Task(kind, s))


def _display_limit(st: UchoState, task: Task) -> None:
    for s in st.order_from(task.seat):
        extra = len(st.displays[s]) - DISPLAY_LIMIT
        if extra > 0:
            st.prestige[s].extend(st.displays[s][:extra])
            del st.displays[s][:extra]
            st.sayn("{n} card goes from beside {who} face down onto their prestige pile.",
                    "{n} cards go from beside {who} face down onto their prestige pile.",
                    extra, extra, st.who(s))


def _next_turn(st: UchoState, task: Task) -> None:
    if st.ending:
        st.say("The game is over. Final prestige: {list}.", ", ".join(
            f"{st.who(s)} {st.prestige_total(s)}" for s in range(st.n)))
        leaders = st.leaders()
        st.sayn("Winner: {names}.", "Winners: {names}.", len(leaders),
                ", ".join(str(st.who(s)) for s in leaders))
        return
    st.start_turn((task.seat + 1) % st.n)


CHOOSE_CHARACTER = decision("choose-character", "Choose your character", _choose_options, _choose)
ACTION = decision("action", "Choose your action", _action_options, _action,
                  unasked=_action_unasked)
#: a: the intrigue played, b: its target
PAY_COST = decision("pay-cost", "Choose the card displayed beside your own character as the cost",
                    _cost_options, _pay, from_hand=True)
#: seat: who may answer, a: whom it would hit, b: the card that arrived, n: 1 if swapped in
RIPOSTE = decision("riposte", "A card was displayed beside your character: riposte or pass",
                   _riposte_options, _riposte, unasked=_riposte_unasked)
ABILITY = decision("ability", "Use a character's ability, or end your turn",
                   _ability_options, _ability)
HAND_LIMIT_DISCARD = decision("hand-limit", "Discard down to 5 cards (the last discarded lies "
                              "on top)", _hand_limit_options, _hand_limit, from_hand=True)
#: after the characters are chosen: deal, start
SETUP = step("setup", _setup)
#: a: the card whose effect runs, b: its target or -1
PERFORM = step("perform", _perform)
#: a: the card to discard from limbo
DISCARD_LIMBO = step("discard-limbo", _discard_limbo)
END_TURN = step("end-turn", _end_turn)
DISPLAY_LIMIT_STEP = step("display-limit", _display_limit)
NEXT_TURN = step("next-turn", _next_turn)

#: The turn's task kinds, decisions first.
KINDS: tuple[TaskKind, ...] = (
    CHOOSE_CHARACTER, ACTION, PAY_COST, RIPOSTE, ABILITY, HAND_LIMIT_DISCARD,
    SETUP, PERFORM, DISCARD_LIMBO, END_TURN, DISPLAY_LIMIT_STEP, NEXT_TURN,
)
