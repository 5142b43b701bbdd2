"""What every response says to the browser about itself, and which ``Host`` it is served for.

**Security headers** (:class:`SecurityHeaders`) go on every HTTP response, whatever made it
(pages, JSON, static files, refusals, 404s, a WebSocket handshake refused with a body):

- ``Content-Security-Policy`` (:func:`policy`): scripts, styles, fonts and connections from
  this origin only, WebSockets to the request's own host (``ws:``/``wss:``; older browsers do
  not count them as ``'self'``), images also as ``data:`` (the page's icon, the your-turn
  icon). No inline script, no ``eval``, no inline style attribute: the client builds its
  elements with the DOM and sets styles through ``element.style``, which the policy allows.
  No framing (``frame-ancestors 'none'``), no ``<base>``, no plugins, forms post here only.
- ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (browsers without
  ``frame-ancestors``), ``Referrer-Policy: same-origin`` (a table's address never leaves in a
  Referer), ``Cross-Origin-Opener-Policy: same-origin`` and a ``Permissions-Policy`` that
  denies every powerful feature the client does not use.

A response that brings its own ``Content-Security-Policy`` keeps it: the API page ``/docs``
(:func:`docs_page`) is FastAPI's Swagger UI, whose script and style come from a CDN and whose
start is one inline script; its policy admits exactly that script (by its hash) and that CDN,
on that page only. Every other response has the strict policy.

**Allowed hosts** (:class:`HostCheck`): a request whose ``Host`` is not one the server is
for gets 400 ``{"detail": ...}`` (a WebSocket handshake as well). This stops DNS rebinding,
where another site's name is pointed at this server's address, so that the other site's
pages are same-origin with it and pass the ``Origin`` check (:mod:`.origin`). ``--allowed-host``
names the hosts (a leading dot admits the subdomains too; ``*`` admits any). Without it
(:func:`default_hosts`): a server listening on a loopback address answers to ``localhost``,
``127.0.0.1``, ``::1``, its own address and the hosts of ``--allowed-origin``: the case a
rebinding attack aims at (a server on someone's own machine). A server listening on every
interface or on another address answers to any host: people reach it by addresses and
names it cannot know; ``--allowed-host`` then narrows it. Ports are not compared. A request
without ``Host`` (HTTP/1.0 from a program; every browser sends one) is not refused.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import json
import os
import re
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import HTMLResponse

from .startup import BadSetting

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: comma-separated hosts when no --allowed-host is given
ALLOWED_HOSTS_ENV = "KINGSCOURT_ALLOWED_HOSTS"
#: what a loopback listener answers to besides its own address
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: the host allowed list that admits every host
ANY = "*"

#: the headers every response carries besides the policy
FIXED = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy",
     b"accelerometer=(), camera=(), display-capture=(), geolocation=(), "
     b"gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), "
     b"publickey-credentials-get=(), serial=(), usb=()"),
)
CSP = b"content-security-policy"
#: a Host header as browsers send it: a name, an IPv4 address or a bracketed IPv6 one, and a
#: port; anything else is neither written into a policy nor compared
HOST = re.compile(r"^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){0,126}\.?|\[[0-9A-Fa-f:.]{2,45}\])"
                  r"(?::\d{1,5})?$")


def policy(host: str | None) -> str:
    """The strict Content-Security-Policy for a request to ``host`` (its Host header)."""
    sockets = f" ws://{host} wss://{host}" if host and HOST.match(host) else ""
    return ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"font-src 'self'; connect-src 'self'{sockets}; media-src 'none'; "
            "object-src 'none'; worker-src 'none'; frame-src 'none'; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'self'")


def _host_header(scope: Scope) -> str | None:
    for k, v in scope.get("headers", []):
        if k.lower() == b"host":
            return str(v.decode("latin-1"))
    return None


class SecurityHeaders:
    """ASGI middleware: the headers of the module's docstring on every HTTP response (and on
    a WebSocket handshake answered with HTTP)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        csp = policy(_host_header(scope)).encode()

        async def sending(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in FIXED if k not in present]
                if CSP not in present:
                    headers.append((CSP, csp))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)


# --- /docs -------------------------------------------------------------------------------------

