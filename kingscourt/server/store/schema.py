"""Whether a migrated database holds what this build's models need, said in one line.

Alembic trusts the revision a database is stamped with. A database made by a development
build whose chain differed (0008 once followed 0004, without 0005's chat and 0006's
rematches) is stamped with a revision this build knows but lacks what came in between:
the upgrade succeeds, and every later request fails. :func:`check_models` refuses a
database that lacks tables or columns after upgrading; :func:`check_revision` names the stamp
when the upgrade cannot start because this build does not know it (a newer build's).

Only missing tables and columns refuse: they are what the server reads and writes. Types,
indexes, defaults and extra tables or columns (another build's) are left alone, so that a
good database is never refused for a dialect's way of reflecting them. The check reflects
table and column names only (about 1 ms on SQLite, one catalogue query of a few ms on
PostgreSQL), not the whole of ``alembic.autogenerate.compare_metadata`` (50 ms on SQLite,
150 ms and more on PostgreSQL); tests/server/test_migrations.py runs that comparison.
"""

from __future__ import annotations

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import URL, Connection, inspect

from ..base.startup import StartupError
from .orm import Base

#: what a refused database's owner can do about it
REMEDY = "restore a backup or start a new database (--db)"
#: missing things named in the message; the rest are counted
SHOWN = 6


def shown_url(url: URL) -> str:
    """The database as a message may name it: no password, and no query parameter that may
    carry one (``password=``, ``sslpassword=``, ``passfile=``)."""
    query = {k: v for k, v in url.query.items() if "pass" not in k.lower()}
    return url.set(query=query).render_as_string(hide_password=True)


def _one_line(text: str) -> str:
    return " ".join(text.splitlines())  # a path may hold a line break: the message may not


def _stamped(connection: Connection) -> str:
    heads = MigrationContext.configure(connection).get_current_heads()
    return ", ".join(heads) if heads else "none"


def check_revision(connection: Connection, script: ScriptDirectory) -> None:
    """:class:`StartupError` when the database is stamped with a revision that ``script``
    does not hold (a newer or a development build made it: upgrading cannot start from it)."""
    heads = MigrationContext.configure(connection).get_current_heads()
    known = {r.revision for r in script.walk_revisions()}
    unknown = [h for h in heads if h not in known]
    if unknown:
        raise StartupError(_one_line(
            f"database {shown_url(connection.engine.url)} is marked at migration "
            f"{', '.join(unknown)}, which this build does not know (its last is "
            f"{script.get_current_head()}): it was made by a newer or a development build; "
            f"run that build, {REMEDY}"))


def lacking(connection: Connection) -> list[str]:
    """What the models need that the database lacks: ``table NAME`` for each missing table,
    then ``column TABLE.NAME`` for each missing column of a present one (by name)."""
    inspector = inspect(connection)
    present = set(inspector.get_table_names())
    wanted = sorted(Base.metadata.tables.values(), key=lambda t: t.name)
    columns = inspector.get_multi_columns(filter_names=[t.name for t in wanted if t.name in present])
    have = {table: {c["name"] for c in cols} for (_schema, table), cols in columns.items()}
    tables = [f"table {t.name}" for t in wanted if t.name not in present]
    return tables + [f"column {t.name}.{c.name}" for t in wanted if t.name in present
                     for c in sorted(t.columns, key=lambda c: c.name) if c.name not in have[t.name]]


def check_models(connection: Connection) -> None:
    """:class:`StartupError` naming what is missing when the database lacks tables or columns
    of the models (its stamp says it holds them: a development build's chain made it)."""
    missing = lacking(connection)
    if not missing:
        return
    named = ", ".join(missing[:SHOWN])
    if len(missing) > SHOWN:
        named += f" and {len(missing) - SHOWN} more"
    raise StartupError(_one_line(
        f"database {shown_url(connection.engine.url)} is marked at migration "
        f"{_stamped(connection)} but lacks {named}: it was made by a development build; "
        f"{REMEDY}"))
