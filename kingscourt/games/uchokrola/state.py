"""One match of Ucho Króla: the zones, the task stack, the turn, the narration.

Zones hold cards as small integers (the card's type, see :mod:`.cards`). The whole flow is
driven by the stack of :mod:`.tasks`: a turn pushes its actions, the ability phase and the end
of the turn; effects push their questions; a display beside another player's character
pushes that player's riposte window on top of the effect still to be performed.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import (
    JSON,
    Action,
    Event,
    GameOver,
    IllegalAction,
    State,
    Violation,
    make_record,
)
from ...engine.errors import GAME_OVER, not_your_turn
from .cards import Kind
from .notation import Move
from .tasks import SPECS, T, Task, decision, step

if TYPE_CHECKING:
    from .game import UchoGame

HAND_LIMIT = 5
DISPLAY_LIMIT = 3
GUICHE_PENALTY = 5

Log = tuple[Any, int, str] | None  # (previous node, audience (-1: everyone), text)


def n_cards(n: int, what: str = "card") -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``what`` may carry an adjective)."""
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


class UchoState(State):
    game: UchoGame

    def __init__(self, game: UchoGame, players: int, seed: int) -> None:
        self.game = game
        self.cs = game.cards
        self.rules = game.rules
        self.n = players
        self.seed = seed
        self._rng_count = 0
        n = players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.displays: list[list[int]] = [[] for _ in range(n)]
        self.prestige: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []           # top card last
        self.discard: list[int] = []        # top card last
        self.limbo: list[int] = []          # public cards in transit (Savoir-vivre, Knucie)
        self.revealed: list[int] = []       # Zdradzone sekrety's revealed cards (public)
        self.looked: list[int] = []         # Menuet's cards, seen by ``looked_by`` only
        self.looked_by = -1
        self.out: list[int] = []            # cards left out of an explicit set-up
        self.characters: list[list[int]] = [[] for _ in range(n)]
        self.options: list[list[int]] = [[] for _ in range(n)]
        self.chosen: list[int] = [-1] * n
        self.box: list[int] = []            # characters out of play
        self.marker = -1                    # Open variant: the character card in the deck
        self.marker_in_deck = False
        self.stack: list[Task] = []
        self.acting = -1
        self.start = 0
        self.turn_no = 0
        self.favourite = -1
        self.exhaustions = 0
        self.ending = False
        self.over = False
        self.announced: list[int] | None = None
        # what happened this turn (abilities' conditions), all public
        self.f_intrigue = False      # the acting player displayed an intrigue card
        self.f_special = False       # ... displayed a special card
        self.f_savoir = False        # ... played Savoir-vivre as the action
        self.f_intrigue_action = False
        self.cost = -1               # the card displayed as the cost of the intrigue action
        self.used: frozenset[int] = frozenset()      # characters whose ability was used
        self.markiz: frozenset[int] = frozenset()    # other seats that riposted this turn
        self._log: Log = None
        self._log_len = 0
        self._acts: Log = None
        self._acts_len = 0
        self._legal: list[str] = []
        self._legal_set: frozenset[str] = frozenset()
        self.setup: JSON = {}

    # randomness ---------------------------------------------------------------------------
    def rng(self) -> random.Random:
        """A fresh generator for the next chance event, derived from the seed."""
        self._rng_count += 1
        return random.Random(f"{self.seed}/{self._rng_count}")

    # narration ----------------------------------------------------------------------------
    def say(self, text: str, to: int = -1) -> None:
        """One sentence of the narration; ``to`` keeps it in that seat's log only."""
        self._log = (self._log, to, text)
        self._log_len += 1

    def log_size(self) -> int:
        return self._log_len

    def say_before(self, mark: int, lines: list[tuple[str, int]]) -> None:
        """Narrate ``lines`` as if said when the log held ``mark`` entries (a draw is told
        before the deck running out that it caused)."""
        later: list[tuple[int, str]] = []
        node = self._log
        for _ in range(self._log_len - mark):
            assert node is not None
            node, to, text = node
            later.append((to, text))
        self._log = node
        self._log_len = mark
        for text, to in lines:
            self.say(text, to)
        for to, text in reversed(later):
            self.say(text, to)

    def log_for(self, seat: int | None) -> list[str]:
        out: list[str] = []
        node = self._log
        while node is not None:
            node, to, text = node
            if to == -1 or to == seat:
                out.append(text)
        out.reverse()
        return out

    def who(self, seat: int) -> str:
        chars = self.characters[seat]
        return self.cs.name(chars[0]) if chars else f"Player {seat}"

    def name(self, card: int) -> str:
        return self.cs.types[card].name

    def names(self, cards: list[int]) -> str:
        return ", ".join(self.name(c) for c in cards) if cards else "nothing"

    # characters ----------------------------------------------------------------------------
    def has(self, seat: int, ability: str) -> bool:
        """Whether ``seat`` has the character ``ability`` (never in the Simplified variant)."""
        if self.rules.simplified:
            return False
        return any(self.cs.types[c].effect == ability for c in self.characters[seat])

    def neighbours(self, seat: int) -> list[int]:
        if self.n == 2:
            return [1 - seat]
        return sorted({(seat - 1) % self.n, (seat + 1) % self.n})

    def order_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(self.n)]

    # deck and discard pile ---------------------------------------------------------------------
    def take_top(self) -> int | None:
        """The deck's top card, or None once it is gone for good."""
        if not self.deck:
            return None
        card = self.deck.pop()
        self._settle_deck()
        return card

    def _settle_deck(self) -> None:
        # Open variant: the character card is discarded as soon as it is on top.
        while self.marker_in_deck and self.deck and self.deck[-1] == self.marker:
            self.deck.pop()
            self.marker_in_deck = False
            self.say(f"{self.name(self.marker)} comes to the top of the deck and is set aside.")
            self.count()
        if not self.deck and not self.ending:
            self._exhaust()

    def _exhaust(self) -> None:
        self.exhaustions += 1
        last = 1 if self.rules.quick else 2
        if self.exhaustions >= last:
            self.ending = True
            self.say("The deck runs out: the game ends at the end of this turn.")
            return
        self.say("The deck runs out for the first time.")
        if self.rules.open:
            self.count()
        if self.discard:
            top = self.discard.pop()
            self.deck = self.discard
            self.rng().shuffle(self.deck)
            self.discard = [top]
        if self.marker >= 0 and not self.marker_in_deck:
            self.deck.insert(len(self.deck) // 2, self.marker)
            self.marker_in_deck = True
        if self.discard:
            self.say(f"The discard pile is shuffled into a new deck of "
                     f"{n_cards(len(self.deck))}; {self.name(self.discard[-1])} starts the new "
                     f"discard pile.")
        else:
            self.say("There is no discard pile to shuffle into a new deck.")
        self._settle_deck()

    def draw(self, seat: int, k: int) -> list[int]:
        mark = self.log_size()
        got: list[int] = []
        for _ in range(k):
            card = self.take_top()
            if card is None:
                break
            self.hands[seat].append(card)
            got.append(card)
        what = "a card" if len(got) == 1 else n_cards(len(got))
        if got:
            self.say_before(mark, [(f"{self.who(seat)} draws {what}.", -1),
                                   (f"You draw {self.names(got)}.", seat)])
        else:
            self.say(f"{self.who(seat)} finds no card to draw.")
        return got

    def take_discard(self, into: list[int], told: Callable[[str], str]) -> int | None:
        """The discard pile's top card, put ``into`` a hand or pile and narrated by ``told``
        (given the card's name); an emptied pile then restarts from the deck, told after."""
        if not self.discard:
            return None
        card = self.discard.pop()
        into.append(card)
        self.say(told(self.name(card)))
        self.refill_discard()
        return card

    def refill_discard(self) -> None:
        if not self.discard:
            card = self.take_top()
            if card is not None:
                self.discard.append(card)
                self.say(f"{self.name(card)} starts a new discard pile.")

    def to_discard(self, seat: int, card: int, why: str = "") -> None:
        self.discard.append(card)
        self.say(f"{self.who(seat)} discards {self.name(card)}{why}.")

    # displaying ------------------------------------------------------------------------------
    def display(self, by: int, card: int, target: int) -> None:
        """Display ``card`` beside ``target``'s character; a riposte window opens on top."""
        self.displays[target].append(card)
        if by == self.acting:
            kind = self.cs.kind(card)
            if kind is Kind.INTRIGUE:
                self.f_intrigue = True
            elif kind is Kind.SPECIAL:
                self.f_special = True
        where = "their own character" if by == target else self.who(target)
        self.say(f"{self.who(by)} displays {self.name(card)} beside {where}.")
        if target != by:
            self.stack.append(Task(T.RIPOSTE, target, a=by, b=card))

    def displayed(self, seats: list[int], kinds: tuple[Kind, ...] | None = None
                  ) -> list[tuple[int, int, int]]:
        """(seat, slot, card) of every displayed card beside ``seats``, optionally by kind."""
        return [(s, i, c) for s in seats for i, c in enumerate(self.displays[s])
                if kinds is None or self.cs.kind(c) in kinds]

    # counting ------------------------------------------------------------------------------
    def prestige_total(self, seat: int) -> int:
        total = sum(self.cs.types[c].prestige for c in self.prestige[seat])
        if self.has(seat, "guiche"):
            total -= GUICHE_PENALTY
        return total

    def uchos(self, seat: int) -> int:
        ucho = self.cs.id("ucho_krola")
        return self.prestige[seat].count(ucho)

    def teams(self) -> list[list[int]]:
        if self.rules.teams == "pairs":
            k = self.n // 2
            return [[s for s in range(self.n) if s % k == t] for t in range(k)]
        if self.rules.teams == "triples":
            return [[s for s in range(self.n) if s % 2 == t] for t in range(2)]
        return [[s] for s in range(self.n)]

    def count(self) -> None:
        """Open variant: everyone's prestige is counted and announced."""
        self.announced = [self.prestige_total(s) for s in range(self.n)]
        self.say("Prestige count: " + ", ".join(
            f"{self.who(s)} {v}" for s, v in enumerate(self.announced)) + ".")
        if self.rules.favourite:
            best = max(self.announced)
            leaders = [s for s in self.order_from(max(self.acting, 0))
                       if self.announced[s] == best]
            if self.favourite not in leaders:
                self.favourite = leaders[0]
                self.say(f"{self.who(self.favourite)} becomes the King's favourite.")

    # the turn --------------------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        self.acting = seat
        self.turn_no += 1
        self.f_intrigue = self.f_special = self.f_savoir = self.f_intrigue_action = False
        self.cost = -1
        self.used = frozenset()
        self.markiz = frozenset()
        self.say(f"Turn {self.turn_no}: {self.who(seat)}.")
        self.stack.append(Task(T.END_TURN, seat))
        if not self.rules.simplified:
            self.stack.append(Task(T.ABILITY, seat))
        self.stack.append(Task(T.ACTION, seat))
        if seat == self.favourite:
            self.stack.append(Task(T.ACTION, seat))

    # the engine contract ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def advance(self) -> None:
        """Run automatic steps until a player must decide or the game is over."""
        stack = self.stack
        while stack:
            task = stack[-1]
            spec = SPECS[task.kind]
            if spec.run is not None:
                stack.pop()
                spec.run(self, task)
                continue
            assert spec.options is not None and spec.resolve is not None
            options = spec.options(self, task)
            if not options:
                stack.pop()
                continue
            if spec.forced and len(options) == 1:
                stack.pop()
                spec.resolve(self, task, self.game.notation.parse(options[0]))
                continue
            self._legal = options
            self._legal_set = frozenset(options)
            return
        self._legal = []
        self._legal_set = frozenset()
        self.over = True

    def legal_texts(self) -> list[str]:
        """The texts of the legal actions of the seat to move."""
        return self._legal

    def to_move(self) -> list[int]:
        return [] if self.over else [self.stack[-1].seat]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.over or self.stack[-1].seat != seat:
            return []
        return [self.game.action(t) for t in self._legal]

    def _parse(self, action: Action | str) -> tuple[str, Move]:
        text = " ".join(str(action).split()) if isinstance(action, str) else action
        return text, self.game.notation.parse(text)

    def _check(self, seat: int, action: Action | str) -> Violation | None:
        text, move = self._parse(action)
        if self.over:
            return GAME_OVER
        if seat not in self.to_move():
            return not_your_turn(seat, self.to_move()).violation
        if text in self._legal_set:
            return None
        return self._explain(seat, move)

    def _apply(self, seat: int, action: Action | str) -> list[Event]:
        text, move = self._parse(action)
        if self.over:
            raise GameOver(GAME_OVER)
        if self.stack[-1].seat != seat:
            raise not_your_turn(seat, self.to_move())
        if text not in self._legal_set:
            raise IllegalAction(self._explain(seat, move))
        mark = self._log_len
        task = self.stack.pop()
        resolve = SPECS[task.kind].resolve
        assert resolve is not None
        resolve(self, task, move)
        self._acts = (self._acts, seat, text)
        self._acts_len += 1
        self.advance()
        return self._events_since(mark)

    def _events_since(self, mark: int) -> list[Event]:
        events: list[Event] = []
        node = self._log
        for _ in range(self._log_len - mark):
            assert node is not None
            node, to, text = node
            events.append(Event("said", None if to == -1 else to,
                                {"text": text, "private": to != -1}))
        events.reverse()
        if self.over:
            events.append(Event("game-over", None, {"scores": self.scores(),
                                                    "winners": self.winners()}))
        return events

    def _explain(self, seat: int, move: Move) -> Violation:
        from .refusals import explain

        return explain(self, seat, move)

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        own = [self.prestige_total(s) for s in range(self.n)]
        out = list(own)
        for team in self.teams():
            total = sum(own[s] for s in team)
            for s in team:
                out[s] = total
        return out

    def winners(self) -> list[int]:
        """Most prestige; a tie goes to more Ucho króla cards (teams: summed); then shared."""
        return self.leaders() if self.over else []

    def leaders(self) -> list[int]:
        """Who would win if the game ended now (the true totals, hidden ones included)."""
        teams = self.teams()
        own = [self.prestige_total(s) for s in range(self.n)]
        keys = [(sum(own[s] for s in t), sum(self.uchos(s) for s in t)) for t in teams]
        best = max(keys)
        return sorted(s for t, k in zip(teams, keys, strict=True) if k == best for s in t)

    def record(self) -> JSON:
        acts: list[tuple[int, str]] = []
        node = self._acts
        while node is not None:
            node, seat, text = node
            acts.append((seat, text))
        acts.reverse()
        rec = make_record(self.game, self.n, self.seed, self.setup, acts)
        if self.game.cards_path is not None:
            rec["rules"]["cards"] = self.game.cards_path
        return rec

    def clone(self) -> UchoState:
        twin = copy.copy(self)
        twin.hands = [h[:] for h in self.hands]
        twin.displays = [d[:] for d in self.displays]
        twin.prestige = [p[:] for p in self.prestige]
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.limbo = self.limbo[:]
        twin.revealed = self.revealed[:]
        twin.looked = self.looked[:]
        twin.out = self.out[:]
        twin.characters = [c[:] for c in self.characters]
        twin.options = [o[:] for o in self.options]
        twin.chosen = self.chosen[:]
        twin.box = self.box[:]
        twin.stack = self.stack[:]
        twin.announced = None if self.announced is None else self.announced[:]
        return twin

    def _view(self, seat: int | None) -> JSON:
        from .view import view

        return view(self, seat)

    def __repr__(self) -> str:
        return (f"<UchoState {self.n} players, turn {self.turn_no}, "
                f"{'over' if self.over else self.stack[-1].kind.value}>")


# -- core decisions and steps --------------------------------------------------------------------

def _choose_options(st: UchoState, task: Task) -> list[str]:
    return [f"choose {st.name(c)}" for c in st.options[task.seat]]


def _choose(st: UchoState, task: Task, move: Move) -> None:
    st.chosen[task.seat] = move.char
    st.say(f"You choose {st.name(move.char)}.", task.seat)
    st.say(f"Player {task.seat} has chosen a character.")


def _setup(st: UchoState, task: Task) -> None:
    for s in range(st.n):
        if st.chosen[s] >= 0:
            st.characters[s] = [st.chosen[s]]
            st.box.extend(c for c in st.options[s] if c != st.chosen[s])
    for s in range(st.n):
        st.say(f"Player {s} is {st.who(s)}.")
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
            st.say(f"{st.who(s)} draws {st.names(extra)} and has their traits too.")
    if st.rules.open and st.box:
        st.marker = st.box.pop(rng.randrange(len(st.box)))
    for s in range(st.n):
        st.draw(s, HAND_LIMIT)
    card = st.take_top()
    if card is not None:
        st.discard.append(card)
        st.say(f"{st.name(card)} starts the discard pile.")
    if st.marker >= 0:
        st.deck.insert(len(st.deck) // 2, st.marker)
        st.marker_in_deck = True
        st.say("A character card is shuffled into the middle of the deck.")
    if st.rules.favourite:
        st.say(f"{st.who(st.favourite)} is the King's favourite.")
    st.start_turn(st.start)


def _action_options(st: UchoState, task: Task) -> list[str]:
    seat = task.seat
    hand = st.hands[seat]
    cs = st.cs
    out = ["draw"]
    others = [t for t in range(st.n) if t != seat]
    payable = sum(1 for c in hand if cs.kind(c) in (Kind.INTRIGUE, Kind.SPECIAL))
    for c in sorted(set(hand)):
        kind = cs.kind(c)
        name = cs.types[c].name
        if kind is Kind.BUFFOONERY:
            out.append(f"play {name}")
        elif kind is Kind.INTRIGUE:
            if payable >= 2:
                out.extend(f"play {name} -> {t}" for t in others)
        elif kind is Kind.UCHO:
            if hand.count(c) >= 2:
                out.append(f"play {name}")
        else:
            effect = cs.types[c].effect
            if (effect == "savoir_vivre" and st.discard) or effect == "menuet":
                out.append(f"play {name}")
            elif effect == "knucie":
                out.extend(f"play {name} -> {t}" for t in others if st.hands[t])
    return out


def _action(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    hand = st.hands[seat]
    if move.verb == "draw":
        st.draw(seat, 1 if hand else 2)
        return
    card = move.card
    kind = st.cs.kind(card)
    effect = st.cs.types[card].effect
    if kind is Kind.INTRIGUE:
        st.stack.append(Task(T.PAY_COST, seat, a=card, b=move.seat))
        return
    if kind is Kind.UCHO:
        hand.remove(card)
        hand.remove(card)
        st.prestige[seat].append(card)
        st.discard.append(card)
        st.say(f"{st.who(seat)} shows two {st.name(card)}: one goes to their prestige pile, "
               f"the other onto the discard pile.")
        return
    if effect == "savoir_vivre":
        hand.remove(card)
        taken = st.discard.pop()
        st.discard.append(card)
        st.limbo.append(taken)
        st.f_savoir = True
        st.say(f"{st.who(seat)} plays {st.name(card)} and takes {st.name(taken)} "
               f"from the discard pile.")
        st.stack.append(Task(T.SAVOIR, seat, a=taken))
        return
    # a buffoonery card, Menuet or Knucie: displayed beside one's own character, then performed
    hand.remove(card)
    st.stack.append(Task(T.PERFORM, seat, a=card, b=move.seat))
    st.display(seat, card, seat)


def _cost_options(st: UchoState, task: Task) -> list[str]:
    rest = list(st.hands[task.seat])
    rest.remove(task.a)
    kinds = (Kind.INTRIGUE, Kind.SPECIAL)
    return [f"pay {st.name(c)}" for c in sorted(set(rest)) if st.cs.kind(c) in kinds]


def _pay(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    st.hands[seat].remove(task.a)
    st.hands[seat].remove(move.card)
    st.f_intrigue_action = True
    st.cost = move.card
    st.display(seat, move.card, seat)
    st.stack.append(Task(T.PERFORM, seat, a=task.a))
    st.display(seat, task.a, task.b)


def _riposte_options(st: UchoState, task: Task) -> list[str]:
    # Always asked: asking only the holders would tell the table who holds a riposte.
    if st.cs.id("kasliwa_riposta") in st.hands[task.seat]:
        return ["riposte", "pass"]
    return ["pass"]


def _riposte(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    if move.verb == "pass":
        st.say("You let it pass.", seat)
        return
    card = st.cs.id("kasliwa_riposta")
    st.hands[seat].remove(card)
    if seat != st.acting and st.has(seat, "callieres"):
        st.markiz = st.markiz | {seat}
    st.display(seat, card, task.a)


def _savoir_options(st: UchoState, task: Task) -> list[str]:
    name = st.name(task.a)
    return [f"keep {name}", *(f"display {name} -> {t}" for t in range(st.n))]


def _savoir(st: UchoState, task: Task, move: Move) -> None:
    seat = task.seat
    st.limbo.remove(task.a)
    if move.verb == "keep":
        st.hands[seat].append(task.a)
        st.say(f"{st.who(seat)} takes {st.name(task.a)} into their hand.")
        return
    if st.cs.kind(task.a) in (Kind.INTRIGUE, Kind.BUFFOONERY):
        st.stack.append(Task(T.PERFORM_OPTIONAL, seat, a=task.a))
    st.display(seat, task.a, move.seat)


def _optional_options(st: UchoState, task: Task) -> list[str]:
    return [f"perform {st.name(task.a)}", "skip"]


def _optional(st: UchoState, task: Task, move: Move) -> None:
    if move.verb == "perform":
        st.stack.append(Task(T.PERFORM, task.seat, a=task.a))
    else:
        st.say(f"{st.who(task.seat)} does not perform {st.name(task.a)}.")


def _perform(st: UchoState, task: Task) -> None:
    from .effects import EFFECTS

    effect = EFFECTS.get(st.cs.types[task.a].effect)
    if effect is not None:
        effect(st, task.seat, task.b)


def _discard_limbo(st: UchoState, task: Task) -> None:
    st.limbo.remove(task.a)
    st.to_discard(task.seat, task.a)


def _hand_limit_options(st: UchoState, task: Task) -> list[str]:
    hand = st.hands[task.seat]
    if len(hand) <= HAND_LIMIT:
        return []
    return [f"discard {st.name(c)}" for c in sorted(set(hand))]


def _hand_limit(st: UchoState, task: Task, move: Move) -> None:
    st.hands[task.seat].remove(move.card)
    st.to_discard(task.seat, move.card, " (hand limit)")
    st.stack.append(task)


def _end_turn(st: UchoState, task: Task) -> None:
    st.stack.append(Task(T.NEXT_TURN, task.seat))
    st.stack.append(Task(T.DISPLAY_LIMIT, task.seat))
    for s in reversed(st.order_from(task.seat)):
        st.stack.append(Task(T.HAND_LIMIT, s))
    for s in reversed(st.order_from(task.seat)):
        if s in st.markiz:
            st.stack.append(Task(T.MARKIZ_END, s))


def _display_limit(st: UchoState, task: Task) -> None:
    for s in st.order_from(task.seat):
        extra = len(st.displays[s]) - DISPLAY_LIMIT
        if extra > 0:
            st.prestige[s].extend(st.displays[s][:extra])
            del st.displays[s][:extra]
            what = f"{n_cards(extra)} {'goes' if extra == 1 else 'go'}"
            st.say(f"{what} from beside {st.who(s)} face down onto their prestige pile.")


def _next_turn(st: UchoState, task: Task) -> None:
    if st.ending:
        st.say("The game is over. Final prestige: " + ", ".join(
            f"{st.who(s)} {st.prestige_total(s)}" for s in range(st.n)) + ".")
        st.say("Winner: " + ", ".join(st.who(s) for s in st.leaders()) + ".")
        return
    st.start_turn((task.seat + 1) % st.n)


decision(T.CHOOSE_CHARACTER, "Choose your character", _choose_options, _choose)
decision(T.ACTION, "Choose your action", _action_options, _action)
decision(T.PAY_COST, "Choose the card displayed beside your own character as the cost",
         _cost_options, _pay)
decision(T.RIPOSTE, "A card was displayed beside your character: riposte or pass",
         _riposte_options, _riposte)
decision(T.SAVOIR, "Savoir-vivre: keep the card taken, or display it beside a character",
         _savoir_options, _savoir)
decision(T.PERFORM_OPTIONAL, "Savoir-vivre: perform the displayed card's effect, or skip it",
         _optional_options, _optional)
decision(T.HAND_LIMIT, "Discard down to 5 cards (the last discarded lies on top)",
         _hand_limit_options, _hand_limit)
step(T.SETUP, _setup)
step(T.PERFORM, _perform)
step(T.DISCARD_LIMBO, _discard_limbo)
step(T.END_TURN, _end_turn)
step(T.DISPLAY_LIMIT, _display_limit)
step(T.NEXT_TURN, _next_turn)
