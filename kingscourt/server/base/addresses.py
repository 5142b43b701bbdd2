"""Who a request comes from: the TCP peer, or what a proxy the server trusts says.

Every per-address limit (table creation and open tables, failed logins, registrations,
reviews, chat) counts :func:`client_address`. A client may write anything in
``X-Forwarded-For`` or ``Forwarded``, so these headers are read only on a connection from a
proxy named by ``--trusted-proxy`` (addresses or networks; :data:`TRUSTED_PROXIES_ENV`),
and then only the part that proxy wrote:

- the chain is the header's entries, left to right, then the TCP peer. It is walked from the
  right, past every trusted proxy; the first address that is not one is the client. What
  the client wrote itself stands left of what its proxies appended, so it is never reached
  while a trusted proxy's own entry is there. Entries that are not addresses end the walk:
  the last trusted hop is then the client (nothing a client wrote becomes a new address).
- ``X-Forwarded-For`` is read when present, else the ``for=`` of each ``Forwarded`` element.
- ``X-Forwarded-Proto`` (its last value) becomes the request's scheme, so that a session
  cookie is ``Secure`` behind a TLS proxy.

uvicorn's own handling of these headers is off (``proxy_headers=False``): it believes them
from 127.0.0.1 by default, so behind no proxy at all any local client, and behind a proxy
that passes the header on any client, could pick its address.

:class:`ForwardedFor` rewrites the ASGI scope's ``client`` (and ``scheme``) once, before any
route sees it; :func:`client_address` reads it from a request or a WebSocket alike.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from starlette.requests import HTTPConnection

from .startup import BadSetting

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

#: comma-separated addresses or networks of trusted proxies when no --trusted-proxy is given
TRUSTED_PROXIES_ENV = "KINGSCOURT_TRUSTED_PROXIES"
#: what :func:`client_address` says for a connection without a peer (a Unix socket)
UNKNOWN = "unknown"


def client_address(conn: HTTPConnection) -> str:
    """The address a request or WebSocket comes from (after :class:`ForwardedFor`)."""
    return conn.client.host if conn.client is not None and conn.client.host else UNKNOWN


def proxy_settings(values: Iterable[str]) -> tuple[str, ...]:
    """The ``--trusted-proxy`` values, each of which may list several separated by commas;
    the environment's when none is given."""
    given = list(values) or [os.environ.get(TRUSTED_PROXIES_ENV, "")]
    return tuple(p.strip() for v in given for p in v.split(",") if p.strip())


def networks(proxies: Iterable[str]) -> tuple[Network, ...]:
    """The networks of ``--trusted-proxy`` values (an address is a network of one);
    :class:`.BadSetting` for one that is neither."""
    found: list[Network] = []
    for p in proxies:
        try:
            found.append(ipaddress.ip_network(p.strip(), strict=False))
        except ValueError as e:
            raise BadSetting(f"--trusted-proxy {p}: not an address or network: write e.g. "
                             f"127.0.0.1, ::1 or 192.168.1.0/24") from e
    return tuple(found)


def _address(text: str) -> Address | None:
    """``text`` as an address: IPv4, IPv6 (bracketed or not), with or without a port, an
    IPv4-mapped IPv6 address as its IPv4; None for anything else."""
    t = text.strip().strip('"')
    if t.startswith("["):  # [v6] or [v6]:port
        t = t[1:t.find("]")] if "]" in t else ""
    elif t.count(":") == 1:  # v4:port
        t = t.split(":")[0]
    try:
        a = ipaddress.ip_address(t)
    except ValueError:
        return None
    if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped is not None:
        return a.ipv4_mapped
    return a


class Trusted:
    """The trusted proxies, and how a chain of forwarded entries is read behind them."""

    def __init__(self, proxies: Iterable[str]) -> None:
        self.networks = networks(proxies)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: Address) -> bool:
        return any(address in n for n in self.networks)

    def client(self, peer: str, forwarded: list[str]) -> str | None:
        """The client behind ``peer`` given the forwarded entries (left to right); None when
        the peer is not a trusted proxy (its own address counts)."""
        hop = _address(peer)
        if hop is None or not self.trusts(hop):
            return None
        for entry in reversed(forwarded):
            a = _address(entry)
            if a is None:  # garbage or an obfuscated name: the hop that wrote it is known
                break
            hop = a
            if not self.trusts(a):
                break
        return str(hop)


def forwarded_for(headers: Iterable[tuple[bytes, bytes]]) -> list[str]:
    """The entries of ``X-Forwarded-For`` (every such header, in order), or, without one, the
    ``for=`` of each element of ``Forwarded``."""
    xff: list[str] = []
    fwd: list[str] = []
    for name, value in headers:
        key = name.lower()
        if key == b"x-forwarded-for":
            xff += [e.strip() for e in value.decode("latin-1").split(",")]
        elif key == b"forwarded":
            for element in value.decode("latin-1").split(","):
                pairs = (p.split("=", 1) for p in element.split(";") if "=" in p)
                fors = [v.strip().strip('"') for k, v in pairs if k.strip().lower() == "for"]
                # an element without for= is a hop that did not say: it ends the walk there
                fwd.append(fors[0] if fors else "")
    return xff if xff else fwd


def _proto(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    values = [v for k, v in headers if k.lower() == b"x-forwarded-proto"]
    if not values:
        return None
    last = values[-1].decode("latin-1").split(",")[-1].strip().lower()
    return last if last in ("http", "https") else None


class ForwardedFor:
    """ASGI middleware: behind a trusted proxy, the client and scheme it forwarded replace
    the TCP peer's in the scope (see the module's docstring); without one, nothing changes."""

    def __init__(self, app: ASGIApp, proxies: Iterable[str] = ()) -> None:
        self.app = app
        self.trusted = Trusted(proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.trusted and scope["type"] in ("http", "websocket") and scope.get("client"):
            headers = scope.get("headers", [])
            client = self.trusted.client(scope["client"][0], forwarded_for(headers))
            if client is not None:
                scope["client"] = (client, 0)
                proto = _proto(headers)
                if proto is not None:
                    secure = proto == "https"
                    if scope["type"] == "websocket":
                        scope["scheme"] = "wss" if secure else "ws"
                    else:
                        scope["scheme"] = proto
        await self.app(scope, receive, send)
