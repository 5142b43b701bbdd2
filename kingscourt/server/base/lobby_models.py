"""The REST messages of the lobby, players and history (pydantic, documented at /docs)."""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from pydantic.config import JsonDict, JsonValue

from ...bots import LEVELS
from ...engine import GAMES, RuleError, specs
from ...i18n import _
from .names import DELETED_NAME, bot_name, deleted_name, invisible_format, shows_something
from .wire import MAX_SEATS, SeatPublic, TableStatus

#: a display name's length in characters, after NFC normalisation and trimming
NAME_MAX = 24
#: bidirectional embeddings, overrides and isolates: they reorder how a name is shown
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def nfc(value: Any) -> Any:
    """A text NFC-normalised and trimmed (anything else is left to the type check)."""
    if not isinstance(value, str) or any(unicodedata.category(c) == "Cs" for c in value):
        return value  # a lone surrogate does not normalise: clean_name refuses it
    return unicodedata.normalize("NFC", value).strip()


def clean_name(value: str) -> str:
    """A display name without control characters, NUL, lone surrogates or line breaks. The
    messages never repeat the name: it may not even be encodable."""
    for c in value:
        cat = unicodedata.category(c)
        if cat == "Cs":
            raise RuleError(_("a name must not hold a lone surrogate (not a character)"))
        if cat == "Cc":
            raise RuleError(_("a name must not hold control characters (NUL, tab, newline...)"))
        if cat in ("Zl", "Zp") or c in BIDI_CONTROLS:
            raise RuleError(_("a name must not hold line breaks or direction controls"))
    return value


def reserved(name: str) -> bool:
    """A bot's name: ``Bot (LEVEL)``, in any case, width or spacing, or one that looks like
    it (:func:`.names.bot_name`)."""
    return bot_name(name)


def human_name(value: str) -> str:
    """A person's name: no bot's, not :data:`.names.DELETED_NAME` (nor one that looks like
    them), something visible and nothing invisible in it (:mod:`.names`)."""
    if reserved(value):
        raise RuleError(_("names of the form \"Bot (level)\" are the bots\': choose another"))
    if deleted_name(value):
        raise RuleError(_("\"{name}\" stands for deleted accounts: choose another",
                          name=DELETED_NAME))
    if not shows_something(value):
        raise RuleError(_("a name needs a visible character: a letter, a digit or a symbol"))
    if invisible_format(value):
        raise RuleError(_("a name must not hold invisible characters (zero-width spaces, "
                          "fillers...)"))
    return value


#: a name as the server shows and stores it (a player's statistics look it up)
CleanName = Annotated[str, BeforeValidator(nfc), Field(min_length=1, max_length=NAME_MAX),
                      AfterValidator(clean_name)]
#: a human's display name: a clean name that is nobody else's (:mod:`.names`)
Name = Annotated[CleanName, AfterValidator(human_name), Field(
    description=f"1 to {NAME_MAX} characters (NFC, trimmed); no control characters; something "
                "visible, nothing invisible; not a bot's name (\"Bot (basic)\"...) nor "
                "\"Deleted player\", nor one that looks like them")]


#: the largest number a table rule takes (scores to reach, counts: far smaller)
RULE_INT = 1_000_000
#: a turn timer's range in seconds: time to look at the table and move (the server's
#: ``--min-turn-seconds``; tests set less), and at most an hour
TURN_MIN, TURN_MAX = 5, 3600

#: a table rule's name and value (``GET /api/games`` lists each game's rules and choices)
RuleName = Annotated[str, Field(min_length=1, max_length=40)]
RuleValue = (bool | Annotated[int, Field(ge=-RULE_INT, le=RULE_INT)]
             | Annotated[str, Field(max_length=40)])


