"""rematch: a finished table remembers its "Play again" offer (the new table's id and, per
human seat that accepted, the hash of its token at the new table), so that a restart between
two acceptances loses nothing

Revision ID: 0006
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("new_table", sa.String(32), nullable=False, unique=True),
        sa.Column("accepted", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
