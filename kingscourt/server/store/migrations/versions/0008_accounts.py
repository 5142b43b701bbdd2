"""accounts: registered players (Argon2id hashes), their sessions (hashes of the cookie's
secret), OpenSkill ratings per game and their history, follows, invitations by name, King's
contract choices per deal; a seat and a result remember the account that held them. The
results kept so far were played under names anyone could take: they become ``guest`` results
(kept, never counted in statistics)

Revision ID: 0008
Revises: 0004
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
    )
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("followee_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("from_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("to_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", "to_id"),
    )
    op.create_table(
        "king_choices",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("contract", sa.String(16), nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_seats_account", "accounts", ["account_id"], ["id"],
                                 ondelete="SET NULL")
    with op.batch_alter_table("player_results") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_player_results_account", "accounts", ["account_id"], ["id"],
                                 ondelete="SET NULL")
        batch.create_index("ix_player_results_account_id", ["account_id"])
    results = sa.table("player_results", sa.column("kind", sa.String))
    op.get_bind().execute(sa.update(results).where(results.c.kind == "human").values(kind="guest"))


def downgrade() -> None:
    results = sa.table("player_results", sa.column("kind", sa.String))
    op.get_bind().execute(sa.update(results).where(results.c.kind.in_(("guest", "deleted")))
                          .values(kind="human"))
    with op.batch_alter_table("player_results") as batch:
        batch.drop_index("ix_player_results_account_id")
        batch.drop_constraint("fk_player_results_account", type_="foreignkey")
        batch.drop_column("account_id")
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("fk_seats_account", type_="foreignkey")
        batch.drop_column("account_id")
    for name in ("king_choices", "invitations", "follows", "rating_history", "ratings",
                 "sessions", "accounts"):
        op.drop_table(name)
