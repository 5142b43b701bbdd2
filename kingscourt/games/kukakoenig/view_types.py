"""The types of Ku-Ka-König's views (:mod:`.view`), refining the engine contract's
:class:`~kingscourt.engine.contract.View`.

Each is closed: a view holds exactly these keys, JSON values only, so that the server
publishes them as the ``state`` message's view schema. The log is the game's events as
:meth:`~kingscourt.engine.events.Event.to_json` writes them: ``kind`` and ``seat`` (the acting
seat, ``None`` for the table's own events), then the event's data; one type per kind.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict  # pydantic reads its TypedDict on Python 3.11

from ...engine.contract import View


class Sheet(TypedDict):
    """A scoring sheet of one seat (:func:`.scoring.score_counts`): each line, then the total."""

    kings: int
    churches: int
    victory_points: int
    knights: int
    animals: int
    farms: int
    total: int


class Scoring(TypedDict):
    """A scoring: ``first`` (end of the first half), ``second`` or ``final`` (a game that
    ended before the first), made after round ``round``, one sheet per seat."""

    name: Literal["first", "second", "final"]
    round: int
    sheets: list[Sheet]


class SeatRow(TypedDict):
    """A seat's pick revealed: the row it chose (from 1)."""

    seat: int
    row: int


class RowCards(TypedDict):
    """The cards a refill laid on row ``row`` (from 1)."""

    row: int
    cards: list[str]


class RevealEvent(TypedDict):
    """Every pick of a call, revealed together."""

    kind: Literal["reveal"]
    seat: None
    round: int
    call: int
    picks: list[SeatRow]


class TakeEvent(TypedDict):
    """``seat`` alone chose row ``row`` and takes its cards."""

    kind: Literal["take"]
    seat: int
    row: int
    cards: list[str]


class CollisionEvent(TypedDict):
    """Several seats chose row ``row``: its card ``burnt`` goes to the box, ``left`` stay."""

    kind: Literal["collision"]
    seat: None
    row: int
    seats: list[int]
    burnt: str
    left: int


class EmptyHandedEvent(TypedDict):
    """``seats`` get nothing this round: the rows hold too few cards."""

    kind: Literal["empty-handed"]
    seat: None
    seats: list[int]


class RoundEndEvent(TypedDict):
    kind: Literal["round-end"]
    seat: None
    round: int


class LastRoundEvent(TypedDict):
    """The pile is empty: round ``round`` is the last."""

    kind: Literal["last-round"]
    seat: None
    round: int


class ReturnedEvent(TypedDict):
    """After the first scoring, the cards each seat gives back to the box (seat order)."""

    kind: Literal["returned"]
    seat: None
    cards: list[list[str]]


class RoundStartEvent(TypedDict):
    kind: Literal["round-start"]
    seat: None
    round: int
    half: int
    last: bool


class BoxShuffledEvent(TypedDict):
    """The pile ran out: the box's ``cards`` cards were shuffled to complete the rows."""

    kind: Literal["box-shuffled"]
    seat: None
    cards: int


class RefillEvent(TypedDict):
    """The rows topped up to three, row by row."""

    kind: Literal["refill"]
    seat: None
    rows: list[RowCards]


class ScoringEvent(TypedDict):
    """A scoring made (as in ``scorings``)."""

    kind: Literal["scoring"]
    seat: None
    name: Literal["first", "second", "final"]
    round: int
    sheets: list[Sheet]


class GameOverEvent(TypedDict):
    kind: Literal["game-over"]
    seat: None
    scores: list[int]
    winners: list[int]


#: one entry of the public log, by its ``kind``
LogEvent = (RevealEvent | TakeEvent | CollisionEvent | EmptyHandedEvent | RoundEndEvent
            | LastRoundEvent | ReturnedEvent | RoundStartEvent | BoxShuffledEvent | RefillEvent
            | ScoringEvent | GameOverEvent)


class KukakoenigView(View):
    """What one seat of Ku-Ka-König may know (:func:`.view.view`)."""

    players: int
    round: int
    half: int
    last_round: bool
    call: int
    phase: Literal["pick", "over"]
    rows: list[list[str]]
    collections: list[list[str]]
    pile: int
    box: list[str]
    box_unseen: int
    choosers: list[int]
    picked: list[int]
    #: the seat's own pending pick (a row from 1); ``None`` for the spectator and before it
    my_pick: int | None
    #: per seat, the row it took this round (from 1), or ``None``
    received: list[int | None]
    scorings: list[Scoring]
    log: list[LogEvent]
    scores: list[int]


class KukakoenigOpenView(KukakoenigView):
    """A finished game's replay with every secret open (:func:`.view.open_view`)."""

    picks: list[int | None]
    pile_cards: list[str]
    box_unseen_cards: list[str]
    open: Literal[True]
