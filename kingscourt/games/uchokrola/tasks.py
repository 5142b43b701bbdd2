"""Pending work of a match: a stack of tasks.

Every question a player must answer is a *decision* task on top of the stack (the response
window of Kąśliwa riposta is one); automatic steps (performing an effect, the end of a turn)
are tasks too, so an effect that asks several questions, or runs another card's effect,
pushes the steps still to come and the engine keeps no hidden continuation. A task is a
frozen record of public facts only (kind, seat, two numbers, a count), so views carry the
stack and a sampled world rebuilds it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .notation import Move
    from .state import UchoState


class T(Enum):
    """Task kinds. Decisions first, then automatic steps."""

    CHOOSE_CHARACTER = "choose-character"
    ACTION = "action"
    PAY_COST = "pay-cost"                  # a: the intrigue played, b: its target
    RIPOSTE = "riposte"                    # seat: who may answer, a: whom it would hit,
                                           # b: the card that arrived, n: 1 if swapped in
    SAVOIR = "savoir-vivre"                # a: the card taken from the discard pile
    PERFORM_OPTIONAL = "perform-or-skip"   # a: the card whose effect may be performed
    MENUET_KEEP = "menuet-keep"            # n: cards still to keep
    DISCARD_LOOKED = "menuet-discard"
    KNUCIE_TARGET = "knucie-target"
    KNUCIE_FALLBACK = "knucie-fallback"    # seat: Knucie's target, a: who played Knucie
    FRASZKA_LOOK = "fraszka-look"
    FRASZKA_TAKE = "fraszka-take"          # a: the player whose hand was seen
    ANIELSKIE = "anielskie-glosy"          # n: cards still allowed
    MASKARADA = "maskarada"
    PODSZEPTY = "podszepty"
    ZALOTNE = "zalotne-rozmowy"            # n: cards still allowed
    KUZYNECZKA = "kuzyneczka"
    KUZYNECZKA_WITH = "kuzyneczka-with"    # a: seat, b: slot (0-based) of the first card
    ROZWIAZLOSC = "rozwiazlosc"
    ZDRADZONE = "zdradzone-sekrety"
    PODPICIE = "podpicie"
    ABILITY = "ability"
    BISKUP_PAY = "biskup-pay"              # n: cards still to discard
    MARKIZA_LOOK = "markiza-look"
    MARKIZA_DISCARD = "markiza-discard"    # a: the player whose prestige pile is seen
    MARKIZ_END = "markiz-end-of-turn"
    HAND_LIMIT = "hand-limit"
    # automatic
    SETUP = "setup"                        # after the characters are chosen: deal, start
    PERFORM = "perform"                    # a: card whose effect runs, b: target or -1
    DISCARD_LIMBO = "discard-limbo"        # a: the card to discard from limbo
    END_TURN = "end-turn"
    DISPLAY_LIMIT = "display-limit"
    NEXT_TURN = "next-turn"


@dataclass(frozen=True, slots=True)
class Task:
    kind: T
    seat: int
    a: int = -1
    b: int = -1
    n: int = 0

    def to_json(self) -> list[object]:
        return [self.kind.value, self.seat, self.a, self.b, self.n]

    @staticmethod
    def from_json(data: list[object]) -> Task:
        kind, seat, a, b, n = data
        assert isinstance(kind, str) and isinstance(seat, int)
        assert isinstance(a, int) and isinstance(b, int) and isinstance(n, int)
        return Task(T(kind), seat, a, b, n)


Options = Callable[["UchoState", Task], list[str]]
Resolve = Callable[["UchoState", Task, "Move"], None]
Run = Callable[["UchoState", Task], None]


@dataclass(frozen=True, slots=True)
class Spec:
    """How the engine treats a task kind.

    A decision has ``options`` (texts of the legal answers; none means the question does not
    arise and the task is dropped) and ``resolve``; ``forced`` answers a lone option
    automatically (discarding when every card left is the same). An automatic step has ``run``.
    """

    question: str
    options: Options | None = None
    resolve: Resolve | None = None
    run: Run | None = None
    forced: bool = False


SPECS: dict[T, Spec] = {}


def decision(kind: T, question: str, options: Options, resolve: Resolve, *,
             forced: bool = False) -> None:
    """Register the decision ``kind``: its question, legal answers and resolver."""
    SPECS[kind] = Spec(question, options=options, resolve=resolve, forced=forced)


def step(kind: T, run: Run) -> None:
    """Register the automatic step ``kind``."""
    SPECS[kind] = Spec("", run=run)
