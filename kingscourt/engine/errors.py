"""Typed rejections. Every refusal names a stable rule id and says why in a player's words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule that forbids an action: stable id (``follow-suit``) and a player-facing message."""

    rule: str
    message: str

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

    def __init__(self, text: object, message: str) -> None:
        super().__init__(f"{text!r} is not an action: {message}")
        self.text = text
        self.message = message


class ReplayError(ValueError):
    """A game record that is malformed or does not replay; the message names the step."""


GAME_OVER = Violation("game-over", "The game is over.")


def not_your_turn(seat: int | None, to_move: list[int]) -> IllegalAction:
    """NotYourTurn for a seat that may not act now (GameOver once nobody may)."""
    if not to_move:
        return GameOver(GAME_OVER)
    # the message is read by people: seats counted from 1
    who = ", ".join(f"seat {s + 1}" for s in to_move)
    you = f" (seat {seat + 1})" if seat is not None else ""
    return NotYourTurn(Violation("not-your-turn", f"It is not your turn{you}: {who} to move."))

