"""The live lobby's WebSocket ``/ws/lobby``: pushes ``{"type": "lobby", "what": [...]}``
whenever tables, the account's invitations or its friends changed (:mod:`..live.lobby_feed`
says when and within which bounds); the client then reads them again over REST."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from ..accounts.sessions import COOKIE, services, session_account
from ..base.addresses import client_address
from ..live.deps import LobbyFeedDep
from ..live.lobby_feed import CLOSE_TOO_MANY
from ..store.store import secret_hash

router = APIRouter()


async def _account(ws: WebSocket) -> int | None:
    """The account of the socket's session cookie, or None (a guest)."""
    secret = ws.cookies.get(COOKIE)
    if not secret or len(secret) > 128:
        return None
    svc = services(ws)
    who = await svc.store.run(session_account, svc.store, secret_hash(secret))
    if who is None:
        return None
    svc.touch(who.id)
    return who.id


@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket, feed: LobbyFeedDep) -> None:
    """The lobby's changes as they happen (a guest hears of tables only)."""
    await ws.accept()
    lobby = feed.admit(ws, client_address(ws), await _account(ws))
    if lobby is None:
        await ws.close(CLOSE_TOO_MANY)
        return
    await feed.serve(lobby)
