"""What can stop the server from starting, said in one line.

A :class:`StartupError` names the bad setting and how to fix it; ``kingscourt serve`` prints
its message alone (no traceback) and exits non-zero, before it says that it listens. The
checks run before the server is built, cheapest first: :func:`check_settings` (the settings
among themselves: a :class:`BadSetting`, exit status 2), :func:`listen` (the port),
:func:`check_redis` and :func:`prepare_database` (reach it, create a missing PostgreSQL
database, migrate): exit status 1, the settings are well formed but the machine disagrees.

This module is imported by :mod:`.schema` (through :mod:`.store`) for :class:`StartupError`,
so it imports the store only inside :func:`prepare_database`.
"""

from __future__ import annotations

import errno
import os
import re
import shlex
import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy import URL, create_engine, make_url, text
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.pool import NullPool

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


# --- the database ------------------------------------------------------------------------------


def prepare_database(db_url: str, setting: str = "--db") -> list[str]:
    """Open the database and migrate it, as the server will on start; returns what was done
    on the way that the person starting it should hear (a PostgreSQL database created).
    :class:`StartupError` naming ``setting`` when it cannot be opened or migrated."""
    url = database_url(db_url, setting)
    notes: list[str] = []
    if url.get_backend_name() == "sqlite":
        _check_sqlite_file(url, setting)
    elif _probe_postgres(url, setting):
        notes.append(f"created PostgreSQL database {url.database} at {_pg_where(url)} "
                     f"(it did not exist)")
    # imported here: the store imports this module (through .schema), and a refusal above
    # needs none of the models
    from ..store.schema import shown_url
    from ..store.store import Store

    store = Store(db_url)
    try:
        store.migrate()
    except DBAPIError as e:
        raise StartupError(f"{setting}: cannot prepare database {shown_url(url)} "
                           f"({_reason(e)}): {_db_remedy(url, setting, _reason(e))}") from e
    finally:
        store.close()
    return notes


def _check_sqlite_file(url: URL, setting: str) -> None:
    name = url.database or ""
    if name in ("", ":memory:") or name.startswith("file:"):
        return  # in memory, or a URI that SQLite reads itself
    path = Path(name).absolute()
    folder = path.parent
    if path.is_dir():
        raise StartupError(f"{setting}: {path} is a folder: name a file in it, e.g. "
                           f"sqlite:///{path / 'kingscourt.sqlite3'}")
    if not folder.exists():
        raise StartupError(f"{setting}: folder {folder} does not exist: create it "
                           f"(mkdir -p {shlex.quote(str(folder))}) or name a file in another "
                           f"folder")
    if not folder.is_dir():
        raise StartupError(f"{setting}: {folder} is not a folder: name a file in a folder")
    # WAL mode writes its -wal and -shm files beside the database, even to read it
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StartupError(f"{setting}: folder {folder} is not writable by this user (SQLite "
                           f"writes its journal beside the file): make it writable or name a "
                           f"file in another folder")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StartupError(f"{setting}: {path} is not writable by this user: make it writable "
                           f"or name another file")


def _probe_postgres(url: URL, setting: str) -> bool:
    """Connect once, with a short timeout; True when the database was missing and is now
    created. :class:`StartupError` when it cannot be reached, or is missing and may not be
    created by this user."""
    try:
        _connect(url)
        return False
    except DBAPIError as e:
        failure = e
    if _create_missing(url, setting):
        try:
            _connect(url)
            return True
        except DBAPIError as e:
            failure = e
    reason = _reason(failure)
    raise StartupError(f"{setting}: cannot connect to PostgreSQL database {url.database} at "
                       f"{_pg_where(url)} ({reason}): {_db_remedy(url, setting, reason)}") \
        from failure


def _connect(url: URL) -> None:
    engine = create_engine(url, poolclass=NullPool, connect_args=_timeout(url))
    try:
        with engine.connect():
            pass
    finally:
        engine.dispose()


def _create_missing(url: URL, setting: str) -> bool:
    """True when ``url``'s database did not exist and is now created; False when it exists
    (the connection failed for another reason) or no maintenance database answers.
    :class:`StartupError` with the ``createdb`` line when this user may not create it."""
    name = url.database
    if not name:
        return False
    for maintenance in ("postgres", "template1"):
        if maintenance == name:
            continue
        engine = create_engine(url.set(database=maintenance), poolclass=NullPool,
                               isolation_level="AUTOCOMMIT", connect_args=_timeout(url))
        try:
            with engine.connect() as c:
                if c.scalar(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}):
                    return False
                user, may = c.execute(text("SELECT current_user, rolcreatedb OR rolsuper "
                                           "FROM pg_roles WHERE rolname = current_user")).one()
                if not may:
                    raise StartupError(
                        f"{setting}: PostgreSQL database {name} does not exist at "
                        f"{_pg_where(url)} and user {user} may not create databases: create it "
                        f"as a user who may, e.g. {_createdb(url, str(user))}")
                try:
                    c.execute(text(f"CREATE DATABASE {engine.dialect.identifier_preparer.quote(name)}"))
                except DBAPIError as e:
                    if getattr(e.orig, "sqlstate", None) == "42P04":  # another process made it
                        return True
                    raise StartupError(
                        f"{setting}: PostgreSQL database {name} does not exist at "
                        f"{_pg_where(url)} and creating it failed ({_reason(e)}): create it, "
                        f"e.g. {_createdb(url, str(user))}") from e
                return True
        except DBAPIError:
            continue  # this maintenance database does not answer; the next may
        finally:
            engine.dispose()
    return False


def _timeout(url: URL) -> dict[str, int]:
    return {} if "connect_timeout" in url.query else {"connect_timeout": CONNECT_TIMEOUT}


def _pg_where(url: URL) -> str:
    return f"{url.host}:{url.port or 5432}" if url.host else "the local socket"


def _createdb(url: URL, owner: str | None) -> str:
    """The ``createdb`` line that makes ``url``'s database, owned by the user the server
    connects as (so that the migrations may create its tables)."""
    words = ["createdb"]
    if url.host:
        words += ["-h", url.host]
    if url.port and url.port != 5432:
        words += ["-p", str(url.port)]
    words += ["-U", "postgres"]
    if owner:
        words += ["-O", owner]
    words.append(url.database or "")
    return " ".join(shlex.quote(w) for w in words)


def _db_remedy(url: URL, setting: str, reason: str) -> str:
    low = reason.lower()
    if url.get_backend_name() == "sqlite":
        if "not a database" in low:
            return f"name a new file or a kingscourt database in {setting}"
        if "locked" in low:
            return "stop the process that holds it, or name another file"
        return f"check the file and its folder's permissions, or name another file in {setting}"
    if any(w in low for w in ("password", "authentication", "role", "pg_hba", "permission")):
        return f"correct the user or password in {setting}, or grant that user access"
    if "does not exist" in low:
        return f"create it, e.g. {_createdb(url, url.username)}"
    return f"start PostgreSQL there or correct the host and port in {setting}"


def _reason(e: BaseException) -> str:
    """The driver's own words, first line: without SQLAlchemy's wrapping, libpq's
    ``connection to server at ... failed:`` and its ``FATAL:``."""
    said = str(getattr(e, "orig", None) or e).strip()
    first = said.splitlines()[0] if said else type(e).__name__
    first = first.split("failed: ")[-1].strip()
    return " ".join(first.removeprefix("FATAL:").split())


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
