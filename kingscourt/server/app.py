"""The FastAPI application: lobby and statistics (REST), tables (WebSocket), a start page."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from . import autoplay, lobby, play, players
from .config import ServerConfig
from .hub import Hub

STATIC = Path(__file__).parent / "static"
WEB = Path(__file__).parent.parent / "web"  # the browser client (static ES modules)


def create_app(config: ServerConfig) -> FastAPI:
    """The server for ``config``; the database is migrated and open tables are rebuilt on start."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(config)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="kingscourt", version="0.1.0", lifespan=lifespan,
                  description="King, Ku-Ka-König and Ucho Króla: lobby and statistics over REST, "
                              "live play over the WebSocket `/ws/tables/{id}?token=T` (the "
                              "messages: `GET /api/wire`).")
    app.include_router(lobby.router)
    app.include_router(players.router)
    app.include_router(play.router)
    app.include_router(autoplay.router)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        # the browser client's entry page; the static page says so when it is missing
        page = WEB / "index.html"
        return FileResponse(page if page.is_file() else STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if WEB.is_dir():
        app.mount("/web", StaticFiles(directory=WEB), name="web")
    return app
