"""Where the server keeps its data and how it paces its bots."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

#: Environment variable that sets the database URL when ``--db`` is not given.
DB_ENV = "KINGSCOURT_DB"


def default_db_url() -> str:
    """SQLite in the user data directory (created on first use)."""
    folder = Path(platformdirs.user_data_dir("kingscourt", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'kingscourt.sqlite3'}"


def resolve_db_url(url: str | None) -> str:
    """``--db`` first, then ``KINGSCOURT_DB``, then the default SQLite file."""
    return url or os.environ.get(DB_ENV) or default_db_url()


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """``db_url``: ``sqlite:///path`` or ``postgresql+psycopg://...``; ``bot_delay``: seconds a
    bot waits before it acts (0 in tests), so that people can follow the game."""

    db_url: str
    bot_delay: float = 0.0
    #: worker processes in which bots think (never the server's own process); None: the
    #: number of cores minus one, at least one
    bot_workers: int | None = None
