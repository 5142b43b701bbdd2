"""Alembic migrations of the server's database, applied on every start (see ``..store``)."""
