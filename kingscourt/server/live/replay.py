"""Replays of finished games, version by version (``GET /api/tables/{id}/replay``).

A replay is rebuilt from what is stored, never from a live table: the finished game's record
(:meth:`Store.history`: the header and the ``actions`` rows, with who decided each) replayed by
the engine (``kingscourt.replay(record, on_step=...)``), which keeps a clone of the state every
:data:`EVERY` versions. The view at version N is then the nearest checkpoint at or before N,
cloned, plus at most ``EVERY - 1`` actions: the work of one request is bounded whatever the
length of the game, and rebuilding a game is one replay (done once, off the event loop).

Secrets. Only a finished game is replayed: its record (with the seed) is public by then
(``GET /api/tables/{id}/record``). A table still waiting or being played answers 409 (no
peeking at live games); an abandoned table never finished and answers 409 as well ("this game
did not finish"), its rows kept but not shown. A seat's view is the game's own ``view(seat)``;
the open view is the game's ``open_view(state)`` (each game's ``view.py``): the spectator's
view with every hand and secret added.

The rebuilt replays are kept in a bounded LRU (:data:`TABLES` tables); so are the views asked
for (:data:`VIEWS`), so stepping back and forth costs a dictionary look-up.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...engine import JSON, Game, State, load_game, replay, resolve, spec
from ...engine.errors import ReplayError
from ...i18n import Msg, _
from ..store.store import History, SeatData, Store
from ..text.words import Named, describe, seat_name

log = logging.getLogger("kingscourt.server")

#: a checkpoint (a clone of the state) every EVERY versions: a view costs at most EVERY - 1
#: actions replayed from the nearest one
EVERY = 32
#: replays kept (the least recently used beyond that are dropped)
TABLES = 64
#: views kept, over all replays
VIEWS = 2048

OpenView = Callable[[State], JSON]


class NotReplayable(Exception):
    """A table that has no replay (``status``: 404 unknown, 409 not finished)."""

    def __init__(self, message: Msg, status: int) -> None:
        super().__init__(str(message))
        self.status = status
        #: the message as a template, said in the request's language
        self.text = message


@dataclass(frozen=True, slots=True)
class Step:
    version: int
    seat: int
    action: str
    actor: str
    #: in the players' words, said in each request's language
    words: Msg
    #: the seat had no other legal action (nothing to review)
    forced: bool = False


def open_view_of(game: str) -> OpenView:
    """The game's ``open_view`` (its manifest's): every hand open."""
    fn: OpenView = resolve(spec(game).open_view)
    return fn


@dataclass(frozen=True, slots=True)
class Replay:
    """One finished game, rebuilt: its steps and a checkpoint every :data:`EVERY` versions."""

    table_id: str
    game: Game
    rules: dict[str, Any]
    seats: list[SeatData]
    names: list[Named]
    steps: list[Step]
    checkpoints: list[State]
    scores: list[int]
    winners: list[int]
    finished_at: datetime | None
    open_view: OpenView
    #: its creator fixed the seed (a practice game)
    seeded: bool = False

    @property
    def last(self) -> int:
        return len(self.steps)

    @property
    def players(self) -> int:
        return len(self.seats)

    def state_at(self, version: int) -> State:
        """A fresh state at ``version`` (0 to last): a checkpoint's clone and at most
        ``EVERY - 1`` actions."""
        if not 0 <= version <= self.last:
            raise ValueError(f"version {version} is not between 0 and {self.last}")
        base = version // EVERY
        state = self.checkpoints[base].clone()
        for step in self.steps[base * EVERY:version]:
            state.apply(step.seat, step.action)
        return state

    def view(self, version: int, seat: int | None) -> JSON:
        """``seat``'s own view at ``version``; ``None``: every hand open."""
        state = self.state_at(version)
        return self.open_view(state) if seat is None else state.view(seat)

    def name(self, seat: int) -> Named:
        return self.names[seat] if 0 <= seat < len(self.names) else seat_name(seat, "human", None, None)

    def words(self, seat: int, action: str) -> Msg:
        return describe(self.game.name, seat, action, self.name, self.players)


