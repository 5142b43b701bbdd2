"""The server under test, once on SQLite and once on PostgreSQL (skipped, with the reason,
where no PostgreSQL is reachable at 127.0.0.1:5432)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .harness import PG_DSN, Server


def _postgres_schema() -> tuple[str, Callable[[], None]]:
    try:
        import psycopg

        conn = psycopg.connect(PG_DSN, autocommit=True)
    except Exception as e:  # no server, no database, no access: say so and skip
        pytest.skip(f"PostgreSQL not reachable at 127.0.0.1:5432 (database test, user postgres): {e}")
    schema = f"kc_test_{secrets.token_hex(4)}"
    conn.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
        conn.close()

    url = ("postgresql+psycopg://postgres@127.0.0.1:5432/test"
           f"?options=-csearch_path%3D{schema}")
    return url, drop


# the PostgreSQL half is the slow tier (`make check` runs the SQLite one)
@pytest.fixture(scope="package", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url_factory(request: pytest.FixtureRequest,
                   tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[], str]]:
    """Makes a fresh, empty database of the backend (a file, or a PostgreSQL schema)."""
    cleanups: list[Callable[[], None]] = []
    backend = request.param

    def make() -> str:
        if backend == "sqlite":
            return f"sqlite:///{tmp_path_factory.mktemp('db') / 'kingscourt.sqlite3'}"
        url, drop = _postgres_schema()
        cleanups.append(drop)
        return url

    if backend == "postgresql":
        make()  # skip the whole backend at once when PostgreSQL is not there
    yield make
    for c in cleanups:
        c()


@pytest.fixture(scope="package")
def server(db_url_factory: Callable[[], str],
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(db_url_factory(), tmp_path_factory.mktemp("log") / "server.log").start()
    yield s
    s.stop()


@pytest.fixture(scope="package")
def seeded_server(db_url_factory: Callable[[], str],
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that lets clients fix the seed at any table (``--insecure-seeds``), for the
    tests that need a known deal with several human seats."""
    s = Server(db_url_factory(), tmp_path_factory.mktemp("log") / "server.log",
               options=("--insecure-seeds",)).start()
    yield s
    s.stop()


@pytest.fixture
def log_dir(tmp_path: Path) -> Path:
    return tmp_path
