"""tables: ``seeded``, whether the creator fixed the seed (or, in tests, the setup): a
practice table whose deal its creator may know (no invitation, no open seat); its record and
listings say so. Tables made before are not known to be seeded: false

Revision ID: 0021
Revises: 0020
Create Date: 2027-01-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


# A plain ADD/DROP COLUMN, never a batch copy of ``tables``: on SQLite the copy drops the
# old table, and its ON DELETE CASCADE would take every seat, action and chat line with it.


def upgrade() -> None:
    op.add_column("tables", sa.Column("seeded", sa.Boolean, nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("tables", "seeded")  # SQLite 3.35+: no copy of ``tables``