def build(table_id: str, history: History) -> Replay:
    """Replay the finished game's record, keeping a checkpoint every EVERY versions (CPU:
    runs in the replay thread). ReplayError when the record does not replay to its end."""
    record = history.record
    assert record is not None
    try:
        game = load_game(str(record["game"]), **(record.get("rules") or {}))
    except (TypeError, ValueError) as e:
        raise ReplayError(f"record header does not start a game: {e}") from e
    names = [seat_name(s.seat, s.kind, s.name, s.level) for s in history.seats]
    start = replay({**record, "actions": []})
    checkpoints = [start.clone()]
    actions = record["actions"]
    # how many legal actions the seat of each action had: one is a forced move
    choices = [len(start.legal_actions(actions[0][0]))] if actions else []

    def step(version: int, _seat: int, _before: list[int], state: State) -> None:
        if version % EVERY == 0:
            checkpoints.append(state.clone())
        if version < len(actions) and not state.is_over():
            choices.append(len(state.legal_actions(actions[version][0])))

    final = replay(record, on_step=step)
    if not final.is_over():
        raise ReplayError("the record ends before the game is over")
    actors = history.actors

    def name(seat: int) -> Named:
        return names[seat] if 0 <= seat < len(names) else seat_name(seat, "human", None, None)

    steps = [Step(version=i + 1, seat=seat, action=action,
                  actor=actors[i] if i < len(actors) else "human",
                  words=describe(game.name, seat, action, name, len(names)),
                  forced=i < len(choices) and choices[i] == 1)
             for i, (seat, action) in enumerate(actions)]
    return Replay(table_id=table_id, game=game, rules=dict(record.get("rules") or {}),
                  seats=history.seats, names=names, steps=steps, checkpoints=checkpoints,
                  scores=final.scores(), winners=final.winners(), finished_at=history.finished_at,
                  open_view=open_view_of(game.name), seeded=history.seeded)


class Replays:
    """The replays of finished games, rebuilt on demand and kept in a bounded LRU."""

    def __init__(self, store: Store, tables: int = TABLES, views: int = VIEWS) -> None:
        self.store = store
        self.tables = tables
        self.max_views = views
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self._views: OrderedDict[tuple[str, int, int | None], JSON] = OrderedDict()
        self._building: dict[str, asyncio.Future[Replay]] = {}
        # one thread: a replay is CPU work, and one at a time keeps it from crowding the loop
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kingscourt-replay")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def get(self, table_id: str) -> Replay:
        """The finished game's replay; NotReplayable (404, 409) when there is none."""
        found = self._replays.get(table_id)
        if found is not None:
            self._replays.move_to_end(table_id)
            return found
        pending = self._building.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut: asyncio.Future[Replay] = asyncio.get_running_loop().create_future()
        self._building[table_id] = fut
        try:
            made = await self._build(table_id)
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: a waiter may not exist
            raise
        finally:
            del self._building[table_id]
        fut.set_result(made)
        self._replays[table_id] = made
        while len(self._replays) > self.tables:
            gone, _ = self._replays.popitem(last=False)
            for key in [k for k in self._views if k[0] == gone]:
                del self._views[key]
        return made

    async def _build(self, table_id: str) -> Replay:
        history = await self.store.run(self.store.history, table_id)
        if history is None:
            raise NotReplayable(_("no table {table}", table=repr(table_id)), 404)
        if history.status == "abandoned":
            raise NotReplayable(_("table {table} was abandoned: this game did not finish, so "
                                  "it has no replay", table=repr(table_id)), 409)
        if history.record is None or history.status != "finished":
            raise NotReplayable(_("table {table} is still waiting for its players: its replay "
                                  "opens when the game is over (no peeking at a live game)",
                                  table=repr(table_id)) if history.status == "waiting" else
                                _("table {table} is still being played: its replay opens when "
                                  "the game is over (no peeking at a live game)",
                                  table=repr(table_id)), 409)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, build, table_id, history)
        except ReplayError as e:
            log.error("table %s: the stored record does not replay: %s", table_id, e)
            raise NotReplayable(_("table {table}: its stored record does not replay",
                                  table=repr(table_id)), 409) from e

    async def view(self, r: Replay, version: int, seat: int | None) -> JSON:
        """The view at ``version`` of ``seat`` (None: all hands open), cached."""
        key = (r.table_id, version, seat)
        found = self._views.get(key)
        if found is not None:
            self._views.move_to_end(key)
            return found
        view = await asyncio.get_running_loop().run_in_executor(self._pool, r.view, version, seat)
        self._views[key] = view
        while len(self._views) > self.max_views:
            self._views.popitem(last=False)
        return view
