"""The REST messages of accounts, sessions, ratings, friends and profiles (pydantic)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from ..base.lobby_models import CleanName, TableInfo, clean_name, human_name, nfc
from ..base.names import DELETED_NAME as DELETED_NAME  # what a deleted account's games show
from ..base.names import name_key as name_key  # what makes two names one account's

#: an account name's length in characters (NFC, trimmed)
ACCOUNT_MIN, ACCOUNT_MAX = 3, 24
#: a password's length in characters: at least 8; the bound keeps hashing bounded
PASSWORD_MIN, PASSWORD_MAX = 8, 256


#: a name to register: 3 to 24 characters (NFC, trimmed), no control characters, not a bot's
AccountName = Annotated[str, BeforeValidator(nfc),
                        Field(min_length=ACCOUNT_MIN, max_length=ACCOUNT_MAX, description=(
                            f"{ACCOUNT_MIN} to {ACCOUNT_MAX} characters (NFC, trimmed), unique "
                            "without regard to case or to characters that look alike; no "
                            "control or invisible characters; not a bot's name nor \"Deleted "
                            "player\"")),
                        AfterValidator(clean_name), AfterValidator(human_name)]
#: a name to log in with (checked against the accounts; any clean name may be tried)
LoginName = Annotated[str, BeforeValidator(nfc), Field(min_length=1, max_length=ACCOUNT_MAX),
                      AfterValidator(clean_name)]
Password = Annotated[str, Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX,
                                description=f"at least {PASSWORD_MIN} characters")]
#: a password as typed at login: any length up to the bound (a short one simply fails)
AnyPassword = Annotated[str, Field(min_length=1, max_length=PASSWORD_MAX)]


class Register(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"name": "Ada", "password": "correct horse"}]})

    name: AccountName
    password: Password


class Login(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: LoginName
    password: AnyPassword


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    password: AnyPassword = Field(description="the present password")
    new_password: Password


class Deletion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    password: AnyPassword = Field(description="the present password, once more")


class Me(BaseModel):
    name: str = Field(description="the account's name, as registered")
    created_at: datetime


class MeAnswer(BaseModel):
    """``GET /api/me``: the logged-in account, or ``{"account": null}`` for a guest (200 either
    way, so that a guest's page logs no error). A logged-in answer repeats the account's fields
    at the top, as the answer was before it had ``account``."""

    account: Me | None = Field(description="the logged-in account; null for a guest")
    name: str | None = Field(default=None, description="the account's name (logged in only)")
    created_at: datetime | None = Field(default=None, description="logged in only")


class NameRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: CleanName = Field(description="an account's name (any case)")


class Friend(BaseModel):
    name: str
    online: bool = Field(description="connected to a table, or seen by the server in the last "
                         "minutes")
    tables: list[TableInfo] = Field(description="the open tables (waiting or playing) at which "
                                    "they hold a seat")


class InviteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    table: str = Field(min_length=1, max_length=32)
    seat: int = Field(ge=0, lt=16)
    name: CleanName = Field(description="the invited account's name")
    invite: str | None = Field(default=None, min_length=1, max_length=64, description=(
        "the seat's invitation (whoever holds it may give the seat away); not needed for an "
        "open seat"))


class InvitationInfo(BaseModel):
    id: str
    table: str
    seat: int
    game: str
    title: str
    status: Literal["waiting", "playing"]
    from_name: str = Field(alias="from", description="who invites")
    accept: str = Field(description="POST here (logged in as the invited account) to take the seat")
    created_at: datetime

    model_config = ConfigDict(populate_by_name=True)


class RatingPoint(BaseModel):
    table: str
    at: datetime
    rating: float = Field(description="the ordinal after that game: mu - 3 sigma")
    mu: float
    sigma: float


class GameRating(BaseModel):
    game: str
    rating: float = Field(description="the ordinal: mu - 3 sigma (0 for a new player)")
    mu: float
    sigma: float
    games: int = Field(description="rated games")
    wins: int
    history: list[RatingPoint] = Field(description="the rating after each rated game, oldest first")


class RecentGame(BaseModel):
    table: str
    game: str
    finished_at: datetime
    seat: int
    score: int
    won: bool
    replay: str = Field(description="the browser's replay of the game: #/replay/{table}")


class ContractStats(BaseModel):
    contract: str = Field(description="the contract's id (trump: trump)")
    chosen: int = Field(description="deals in which the player chose it")
    average: float = Field(description="the chooser's average points in those deals")


class KingStats(BaseModel):
    """The statistics of the game that keeps per-deal choices (King's contracts), under the
    name earlier clients read."""

    games: int
    kings: int = Field(description="Kings made")
    contracts: list[ContractStats]
    game: str = Field(default="", description="the game (empty: no game keeps choices)")
    stats: dict[str, float] = Field(default_factory=dict, description=(
        "the game's own counters summed over the account's games (King: kings, king_points)"))


class Profile(BaseModel):
    name: str
    created_at: datetime
    ratings: list[GameRating]
    recent: list[RecentGame]
    king: KingStats


class RatingEntry(BaseModel):
    """One line of ``GET /api/leaderboard?game=...``: accounts by rating, and each bot level at
    its fixed reference rating."""

    rank: int
    name: str
    kind: Literal["human", "bot"]
    rating: float = Field(description="the ordinal: mu - 3 sigma")
    mu: float
    sigma: float
    games: int = Field(description="rated games (a bot: finished games of the game)")
    wins: int