class SeatSpec(BaseModel):
    """A seat of a new table: ``{"kind": "human", "name": "Ada"}`` (no name: a free seat to
    invite someone to) or ``{"kind": "bot", "level": "basic"}``."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"]
    name: Name | None = Field(default=None, description="a human's name (a bot plays as "
                              "\"Bot (level)\")")
    open: bool = Field(default=False, description="a free human seat that anyone in the lobby "
                                                   "may take (without the invitation link)")
    level: str | None = Field(default=None, max_length=32,
                              description="random | basic | learned | strong | expert (bots only)",
                              json_schema_extra={"enum": [*LEVELS, None]})

    @model_validator(mode="after")
    def _bot_names(self) -> SeatSpec:
        if self.kind == "bot" and self.name is not None:
            raise RuleError(_("a bot plays under its level's name (\"Bot (basic)\"): give it "
                                "none"))
        return self


def _examples() -> list[JsonValue]:
    """Tables to create, for the API's examples: each game with a host, an invited seat, an
    open seat and bots up to its usual number of seats, then the last game as a practice
    table (a seed, one person beside bots)."""
    host: JsonDict = {"kind": "human", "name": "Zoe"}
    bot: JsonDict = {"kind": "bot", "level": "random"}
    out: list[JsonValue] = []
    for game in specs():
        people: list[JsonValue] = [host, {"kind": "human"}, {"kind": "human", "open": True}]
        people = people[:game.max_players]
        seats = people + [bot] * (max(game.default_players, game.min_players) - len(people))
        out.append({"game": game.name, "seats": seats})
    practice = specs()[-1]
    alone: list[JsonValue] = [host, *[bot] * (practice.min_players - 1)]
    out.append({"game": practice.name, "seed": 7, "seats": alone})
    return out


class CreateTable(BaseModel):
    """A new table; the number of players is the number of seats."""

    # the examples lay the seats out as the creation's links expect (:mod:`.links`): the
    # host first, then a seat to invite someone to, then an open seat; one per game of the
    # registry, and a seeded practice table
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": _examples()})

    game: str = Field(max_length=32, description=" | ".join(GAMES),
                      json_schema_extra={"enum": list(GAMES)})
    rules: dict[RuleName, RuleValue] = Field(default_factory=dict, max_length=32,
                                             description="table rules / variants")
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int | None = Field(default=None, ge=0, lt=2**62, description=(
        "fixes every chance event (default: random): a practice table for its one person, "
        "named here, beside bots (no invitation, no open seat); its record says it was seeded"))
    turn_seconds: float | None = Field(default=None, gt=0, le=TURN_MAX, description=(
        f"turn timer for human seats, at most {TURN_MAX} s and at least the server's "
        f"--min-turn-seconds ({TURN_MIN} s unless set): when it runs out a basic bot plays "
        "that turn"))
    setup: dict[RuleName, Any] | None = Field(default=None, max_length=8, description=(
        "an explicit setup of the game (King: {\"deal\": [4 hands]} fixes the first deal); "
        "only on a server started with --insecure-seeds, for tests: otherwise 422"))


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
    status: TableStatus = Field(description=(
        "waiting: some human seat is free and the host has not started (nobody moves); "
        "playing; over; abandoned: cancelled by its host, or closed after no human was "
        "connected for the server's --abandon-after"))
    host: int | None = Field(default=None, description="the host's seat (the first human seat "
                             "named at creation): it may start or cancel a waiting table")
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
    rematch: str | None = Field(default=None, description="the table of this finished "
                                "table's rematch, once it has started")
    seeded: bool = Field(default=False, description=(
        "its creator fixed the seed: a practice table (the creator may know every hand); it "
        "has no invitation and no open seat"))


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=64, description="the seat's invitation")
    name: Name


class TakeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Name


class LeaveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=64)


class StartRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=64, description="the host's seat token")
    fill: str = Field(default="basic", max_length=32,
                      description="the bot level that takes every free seat: "
                                  "random | basic | learned | strong | expert")


class CancelRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=64, description="the host's seat token")


class RematchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=64, description="a seat token of the finished table")


class RematchResult(BaseModel):
    table: str = Field(description="the new table's id, the same for every accepter; it "
                       "exists once every human seat has accepted (started)")
    accepted: list[int] = Field(description="seats that want to play again (bots at once)")
    waiting: list[int] = Field(description="human seats that have not accepted yet")
    started: bool


class StartResult(BaseModel):
    status: TableStatus
    filled: list[int] = Field(description="the seats a bot took")


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
    free: bool = Field(description="someone may take the seat again (with its invitation, or "
                       "anyone at an open seat); false at a seeded table: the seat stays closed")


class CardInfo(BaseModel):
    """A card of a game's card set (one entry per kind of card), for the table and the
    players' glossary."""

    name: str = Field(description="the card's name in actions and views")
    kind: str = Field(description="Ucho Króla: character, intrigue, buffoonery, special, ucho; "
                      "Ku-Ka-König: the card's scoring category (king, vp, animal...)")
    prestige: int | None = Field(description="the card's prestige (Ucho Króla; null elsewhere)")
    text: str = Field(description="what the card says or does, for players")
    label: str = Field(description="the card's name as shown to players")
    copies: int = Field(description="copies of the card in the set")
    points: int | None = Field(default=None, description="the number printed on a victory "
                               "point card (Ku-Ka-König)")
    kept: bool | None = Field(default=None, description="stays in the collection after the "
                              "first scoring (Ku-Ka-König)")
    sheet: str | None = Field(default=None, description="the line of the scoring sheet the card "
                              "counts on, a key of the game's sheet (Ku-Ka-König)")


