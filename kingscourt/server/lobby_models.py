"""The REST messages of the lobby, players and history (pydantic, documented at /docs)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .wire import SeatPublic


class SeatSpec(BaseModel):
    """A seat of a new table: ``{"kind": "human", "name": "Ada"}`` (no name: a free seat to
    invite someone to) or ``{"kind": "bot", "level": "basic"}``."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"]
    name: str | None = Field(default=None, min_length=1, max_length=64)
    open: bool = Field(default=False, description="a free human seat that anyone in the lobby "
                                                   "may take (without the invitation link)")
    level: str | None = Field(default=None, description="random | basic | strong (bots only)")


class CreateTable(BaseModel):
    """A new table; the number of players is the number of seats."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{
        "game": "king", "rules": {"must_beat": "trump"},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "basic"},
                  {"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "random"}]}]})

    game: str = Field(description="king | kukakoenig | uchokrola")
    rules: dict[str, Any] = Field(default_factory=dict, description="table rules / variants")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**62,
                             description="fixes every chance event (default: random)")
    turn_seconds: float | None = Field(default=None, gt=0, le=3600, description=(
        "turn timer for human seats: when it runs out a basic bot plays that turn"))


class SeatCreated(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    token: str | None = Field(description="the secret token of a human seat named at creation: "
                              "it acts; connect with /ws/tables/{id}?token=...")
    invite: str | None = Field(default=None, description="the invitation of a human seat that "
                               "is not open: it only joins (POST .../join), it never acts")
    name: str | None = None
    level: str | None = None
    ws: str | None = Field(default=None, description="the seat's WebSocket path")


class TableCreated(BaseModel):
    id: str
    game: str
    seats: list[SeatCreated]


class TableInfo(BaseModel):
    """Public information about a table (never a token, a hand or the seed)."""

    id: str
    game: str
    title: str
    rules: dict[str, Any]
    players: int
    status: Literal["open", "finished"]
    version: int
    to_move: list[int]
    seats: list[SeatPublic]
    free_seats: list[int] = Field(description="human seats nobody holds yet")
    open_seats: list[int] = Field(default_factory=list,
                                  description="free seats anyone may take: POST .../seats/{seat}")
    turn_seconds: float | None = None
    created_at: datetime
    scores: list[int] | None = Field(default=None, description="final scores, once over")
    winners: list[int] | None = None


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=64, description="the seat's invitation")
    name: str = Field(min_length=1, max_length=64)


class TakeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)


class LeaveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=64)


class JoinResult(BaseModel):
    seat: int
    name: str
    token: str = Field(description="your new secret token for the seat: keep it to play and to "
                       "come back; it is revoked when you leave")
    ws: str = Field(description="the seat's WebSocket path (holds the token)")


class TakeResult(JoinResult):
    pass


class LeaveResult(BaseModel):
    seat: int
    free: bool


class CardInfo(BaseModel):
    """A card of a game's card set, for the players' glossary."""

    name: str
    kind: str
    prestige: int
    text: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    rules: list[dict[str, Any]] = Field(description="each table rule: name, label, help, "
                                        "choices, default")
    levels: list[str] = Field(description="bot levels available for this game")
    cards: list[CardInfo] = Field(default_factory=list,
                                  description="the card set with each card's text (Ucho Króla)")


class GameStats(BaseModel):
    game: str
    games: int
    wins: int
    average_score: float
    kings: int = Field(description="Kings made (King only)")
    king_points: float = Field(description="King points (King only)")


class PlayerStats(BaseModel):
    name: str
    games: int
    wins: int
    kings: int
    king_points: float
    by_game: list[GameStats]


class LeaderboardEntry(BaseModel):
    rank: int
    name: str
    king_points: float
    games: int = Field(description="finished King games")
    wins: int
    kings: int
    average_score: float


class FinishedSummary(BaseModel):
    id: str
    game: str
    finished_at: datetime
    scores: list[int]
    winners: list[int]
    names: list[str | None]


class GameRecord(BaseModel):
    """A finished game's record: replay it with ``kingscourt replay FILE``."""

    model_config = ConfigDict(extra="allow")

    game: str
    rules: dict[str, Any]
    players: int
    seed: int | None
    setup: dict[str, Any]
    actions: list[tuple[int, str]] = Field(description="[seat, action text] in order")


class ErrorDetail(BaseModel):
    detail: str
