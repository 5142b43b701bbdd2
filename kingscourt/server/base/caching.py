"""How the browser client's files are cached: asked again each time, answered 304 unchanged.

Every file of the client (the start page, ``/web/...``, a game's ``/games/<game>/...``,
``/static/...``) is sent with its ``ETag`` and ``Cache-Control: no-cache``: the browser keeps
it and asks once per use whether it changed (``If-None-Match``); the answer is an empty 304
while it did not. A new release is therefore seen at the next load, without versioned
addresses. Compression (gzip, for text over :data:`GZIP_MIN` bytes) is Starlette's
``GZipMiddleware``, added by the app; neither touches a WebSocket.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: the client's files: the start page and the folders it loads from
CLIENT_PATHS = ("/web/", "/games/", "/static/")
#: what a client file's answer says of its caching
CACHE_CONTROL = b"no-cache"
#: responses shorter than this many bytes are sent uncompressed
GZIP_MIN = 500


def client_file(path: str) -> bool:
    """Whether ``path`` names a file of the browser client."""
    return path == "/" or path.startswith(CLIENT_PATHS)


def _matches(if_none_match: str, etag: str) -> bool:
    """RFC 9110's weak comparison of an ``If-None-Match`` list with one ``ETag``."""
    wanted = etag.removeprefix("W/")
    return any(tag.strip() == "*" or tag.strip().removeprefix("W/") == wanted
               for tag in if_none_match.split(","))


class Revalidate:
    """ASGI middleware: a client file's answer carries ``Cache-Control: no-cache``; a ``GET``
    or ``HEAD`` whose ``If-None-Match`` names the file's present ``ETag`` is answered 304 with
    no body (the file is not sent again)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] != "http" or scope["method"] not in ("GET", "HEAD")
                or not client_file(scope["path"])):
            await self.app(scope, receive, send)
            return
        asked = Headers(scope=scope).get("if-none-match")
        unchanged = False

        async def sending(message: Message) -> None:
            nonlocal unchanged
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() != b"cache-control"]
                headers.append((b"cache-control", CACHE_CONTROL))
                etag = next((v.decode("latin-1") for k, v in headers if k.lower() == b"etag"),
                            None)
                if (asked is not None and etag is not None and message["status"] == 200
                        and _matches(asked, etag)):
                    unchanged = True
                    keep = (b"etag", b"cache-control", b"last-modified", b"link", b"vary")
                    headers = [(k, v) for k, v in headers if k.lower() in keep]
                    message = {**message, "status": 304, "headers": headers}
                else:
                    message = {**message, "headers": headers}
            elif message["type"] == "http.response.body" and unchanged:
                if message.get("more_body", False):
                    return  # the file's body is not sent
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, receive, sending)
