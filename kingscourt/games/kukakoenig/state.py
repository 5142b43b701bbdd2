"""One match of Ku-Ka-König: rows, pile, box, collections, the secret picks and the scorings.

A round is one or more *calls* ("Ku-Ka-König!"): in the first every player picks a row; after
a collision only the colliding players pick again. Picks are stored hidden in ``_picks`` and
resolved together when the last chooser of the call has picked (:meth:`_resolve`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import (
    JSON,
    Action,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    State,
    Violation,
    make_record,
)
from ...engine.errors import GAME_OVER, not_your_turn
from . import refusals
from .cards import CARD_TYPE, KEPT, counts, names, sorted_names
from .notation import ROW_ACTIONS, parse
from .scoring import score_counts
from .table import ROW_SIZE, empty_handed, first_scoring_due, refill, take_or_burn
from .view import view
from .view_types import KukakoenigView

if TYPE_CHECKING:
    from .game import KukakoenigGame

def derived_rng(seed: int, purpose: str) -> random.Random:
    """The RNG of one chance event of a match (``deal``, ``box``), derived from its seed."""
    return random.Random(f"kukakoenig:{seed}:{purpose}")


class KukakoenigState(State):
    """The whole truth of one match. Card numbers index :data:`.cards.CARD_TYPE`."""

    game: KukakoenigGame

    def __init__(self, game: KukakoenigGame, players: int, seed: int, deck: list[int],
                 unseen: list[int], setup: JSON) -> None:
        rows = game.rows_for(players)
        self.game = game
        self._n = players
        self._seed = seed
        self._setup = setup
        self._replayable = True
        # Row i is dealt deck[3i:3i+3], its third card outermost (last in the list).
        self._rows: list[list[int]] = [deck[ROW_SIZE * i:ROW_SIZE * (i + 1)] for i in range(rows)]
        self._pile: list[int] = deck[ROW_SIZE * rows:][::-1]  # top card last
        self._colls: list[list[int]] = [[] for _ in range(players)]
        self._box: list[int] = []  # face up in the box: burnt and returned cards
        self._unseen: list[int] = list(unseen)  # face down in the box
        self._round = 1
        self._half = 1
        self._last = not self._pile  # this round is the last
        self._call = 1
        self._choosers: list[int] = list(range(players))
        self._picks: dict[int, int] = {}  # secret: seat -> 0-based row
        self._taken: dict[int, int] = {}  # this round: row -> seat
        self._scorings: list[JSON] = []
        self._log: list[JSON] = []
        self._over = False
        self._actions: list[tuple[int, str]] = []

    # --- the contract ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def to_move(self) -> list[int]:
        if self._over:
            return []
        return [s for s in self._choosers if s not in self._picks]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._over or seat in self._picks or seat not in self._choosers:
            return []
        return [ROW_ACTIONS[i] for i, r in enumerate(self._rows) if r]

    def _check(self, seat: int, action: Action | str) -> Violation | None:
        return self._violation(seat, parse(action))

    def _apply(self, seat: int, action: Action | str) -> list[Event]:
        row = parse(action)
        violation = self._violation(seat, row)
        if violation is not None:
            raise self._refusal(seat, violation)
        self._actions.append((seat, ROW_ACTIONS[row]))
        self._picks[seat] = row
        events = [Event("picked", seat, {})]  # *that* the seat picked, never which row
        if len(self._picks) == len(self._choosers):
            self._resolve(events)
        return events

    def is_over(self) -> bool:
        return self._over

    def scores(self) -> list[int]:
        return [sum(s["sheets"][i]["total"] for s in self._scorings) for i in range(self._n)]

    def record(self) -> JSON:
        setup = self._setup if self._replayable else {"sampled_world": True}
        return make_record(self.game, self._n, self._seed, setup, self._actions)

    def clone(self) -> KukakoenigState:
        twin = object.__new__(KukakoenigState)
        twin.__dict__.update(self.__dict__)
        twin._rows = [r[:] for r in self._rows]
        twin._pile = self._pile[:]
        twin._colls = [c[:] for c in self._colls]
        twin._box = self._box[:]
        twin._unseen = self._unseen[:]
        twin._choosers = self._choosers[:]
        twin._picks = dict(self._picks)
        twin._taken = dict(self._taken)
        twin._scorings = self._scorings[:]
        twin._log = self._log[:]
        twin._actions = self._actions[:]
        return twin

    def _view(self, seat: int | None) -> KukakoenigView:
        return view(self, seat)

    def __repr__(self) -> str:
        rows = " | ".join(" ".join(names(r)) or "-" for r in self._rows)
        return (f"<KukakoenigState players={self._n} round={self._round} half={self._half}"
                f" pile={len(self._pile)} rows: {rows}>")

    # --- for tests and tools -------------------------------------------------------------

    def card_places(self) -> dict[str, list[int]]:
        """Every card number by where it lies: ``pile``, ``box``, ``box-unseen``, ``row N``,
        ``seat S``. Each card of the set is in exactly one place at every step."""
        places = {"pile": self._pile[:], "box": self._box[:], "box-unseen": self._unseen[:]}
        places.update({f"row {i + 1}": r[:] for i, r in enumerate(self._rows)})
        places.update({f"seat {s}": c[:] for s, c in enumerate(self._colls)})
        return places

    # --- legality ------------------------------------------------------------------------

    def _violation(self, seat: int, row: int) -> Violation | None:
        if self._over:
            return GAME_OVER
        # Your pick is in: the others are still choosing.
        if seat in self._picks:
            return refusals.already_picked()
        # Only the players of this call pick: everyone at first, the colliders after a collision.
        if seat not in self._choosers:
            return not_your_turn(seat, self.to_move()).violation
        # The rows on the table are numbered 1 to players + 4.
        if row >= len(self._rows):
            return refusals.no_such_row(row, len(self._rows))
        # A row taken this round is gone until the refill.
        if row in self._taken:
            return refusals.row_taken(row, self._taken[row])
        # A row whose cards were all burnt by collisions holds nothing to take.
        if not self._rows[row]:
            return refusals.row_empty(row)
        return None

    def _refusal(self, seat: int, violation: Violation) -> IllegalAction:
        if violation.rule == GAME_OVER.rule:
            return GameOver(violation)
        if violation.rule == "not-your-turn":
            return not_your_turn(seat, self.to_move())
        if violation.rule == refusals.ALREADY_PICKED:
            return NotYourTurn(violation)
        return IllegalAction(violation)

    def _received(self, seat: int) -> int | None:
        for row, s in self._taken.items():
            if s == seat:
                return row + 1
        return None

    # --- the round ---------------------------------------------------------------------

    def _emit(self, events: list[Event], kind: str, seat: int | None, **data: object) -> None:
        event = Event(kind, seat, dict(data))
        events.append(event)
        self._log.append(event.to_json())

    def _resolve(self, events: list[Event]) -> None:
        """All picks of the call are in: reveal them together, then take or burn."""
        picks = sorted(self._picks.items())
        self._picks = {}
        self._emit(events, "reveal", None, round=self._round, call=self._call,
                   picks=[{"seat": s, "row": r + 1} for s, r in picks])
        colliders: list[int] = []
        for r, seats, cards in take_or_burn(self._rows, picks):
            if len(seats) == 1:
                self._colls[seats[0]].extend(cards)
                self._taken[r] = seats[0]
                self._emit(events, "take", seats[0], row=r + 1, cards=names(cards))
            else:
                self._box.extend(cards)
                colliders += seats
                self._emit(events, "collision", None, row=r + 1, seats=seats,
                           burnt=names(cards)[0], left=len(self._rows[r]))
        if not colliders:
            self._end_round(events)
            return
        colliders.sort()
        if empty_handed(self._rows):
            # The rare special case: cards in one row or none; the colliders get nothing.
            self._emit(events, "empty-handed", None, seats=colliders)
            self._end_round(events)
            return
        # Only the colliders call again, among the rows that still hold cards.
        self._choosers = colliders
        self._call += 1

    def _end_round(self, events: list[Event]) -> None:
        self._emit(events, "round-end", None, round=self._round)
        if self._last:
            self._finish(events)
            return
        self._refill(events)
        if not self._pile:
            self._emit(events, "last-round", None, round=self._round + 1)
            self._last = True
        # The first half ends after the first complete round in which someone holds 13+.
        if first_scoring_due(self._half, (len(c) for c in self._colls)):
            self._scoring("first", events)
            returned: list[list[str]] = []
            for s, coll in enumerate(self._colls):
                back = [c for c in coll if not KEPT[CARD_TYPE[c]]]
                self._colls[s] = [c for c in coll if KEPT[CARD_TYPE[c]]]
                self._box.extend(back)
                returned.append(sorted_names(back))
            self._emit(events, "returned", None, cards=returned)
            self._half = 2
        self._start_round(events)

    def _start_round(self, events: list[Event]) -> None:
        self._round += 1
        self._call = 1
        self._taken = {}
        self._choosers = list(range(self._n))
        self._emit(events, "round-start", None, round=self._round, half=self._half,
                   last=self._last)
        if empty_handed(self._rows):
            # Only when the cards ran out before the last round: nobody gets anything.
            self._emit(events, "empty-handed", None, seats=self._choosers[:])
            self._end_round(events)

    def _refill(self, events: list[Event]) -> None:
        """Top every row up to three, row 1 first; when the pile runs out, the whole box is
        shuffled and completes the rows, and what is left of it goes back face down."""
        before = [len(row) for row in self._rows]
        mixed = 0

        def mix() -> list[int]:
            nonlocal mixed
            cards = self._box + self._unseen
            derived_rng(self._seed, "box").shuffle(cards)
            self._box, self._unseen = [], []
            mixed = len(cards)
            return cards

        left = refill(self._rows, self._pile, mix)
        if left is not None:
            self._unseen = left
        if mixed:
            self._emit(events, "box-shuffled", None, cards=mixed)
        added: list[JSON] = [{"row": i + 1, "cards": names(row[before[i]:])}
                             for i, row in enumerate(self._rows) if len(row) > before[i]]
        self._emit(events, "refill", None, rows=added)

    def _scoring(self, name: str, events: list[Event]) -> None:
        sheets = score_counts([counts(c) for c in self._colls])
        entry: JSON = {"name": name, "round": self._round, "sheets": sheets}
        self._scorings.append(entry)
        self._emit(events, "scoring", None, **entry)

    def _finish(self, events: list[Event]) -> None:
        # Should the game end before the first scoring, a single scoring is made.
        self._scoring("second" if self._half == 2 else "final", events)
        self._over = True
        self._choosers = []
        self._emit(events, "game-over", None, scores=self.scores(), winners=self.winners())
