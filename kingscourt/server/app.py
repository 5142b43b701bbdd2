"""The FastAPI application: lobby and statistics (REST), tables (WebSocket), a start page."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import uvicorn
from sqlalchemy import make_url

# FastAPI reads the start page's return annotation from this module's names
from starlette.responses import FileResponse, HTMLResponse
from starlette.types import ASGIApp

from ..engine.registry import specs
from .base.addresses import networks
from .base.config import ServerConfig
from .base.headers import check_hosts, default_hosts
from .base.startup import FLAGS, Names, check_redis, check_settings, listen
from .store.prepare import prepare_database

if TYPE_CHECKING:
    from fastapi import FastAPI, Request
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import JSONResponse

STATIC = Path(__file__).parent / "static"
WEB = Path(__file__).parent.parent / "web"  # the browser client (static ES modules)
GAMES = Path(__file__).parent.parent / "games"  # each game's own modules: games/<game>/web/
#: the names a game's web folder serves, and their types
GAME_FILE = re.compile(r"[a-z0-9_]+\.(js|css)", re.ASCII)
GAME_FILE_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
log = logging.getLogger("kingscourt.server")

#: seconds a client is asked to wait while the database is unavailable
RETRY_DB = 5


def create_app(config: ServerConfig) -> FastAPI:
    """The server for ``config``; the database is migrated and open tables are rebuilt on start."""
    # imported here, not above: ``import kingscourt.server`` stays light, so that ``kingscourt
    # serve`` refuses a bad setting (.startup) without first importing every route (about
    # two thirds of a failed start's time)
    from fastapi import FastAPI
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import JSONResponse
    from fastapi.staticfiles import StaticFiles
    from sqlalchemy.exc import InterfaceError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout
    from starlette.exceptions import HTTPException
    from starlette.middleware.gzip import GZipMiddleware

    from ..i18n import _, text
    from .accounts import accounts, friends, players, profile, sessions
    from .accounts.origin import OriginCheck
    from .api import (
        bot_pool,
        health,
        history,
        lobby,
        lobby_live,
        play,
        protocol,
        rematch,
        tournaments,
        web_catalogue,
    )
    from .base.addresses import ForwardedFor
    from .base.caching import GZIP_MIN, Revalidate
    from .base.headers import HostCheck, SecurityHeaders, docs_page
    from .live.autoplay import BotPool
    from .live.bounds import CreationGuard, open_among, problems
    from .live.hub import Hub
    from .live.lobby_feed import LobbyFeed
    from .live.replay import Replays
    from .live.review import Reviews
    from .live.sweeper import Sweeper
    from .text.localize import http_refusal, request_lang

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(config)
        cluster = None
        if config.redis_url is not None:  # several processes: the hub's coordinator
            from .cluster.coordinator import Cluster

            cluster = hub.coordinator = Cluster(hub, config.redis_url)
        await hub.start()
        app.state.hub = hub
        feed = app.state.lobby_feed = LobbyFeed(hub)
        feed.start()
        lobby_relay = None
        if config.redis_url is not None:  # lobbies hear of the other processes' changes
            from .cluster.lobby_relay import LobbyRelay

            lobby_relay = LobbyRelay(feed, config.redis_url)
            await lobby_relay.start()
        app.state.accounts = sessions.Services(config, hub.store)
        if cluster is not None:  # who was seen lately, through any process
            cluster.seen = app.state.accounts.seen
        app.state.replays = Replays(hub.store)
        # reviews think in a worker of their own: live tables' bots never wait behind them
        app.state.reviews = reviews = Reviews(BotPool(1), config.analysis_rate,
                                              redis_url=config.redis_url)
        app.state.guard = guard = CreationGuard(
            config.create_rate, config.max_open_tables,
            lambda t: t in hub.tables and not hub.tables[t].over, config.redis_url,
            lambda ids: hub.store.run(open_among, hub.store, ids))
        app.state.rematches = rematch.Rematches(hub, guard)
        sweeper = app.state.sweeper = Sweeper(hub, config.abandon_after)
        sweeping = asyncio.create_task(sweeper.run()) if config.abandon_after > 0 else None
        try:
            yield
        finally:
            if sweeping is not None:
                sweeping.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeping
            if lobby_relay is not None:
                await lobby_relay.stop()
            await feed.stop()
            app.state.replays.close()
            await reviews.close()
            await guard.close()
            await hub.stop()

    allowed_hosts = config.allowed_hosts or default_hosts("127.0.0.1", config.allowed_origins)

    class App(FastAPI):
        def build_middleware_stack(self) -> ASGIApp:
            # outside Starlette's own error handling, so that its 500s carry the security
            # headers too; the client's address is known before anything else runs
            inner: ASGIApp = super().build_middleware_stack()
            return ForwardedFor(SecurityHeaders(HostCheck(inner, allowed_hosts)),
                                config.trusted_proxies)

    # /docs is served below with the policy it needs; ReDoc (fonts and script from two more
    # sites) is not served
    app = App(title="kingscourt", version="0.1.0", lifespan=lifespan,
              docs_url=None, redoc_url=None, swagger_ui_oauth2_redirect_url=None,
              max_body_size=config.http_max_bytes,
              # operation ids are the route names: the OpenAPI links name them
              generate_unique_id_function=lambda route: route.name,
              description=f"{_titles()}: lobby and statistics over REST, "
                          "live play over the WebSocket `/ws/tables/{id}?token=T` (the "
                          "messages: `GET /api/wire`). Every refusal is "
                          '`{"detail": "..."}`; 503 while the database is unavailable.')
    app.include_router(lobby.router)
    app.include_router(protocol.router)
    app.include_router(players.router)
    app.include_router(play.router)
    app.include_router(lobby_live.router)  # the live lobby's pushes
    app.include_router(bot_pool.router)
    app.include_router(health.router)  # the load balancer's check
    app.include_router(accounts.router)
    app.include_router(sessions.router)
    app.include_router(friends.router)
    app.include_router(profile.router)
    # no cross-site use of a session: foreign Origins may not open sockets or change anything
    app.add_middleware(OriginCheck, allowed_origins=config.allowed_origins)
    # the client's files: asked again each use, 304 while unchanged; text compressed (not the
    # WebSockets, which GZipMiddleware passes through)
    app.add_middleware(Revalidate)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN)
    app.include_router(history.router)
    app.include_router(rematch.router)
    app.include_router(tournaments.router)  # duplicate and Swiss tournaments, their runner
    app.include_router(web_catalogue.router)  # the browser's strings per language

    # every refusal's detail in the request's language (Accept-Language)
    app.add_exception_handler(HTTPException, http_refusal)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # one line naming the fields, the first few problems only, never the input itself
        return JSONResponse({"detail": text(request_lang(request), problems(
                                exc.errors(), skip=("body", "query", "path"), whole="body"))},
                            status_code=422)

    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    @app.exception_handler(PoolTimeout)
    async def database_down(request: Request, exc: Exception) -> JSONResponse:
        log.error("database unavailable (%s %s): %s", request.method, request.url.path,
                  str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        return JSONResponse({"detail": text(request_lang(request), _(
                                "the database is unavailable: nothing was changed; try again "
                                "later"))},
                            status_code=503, headers={"Retry-After": str(RETRY_DB)})

    preload = _preload_header()

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return docs_page(app.openapi_url or "/openapi.json", app.title)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        # the browser client's entry page; the static page says so when it is missing
        page = WEB / "index.html"
        if not page.is_file():
            return FileResponse(STATIC / "index.html")
        return FileResponse(page, headers={"Link": preload} if preload else None)

    @app.get("/games/{game}/{name}", include_in_schema=False)
    async def game_file(game: str, name: str) -> FileResponse:
        # a game's own browser modules and style sheets, read-only (kingscourt/games/README-web.md)
        path = game_web_file(game, name)
        if path is None:
            raise HTTPException(status_code=404, detail="Not Found")
        return FileResponse(path, media_type=GAME_FILE_TYPES[path.suffix])

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if WEB.is_dir():
        app.mount("/web", StaticFiles(directory=WEB), name="web")
    return app


def _titles() -> str:
    """The games' titles as the API's description lists them (``A, B and C``)."""
    titles = [game.title for game in specs()]
    return ", ".join(titles[:-1]) + (" and " if len(titles) > 1 else "") + titles[-1]


def _preload_header() -> str:
    """A ``Link`` header naming every module of the browser client (``modulepreload``): the
    browser fetches them all at once with the page instead of one import level at a time."""
    js = WEB / "js"
    if not js.is_dir():
        return ""
    shared = [f"/web/js/{p.name}" for p in sorted(js.glob("*.js"))]
    games = [f"/games/{spec.name}/{p.name}" for spec in specs()
             for p in sorted((GAMES / spec.name / "web").glob("*.js"))]
    return ", ".join(f"<{url}>; rel=modulepreload" for url in shared + games)


def game_web_file(game: str, name: str) -> Path | None:
    """The file ``/games/{game}/{name}`` serves: a ``.js`` or ``.css`` file directly in the
    game's ``web`` folder (``kingscourt/games/<game>/web/``), of a game the registry lists;
    None for anything else (no other file of the game's package, no path outside it)."""
    if game not in {spec.name for spec in specs()} or not GAME_FILE.fullmatch(name):
        return None
    path = GAMES / game / "web" / name
    return path if path.is_file() else None


def serve(config: ServerConfig, host: str, port: int, names: Names = FLAGS,
          say: Callable[[str], None] = print) -> None:
    """Run the server under uvicorn, which refuses WebSocket frames over ``ws_max_bytes``
    (close 1009) before reading them whole.

    Everything that can stop the start is done first, while a failure is still one line
    (:class:`.StartupError`): the settings are checked, the port is bound, Redis answers and
    the database is opened (created if it is a missing PostgreSQL one) and migrated. The
    application migrates again as it starts, a no-op by then (milliseconds). ``say`` hears
    what was done on the way (a created database) and, once uvicorn accepts connections,
    where the server listens."""
    check_settings(config.db_url, config.redis_url, config.allowed_origins, names)
    networks(config.trusted_proxies)  # a malformed one is refused before anything is opened
    check_hosts(config.allowed_hosts)
    if not config.allowed_hosts:
        config = dataclasses.replace(
            config, allowed_hosts=default_hosts(host, config.allowed_origins))
    sockets = listen(host, port)
    try:
        if config.redis_url is not None:  # first: it changes nothing, the database may
            check_redis(config.redis_url, names.redis)
        for note in prepare_database(config.db_url, names.db):
            say(note)
        from .store.schema import shown_url  # with alembic: not before a refusal needs it

        url = f"http://{f'[{host}]' if ':' in host else host}:{port}"
        banner = (f"kingscourt server on {url} (API: {url}/docs; "
                  f"database: {shown_url(make_url(config.db_url))})")
        # proxy_headers off: uvicorn would believe X-Forwarded-For from 127.0.0.1, whoever
        # wrote it; .addresses reads it from --trusted-proxy only
        server = _Announcing(uvicorn.Config(create_app(config), host=host, port=port,
                                            log_level="warning", ws_max_size=config.ws_max_bytes,
                                            proxy_headers=False, server_header=False),
                             lambda: say(banner))
        server.run(sockets=sockets)
    finally:
        for sock in sockets:
            sock.close()


class _Announcing(uvicorn.Server):
    """A uvicorn server that says so once it accepts connections: after the application's
    start (migrations, open tables rebuilt) and the sockets' serving have both succeeded."""

    def __init__(self, config: uvicorn.Config, listening: Callable[[], None]) -> None:
        super().__init__(config)
        self._listening = listening

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self._listening()
