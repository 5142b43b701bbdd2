"""The WebSocket messages (docs/protocol.md), as pydantic models.

Client → server: :class:`ActMessage`. Server → client: :class:`StateMessage` after every
change (the seat's own view only; spectators the spectator view) and :class:`ErrorMessage`
with a stable code when a message is refused (nothing changes then); at a finished table
:class:`RematchOffer` and :class:`RematchMessage`. The chat's messages are the chat's own
(:mod:`..live.chat`). ``GET /api/wire`` publishes all of them as one JSON Schema
(:mod:`..api.protocol`), where :class:`StateMessage`'s ``view`` and ``results`` take each
game's own types (``Game.view_type``, ``Game.result_type``): here they stay plain JSON
objects, which the server hands on as the game made them (a model that validated them would
copy every view it sends).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

#: the most seats a table has: seat numbers are 0 to MAX_SEATS - 1
MAX_SEATS = 8
#: the highest version: the database stores versions as 32-bit integers
MAX_VERSION = 2**31 - 1
#: the deepest nesting of arrays and objects a client's message may have (the wire's own
#: messages nest two levels; a deeper one is refused before it is parsed)
MAX_DEPTH = 16

#: A table's public status: ``waiting`` until every human seat is taken or the host starts it.
TableStatus = Literal["waiting", "playing", "over", "abandoned"]

#: The stable error codes, in the order of the authority pipeline that raises them.
ErrorCode = Literal[
    "bad-message",     # not JSON, nested too deep, or not an ``act`` message of the right
                       # shape (a number out of its range included)
    "bad-token",       # no seat token (a spectator), the token holds another seat, or it was
                       # revoked (its holder left the seat; then the connection is closed, 4401)
    "no-table",        # the table does not exist (sent once on connecting, then closed)
    "game-over",       # the game has ended
    "not-your-turn",   # the seat is not among those to move (or has already picked)
    "stale-version",   # the action answers a version whose decision is gone
    "illegal-action",  # the rules forbid it: ``rule`` names the rule, ``message`` says why
    "not-stored",      # the database refused the action: nothing changed, try again
    "table-full",      # the table admits no more spectators (sent once on connecting, then closed)
    "rate-limited",    # chat: the connection sent more messages than the chat rate allows
    "not-host",        # chat: only the host's seat opens or closes spectator chat
]


class ActMessage(BaseModel):
    """Play an action for the connection's seat, answering the state of ``version``."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"type": "act", "action": "play QS", "version": 12}]})

    type: Literal["act"]
    action: str = Field(min_length=1, max_length=200, description="the action's text form")
    version: int = Field(ge=0, le=MAX_VERSION,
                         description="the version of the state this action answers")
    seat: int | None = Field(default=None, ge=0, lt=MAX_SEATS, description=(
        "optional: the seat the sender means to act for; refused with bad-token unless it is "
        "the token's seat"))


class SeatPublic(BaseModel):
    """What everyone may know about a seat."""

    seat: int
    kind: Literal["human", "bot"]
    level: str | None = None
    name: str | None = None
    taken: bool = Field(description="a human holds the seat (bots always do)")
    connected: bool = Field(default=False, description="a client holds a connection for it")
    timeouts: int = Field(default=0, description="turns the turn timer played for this seat; "
                          "a seat with timeouts is marked")
    guest: bool = Field(default=False, description="a human without an account holds the seat "
                        "(shown marked as a guest; no statistics or rating)")


class Deadline(BaseModel):
    seat: int
    at: float = Field(description="UNIX time at which a basic bot plays the seat's turn")


class StateMessage(BaseModel):
    """The state after a change: ``view`` is exactly what the receiving seat may know.

    ``version`` counts the actions stored for the table (0 before the first); it never goes
    down, and a join or leave re-sends the same version with the seats updated."""

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"type": "state", "version": 12, "seat": 0, "view": {"legal": ["play QS"]},
                      "seats": [], "deadlines": []}]})

    type: Literal["state"] = "state"
    version: int
    seat: int | None = Field(description="the receiving seat; null for a spectator")
    view: dict[str, Any] = Field(description="what the receiving seat may know: the game's "
                                 "view type")
    seats: list[SeatPublic] = Field(default_factory=list)
    deadlines: list[Deadline] = Field(default_factory=list)
    status: TableStatus = Field(default="playing", description=(
        "waiting: the table waits for its invited players (nobody moves; the client shows the "
        "waiting room, not the board); playing; over; abandoned"))
    results: list[dict[str, Any]] | None = Field(default=None, description=(
        "once the game is over: per seat its result (score, won and the game's own parts, its "
        "result type); null before the end"))


class ErrorMessage(BaseModel):
    """A refusal. Nothing changed; ``version`` is the table's current version when known."""

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"type": "error", "code": "illegal-action", "rule": "follow-suit",
                      "message": "You hold a heart: you must follow suit.", "version": 12}]})

    type: Literal["error"] = "error"
    code: ErrorCode
    rule: str | None = None
    message: str = Field(description="why, in the connection's language (``?lang=``); "
                         "``rule`` is the same in every language")
    version: int | None = None
    #: the message's template (kingscourt.i18n), to say it in another language; not sent
    _text: Any = PrivateAttr(default=None)


class RematchOffer(BaseModel):
    """To everyone at a finished table (and to each connection that opens there later): who
    wants to play again. ``accepted`` holds the bots (they accept at once) and every human seat
    that posted ``POST /api/tables/{id}/rematch``; ``waiting`` the human seats still to accept.
    Once ``started``, the table ``table`` exists and each seat has had its ``rematch``."""

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"type": "rematch-offer", "table": "Xy12ab", "accepted": [0, 2, 3],
                      "waiting": [1], "started": False}]})

    type: Literal["rematch-offer"] = "rematch-offer"
    table: str = Field(description="the new table's id (the same for every accepter)")
    accepted: list[int]
    waiting: list[int]
    started: bool


class RematchMessage(BaseModel):
    """To each connection of a seat once the rematch has started: the new table and this
    seat's own new token there (never another seat's). Sent again when the seat reconnects."""

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"type": "rematch", "table": "Xy12ab", "token": "..."}]})

    type: Literal["rematch"] = "rematch"
    table: str
    token: str = Field(description="this seat's secret token at the new table")
