"""One match of Ucho Króla: the zones, the task stack, the narration, the engine contract.

Zones hold cards as small integers (the card's type, see :mod:`.cards`). The whole flow is
driven by the stack of :mod:`.tasks`: a turn pushes its actions, the ability phase and the end
of the turn (:mod:`.turn`); effects push their questions (:mod:`.effects`); a display beside
another player's character pushes that player's riposte window on top of the effect still to
be performed. Each task's kind says how it is asked or run.
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
from ...i18n import N_, NP_, Msg, _, english_line, render_line
from .cards import Kind
from .notation import Move
from .refusals import explain
from .summary import summary
from .tasks import Task, TaskKind
from .turn import ABILITY, ACTION, END_TURN, GUICHE_PENALTY, RIPOSTE
from .view import view
from .view_types import UchoView

if TYPE_CHECKING:
    from .game import UchoGame

Log = Any  # the narration: linked nodes (see say); the actions: (previous, seat, action) tuples


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
        self.cost = -1               # the card displayed as the cost of the intrigue action,
        self.cost_at = (-1, -1)      # and where it lies (seat, slot); -1 once it left the display
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
    def say(self, text: Msg | str, *args: object, to: int = -1) -> None:
        """One sentence of the narration; ``to`` keeps it in that seat's log only.

        ``text`` is an English template (the msgid; extracted as ``say("...")``) whose fields
        ``args`` fill in the order they first appear in it (``say("{who} takes {card}.", who,
        card)``), or a :class:`~kingscourt.i18n.Msg`. The line is kept so and rendered only
        when a view is read (:meth:`log_for`), in the reader's language: nothing is formatted
        on the engine's path (a keyword per parameter would cost a dict per line)."""
        # a node: [previous, audience, text, args, the English once rendered]; nodes are
        # shared by clones and never change but for that cache
        self._log = [self._log, to, text, args, None]
        self._log_len += 1

    def sayn(self, singular: str, plural: str, n: int, *args: object, to: int = -1) -> None:
        """A line with plural forms (extracted as ``sayn("...", "...")``): ``n`` chooses the
        form; ``args`` fill the fields in the order they first appear in ``singular``, then
        in ``plural``."""
        self._log = [self._log, to, (singular, plural, n), args, None]
        self._log_len += 1

    def log_size(self) -> int:
        return self._log_len

    def say_before(self, mark: int, lines: list[tuple[Any, int, tuple[object, ...]]]) -> None:
        """Narrate ``lines`` (text, audience, args; a plural text is ``(singular, plural,
        n)``) as if said when the log held ``mark`` entries (a draw is told before the deck
        running out that it caused)."""
        later: list[Any] = []
        node = self._log
        for _i in range(self._log_len - mark):
            assert node is not None
            later.append(node)
            node = node[0]
        self._log = node
        self._log_len = mark
        for text, to, args in lines:
            self._log = [self._log, to, text, args, None]
            self._log_len += 1
        for old in reversed(later):
            self._log = [self._log, old[1], old[2], old[3], old[4]]
            self._log_len += 1

    def log_for(self, seat: int | None, lang: str = "en") -> list[str]:
        """The narration ``seat`` heard (a spectator: the public lines), in ``lang``."""
        out: list[str] = []
        node = self._log
        if lang == "en":
            while node is not None:
                prev, to, text, args, said = node
                if to == -1 or to == seat:
                    if said is None:
                        said = node[4] = english_line(text, args)
                    out.append(said)
                node = prev
        else:
            while node is not None:
                if node[1] == -1 or node[1] == seat:
                    out.append(render_line(lang, node[2], node[3]))
                node = node[0]
        out.reverse()
        return out

    def who(self, seat: int) -> str | Msg:
        chars = self.characters[seat]
        if chars:
            return self.cs.name(chars[0])
        return _("Seat {seat}", seat=seat + 1)  # players count seats from 1

    def name(self, card: int) -> str:
        return self.cs.types[card].name

    def names(self, cards: list[int]) -> str | Msg:
        return ", ".join(self.name(c) for c in cards) if cards else _("nothing")

    # characters ----------------------------------------------------------------------------
    def has(self, seat: int, ability: str) -> bool:
        """Whether ``seat`` has the character ``ability`` (never in the Simplified variant)."""
        if self.rules.simplified:
            return False
        return any(self.cs.types[c].effect == ability for c in self.characters[seat])

    def after_riposte(self, seat: int) -> list[TaskKind]:
        """The questions ``seat``'s abilities ask at the end of another player's turn in which
        ``seat`` riposted (Markiz de Callières); none in the Simplified variant."""
        if self.rules.simplified:
            return []
        abilities = self.game.abilities
        return [kind for c in self.characters[seat]
                if (ability := abilities[c]) is not None
                and (kind := ability.after_riposte) is not None]

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
            self.say("{card} comes to the top of the deck and is set aside.", self.name(self.marker))
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
            self.sayn("The discard pile is shuffled into a new deck of {n} card; {card} starts "
                      "the new discard pile.", "The discard pile is shuffled into a new deck of "
                      "{n} cards; {card} starts the new discard pile.", len(self.deck),
                      len(self.deck), self.name(self.discard[-1]))
        else:
            self.say("There is no discard pile to shuffle into a new deck.")
        self._settle_deck()

    def draw(self, seat: int, k: int) -> list[int]:
        mark = self.log_size()
        got: list[int] = []
        for _i in range(k):
            card = self.take_top()
            if card is None:
                break
            self.hands[seat].append(card)
            got.append(card)
        if got:
            self.say_before(mark, [
                (NP_("{who} draws a card.", "{who} draws {n} cards.", len(got)), -1,
                 (self.who(seat), len(got))),
                (N_("You draw {cards}."), seat, (self.names(got),))])
        else:
            self.say("{who} finds no card to draw.", self.who(seat))
        return got

    def take_discard(self, into: list[int], told: Callable[[str], Msg]) -> int | None:
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
                self.say("{card} starts a new discard pile.", self.name(card))

    def to_discard(self, seat: int, card: int, why: Msg | str = "") -> None:
        """Discard ``card``; ``why`` says why, in parentheses (a :class:`Msg`: translated) or
        as a text told after the card's name as it is (`` (Plotka)``)."""
        self.discard.append(card)
        if isinstance(why, Msg):
            self.say("{who} discards {card} ({why}).", self.who(seat), self.name(card), why)
        else:
            self.say("{who} discards {card}{why}.", self.who(seat), self.name(card), why)

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
        if by == target:
            self.say("{who} displays {card} beside their own character.", self.who(by), self.name(card))
        else:
            self.say("{who} displays {card} beside {who2}.", self.who(by), self.name(card), self.who(target))
        if target != by:
            self.stack.append(Task(RIPOSTE, target, a=by, b=card))

    def take_displayed(self, seat: int, slot: int) -> int:
        """Take the card at ``slot`` from beside ``seat``'s character (into a hand or onto a
        pile); the intrigue action's cost card, once taken, is no longer displayed."""
        card = self.displays[seat].pop(slot)
        at_seat, at_slot = self.cost_at
        if at_seat == seat:
            if at_slot == slot:
                self.cost = -1
                self.cost_at = (-1, -1)
            elif at_slot > slot:
                self.cost_at = (seat, at_slot - 1)
        return card

    def swap_displayed(self, one: tuple[int, int], other: tuple[int, int]) -> None:
        """Swap the displayed cards at the places (seat, slot) ``one`` and ``other``; the cost
        card stays displayed, at its new place."""
        d = self.displays
        d[one[0]][one[1]], d[other[0]][other[1]] = d[other[0]][other[1]], d[one[0]][one[1]]
        if self.cost_at == one:
            self.cost_at = other
        elif self.cost_at == other:
            self.cost_at = one

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
        self.say("Prestige count: {list}.", ", ".join(
            f"{self.who(s)} {v}" for s, v in enumerate(self.announced)))
        if self.rules.favourite:
            best = max(self.announced)
            leaders = [s for s in self.order_from(max(self.acting, 0))
                       if self.announced[s] == best]
            if self.favourite not in leaders:
                self.favourite = leaders[0]
                self.say("{who} becomes the King's favourite.", self.who(self.favourite))

    # the turn --------------------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        self.acting = seat
        self.turn_no += 1
        self.f_intrigue = self.f_special = self.f_savoir = self.f_intrigue_action = False
        self.cost = -1
        self.cost_at = (-1, -1)
        self.used = frozenset()
        self.markiz = frozenset()
        self.say("Turn {turn_no}: {who}.", self.turn_no, self.who(seat))
        self.stack.append(Task(END_TURN, seat))
        if not self.rules.simplified:
            self.stack.append(Task(ABILITY, seat))
        self.stack.append(Task(ACTION, seat))
        if seat == self.favourite:
            self.stack.append(Task(ACTION, seat))

    # the engine contract ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def advance(self) -> None:
        """Run automatic steps until a player must decide or the game is over."""
        stack = self.stack
        while stack:
            task = stack[-1]
            kind = task.kind
            if kind.run is not None:
                stack.pop()
                kind.run(self, task)
                continue
            assert kind.options is not None and kind.resolve is not None
            options = kind.options(self, task)
            if not options:
                stack.pop()
                if kind.unasked is not None:
                    kind.unasked(self, task)
                continue
            if kind.forced and len(options) == 1:
                stack.pop()
                kind.resolve(self, task, self.game.notation.parse(options[0]))
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
        resolve = task.kind.resolve
        assert resolve is not None
        resolve(self, task, move)
        self._acts = (self._acts, seat, text)
        self._acts_len += 1
        self.advance()
        return self._events_since(mark)

    def _events_since(self, mark: int) -> list[Event]:
        events: list[Event] = []
        node = self._log
        for _i in range(self._log_len - mark):
            assert node is not None
            node, to, text, args, _en = node
            # the event holds the line as a message, not a text (nothing is formatted on the
            # engine's path): ``msgid`` (with ``plural`` and ``n`` for plural forms) and the
            # ``args`` that fill its fields in order; kingscourt.i18n.render_line says it in
            # any language, as a view's log does for its seat
            if type(text) is tuple:
                data = {"msgid": text[0], "plural": text[1], "n": text[2], "args": args,
                        "private": to != -1}
            elif type(text) is Msg:
                data = {"msgid": text.template, "plural": text.plural, "n": text.n,
                        "params": text.params, "private": to != -1}
            else:
                data = {"msgid": text, "args": args, "private": to != -1}
            events.append(Event("said", None if to == -1 else to, data))
        events.reverse()
        if self.over:
            events.append(Event("game-over", None, {"scores": self.scores(),
                                                    "winners": self.winners()}))
        return events

    def _explain(self, seat: int, move: Move) -> Violation:
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

    def results(self) -> list[JSON]:
        """Besides score and win, each seat's pile and how it is counted (:mod:`.summary`)."""
        out = super().results()
        if self.over:
            for r in out:
                r.update(summary(self, r["seat"]))
        return out

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

    def _view(self, seat: int | None) -> UchoView:
        return view(self, seat)

    def __repr__(self) -> str:
        return (f"<UchoState {self.n} players, turn {self.turn_no}, "
                f"{'over' if self.over else self.stack[-1].kind.id}>")

