"""The WebSocket of a table: ``/ws/tables/{id}?token=T`` (no token: a spectator)."""

from __future__ import annotations

import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from ...i18n import _, language
from ..base.wire import MAX_DEPTH
from ..live.bounds import table_id_ok
from ..live.connections import Conn
from ..live.deps import HubDep, SweeperDep
from ..live.nesting import depth
from ..live.tournaments import SEALED
from ..store.store import secret_hash
from ..store.tournaments import sealed
from ..text.localize import error
from .rematch import RematchesDep

router = APIRouter()
log = logging.getLogger("kingscourt.server")

#: close codes for a connection refused on opening
CLOSE_NO_TABLE = 4404
CLOSE_BAD_TOKEN = 4401
#: a message over the server's bound (``ws_max_bytes``): RFC 6455's "message too big"
CLOSE_TOO_BIG = 1009
#: the database could not be read to open the table: RFC 6455's "try again later"
CLOSE_TRY_LATER = 1013


def too_big(text: str, limit: int) -> bool:
    """More than ``limit`` bytes of UTF-8 (a code point is 1 to 4 bytes)."""
    if len(text) > limit:
        return True
    return len(text) * 4 > limit and len(text.encode("utf-8", "surrogatepass")) > limit


@router.websocket("/ws/tables/{table_id}")
async def play(ws: WebSocket, hub: HubDep, sweeper: SweeperDep, rematches: RematchesDep,
               table_id: str, token: str | None = None, lang: str | None = None) -> None:
    """``lang`` (en, de, tr, pl; anything else: en): the language of every text this
    connection is sent (refusals, narration); rule ids never change."""
    lang = language(lang)
    limit: int = hub.config.ws_max_bytes
    await ws.accept()
    try:
        table = await hub.get(table_id) if table_id_ok(table_id) else None
    except SQLAlchemyError:
        log.exception("table %s could not be loaded", table_id[:32])
        await ws.close(CLOSE_TRY_LATER, "the database is unavailable: try again later")
        return
    if table is None:
        await ws.send_text(error("no-table", _("There is no table {table}.",
                                               table=repr(table_id[:32])), lang=lang)
                           .model_dump_json())
        await ws.close(CLOSE_NO_TABLE)
        return
    seat = None
    if token is not None:
        seat = table.seat_of(token)
        if seat is None:  # taken through another process just now
            await hub.coordinator.refresh(table)
            seat = table.seat_of(token)
        if seat is None:
            await ws.send_text(error("bad-token", _("This token holds no seat at this table."),
                                     version=table.version, lang=lang).model_dump_json())
            await ws.close(CLOSE_BAD_TOKEN)
            hub.release(table)
            return
    if seat is None and await hub.store.run(sealed, hub.store, table.id):
        await ws.send_text(error("bad-token", SEALED, version=table.version, lang=lang)
                           .model_dump_json())
        await ws.close(CLOSE_BAD_TOKEN)
        hub.release(table)
        return
    conn = Conn(ws, seat, None if seat is None or token is None else secret_hash(token), lang)
    await hub.chat.ready(table)
    if not table.attach(conn):  # refused (the table admits no more spectators): told, closed
        await conn.wait_closed()
        conn.stop()
        hub.release(table)
        return
    hub.chat.greet(table, conn)  # the recent chat, right after the state
    try:
        await rematches.attached(table, conn, token)
        while True:
            # uvicorn refuses a frame over ``ws_max_size`` (1009) before reading it whole; this
            # check holds under any ASGI server, before anything parses the text
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            data = message.get("bytes")
            if len(text or data or "") > limit or (text is not None and too_big(text, limit)):
                await conn.drain_and_close(CLOSE_TOO_BIG)
                break
            if text is None:
                conn.send(error("bad-message", _("Send act messages as JSON text frames."),
                                version=table.version, lang=conn.lang).model_dump_json())
                continue
            if depth(text) > MAX_DEPTH:  # before any parser recurses into it
                conn.send(error("bad-message", _("A message nests arrays and objects at most "
                                                 "{n} levels deep.", n=MAX_DEPTH),
                                version=table.version, lang=conn.lang).model_dump_json())
                continue
            chat = hub.chat.read(text)
            if chat is not None:
                await hub.chat.receive(table, conn, chat)
                continue
            await table.receive(conn, text)
    except WebSocketDisconnect:
        pass
    finally:
        rematches.detached(conn)
        table.detach(conn)
        if seat is not None:
            sweeper.touch(table.id)
        hub.release(table)
