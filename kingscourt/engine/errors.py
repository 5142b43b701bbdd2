"""Typed rejections. Every refusal names a stable rule id and says why in a player's words."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import Msg, _
from ..i18n import text as translate


@dataclass(frozen=True, slots=True, eq=False)
class Violation:
    """A rule that forbids an action: stable id (``follow-suit``) and a player-facing text,
    kept as a template (:class:`~kingscourt.i18n.Msg`) until it is shown: ``message`` is the
    English, :meth:`say` any language. Two violations are equal when rule and English are."""

    rule: str
    text: Msg | str

    @property
    def message(self) -> str:
        return str(self.text)

    def say(self, lang: str) -> str:
        """The message in ``lang`` (the rule id never changes)."""
        return translate(lang, self.text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Violation):
            return NotImplemented
        return self.rule == other.rule and self.message == other.message

    def __hash__(self) -> int:
        return hash((self.rule, self.message))

    def __repr__(self) -> str:
        return f"Violation(rule={self.rule!r}, message={self.message!r})"

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class IllegalAction(ValueError):
    """A well-formed action that the rules forbid now. The state is left untouched."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.message} [{violation.rule}]")
        self.violation = violation

    @property
    def rule(self) -> str:
        return self.violation.rule

    @property
    def message(self) -> str:
        return self.violation.message


class NotYourTurn(IllegalAction):
    """The seat is not one of ``to_move()``."""


class GameOver(IllegalAction):
    """The game has ended; nothing more can be played."""


class MalformedAction(ValueError):
    """Text that is not an action of this game at all (``play ZZ``, ``fly away``)."""

    def __init__(self, text: object, message: str | Msg) -> None:
        super().__init__(f"{text!r} is not an action: {message}")
        self.text = text
        self.template = message
        self.message = str(message)

    def say(self, lang: str) -> str:
        """The message in ``lang``."""
        return translate(lang, self.template)


class RuleError(ValueError):
    """A table rule, variant or player count the game refuses; ``text`` says why as a template
    (:class:`~kingscourt.i18n.Msg`), so that a player reads it in their language."""

    def __init__(self, text: Msg) -> None:
        super().__init__(str(text))
        self.text = text


def reason(e: BaseException) -> Msg | str:
    """Why ``e`` was raised, as a template where it keeps one (a :class:`RuleError`, a
    :class:`MalformedAction`), else its English text: for a refusal that quotes it
    (``bad rule: {e}``)."""
    if isinstance(e, RuleError):
        return e.text
    if isinstance(e, MalformedAction):
        return _("{text} is not an action: {why}", text=repr(e.text), why=e.template)
    return str(e)


class ReplayError(ValueError):
    """A game record that is malformed or does not replay; the message names the step."""


GAME_OVER = Violation("game-over", _("The game is over."))


def not_your_turn(seat: int | None, to_move: list[int]) -> IllegalAction:
    """NotYourTurn for a seat that may not act now (GameOver once nobody may)."""
    if not to_move:
        return GameOver(GAME_OVER)
    return NotYourTurn(Violation("not-your-turn", turn_text(seat, to_move)))


def seats_text(seats: list[int]) -> Msg:
    """"seat 2, seat 4": read by people, so seats are counted from 1."""
    if len(seats) == 1:
        return _("seat {n}", n=seats[0] + 1)
    return _("seats {list}", list=", ".join(str(s + 1) for s in seats))


def turn_text(seat: int | None, to_move: list[int]) -> Msg:
    """Why ``seat`` may not act: whose turn it is."""
    if seat is None:
        return _("It is not your turn: {who} to move.", who=seats_text(to_move))
    return _("It is not your turn (seat {seat}): {who} to move.", seat=seat + 1,
             who=seats_text(to_move))

