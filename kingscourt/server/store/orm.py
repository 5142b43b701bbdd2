"""The database tables (SQLAlchemy 2 typed ORM). The Alembic migrations create exactly these.

``actions`` is the append-only record of every open and finished table: one row per action,
keyed by (table, version). A table's state is never stored: it is the replay of its rows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
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
    #: several processes (``--redis``): the fencing token of the table's present owner; an
    #: action is stored only with it (see :mod:`.cluster`)
    fence: Mapped[int] = mapped_column(BigInteger, server_default="0", default=0)
    #: the creator fixed the seed (or, in tests, the setup): a practice table whose deal its
    #: creator may know; its record and listings say so
    seeded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


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
    #: the account of the present occupant (None: a guest, a bot or nobody)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"),
                                                   nullable=True)


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
    #: ``human`` (an account: its statistics count), ``bot``, ``guest`` (kept, never counted) or
    #: ``deleted`` (an account since deleted, its name anonymised)
    kind: Mapped[str] = mapped_column(String(8))
    game: Mapped[str] = mapped_column(String(32))
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    #: the game's own counters for this seat (its manifest's ``statistics.counters``, e.g.
    #: Kings made and King points), summed over a player's games; ``{}`` where it keeps none
    stats: Mapped[dict[str, float]] = mapped_column(JSON, default=dict)
    #: the account that held the seat (None: a guest or a bot)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"),
                                                   nullable=True, index=True)


# --- accounts, sessions, ratings and friends (kingscourt.server.accounts.accounts and neighbours) ------

class Account(Base):
    """A registered player. ``name`` is shown as registered (NFC, trimmed); ``name_key`` makes
    it unique regardless of case and width. Only the Argon2id hash of the password is kept."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    """A login: the SHA-256 hash of the cookie's secret (never the secret), until it expires
    or is revoked (logout, password change, account deleted)."""

    __tablename__ = "sessions"

    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Rating(Base):
    """An account's present OpenSkill rating in one game, and the rated games behind it."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)


class RatingChange(Base):
    """An account's rating after one rated game: the rating history a profile draws."""

    __tablename__ = "rating_history"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class Follow(Base):
    """``follower`` follows ``followee`` (by name; the lobby shows whom one follows)."""

    __tablename__ = "follows"

    follower_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"),
                                             primary_key=True)
    followee_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"),
                                             primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Invitation(Base):
    """An account invited by name to a free seat; only that account may take the seat with it."""

    __tablename__ = "invitations"
    __table_args__ = (UniqueConstraint("table_id", "seat", "to_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    from_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    to_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DealChoice(Base):
    """One deal of a finished game whose manifest keeps choices (``statistics.choices``: King's
    contracts): who chose what, and the chooser's points in that deal."""

    __tablename__ = "deal_choices"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    choice: Mapped[str] = mapped_column(String(16))
    points: Mapped[int] = mapped_column(Integer)


class RematchRow(Base):
    """A finished table's rematch ("Play again"): the new table's id, chosen at the first
    acceptance, and per human seat that accepted the SHA-256 hash of its token at the new
    table (derived from its token here: :func:`kingscourt.server.api.rematch.next_token`). The
    rematch has started once the table ``new_table`` exists."""

    __tablename__ = "rematches"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    new_table: Mapped[str] = mapped_column(String(32), unique=True)
    #: str(seat) -> hash of the seat's new token, one entry per human seat that accepted
    accepted: Mapped[dict[str, str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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


# --- tournaments (kingscourt.server.live.tournaments) ------------------------------------------

class TournamentRow(Base):
    """A tournament: its game and table rules, the format (``duplicate``: every table of a
    round plays the same deals; ``swiss``: rounds paired by standing), its size and how it
    starts. Only the SHA-256 hash of its invitation (the link that joins) is kept."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(16))
    #: the entrants it takes at most (``when-full``: it starts with that many)
    players: Mapped[int] = mapped_column(Integer)
    #: seats at each table
    seats: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: the level of the bots that fill empty seats
    bot_level: Mapped[str] = mapped_column(String(16))
    #: when it starts with whoever entered (None: when full)
    start_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: ``entering``, ``playing``, ``finished`` or ``cancelled``
    status: Mapped[str] = mapped_column(String(16), index=True)
    #: the rounds opened so far: a process opens round ``r`` only if it moves this from ``r``
    #: to ``r + 1`` (several processes run the same tournaments)
    opened: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: when the latest round was opened, and the seconds a round may last (None: no limit;
    #: past it the tables still played are stopped, their deals so far counted)
    round_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    round_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    invite_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentEntrant(Base):
    """An entrant, numbered in the order they joined; ``token_hash`` is the hash of their
    token, which is also their seat's token at each of their tables."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    entrant: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"),
                                                   nullable=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentTable(Base):
    """One table of one round: the live table's id and the entrant at each seat (None: a
    bot); once it is over, its final scores and per-deal points as its manifest reads them."""

    __tablename__ = "tournament_tables"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          unique=True)
    entrants: Mapped[list[int | None]] = mapped_column(JSON)
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    deals: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)


class TournamentListing(Base):
    """A tournament its host opened to anyone in the lobby: its invitation kept in the clear,
    since the lobby hands it to whoever enters (an invitation-only tournament has no row)."""

    __tablename__ = "tournament_listings"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    invite: Mapped[str] = mapped_column(String(64))
