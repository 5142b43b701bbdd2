"""tournament_listings: the invitation of each tournament its host opened to anyone in the
lobby (the lobby hands it out). A new table only: nothing existing changes.

Revision ID: 0024
Revises: 0023
Create Date: 2027-02-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_listings",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("invite", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_listings")
