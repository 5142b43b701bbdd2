"""The post-game review (``GET /api/tables/{id}/analysis``): the strong bot's view of one
decision of a finished game — every legal action with its estimated value, the one it
prefers, and what the move made cost by its estimate.

The bot thinks in a bot worker process (:meth:`BotPool.analyse`), never in the server's
process, and in a pool of its own (one worker, started on the first review), so the bots of
the tables in play never wait behind a review; it gets the deciding seat's view at that
version, nothing more, and a seed drawn from the table, version and seat, so one decision
always gets the same review. Results are cached (:data:`CACHE`); identical requests in flight
share one search. Bounds: per client address a rate (``--analysis-rate``, the ``limits``
library; 429 with ``Retry-After`` beyond it; answers from the cache do not count), at most
:data:`PENDING` reviews searching or waiting at once (503 with ``Retry-After`` beyond it),
and :data:`SECONDS` for one search (then it is called off: 503).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import time
from collections import OrderedDict
from typing import Any

from limits import parse

from ... import bots
from ...bots.analysis import Analyst
from ...engine import JSON, Game
from ...i18n import Msg, _, text
from ..base.limiting import Limiter
from .autoplay import BotFailed, BotPool, Decision
from .replay import Replay
from .replay_models import Review, ReviewValue

#: the bot level that reviews
LEVEL = "strong"
#: reviews kept
CACHE = 1024
#: reviews searching or waiting for a worker at once, over all clients
PENDING = 8
#: seconds one review may search before it is called off
SECONDS = 60.0
#: seconds a client is asked to wait when the reviews are busy
RETRY_BUSY = 5


class ReviewRefused(Exception):
    """A review the server will not give now: ``status`` (404, 422, 429, 503)."""

    def __init__(self, message: Msg, status: int, retry_after: int | None = None) -> None:
        super().__init__(str(message))
        self.status = status
        #: the message as a template, said in the request's language
        self.text = message
        self.retry_after = retry_after


def review_seed(table: str, version: int, seat: int) -> int:
    digest = hashlib.sha256(f"{table}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


class Reviews:
    def __init__(self, pool: BotPool, rate: str, pending: int = PENDING,
                 seconds: float = SECONDS, redis_url: str | None = None) -> None:
        self.pool = pool
        self.rate = parse(rate)
        self.limiter = Limiter(redis_url)
        self.pending = pending
        self.seconds = seconds
        self._analysts: dict[str, bool] = {}
        self._done: OrderedDict[tuple[str, int, int], Review] = OrderedDict()
        self._running: dict[tuple[str, int, int], asyncio.Future[Review]] = {}

    async def close(self) -> None:
        await self.pool.close()

    def explains(self, game: Game) -> bool:
        """The game's strong bot can explain a decision (it is an :class:`Analyst`)."""
        known = self._analysts.get(game.name)
        if known is None:
            try:
                known = isinstance(bots.load(LEVEL, game, seed=0), Analyst)
            except ValueError:
                known = False
            self._analysts[game.name] = known
        return known

    def check(self, r: Replay, version: int, seat: int) -> None:
        """The decision exists: ``seat`` played the action that moved ``version`` on."""
        if not self.explains(r.game):
            raise ReviewRefused(_("the {level} bot of {title} cannot explain its decisions: "
                                  "this game has no review", level=LEVEL, title=r.game.title), 404)
        if not 0 <= seat < r.players:
            raise ReviewRefused(_("seat: {title} at this table has seats 0 to {x}, got {seat}",
                                  title=r.game.title, x=r.players - 1, seat=seat), 422)
        if not 0 <= version < r.last:
            raise ReviewRefused(_("version: a decision is taken at a version from 0 to {x} (the "
                                  "game has {last} actions), got {version}",
                                  x=r.last - 1, last=r.last, version=version), 422)
        actor = r.steps[version].seat
        if actor != seat:
            raise ReviewRefused(_("seat {seat} took no decision at version {version}: seat "
                                  "{actor} played {action}", seat=seat, version=version,
                                  actor=actor, action=repr(r.steps[version].action)), 422)

    async def review(self, r: Replay, version: int, seat: int, view: JSON, client: str) -> Review:
        """The review of ``seat``'s decision at ``version`` (``view``: its view then)."""
        key = (r.table_id, version, seat)
        done = self._done.get(key)
        if done is not None:
            self._done.move_to_end(key)
            return done
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        if not await self.limiter.hit(self.rate, client):
            reset = (await self.limiter.get_window_stats(self.rate, client)).reset_time
            wait = max(1, math.ceil(reset - time.time()))
            raise ReviewRefused(_("too many reviews asked from your address (at most {rate}): "
                                  "try again in {wait} s", rate=str(self.rate), wait=wait),
                                429, wait)
        if len(self._running) >= self.pending:
            raise ReviewRefused(_("the bots are busy reviewing other games: try again in a few "
                                  "seconds"), 503, RETRY_BUSY)
        fut: asyncio.Future[Review] = asyncio.get_running_loop().create_future()
        self._running[key] = fut
        try:
            made = await self._search(r, version, seat, view)
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._running[key]
        fut.set_result(made)
        self._done[key] = made
        while len(self._done) > CACHE:
            self._done.popitem(last=False)
        return made

    async def _search(self, r: Replay, version: int, seat: int, view: JSON) -> Review:
        d = Decision(table=f"{r.table_id}#review", seat=seat, game=r.game.name, rules=r.rules,
                     level=LEVEL, seed=review_seed(r.table_id, version, seat), view=view)
        try:
            out = await asyncio.wait_for(self.pool.analyse(d), self.seconds)
        except TimeoutError as e:
            raise ReviewRefused(_("the review took over {seconds} s and was called off: try "
                                  "again later", seconds=round(self.seconds)), 503,
                                RETRY_BUSY) from e
        except BotFailed as e:
            raise ReviewRefused(_("the bot could not review this decision: {e}", e=str(e)), 503,
                                RETRY_BUSY) from e
        return to_review(r, version, seat, out)


def to_review(r: Replay, version: int, seat: int, analysis: dict[str, Any]) -> Review:
    """The review of an :class:`~kingscourt.bots.analysis.Analysis` (as JSON), with words."""
    made = r.steps[version].action
    values = [ReviewValue(action=str(v["action"]), value=float(v["value"]),
                          words=str(r.words(seat, str(v["action"]))))
              for v in analysis.get("values", [])]
    by_action = {v.action: v.value for v in values}
    preferred = str(analysis["preferred"])
    made_value = by_action.get(made)
    preferred_value = by_action.get(preferred)
    difference = (round(preferred_value - made_value, 2)
                  if made_value is not None and preferred_value is not None else None)
    return Review(table=r.table_id, version=version, seat=seat, level=LEVEL, action=made,
                  words=str(r.words(seat, made)), preferred=preferred,
                  preferred_words=str(r.words(seat, preferred)), values=values,
                  made_value=made_value, preferred_value=preferred_value,
                  difference=0.0 if made == preferred else difference)


def in_language(r: Replay, review: Review, lang: str) -> Review:
    """``review`` (kept in English) with its words in ``lang``."""
    if lang == "en":
        return review
    seat = review.seat
    return review.model_copy(update={
        "words": text(lang, r.words(seat, review.action)),
        "preferred_words": text(lang, r.words(seat, review.preferred)),
        "values": [v.model_copy(update={"words": text(lang, r.words(seat, v.action))})
                   for v in review.values]})
