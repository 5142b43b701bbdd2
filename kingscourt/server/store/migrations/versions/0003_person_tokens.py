"""person tokens: a seat's token is issued to its occupant and revoked when they leave; the
invitation is a separate join credential; both are stored as SHA-256 hashes only

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    seats = sa.table("seats", sa.column("table_id", sa.String), sa.column("seat", sa.Integer),
                     sa.column("kind", sa.String), sa.column("token", sa.String),
                     sa.column("taken", sa.Boolean), sa.column("open", sa.Boolean),
                     sa.column("token_hash", sa.String), sa.column("invite_hash", sa.String))
    conn = op.get_bind()
    rows = conn.execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.token, seats.c.taken,
                                  seats.c.open).where(seats.c.token.is_not(None))).all()
    for table_id, seat, token, taken, is_open in rows:
        # the old token was invitation and credential at once: whoever holds it keeps playing
        # (taken seats) and may still join with it (invitation seats)
        conn.execute(sa.update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
                     .values(token_hash=_hash(token) if taken else None,
                             invite_hash=None if is_open else _hash(token)))
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("token")


def downgrade() -> None:
    # plain tokens are gone for good: the old column comes back holding the hashes, so every
    # seat must be joined again with a new invitation
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("token", sa.String(64), nullable=True))
    seats = sa.table("seats", sa.column("token", sa.String), sa.column("token_hash", sa.String),
                     sa.column("invite_hash", sa.String))
    op.get_bind().execute(sa.update(seats).values(
        token=sa.func.coalesce(seats.c.token_hash, seats.c.invite_hash)))
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
        batch.drop_column("token_hash")
