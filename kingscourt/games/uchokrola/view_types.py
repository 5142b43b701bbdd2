"""The types of Ucho Króla's views (:mod:`.view`), refining the engine contract's
:class:`~kingscourt.engine.contract.View`.

Each is closed: a view holds exactly these keys, JSON values only, so that the server
publishes them as the ``state`` message's view schema. Cards and characters are named as
printed (``cards.json``); the narration (``log``) and the ``question`` are text in the
language the view was made for.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict  # pydantic reads its TypedDict on Python 3.11

from ...engine.contract import Result, View
from .options import UchoOption

#: a task of the stack as :meth:`.tasks.Task.to_json` writes it: ``[kind, seat, a, b, n]``
StackEntry = list[str | int]


class UchoRulesView(TypedDict):
    """The table rules and variants the game is played by (:class:`~.rules.UchoRules`)."""

    simplified: bool
    quick: bool
    open: bool
    favourite: bool
    teams: Literal["none", "pairs", "triples"]


class UchoFlags(TypedDict):
    """What the turn has done so far, which the rules of the next action read."""

    intrigue: bool
    special: bool
    savoir: bool
    intrigue_action: bool
    #: the card whose cost is being paid, and where it lies (``[seat, slot]``)
    cost: str | None
    cost_at: list[int] | None
    used: list[str]
    markiz: list[int]


class UchoView(View):
    """What one seat of Ucho Króla may know (:func:`.view.view`)."""

    players: int
    rules: UchoRulesView
    #: the task kind of the stack's top (``over`` at the end)
    phase: str
    question: str
    turn: int
    turn_number: int
    start: int
    favourite: int
    teams: list[list[int]]
    choosing: bool
    chosen: list[bool]
    character_options: list[str]
    my_choice: str | None
    characters: list[list[str]]
    hand: list[str]
    hand_sizes: list[int]
    displays: list[list[str]]
    #: a seat's own pile, every pile at the end; ``None`` where it is hidden
    prestige: list[list[str] | None]
    prestige_sizes: list[int]
    deck_size: int
    out_size: int
    discard: list[str]
    limbo: list[str]
    revealed: list[str]
    looked_by: int
    looked: list[str]
    looked_size: int
    shown: list[str] | None
    marker: str | None
    marker_in_deck: bool
    exhaustions: int
    ending: bool
    announced: list[int] | None
    flags: UchoFlags
    stack: list[StackEntry]
    log: list[str]
    scores: list[int] | None
    prestige_totals: list[int] | None
    #: the legal actions in parts (:mod:`.options`), one per text of ``legal``: added by the
    #: server to the view it sends a seat, for the browser's board (not part of the game's view)
    options: NotRequired[list[UchoOption]]


class UchoOpenView(UchoView):
    """A finished game's replay with every secret open (:func:`.view.open_view`)."""

    hands: list[list[str]]
    character_choices: list[list[str]]
    chosen_characters: list[str | None]
    deck: list[str]
    open: Literal[True]


class UchoResult(Result):
    """A seat's result (:meth:`.state.UchoState.results`), its summary once the game is over
    (:func:`.summary.summary`): the prestige pile and its prestige, Hrabia de Guiche's
    penalty (and the character that cost it), the seat's own total and its Ucho króla cards."""

    pile: NotRequired[list[str]]
    pile_prestige: NotRequired[int]
    penalty: NotRequired[int]
    penalty_by: NotRequired[str | None]
    own: NotRequired[int]
    uchos: NotRequired[int]
