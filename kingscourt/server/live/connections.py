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
#: the connection's token was revoked (its holder left the seat): it can no longer act.
CLOSE_REVOKED = 4401
#: the token opened more sockets than it may hold: the oldest is closed.
CLOSE_REPLACED = 4409
#: the table admits no more spectators.
CLOSE_TABLE_FULL = 4429
#: the table was closed as abandoned (nobody there) or cancelled by its host
CLOSE_ABANDONED = 4410


class Conn:
    def __init__(self, ws: WebSocket, seat: int | None, token_hash: str | None = None,
                 lang: str = "en") -> None:
        self.ws = ws
        self.seat = seat
        #: the language of every text this connection is sent (``?lang=``)
        self.lang = lang
        #: the token this connection was opened with (None: a spectator)
        self.token_hash = token_hash
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

    async def _close(self, code: int, reason: str | None = None) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

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

    def end(self, code: int, last: str | None = None, reason: str | None = None) -> None:
        """Stop at once (nothing more is queued), send ``last`` after what is queued, then
        close with ``code`` (and ``reason``)."""
        if self.closed:
            return
        self.closed = True
        if last is not None:
            with contextlib.suppress(asyncio.QueueFull):
                self._outbox.put_nowait(last)
        with contextlib.suppress(asyncio.QueueFull):
            self._outbox.put_nowait(None)
        self._closer = asyncio.create_task(self._end(code, reason))

    async def _end(self, code: int, reason: str | None) -> None:
        await asyncio.wait([self._writer], timeout=5)
        self._writer.cancel()
        await self._close(code, reason)

    async def wait_closed(self) -> None:
        """Until the close that :meth:`end` started is sent."""
        if self._closer is not None:
            await asyncio.wait([self._closer], timeout=10)

    def stop(self) -> None:
        self.closed = True
        self._writer.cancel()
