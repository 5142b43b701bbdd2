"""The REST messages of replays, post-game reviews and the recent games (pydantic, /docs)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field


class ReplaySeat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    level: str | None = None
    name: str = Field(description="the seat as players see it: the person's name, "
                      "\"Bot 2 (basic)\" or \"Seat 3\"")


class ReplayStep(BaseModel):
    """One action of the game: it moved the game from ``version - 1`` to ``version``."""

    version: int = Field(description="the version after the action (1 for the first)")
    seat: int
    action: str = Field(description="the action's text form")
    actor: str = Field(description="who decided it: human, bot, or timer (a basic bot played "
                       "for a late human)")
    words: str = Field(description="who did what, in the players' words")
    forced: bool = Field(default=False, description="the seat had no other legal action")


class ReplayView(BaseModel):
    """A finished game at one version, from one seat's point of view or with all hands open."""

    table: str
    game: str
    title: str
    version: int = Field(description="the actions applied: 0 is the start")
    last: int = Field(description="the last version (the number of actions of the game)")
    versions: int = Field(description="the number of versions: 0 to last")
    seat: int | None = Field(description="whose view (the game's own view of that seat); null: "
                             "all hands open")
    open: bool = Field(description="all hands open (no seat given)")
    view: dict[str, Any] = Field(description="the view at this version; with all hands open, "
                                 "the spectator's view and every secret (hands...)")
    seats: list[ReplaySeat]
    scores: list[int] = Field(description="the final scores")
    winners: list[int]
    finished_at: datetime | None = None
    seeded: bool = Field(default=False, description="its creator fixed the seed (a practice "
                         "game)")
    steps: list[ReplayStep] | None = Field(default=None, description=(
        "every action in order (left out with steps=false)"))


class ReviewValue(BaseModel):
    action: str
    value: float = Field(description="the bot's estimate for the deciding seat, in the game's "
                         "points (its margin over the others' mean)")
    words: str


class Review(BaseModel):
    """The strong bot's review of the decision ``seat`` took at ``version`` (the action that
    moved the game to ``version + 1``)."""

    table: str
    version: int
    seat: int
    level: str = Field(description="the bot that reviewed it (strong)")
    action: str = Field(description="the action the seat played")
    words: str
    preferred: str = Field(description="the action the bot prefers")
    preferred_words: str
    values: list[ReviewValue] = Field(description="every legal action with its value, best first")
    made_value: float | None = Field(description="the value of the action played (null when the "
                                     "bot gave it none)")
    preferred_value: float | None
    difference: float | None = Field(description="preferred_value minus made_value: what the bot "
                                     "thinks the move made cost (0 when it is the preferred one)")


class RecentSeat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    level: str | None = None
    name: str
    score: int


class RecentGame(BaseModel):
    """A finished game; its replay: ``GET /api/tables/{id}/replay``."""

    id: str
    game: str
    title: str
    finished_at: datetime
    seats: list[RecentSeat]
    winners: list[int]
    replay: str = Field(description="the path of its replay")
