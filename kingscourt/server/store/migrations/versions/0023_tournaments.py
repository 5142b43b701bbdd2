"""tournaments: a tournament (game, rules, format, size, start), its entrants (their tokens'
hashes) and each round's tables (the live table, the entrant at each seat, and once over its
scores and per-deal points). New tables only: nothing existing changes.

Revision ID: 0023
Revises: 0022
Create Date: 2027-02-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("bot_level", sa.String(16), nullable=False),
        sa.Column("start_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("opened", sa.Integer, nullable=False, server_default="0"),
        sa.Column("round_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("round_seconds", sa.Float, nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("entrant", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournament_entrants_token_hash", "tournament_entrants", ["token_hash"])
    op.create_table(
        "tournament_tables",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        ),
        sa.Column("entrants", sa.JSON, nullable=False),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("deals", sa.JSON, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournament_entrants_token_hash", "tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
