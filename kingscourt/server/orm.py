"""The database tables (SQLAlchemy 2 typed ORM). The Alembic migrations create exactly these.

``actions`` is the append-only record of every open and finished table: one row per action,
keyed by (table, version). A table's state is never stored: it is the replay of its rows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql.expression import false, true


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: the game, its rules and the header of its record (seed, explicit setup)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: seconds a human seat has for each decision before a basic bot plays it (None: no timer)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: ``waiting`` until every human seat is taken (or the host starts it), ``open`` while it
    #: is played, ``finished`` once over, ``abandoned`` once closed (nobody there, or cancelled)
    status: Mapped[str] = mapped_column(String(16), index=True)
    #: the host's seat: the first human seat named at creation (None: no such seat)
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: spectators may write in the table's chat (the host closes and reopens it)
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class SeatRow(Base):
    """A seat: human or bot (with its level). Secrets are kept as SHA-256 hashes only: the
    invitation (a join credential; not for open seats) and the token of whoever holds the
    seat now (issued when they take it, revoked when they leave)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: hash of the present occupant's token (None while the seat is free)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: hash of the seat's invitation: it only joins (a free seat), it never acts
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: a human seat is taken once somebody holds it (named at creation, or joined)
    taken: Mapped[bool] = mapped_column(Boolean, default=False)
    #: a free human seat that anyone in the lobby may take (not only its invitation's holder)
    open: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: turns the timer played for this seat (the seat is marked when > 0)
    timeouts: Mapped[int] = mapped_column(Integer, default=0)


class ActionRow(Base):
    """One action of a table; ``version`` is the table's version once it is applied (1, 2...)."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    #: who decided it: ``human``, ``bot`` or ``timer`` (a basic bot for a late human)
    actor: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FinishedGame(Base):
    """A finished game: its full record (replayable), final scores and winners."""

    __tablename__ = "finished_games"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    scores: Mapped[list[int]] = mapped_column(JSON)
    winners: Mapped[list[int]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerResult(Base):
    """One named seat's result in one finished game: what statistics and the leaderboard sum."""

    __tablename__ = "player_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    game: Mapped[str] = mapped_column(String(32))
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    #: Kings made (King only; 0 elsewhere)
    kings: Mapped[int] = mapped_column(Integer)
    #: King points earned (King only; see kingscourt.games.king.ranking)
    king_points: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat message of a table, in the order written (``id``); ``seat`` is None for a
    spectator. At most ``chat_keep`` rows are kept per table: the oldest go first."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_table_id_id", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
