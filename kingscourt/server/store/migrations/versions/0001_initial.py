"""tables, seats, the append-only action record, finished games and player results

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("turn_seconds", sa.Float(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("finished_at", TZ, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("taken", sa.Boolean(), nullable=False),
        sa.Column("timeouts", sa.Integer(), nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("actor", sa.String(8), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_table(
        "finished_games",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("finished_at", TZ, nullable=False),
    )
    op.create_index("ix_finished_games_game", "finished_games", ["game"])
    op.create_table(
        "player_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("kings", sa.Integer(), nullable=False),
        sa.Column("king_points", sa.Float(), nullable=False),
    )
    op.create_index("ix_player_results_name", "player_results", ["name"])


def downgrade() -> None:
    op.drop_table("player_results")
    op.drop_table("finished_games")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("tables")
