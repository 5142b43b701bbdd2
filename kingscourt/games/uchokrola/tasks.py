"""Pending work of a match, and the declarations the registry is made of.

Every question a player must answer is a *decision* task on top of the stack (the response
window of Kąśliwa riposta is one); automatic steps (performing an effect, the end of a turn)
are tasks too, so an effect that asks several questions, or runs another card's effect,
pushes the steps still to come and the engine keeps no hidden continuation. A task is a
frozen record of public facts only (kind, seat, two numbers, a count), so views carry the
stack and a sampled world rebuilds it.

A task's kind is a :class:`TaskKind` declared beside the rule that asks it (the turn in
:mod:`.turn`, each card effect in :mod:`.effects`, each ability in :mod:`.abilities`); a card
effect is a :class:`CardEffect`, an ability an :class:`Ability`, and :mod:`.registry` wires
them all explicitly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ...engine import Violation
from .cards import Kind
from .notation import Move

if TYPE_CHECKING:
    from .state import UchoState


class Shown(Enum):
    """What a question shows the seat asked: the hand or the prestige pile of seat ``a``."""

    NOTHING = "nothing"
    HAND = "hand"
    PRESTIGE = "prestige"


Options = Callable[["UchoState", "Task"], list[str]]
Resolve = Callable[["UchoState", "Task", Move], None]
Run = Callable[["UchoState", "Task"], None]


@dataclass(frozen=True, slots=True, eq=False)
class TaskKind:
    """How the engine treats a task kind; ``id`` is its name on the wire (``view["phase"]``,
    the stack of a view).

    A decision has ``options`` (texts of the legal answers; none means the question does not
    arise and the task is dropped) and ``resolve``; ``forced`` answers a lone option
    automatically (discarding when every card left is the same); ``from_hand``: its answers
    name a card of the hand; ``shows``: what the seat asked is shown meanwhile; ``unasked``
    runs when the question does not arise (no options). An automatic step has ``run``.
    """

    id: str
    question: str = ""
    options: Options | None = None
    resolve: Resolve | None = None
    run: Run | None = None
    forced: bool = False
    from_hand: bool = False
    shows: Shown = Shown.NOTHING
    unasked: Run | None = None

    def __repr__(self) -> str:
        return f"<task kind {self.id}>"


def decision(id: str, question: str, options: Options, resolve: Resolve, *,
             forced: bool = False, from_hand: bool = False,
             shows: Shown = Shown.NOTHING, unasked: Run | None = None) -> TaskKind:
    """The decision ``id``: its question, legal answers and resolver."""
    return TaskKind(id, question, options=options, resolve=resolve, forced=forced,
                    from_hand=from_hand, shows=shows, unasked=unasked)


def step(id: str, run: Run) -> TaskKind:
    """The automatic step ``id``."""
    return TaskKind(id, run=run)


@dataclass(frozen=True, slots=True)
class Task:
    kind: TaskKind
    seat: int
    a: int = -1
    b: int = -1
    n: int = 0

    def to_json(self) -> list[object]:
        return [self.kind.id, self.seat, self.a, self.b, self.n]

    @staticmethod
    def from_json(data: list[object], kinds: Mapping[str, TaskKind]) -> Task:
        kind, seat, a, b, n = data
        assert isinstance(kind, str) and isinstance(seat, int)
        assert isinstance(a, int) and isinstance(b, int) and isinstance(n, int)
        return Task(kinds[kind], seat, a, b, n)


# -- card effects and abilities --------------------------------------------------------------

PlayOptions = Callable[["UchoState", int, int], list[str]]      # (state, seat, card)
PlayResolve = Callable[["UchoState", int, Move], None]        # (state, seat, move)
Refuse = Callable[["UchoState", int, Move], Violation]        # (state, seat, move)
Perform = Callable[["UchoState", int, int], None]               # (state, seat, target)


@dataclass(frozen=True, slots=True)
class Play:
    """How a card is played as the action: the answers it offers from the hand (``card`` is
    in the hand), what playing it does, whether it names another player (``-> SEAT``) and why
    it is refused when it is in the hand but not among the options."""

    options: PlayOptions
    resolve: PlayResolve | None
    refuse: Refuse
    targeted: bool = False


@dataclass(frozen=True, slots=True)
class CardEffect:
    """One effect id of the card data, in one place: the kind of card that carries it, how it
    is played as the action, what performing it does (None: nothing to perform), the
    questions it asks (their options, resolvers and narration beside it) and whether the
    rules name it (then every card file has it)."""

    id: str
    kind: Kind
    play: Play
    perform: Perform | None = None
    tasks: tuple[TaskKind, ...] = ()
    required: bool = False


AbilityOptions = Callable[["UchoState", int, str], list[str]]  # (state, seat, "use NAME")
AbilityUse = Callable[["UchoState", int, int, Move], None]   # (state, seat, character, move)
Condition = Callable[["UchoState", int], bool]


@dataclass(frozen=True, slots=True)
class Ability:
    """A character's ability: its options in the ability phase and what using it does (none
    for a character that acts on its own, as Madame du Barry), the public condition under
    which its owner is asked even when the secret hand allows nothing (``asked_when``), the
    question asked at the end of another player's turn in which its owner riposted
    (``after_riposte``) and the questions it asks."""

    id: str
    options: AbilityOptions | None = None
    use: AbilityUse | None = None
    asked_when: Condition | None = None
    after_riposte: TaskKind | None = None
    tasks: tuple[TaskKind, ...] = ()
