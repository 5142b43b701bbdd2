"""No cross-site use of a session: the ``Origin`` check.

With a session cookie in play, a page on another site could send a visitor's browser to this
server with the visitor's cookie. So every WebSocket handshake and every state-changing
request (any method but GET, HEAD and OPTIONS) whose ``Origin`` header is not this server's
own origin, nor one of ``--allowed-origin``, is refused: HTTP 403 ``{"detail": ...}``, and a
WebSocket handshake closed before it is accepted (4403, which the ASGI server answers as HTTP
403).

- **The server's own origin** is the one its pages are served from: the request's ``Host``
  header, compared with the host and port of the ``Origin`` (without case). The scheme is
  not compared, so that a server behind a TLS proxy (https outside, http inside) still knows
  its own pages. ``--allowed-origin`` origins are compared whole (scheme, host, port).
- **No Origin header: allowed.** Browsers send ``Origin`` with every WebSocket handshake and
  with every cross-site (and every same-origin non-GET) ``fetch``, ``XMLHttpRequest`` and
  form POST, so a cross-site request made with a visitor's cookie always carries one. A
  request without it comes from a program (the terminal client, ``curl``, the tests) that
  holds no visitor's cookie: refusing it would protect nobody. ``Origin: null`` (sandboxed
  frames, some redirects) is a foreign origin and refused.
- GET requests change nothing on this server, so they are not checked (the session cookie is
  ``SameSite=Lax`` besides).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from ...i18n import _, negotiate

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: methods that change nothing: not checked
SAFE = frozenset(("GET", "HEAD", "OPTIONS"))
#: the close code of a refused WebSocket handshake (HTTP 403 before it is accepted)
CLOSE_FOREIGN = 4403


def normal(origin: str) -> str:
    """An origin as compared: lower case, without a trailing slash."""
    return origin.strip().rstrip("/").lower()


def allowed(origin: str, host: str | None, extra: frozenset[str]) -> bool:
    """``origin`` is the server's own (``host``: the Host header) or one of ``extra``."""
    o = normal(origin)
    if o in extra:
        return True
    try:
        parts = urlsplit(o)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc or host is None:
        return False
    return parts.netloc == host.strip().lower()


class OriginCheck:
    """ASGI middleware: refuses foreign-origin WebSocket handshakes and unsafe requests."""

    def __init__(self, app: ASGIApp, allowed_origins: Sequence[str] = ()) -> None:
        self.app = app
        self.extra = frozenset(normal(o) for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" or (kind == "http" and scope["method"] not in SAFE):
            headers = {k.lower(): v for k, v in scope.get("headers", [])}
            origin = headers.get(b"origin")
            host = headers.get(b"host")
            if origin is not None and not allowed(origin.decode("latin-1"),
                                                  host.decode("latin-1") if host else None,
                                                  self.extra):
                await self._refuse(kind, receive, send, headers.get(b"accept-language"))
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def _refuse(kind: str, receive: Receive, send: Send, accept: bytes | None) -> None:
        refusal = _("cross-site request refused: its Origin is neither this server's nor one it "
                    "allows (--allowed-origin)")
        reason = str(refusal)
        if kind == "websocket":
            # a close reason is at most 123 bytes: it stays English (the code says it all)
            await receive()  # websocket.connect; closing before accepting answers HTTP 403
            await send({"type": "websocket.close", "code": CLOSE_FOREIGN, "reason": reason})
            return
        lang = negotiate(accept.decode("latin-1") if accept is not None else None)
        body = json.dumps({"detail": refusal.render(lang)}).encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
