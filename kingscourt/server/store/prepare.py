"""The database made ready before the server starts serving: :func:`prepare_database` opens
it as the server will (a SQLite file's folder must be writable; a PostgreSQL server must
answer, and a missing database on it is created when the role may), then migrates it. Each
failure is a :class:`~kingscourt.server.base.startup.StartupError` naming the setting and
the remedy, in one line (``kingscourt serve`` exits 1 with it, before it listens).
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from sqlalchemy import URL, create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from ..base.startup import CONNECT_TIMEOUT, StartupError, database_url


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
