"""chat: each table's messages (``chat``, at most ``chat_keep`` kept per table, the oldest
dropped first) and whether its spectators may write (``tables.spectator_chat``)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id_id", "chat", ["table_id", "id"])
    # a plain ADD COLUMN, not a batch: on SQLite a batch with this default would copy and
    # drop ``tables``, and the drop cascades to every table's seats and actions
    op.add_column("tables", sa.Column("spectator_chat", sa.Boolean(), nullable=False,
                                      server_default=sa.true()))


def downgrade() -> None:
    op.drop_column("tables", "spectator_chat")  # SQLite 3.35+: no copy of ``tables``
    op.drop_index("ix_chat_table_id_id", "chat")
    op.drop_table("chat")
