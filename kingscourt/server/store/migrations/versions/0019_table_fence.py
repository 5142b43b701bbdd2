"""several processes: ``tables.fence``, the fencing token of the table's present owner (an
action is stored only by the process holding it)

Revision ID: 0019
Revises: 0008
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0008"
branch_labels = None
depends_on = None


# A plain ADD/DROP COLUMN, never a batch copy of ``tables``: on SQLite the copy drops the
# old table, and its ON DELETE CASCADE would take every seat, action and chat line with it.


def upgrade() -> None:
    op.add_column("tables", sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("tables", "fence")  # SQLite 3.35+: no copy of ``tables``
