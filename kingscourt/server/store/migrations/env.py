"""Alembic environment: runs on the connection the server hands over (never a config file)."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from kingscourt.server.store.orm import Base

target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection: Connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
