"""The WebSocket of a table: ``/ws/tables/{id}?token=T`` (no token: a spectator)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .connections import Conn
from .hub import Hub
from .store import secret_hash
from .table import error

router = APIRouter()

#: close codes for a connection refused on opening
CLOSE_NO_TABLE = 4404
CLOSE_BAD_TOKEN = 4401


@router.websocket("/ws/tables/{table_id}")
async def play(ws: WebSocket, table_id: str, token: str | None = None) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    table = await hub.get(table_id)
    if table is None:
        await ws.send_text(error("no-table", f"There is no table {table_id!r}.").model_dump_json())
        await ws.close(CLOSE_NO_TABLE)
        return
    seat = None
    if token is not None:
        seat = table.seat_of(token)
        if seat is None:
            await ws.send_text(error("bad-token", "This token holds no seat at this table.",
                                     version=table.version).model_dump_json())
            await ws.close(CLOSE_BAD_TOKEN)
            hub.release(table)
            return
    conn = Conn(ws, seat, None if seat is None or token is None else secret_hash(token))
    if not table.attach(conn):  # refused (the table admits no more spectators): told, closed
        await conn.wait_closed()
        conn.stop()
        hub.release(table)
        return
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.send(error("bad-message", "Send act messages as JSON text frames.",
                                version=table.version).model_dump_json())
                continue
            await table.receive(conn, text)
    except WebSocketDisconnect:
        pass
    finally:
        table.detach(conn)
        hub.release(table)