#: where FastAPI's Swagger UI comes from (its script and style)
SWAGGER_CDN = "https://cdn.jsdelivr.net"
SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def docs_page(openapi_url: str, title: str) -> HTMLResponse:
    """FastAPI's Swagger UI with the one policy under which it runs: its inline start script
    by hash, its script and style from :data:`SWAGGER_CDN`, its icon from FastAPI's site;
    inline style (Swagger UI sets some) on this page only, which shows no player's data."""
    from fastapi.openapi.docs import get_swagger_ui_html

    page = get_swagger_ui_html(openapi_url=openapi_url, title=title)
    body = bytes(page.body).decode()
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in SCRIPT.findall(body))
    csp = (f"default-src 'self'; script-src {SWAGGER_CDN} {hashes}; "
           f"style-src 'self' {SWAGGER_CDN} 'unsafe-inline'; "
           "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
           "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
    return HTMLResponse(body, headers={"Content-Security-Policy": csp})


# --- allowed hosts -----------------------------------------------------------------------------


def host_settings(values: Iterable[str]) -> tuple[str, ...]:
    """The ``--allowed-host`` values (each may list several, separated by commas); the
    environment's when none is given; () for none at all (the default applies)."""
    given = list(values) or [os.environ.get(ALLOWED_HOSTS_ENV, "")]
    return tuple(h.strip() for v in given for h in v.split(",") if h.strip())


def _bare(host: str) -> str:
    """A host without port, brackets, trailing dot or case, as compared."""
    h = host.strip().lower()
    if h.startswith("["):
        h = h[1:h.find("]")] if "]" in h else h
    elif h.count(":") == 1:
        h = h.split(":")[0]
    return h.rstrip(".")


def check_hosts(hosts: Iterable[str]) -> None:
    """:class:`.BadSetting` for an ``--allowed-host`` that is not a host name, an address,
    ``.domain`` or ``*``."""
    for h in hosts:
        name = h.strip()
        if name == ANY:
            continue
        if not HOST.match(name.removeprefix(".")) and not _is_address(name):
            raise BadSetting(f"--allowed-host {h}: not a host: write a name (kings.example), "
                             f"a domain with its subdomains (.kings.example), an address or *")


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return False
    return True


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def default_hosts(listen: str, origins: Iterable[str]) -> tuple[str, ...]:
    """The hosts a server listening on ``listen`` answers to without ``--allowed-host``:
    see the module's docstring."""
    if not _is_loopback(listen):
        return (ANY,)
    hosts = [*LOOPBACK_NAMES, listen]
    for o in origins:
        name = urlsplit(o.strip()).hostname
        if name:
            hosts.append(name)
    return tuple(dict.fromkeys(_bare(h) for h in hosts))


def allows(host: str, allowed: Iterable[str]) -> bool:
    """``host`` (a Host header) is one of ``allowed``."""
    if not HOST.match(host.strip()):
        return False
    bare = _bare(host)
    for a in allowed:
        pattern = _bare(a) if a != ANY else ANY
        if pattern == ANY or bare == pattern:
            return True
        if a.strip().startswith(".") and (bare == pattern.lstrip(".")
                                          or bare.endswith(pattern)):
            return True
    return False


class HostCheck:
    """ASGI middleware: 400 for a request (or WebSocket handshake) whose Host is not allowed."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = tuple(allowed)
        self.any = ANY in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.any and scope["type"] in ("http", "websocket"):
            # two Host headers are refused too (RFC 9112): a server that read the other
            # would be asked for what was not checked
            hosts = [v.decode("latin-1") for k, v in scope.get("headers", [])
                     if k.lower() == b"host"]
            if len(hosts) > 1 or (hosts and not allows(hosts[0], self.allowed)):
                await self._refuse(scope, receive, send, ", ".join(hosts))
                return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, host: str) -> None:
        shown = host if all(HOST.match(h.strip()) for h in host.split(",")) else repr(host[:100])
        detail = (f"Host {shown} is not served here: this server answers to "
                  f"{', '.join(self.allowed)} (kingscourt serve --allowed-host)")
        body = json.dumps({"detail": detail}).encode()
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode())]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 400, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await receive()  # websocket.connect
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": 400,
                        "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:  # closing before accepting answers HTTP 403
            await send({"type": "websocket.close", "code": 4400, "reason": "Host not allowed"})
