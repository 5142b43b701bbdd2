"""One WebSocket connection: a seat (or a spectator) and an ordered outbox.

Broadcasting only puts text into each connection's outbox, so one slow client never holds up
a table; a writer task per connection sends the messages in order. A client that falls more
than :data:`OUTBOX` messages behind is disconnected (it reconnects and gets the current view).
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

OUTBOX = 512
#: WebSocket close code for a client that fell too far behind.
CLOSE_TOO_SLOW = 4008


class Conn:
    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self._writer = asyncio.create_task(self._write())
        self.closed = False
        self._closer: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        """Queue ``text`` for this client (never blocks)."""
        if self.closed:
            return
        try:
            self._outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            self._writer.cancel()
            self._closer = asyncio.create_task(self._close(CLOSE_TOO_SLOW))

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code)

    async def _write(self) -> None:
        try:
            while True:
                text = await self._outbox.get()
                if text is None:
                    return
                await self.ws.send_text(text)
        except Exception:  # the client went away: the reader side notices and detaches
            self.closed = True

    async def drain_and_close(self, code: int = 1000) -> None:
        """Send what is queued, then close."""
        if not self.closed:
            with contextlib.suppress(asyncio.QueueFull):
                self._outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer, 5)
        self.closed = True
        await self._close(code)

    def stop(self) -> None:
        self.closed = True
        self._writer.cancel()
