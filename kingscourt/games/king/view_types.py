"""The types of King's views (:mod:`.view`), refining the engine contract's
:class:`~kingscourt.engine.contract.View`.

Each is closed: a view holds exactly these keys (``hand`` only in a seat's own view), JSON
values only, so that the server publishes them as the ``state`` message's view schema. A
played card is ``[seat, card]``, a two-item list (a list, not a tuple, as the view has always
held it).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict  # pydantic reads its TypedDict on Python 3.11

from ...engine.contract import Result, View

#: ``[seat, card]``: who played which card (``"QS"``)
SeatCard = list[int | str]


class KingRulesView(TypedDict):
    """The table rules the game is played by (:class:`~.rules.KingRules`), each by value."""

    choice_limit: Literal["standard", "free"]
    must_beat: Literal["none", "trump", "all"]
    trump_lead_after_break: bool
    heart_lead_ban: Literal["kupa-rifki", "all-penalty"]
    rifki_void: Literal["rifki", "any-heart"]
    short_game: bool
    penalty_first: bool
    first_chooser: Literal["2D", "7D"]
    king_ends_game: bool


class KingTrickNow(TypedDict):
    """The trick on the table: its leader (``None`` before the lead) and its cards so far."""

    leader: int | None
    cards: list[SeatCard]


class KingTrick(TypedDict):
    """A closed trick: who led, the four cards in playing order and who took it."""

    leader: int
    cards: list[SeatCard]
    winner: int


class KingChoice(TypedDict):
    """A contract chosen: in which deal, by which seat, and the trump suit of a trump deal."""

    deal: int
    seat: int
    contract: str
    trump: str | None


class KingScoreRow(TypedDict):
    """One scored deal of the score table: each seat's points in it."""

    deal: int
    chooser: int
    contract: str
    trump: str | None
    points: list[int]


class KingMade(TypedDict):
    """A King made: a seat took every trick of a trump deal (or ended the game by it)."""

    deal: int
    seat: int
    tricks: int


class KingView(View):
    """What one seat of King may know (:func:`.view.view`)."""

    phase: Literal["choose", "play", "over"]
    deal: int
    deals: int
    chooser: int | None
    contract: str | None
    contract_name: str | None
    trump: str | None
    hand_sizes: list[int]
    trick: KingTrickNow
    last_trick: KingTrick | None
    tricks: list[KingTrick]
    tricks_taken: list[int]
    deal_points: list[int]
    played: list[str]
    hearts_broken: bool
    trump_broken: bool
    open_contracts: dict[str, int]
    quota_left: list[list[int]] | None
    choices: list[KingChoice]
    score_table: list[KingScoreRow]
    scores: list[int]
    kings: list[KingMade]
    rules: KingRulesView
    #: the seat's own hand, in a seat's view only
    hand: NotRequired[list[str]]


class KingOpenView(KingView):
    """A finished game's replay with every hand open (:func:`.view.open_view`)."""

    hands: list[list[str]]
    open: Literal[True]


class KingResult(Result):
    """A seat's result (:meth:`.state.KingState.results`): Kings made and King points."""

    kings: int
    king_points: float
