"""What can stop the server from starting, said in one line.

A :class:`StartupError` names the bad setting and how to fix it; ``kingscourt serve`` prints
its message alone (no traceback) and exits non-zero, before it says that it listens. The
checks run before the server is built, cheapest first: :func:`check_settings` (the settings
among themselves: a :class:`BadSetting`, exit status 2), :func:`listen` (the port),
:func:`check_redis` and :func:`~kingscourt.server.store.prepare.prepare_database` (reach it,
create a missing PostgreSQL database, migrate): exit status 1, the settings are well formed
but the machine disagrees. This module is the bottom of the server (the store imports it for
:class:`StartupError`): it imports nothing of the server.
"""

from __future__ import annotations

import errno
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

#: the forms a --db URL takes, said in every message about a malformed one
DB_FORMS = "sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME"
#: seconds the start waits for PostgreSQL or Redis to answer (a server behind a firewall that
#: drops packets would otherwise hold the start for minutes)
CONNECT_TIMEOUT = 5
#: pending connections the listening socket queues while the server is still starting
BACKLOG = 2048


class StartupError(Exception):
    """A setting or a database the server cannot start with: the message is one line that
    names it and says how to fix it."""


class BadSetting(StartupError):
    """A setting that is malformed or contradicts another: a usage error (exit status 2),
    found before anything is opened."""


@dataclass(frozen=True, slots=True)
class Names:
    """How the person starting the server gave the settings that may come from the
    environment: the flag, or the variable it was read from (a message names what they wrote)."""

    db: str = "--db"
    redis: str = "--redis"


#: every setting given by its flag
FLAGS = Names()


# --- the settings among themselves -----------------------------------------------------------


def check_settings(db_url: str, redis_url: str | None, origins: tuple[str, ...],
                   names: Names = FLAGS) -> None:
    """:class:`BadSetting` for a malformed database or Redis URL or origin, or a combination
    that cannot work (several processes on one SQLite file)."""
    url = database_url(db_url, names.db)
    if redis_url is not None:
        redis_address(redis_url, names.redis)
        if url.get_backend_name() == "sqlite":
            raise BadSetting(f"{names.redis}: several processes share a PostgreSQL database, "
                             f"not a SQLite file: give {names.db} postgresql+psycopg://..., "
                             f"or leave out {names.redis}")
    for origin in origins:
        _check_origin(origin)


def database_url(db_url: str, setting: str) -> URL:
    """The parsed URL; :class:`BadSetting` unless it is SQLite or PostgreSQL with a driver
    that is installed."""
    try:
        url = make_url(db_url)
    except (ArgumentError, ValueError) as e:
        raise BadSetting(f"{setting}: {_masked(db_url)!r} is not a database URL: write "
                         f"{DB_FORMS}") from e
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise BadSetting(f"{setting}: {backend!r} databases are not supported: write {DB_FORMS}")
    try:
        url.get_dialect().import_dbapi()
    except (NoSuchModuleError, ImportError) as e:
        raise BadSetting(f"{setting}: the driver of {url.drivername} is not installed: write "
                         f"{DB_FORMS}") from e
    return url


def redis_address(redis_url: str, setting: str) -> str:
    """Where the Redis of ``redis_url`` is (``HOST:PORT`` or a socket path), for messages;
    :class:`BadSetting` when it is not a Redis URL."""
    from redis import ConnectionPool

    try:
        parts = ConnectionPool.from_url(redis_url).connection_kwargs  # reads it, connects to nothing
    except ValueError as e:
        raise BadSetting(f"{setting}: {_masked(redis_url)!r} is not a Redis URL ({e}): write "
                         f"redis://HOST:PORT/DB") from e
    if "path" in parts:
        return str(parts["path"])
    return f"{parts.get('host', 'localhost')}:{parts.get('port', 6379)}"


def _check_origin(origin: str) -> None:
    # origins are compared whole (.origin): anything but scheme://host[:port] never matches
    if not _is_origin(origin.strip()):
        raise BadSetting(f"--allowed-origin {origin}: not an origin: write SCHEME://HOST[:PORT], "
                         f"e.g. https://kings.example")


def _is_origin(origin: str) -> bool:
    try:
        parts = urlsplit(origin)
        port = parts.port  # ValueError for a port that is not a number
    except ValueError:
        return False
    return (parts.scheme in ("http", "https") and bool(parts.hostname) and port != 0
            and not parts.path.strip("/") and not parts.query and not parts.fragment
            and "@" not in parts.netloc)


def _masked(url: str) -> str:
    """A URL as a message may repeat it: any password replaced by ``***``."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)


# --- the port ----------------------------------------------------------------------------------


def listen(host: str, port: int) -> list[socket.socket]:
    """Listening sockets on every address of ``host`` (as uvicorn would bind them), so that a
    port in use is said before the database is touched; connections made meanwhile wait in
    the queue until the server accepts them."""
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as e:
        raise StartupError(f"--host {host}: no such address ({getattr(e, 'strerror', e)}): "
                           f"give an address of this machine, e.g. 127.0.0.1 or 0.0.0.0") from e
    sockets: list[socket.socket] = []
    unavailable: OSError | None = None
    for family, kind, proto, _name, address in found:
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # restart past TIME_WAIT
            if family == socket.AF_INET6:  # "::" would otherwise take IPv4's port as well
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(BACKLOG)
        except OSError as e:
            sock.close()
            if e.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) and len(found) > 1:
                unavailable = e  # "localhost" on a machine without IPv6: its IPv4 will do
                continue
            for s in sockets:
                s.close()
            raise StartupError(_bind_refusal(host, port, e)) from e
        sockets.append(sock)
    if not sockets:
        assert unavailable is not None
        raise StartupError(_bind_refusal(host, port, unavailable))
    return sockets


def _bind_refusal(host: str, port: int, e: OSError) -> str:
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    if e.errno == errno.EADDRINUSE:
        return f"--port {port}: {where} is already in use (another server?): stop it or choose " \
               f"another --port"
    if e.errno == errno.EACCES:
        return f"--port {port}: not permitted to listen on {where} (ports below 1024 need " \
               f"privileges): choose a --port of 1024 or more"
    if e.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        return f"--host {host}: not an address of this machine: give one of its addresses, " \
               f"e.g. 127.0.0.1 or 0.0.0.0"
    return f"--host {host} --port {port}: cannot listen on {where} ({e.strerror})"


# --- Redis -------------------------------------------------------------------------------------


def check_redis(redis_url: str, setting: str = "--redis") -> None:
    """:class:`StartupError` unless the Redis of ``redis_url`` answers a PING."""
    from redis import Redis
    from redis.exceptions import AuthenticationError, RedisError

    where = redis_address(redis_url, setting)
    client = Redis.from_url(redis_url, socket_connect_timeout=CONNECT_TIMEOUT,
                            socket_timeout=CONNECT_TIMEOUT)
    try:
        client.ping()
    except AuthenticationError as e:
        raise StartupError(f"{setting}: Redis at {where} refused the login ({e}): give its "
                           f"password, redis://:PASSWORD@HOST:PORT/DB") from e
    except (RedisError, OSError) as e:
        raise StartupError(f"{setting}: cannot reach Redis at {where} ({e}): start Redis "
                           f"there or correct {setting}") from e
    finally:
        client.close()
