"""The Ucho Króla game object: variants and card set fixed; states from a seed or a position."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from ...engine import JSON, Action, Game, RuleError
from ...i18n import _
from .cards import CardSet, Kind
from .notation import Notation
from .registry import Registry
from .rules import UchoRules
from .state import UchoState
from .tasks import Task
from .turn import CHOOSE_CHARACTER, SETUP
from .view_types import UchoResult, UchoView
from .world import sample_world

#: Keys of an explicit position (``new_state(..., hands=[...], deck=[...])``), for scenarios.
SETUP_KEYS = ("characters", "hands", "displays", "prestige", "discard", "deck", "start",
              "favourite", "marker")


class UchoGame(Game):
    name: ClassVar[str] = "uchokrola"
    title: ClassVar[str] = "Ucho Króla"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    view_type: ClassVar[type[UchoView]] = UchoView
    result_type: ClassVar[type[UchoResult]] = UchoResult
    rules: UchoRules

    def __init__(self, rules: UchoRules, cards: CardSet, registry: Registry,
                 cards_path: str | None = None) -> None:
        super().__init__(rules)
        self.cards = cards
        self.cards_path = cards_path
        self.registry = registry
        #: per card (by index): how it is played, what performing it does, its ability
        self.plays, self.performs, self.abilities = registry.per_card(cards)
        self.notation = Notation(cards)
        self._actions: dict[str, Action] = {}

    def __repr__(self) -> str:
        base = super().__repr__()
        if self.cards_path is None:
            return base
        return f"{base[:-1]}, cards={self.cards_path!r})"

    def action(self, text: str) -> Action:
        """The interned action of ``text``."""
        a = self._actions.get(text)
        if a is None:
            a = self._actions[text] = Action(text)
        return a

    def parse_action(self, text: str) -> Action:
        norm = " ".join(text.split()) if isinstance(text, str) else text
        self.notation.parse(norm)
        return self.action(norm)

    def new_state(self, *, players: int | None = None, seed: int | None = None,
                  **setup: Any) -> UchoState:
        """A new match of 2–6 players. ``seed`` fixes every chance event. Keywords of
        :data:`SETUP_KEYS` start from an explicit position instead (see :func:`_position`)."""
        if players is None:
            players = 4
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise RuleError(_("Ucho Króla is played by 2 to 6 players, not {players}",
                              players=repr(players)))
        if self.rules.teams == "pairs" and players not in (4, 6):
            raise RuleError(_("Kokieteria in pairs needs 4 or 6 players"))
        if self.rules.teams == "triples" and players != 6:
            raise RuleError(_("Kokieteria in triples needs 6 players"))
        if seed is None:
            seed = random.randrange(2**48)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise ValueError(f"uchokrola: unknown setup {', '.join(unknown)} "
                             f"(known: {', '.join(SETUP_KEYS)})")
        st = UchoState(self, players, seed)
        if setup:
            _position(st, setup)
        else:
            _deal(st)
        st.advance()
        return st

    def sample_world(self, view: JSON, rng: random.Random) -> UchoState:
        return sample_world(self, view, rng)


def _deal(st: UchoState) -> None:
    """The rulebook's set-up: characters dealt (2 each, 1 with 6 players), then the choice."""
    cs, n = st.cs, st.n
    rng = st.rng()
    chars = cs.characters()
    rng.shuffle(chars)
    per = 2 if n < 6 and 2 * n <= len(chars) else 1
    for s in range(n):
        st.options[s] = sorted(chars[per * s:per * (s + 1)])
    st.box = sorted(chars[per * n:])
    st.deck = cs.all_cards()
    rng.shuffle(st.deck)
    st.start = rng.randrange(n)
    if st.rules.favourite:
        st.favourite = rng.randrange(n)
    st.stack.append(Task(SETUP, st.start))
    if per == 1:
        for s in range(n):
            st.chosen[s] = st.options[s][0]
    else:
        for s in reversed(st.order_from(st.start)):
            st.stack.append(Task(CHOOSE_CHARACTER, s))


def _position(st: UchoState, setup: dict[str, Any]) -> None:
    """An explicit position: ``characters`` (per seat: the chosen one, then Guiche's extras),
    ``hands``, ``displays`` (oldest first), ``prestige`` (per seat, lists of names),
    ``discard`` (bottom to top; absent: the deck's top card starts it), ``deck`` (top first;
    absent: the remaining cards shuffled by the seed; present: cards not placed are out of
    play), ``start``, ``favourite``, ``marker`` (Open variant: a character card put in the
    middle of the deck). The game begins with the start player's action."""
    cs, n = st.cs, st.n
    counts: Counter[int] = Counter()

    def cards(value: Any, what: str, character: bool = False) -> list[int]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise ValueError(f"setup {what}: a list of card names")
        out = []
        for name in value:
            c = cs.by_name.get(name)
            if c is None or (cs.kind(c) is Kind.CHARACTER) != character:
                kind = "character" if character else "card"
                raise ValueError(f"setup {what}: no {kind} is called {name!r}")
            counts[c] += 1
            if counts[c] > cs.types[c].copies:
                raise ValueError(f"setup: more {name} than the deck holds "
                                 f"({cs.types[c].copies})")
            out.append(c)
        return out

    def per_seat(key: str, character: bool = False) -> list[list[int]]:
        value = setup.get(key, [[] for _ in range(n)])
        if not isinstance(value, list) or len(value) != n:
            raise ValueError(f"setup {key}: one list per player ({n})")
        return [cards(v, f"{key}[{i}]", character) for i, v in enumerate(value)]

    if "characters" not in setup:
        raise ValueError("setup characters: give each player's character")
    st.characters = per_seat("characters", character=True)
    if any(not c for c in st.characters):
        raise ValueError("setup characters: every player needs a character")
    st.chosen = [c[0] for c in st.characters]
    st.hands = per_seat("hands")
    st.displays = per_seat("displays")
    st.prestige = per_seat("prestige")
    st.discard = cards(setup.get("discard", []), "discard")
    marker = setup.get("marker")
    if marker is not None:
        st.marker = cards([marker], "marker", character=True)[0]
    rest = Counter(cs.all_cards())
    rest.subtract({c: k for c, k in counts.items() if cs.kind(c) is not Kind.CHARACTER})
    if "deck" in setup:
        st.deck = cards(setup["deck"], "deck")[::-1]
        rest.subtract(st.deck)
        st.out = sorted(rest.elements())
    else:
        st.deck = sorted(rest.elements())
        st.rng().shuffle(st.deck)
    chars = Counter(cs.characters())
    chars.subtract({c: k for c, k in counts.items() if cs.kind(c) is Kind.CHARACTER})
    st.box = sorted(chars.elements())
    for key in ("start", "favourite"):
        value = setup.get(key, 0 if key == "start" else -1)
        if not isinstance(value, int) or isinstance(value, bool) or not -1 <= value < n:
            raise ValueError(f"setup {key}: a seat number")
        setattr(st, key, value)
    if st.start < 0:
        raise ValueError("setup start: a seat number")
    st.setup = {k: setup[k] for k in SETUP_KEYS if k in setup}
    for s in range(n):
        st.say("Seat {seat} is {who}.", s + 1, st.who(s))
    if "discard" not in setup:
        st.refill_discard()
    if st.marker >= 0:
        st.deck.insert(len(st.deck) // 2, st.marker)
        st.marker_in_deck = True
    st.start_turn(st.start)