class RuleInfo(BaseModel):
    """A table rule as the rules screen shows it."""

    name: str
    label: str
    help: str
    choices: list[RuleValue]
    default: RuleValue
    choice_labels: list[str] = Field(description="how each choice is shown, in the order of "
                                     "choices (on/off for a yes-no rule)")


class ContractInfo(BaseModel):
    """One of King's seven contracts."""

    id: str = Field(description="its text form: choose ID (trump: choose trump SUIT)")
    name: str = Field(description="as the rulebook prints it")
    description: str = Field(description="the rulebook's one line (German)")
    penalty: bool = Field(description="a penalty contract (false: the trump deal)")
    per_unit: int = Field(description="points per unit taken")
    unit: str = Field(description="what is counted")
    max_plays: int = Field(description="how many deals of the game may play it")


class SheetLine(BaseModel):
    """A line of a game's scoring sheet (Ku-Ka-König)."""

    key: str = Field(description="its key in the scoring sheets of the view")
    label: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    rules: list[RuleInfo] = Field(description="each table rule: name, label, help, choices, "
                                  "default and the label of each choice")
    levels: list[str] = Field(description="bot levels available for this game")
    default_players: int = Field(description="the number of seats a new table starts with")
    board: str = Field(description="the address of the game's board module, an ES module the "
                       "browser imports (kingscourt/games/README-web.md)")
    summary: str | None = Field(default=None, description=(
        "the address of the game's end-of-game summary module; null: none"))
    looks: list[str] = Field(default_factory=list, description=(
        "the table's look preferences the game offers beyond sound and confirm plays "
        "(fourColour, autoPlay)"))
    confirm_words: list[str] = Field(default_factory=list, description=(
        "the first words of the actions that \"confirm plays\" guards and auto-play may take"))
    cards: list[CardInfo] = Field(default_factory=list, description=(
        "the card set, each card with its label and text (Ucho Króla, Ku-Ka-König)"))
    contracts: list[ContractInfo] = Field(default_factory=list, description=(
        "the contracts, penalty contracts first in the rulebook's order (King)"))
    sheet: list[SheetLine] = Field(default_factory=list, description=(
        "the lines of a scoring sheet in order, the total last (Ku-Ka-König)"))
    tournament_formats: list[str] = Field(default_factory=list, description=(
        "the tournament formats the game offers: \"swiss\" always, \"duplicate\" where its "
        "manifest declares deal_scores (King)"))


class Counters(BaseModel):
    """A game's own counters (its manifest's ``statistics.counters``) summed: ``stats``. Two of
    King's are also fields of their own, as clients written before ``stats`` read them."""

    stats: dict[str, float] = Field(default_factory=dict, description=(
        "the game's own counters summed over the games (King: kings, king_points)"))
    kings: int = Field(default=0, description="stats' kings (Kings made), 0 where absent")
    king_points: float = Field(default=0.0, description=(
        "stats' king_points (King points), 0 where absent"))

    @model_validator(mode="after")
    def _fields_of_earlier_clients(self) -> Counters:
        self.kings = int(self.stats.get("kings", self.kings))
        self.king_points = float(self.stats.get("king_points", self.king_points))
        return self


class GameStats(Counters):
    game: str
    games: int
    wins: int
    average_score: float


class PlayerStats(Counters):
    name: str
    kind: Literal["human", "bot"] = Field(default="human", description=(
        "bot for a bot's name (\"Bot (basic)\"): each level's statistics are its own"))
    games: int
    wins: int
    by_game: list[GameStats]


class LeaderboardEntry(Counters):
    rank: int
    name: str
    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(default=None, description=(
        "a bot's level (each level is its own entry: \"Bot (strong)\", \"Bot (basic)\"); "
        "null for a person"))
    game: str = Field(description="the game whose points these are (its manifest names them)")
    points: float = Field(description="the game's points (King points), the ranking's key")
    games: int = Field(description="finished games of that game")
    wins: int
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
    seeded: bool = Field(default=False, description="its creator fixed the seed (a practice "
                         "game): not a game between strangers")


class ErrorDetail(BaseModel):
    detail: str
