"""Where the server keeps its data, how it paces its bots, and its limits."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from .startup import StartupError

#: Environment variable that sets the database URL when ``--db`` is not given.
DB_ENV = "KINGSCOURT_DB"
#: Environment variable that sets the Redis URL when ``--redis`` is not given.
REDIS_ENV = "KINGSCOURT_REDIS"


def default_db_url() -> str:
    """SQLite in the user data directory (created on first use); :class:`.StartupError` when
    that folder cannot be made (a home directory that is not writable)."""
    folder = Path(platformdirs.user_data_dir("kingscourt", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StartupError(f"--db: the default database's folder {folder} cannot be created "
                           f"({e.strerror}): give --db sqlite:///PATH or set {DB_ENV}") from e
    return f"sqlite:///{folder / 'kingscourt.sqlite3'}"


def resolve_db_url(url: str | None) -> str:
    """``--db`` first, then ``KINGSCOURT_DB``, then the default SQLite file."""
    return url or os.environ.get(DB_ENV) or default_db_url()


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """``db_url``: ``sqlite:///path`` or ``postgresql+psycopg://...``; ``bot_delay``: seconds a
    bot waits before it acts (0 in tests), so that people can follow the game.

    The limits (README, "Server"; ``kingscourt serve --help`` names the flag of each):
    ``ws_max_bytes`` bounds one WebSocket message (a larger one closes the connection with
    1009); ``create_rate`` is the ``limits`` rate (``"20/minute"``) at which one client address
    may create tables; ``max_open_tables`` bounds the open tables created from one client address
    (0: no bound); ``tables_page`` is the default page of ``GET /api/tables``; an open table with
    no connected human for ``abandon_after`` seconds is closed as abandoned (0: never)."""

    db_url: str
    bot_delay: float = 0.0
    #: worker processes in which bots think (never the server's own process); None: the
    #: number of cores minus one, at least one
    bot_workers: int | None = None
    #: sockets one token may hold open at once; one more closes the oldest.
    sockets_per_token: int = 4
    #: spectators one table admits; one more is refused (``table-full``).
    max_spectators: int = 200
    #: let clients fix ``seed`` at any table, not only at one with at most one human seat.
    #: For tests and published-seed tournaments only: the creator can then compute every hand.
    insecure_seeds: bool = False
    #: the shortest turn timer a table may set, in seconds: a person needs time to look and
    #: move (tests set less)
    min_turn_seconds: float = 5.0
    ws_max_bytes: int = 16 * 1024
    #: the largest REST request body (a larger one is refused with 413 before it is parsed)
    http_max_bytes: int = 64 * 1024
    create_rate: str = "20/minute"
    max_open_tables: int = 10
    tables_page: int = 50
    abandon_after: float = 24 * 3600.0
    #: origins besides the server's own (its Host) whose pages may open sockets and send
    #: state-changing requests (``https://kings.example``); see :mod:`.origin`
    allowed_origins: tuple[str, ...] = ()
    #: mark the session cookie Secure even when the request did not come over https
    secure_cookies: bool = False
    #: addresses or networks of the proxies whose X-Forwarded-For / Forwarded (and
    #: X-Forwarded-Proto) are believed; see :mod:`.addresses`
    trusted_proxies: tuple[str, ...] = ()
    #: the Host headers served (``*``: any); () for the default of the address listened on,
    #: see :mod:`.headers`
    allowed_hosts: tuple[str, ...] = ()
    #: failed logins per account name, and per client address, before 429 (``limits`` rates)
    login_rate: str = "5/minute"
    login_address_rate: str = "20/minute"
    #: accounts one client address may register
    register_rate: str = "10/hour"
    #: post-game reviews one client address may ask for (``limits`` rate; cached ones are free)
    analysis_rate: str = "20/minute"
    #: chat messages (and spectator-chat switches) one seat (all its sockets) or one
    #: spectator address may send, as ``limits`` writes rates; beyond it ``rate-limited``
    chat_rate: str = "5/10 seconds"
    #: chat messages kept per table (the oldest are dropped); the last ``chat_history`` of
    #: them are sent to each connection when it opens
    chat_keep: int = 1000
    chat_history: int = 100
    #: ``redis://host:port/db``: run as one of several processes sharing the database and this
    #: Redis (:mod:`.cluster`); None: the server runs alone
    redis_url: str | None = None
