"""player_results: a game's own counters move from two columns of one game (``kings``,
``king_points``) into ``stats``, a JSON object per seat that each game's manifest declares
(``statistics.counters``); ``king_choices`` becomes ``deal_choices`` (``contract`` becomes
``choice``), the per-deal choices of any game that keeps them. Nothing is lost: the rows of
every game that ever counted either (some row with a non-zero value) keep both counters, the
zeros included; other games' rows get ``{}``. The downgrade writes the counters back (0 where
a row has none).

Revision ID: 0022
Revises: 0021
Create Date: 2027-02-01
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

#: the two counters the columns held (their names are kept as the JSON keys)
COUNTERS = ("kings", "king_points")
BATCH = 1000

# Batch copies touch only player_results and deal_choices, which no table references; never
# ``tables``, whose copy on SQLite would cascade its deletion to every seat and action.


def _results(*columns: sa.ColumnClause[Any]) -> sa.TableClause:
    return sa.table("player_results", sa.column("table_id", sa.String),
                    sa.column("seat", sa.Integer), sa.column("game", sa.String), *columns)


def _write(table: sa.TableClause, rows: list[dict[str, Any]]) -> None:
    bind = op.get_bind()
    update = (sa.update(table).where(table.c.table_id == sa.bindparam("t"),
                                     table.c.seat == sa.bindparam("s")))
    for i in range(0, len(rows), BATCH):
        bind.execute(update, rows[i:i + BATCH])


def upgrade() -> None:
    old = _results(sa.column("kings", sa.Integer), sa.column("king_points", sa.Float),
                   sa.column("stats", sa.JSON))
    op.add_column("player_results", sa.Column("stats", sa.JSON, nullable=True))
    bind = op.get_bind()
    counting = set(bind.execute(sa.select(old.c.game).distinct().where(
        (old.c.kings != 0) | (old.c.king_points != 0))).scalars())
    rows = [{"t": t, "s": s, "stats": {"kings": int(k), "king_points": float(kp)}
             if game in counting else {}}
            for t, s, game, k, kp in bind.execute(sa.select(
                old.c.table_id, old.c.seat, old.c.game, old.c.kings, old.c.king_points))]
    _write(old, rows)
    with op.batch_alter_table("player_results") as batch:
        batch.alter_column("stats", existing_type=sa.JSON, nullable=False)
        for name in COUNTERS:
            batch.drop_column(name)
    op.rename_table("king_choices", "deal_choices")
    with op.batch_alter_table("deal_choices") as batch:
        batch.alter_column("contract", new_column_name="choice", existing_type=sa.String(16),
                           existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("deal_choices") as batch:
        batch.alter_column("choice", new_column_name="contract", existing_type=sa.String(16),
                           existing_nullable=False)
    op.rename_table("deal_choices", "king_choices")
    new = _results(sa.column("kings", sa.Integer), sa.column("king_points", sa.Float),
                   sa.column("stats", sa.JSON))
    op.add_column("player_results", sa.Column("kings", sa.Integer, nullable=True))
    op.add_column("player_results", sa.Column("king_points", sa.Float, nullable=True))
    bind = op.get_bind()
    rows = [{"t": t, "s": s, "kings": int((stats or {}).get("kings", 0)),
             "king_points": float((stats or {}).get("king_points", 0.0))}
            for t, s, stats in bind.execute(sa.select(new.c.table_id, new.c.seat, new.c.stats))]
    _write(new, rows)
    with op.batch_alter_table("player_results") as batch:
        batch.alter_column("kings", existing_type=sa.Integer, nullable=False)
        batch.alter_column("king_points", existing_type=sa.Float, nullable=False)
        batch.drop_column("stats")
