"""The live services as typed FastAPI dependencies, and the hub's refusals as HTTP answers.

**Decision: services live in ``app.state``, never in module globals.** :func:`create_app
<kingscourt.server.app.create_app>` builds them once in its lifespan (the hub, the creation
guard, the sweeper, replays and reviews) and keeps them in ``app.state``; a route names what
it needs by type (``hub: HubDep``), and the functions here are the only readers of those
attributes. They take an :class:`~starlette.requests.HTTPConnection`, so that REST routes and
the WebSocket share them. Two apps in one process (as the tests run them) share nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException
from starlette.requests import HTTPConnection

from ...i18n import _
from ..base.lobby_models import ErrorDetail
from ..store.store import Store
from ..text.localize import Clipped
from .autoplay import BotPool
from .bounds import MAX_DETAIL, CreationGuard, table_id_ok
from .hub import Hub, LobbyError
from .lobby_feed import LobbyFeed
from .replay import Replays
from .review import Reviews
from .sweeper import Sweeper

#: every refusal is ``{"detail": "..."}``; 503: the database is unavailable
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorDetail, "description": "the body is not text (UTF-8 JSON)"},
    403: {"model": ErrorDetail}, 404: {"model": ErrorDetail}, 409: {"model": ErrorDetail},
    422: {"model": ErrorDetail}, 503: {"model": ErrorDetail}}


def get_hub(conn: HTTPConnection) -> Hub:
    """The live tables (``app.state.hub``)."""
    hub: Hub = conn.app.state.hub
    return hub


#: the same, for code that holds the request rather than declaring a parameter
hub_of = get_hub


def get_store(conn: HTTPConnection) -> Store:
    """The database (the hub's store: one per app)."""
    return get_hub(conn).store


def get_guard(conn: HTTPConnection) -> CreationGuard:
    """Table creation's limits per client address (``app.state.guard``)."""
    guard: CreationGuard = conn.app.state.guard
    return guard


def get_sweeper(conn: HTTPConnection) -> Sweeper:
    """Abandoned tables' sweeper (``app.state.sweeper``)."""
    sweeper: Sweeper = conn.app.state.sweeper
    return sweeper


def get_replays(conn: HTTPConnection) -> Replays:
    """Finished games' replays (``app.state.replays``)."""
    replays: Replays = conn.app.state.replays
    return replays


def get_reviews(conn: HTTPConnection) -> Reviews:
    """Bot reviews of finished games (``app.state.reviews``)."""
    reviews: Reviews = conn.app.state.reviews
    return reviews


def get_lobby_feed(conn: HTTPConnection) -> LobbyFeed:
    """The open lobbies and what tells them of changes (``app.state.lobby_feed``)."""
    feed: LobbyFeed = conn.app.state.lobby_feed
    return feed


def get_bot_pool(conn: HTTPConnection) -> BotPool:
    """The live tables' bot worker processes."""
    return get_hub(conn).autoplayer.pool


HubDep = Annotated[Hub, Depends(get_hub)]
StoreDep = Annotated[Store, Depends(get_store)]
GuardDep = Annotated[CreationGuard, Depends(get_guard)]
SweeperDep = Annotated[Sweeper, Depends(get_sweeper)]
ReplaysDep = Annotated[Replays, Depends(get_replays)]
ReviewsDep = Annotated[Reviews, Depends(get_reviews)]
BotPoolDep = Annotated[BotPool, Depends(get_bot_pool)]
LobbyFeedDep = Annotated[LobbyFeed, Depends(get_lobby_feed)]


def known_id(table_id: str) -> str:
    """``table_id`` when it has the form of a table id (nothing else reaches the database)."""
    if not table_id_ok(table_id):
        raise HTTPException(404, _("no table {table}", table=repr(table_id[:32])))
    return table_id


def refuse(e: LobbyError) -> HTTPException:
    """The hub's refusal as an HTTP answer: its status, its message in the client's language
    (the message may quote the request: never more than a refusal's share of it)."""
    return HTTPException(status_code=e.status, detail=Clipped(e.text, MAX_DETAIL))
