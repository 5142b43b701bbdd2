"""The engine contract every game implements (see docs/design.md, "The engine contract").

A :class:`Game` is immutable: its name, player counts and table rules. A :class:`State`
is one match: the whole truth, hidden cards and the seed of its randomness included.
Only :meth:`State.view` ever leaves the engine.

The public methods of :class:`State` guard every game in one place: a seat that is not a seat
of the game (negative, too large, a bool, text) raises ``ValueError`` naming it, and an action
that is not text raises :class:`MalformedAction`, before the game's own hook
(``_legal_actions``, ``_check``, ``_apply``, ``_view``) sees either. A game may answer
``legal_actions`` and ``apply`` itself for speed (King's compiled state does) as long as it lets
anything but a plain in-range ``int`` seat and a ``str`` action through :meth:`State._seat` and
:func:`_text`, which are the guard.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from typing_extensions import TypedDict  # pydantic reads its TypedDict on Python 3.11

from ..i18n import _
from .actions import Action
from .errors import MalformedAction, Violation
from .events import Event
from .rules import rules_dict

JSON = dict[str, Any]


class View(TypedDict):
    """The part of a view every game's view holds, the engine contract's own: the game, the
    seat it is for (``None``: the spectator), who must decide, the seat's legal actions in
    text form (``[]`` for the spectator and a seat not to move), whether the game is over and
    its winners (``[]`` before the end). Each game's view type extends it with its own keys
    (``games/<game>/view_types.py``); a view is closed: it holds its type's keys and no
    other, JSON values only."""

    game: str
    seat: int | None
    to_move: list[int]
    legal: list[str]
    over: bool
    winners: list[int]


class Result(TypedDict):
    """A seat's part of :meth:`State.results`: its score and whether it won; each game's
    result type (:attr:`Game.result_type`) may add its own keys."""

    seat: int
    score: int
    won: bool


class Game(ABC):
    """A game with its table rules fixed. Create states with :meth:`new_state`."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: ``simultaneous`` when several seats may have to decide at once.
    dynamics: ClassVar[str] = "sequential"
    #: the TypedDict of this game's views (:meth:`State.view`), a refinement of :class:`View`:
    #: the server publishes its JSON Schema (``GET /api/wire``) under the ``state`` message
    view_type: ClassVar[type[View]] = View
    #: the TypedDict of one seat's entry of :meth:`State.results`, a refinement of
    #: :class:`Result` (published with the view, as the ``state`` message's ``results``)
    result_type: ClassVar[type[Result]] = Result

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable

    def __repr__(self) -> str:
        default = rules_dict(type(self.rules)())
        changed = {k: v for k, v in rules_dict(self.rules).items() if v != default[k]}
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"load_game({self.name!r}{args})"

    @abstractmethod
    def new_state(self, *, players: int | None = None, seed: int | None = None,
                  **setup: Any) -> State:
        """A new match. ``seed`` fixes every chance event; ``setup`` holds explicit deals."""

    @abstractmethod
    def sample_world(self, view: JSON, rng: random.Random) -> State:
        """A full state consistent with everything ``view`` shows, hidden parts drawn by ``rng``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written ``text``; raises MalformedAction for text that is no action."""


class State(ABC):
    """One match. Mutated by :meth:`apply` only; :meth:`clone` for a cheap copy."""

    game: Game

    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats that must decide now; ``[]`` once the game is over."""

    # The public methods check the seat and the action's type here, once for every game, and
    # hand on to the game's hooks (``_legal_actions``, ``_check``, ``_apply``, ``_view``).
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty when the seat is not to move)."""
        return self._legal_actions(seat if seat.__class__ is int and 0 <= seat < self.num_players
                                   else self._seat(seat))

    def check(self, seat: int, action: Action | str) -> Violation | None:
        """``None`` if legal, else the first rule it breaks. Malformed text raises."""
        return self._check(self._seat(seat), _text(action))

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Play the action; raises IllegalAction (state unchanged) if it is not legal."""
        if not (seat.__class__ is int and 0 <= seat < self.num_players):
            seat = self._seat(seat)
        given: object = action  # typed callers aside, anything may arrive here
        if not isinstance(given, str):
            _text(given)
        return self._apply(seat, action)

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know, JSON-ready; ``None`` is the spectator. It is a value of the
        game's :attr:`Game.view_type` (the hook :meth:`_view` is typed so), handed out as a
        plain dict: the bots, the terminal and the bridges read views as JSON, and a view is
        theirs to change (a replay adds the open hands to one)."""
        return cast(JSON, self._view(None if seat is None else self._seat(seat)))

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game; ValueError naming it otherwise."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.num_players:
            return int(seat)
        if not isinstance(seat, bool):  # numpy and other integer types, never True/False
            try:
                index = operator.index(seat)  # type: ignore[arg-type]
            except TypeError:
                pass
            else:
                if 0 <= index < self.num_players:
                    return index
        n = self.num_players
        raise ValueError(f"{seat!r} is not a seat of this game: {self.game.title} with {n} "
                         f"players has seats 0 to {n - 1}")

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """The game's legal actions of a valid ``seat``."""

    @abstractmethod
    def _check(self, seat: int, action: Action | str) -> Violation | None:
        """The game's check of text for a valid ``seat``."""

    @abstractmethod
    def _apply(self, seat: int, action: Action | str) -> list[Event]:
        """The game's apply of text for a valid ``seat``."""

    @abstractmethod
    def _view(self, seat: int | None) -> View:
        """The game's view for a valid ``seat`` or the spectator: a value of its
        :attr:`Game.view_type`, which refines :class:`View`."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Running totals per seat."""

    def winners(self) -> list[int]:
        """Seats with the best total (shared on a tie); ``[]`` before the end."""
        if not self.is_over():
            return []
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def results(self) -> list[JSON]:
        """Per seat, what a finished game gives it: ``score``, ``won`` and the game's own
        extras (King: ``kings`` made and ``king_points``). What the server stores and ranks."""
        scores = self.scores()
        winners = self.winners()
        return [{"seat": s, "score": scores[s], "won": s in winners} for s in range(len(scores))]

    @abstractmethod
    def record(self) -> JSON:
        """The game record: header (game, rules, players, seed, explicit setup) + actions."""

    @abstractmethod
    def clone(self) -> State: ...

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()  # copy.deepcopy (used by OpenSpiel) is the cheap clone

    @property
    @abstractmethod
    def num_players(self) -> int: ...


def make_record(game: Game, players: int, seed: int, setup: JSON,
                actions: Sequence[tuple[int, str]]) -> JSON:
    """The record layout shared by every game."""
    return {
        "game": game.name,
        "rules": rules_dict(game.rules),
        "players": players,
        "seed": seed,
        "setup": setup,
        "actions": [[seat, text] for seat, text in actions],
    }


def _text(action: object) -> str:
    """``action`` if it is text (an Action is text); MalformedAction for anything else."""
    if isinstance(action, str):
        return action
    raise MalformedAction(action, _("an action is text such as 'play QS', not a {type}",
                                    type=type(action).__name__))
