"""The migration chain against the models: every revision upgrades to the models' schema
(alembic's autogenerate comparison finds no difference) with its rows kept, downgrade and
upgrade again round-trip, and a database stamped by a development build's chain is refused
at start in one line (:mod:`kingscourt.server.store.schema`). On SQLite, and on PostgreSQL in a
throwaway database per test (skipped, with the reason, where it is not reachable)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.operations import Operations
from alembic.script import ScriptDirectory

from kingscourt.server.base.startup import StartupError
from kingscourt.server.store.orm import Base
from kingscourt.server.store.store import MIGRATIONS, Store, make_engine, schema, secret_hash

from .harness import free_port

#: the maintenance database through which each test creates and drops its own database
PG_ADMIN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres connect_timeout=2"
#: PostgreSQL trusts local connections here: the password is never checked, only kept out of
#: every message
PG_PASSWORD = "not-said-9f3c"
#: the accounts branch (commit 7214213) put 0008 straight after 0004, without 0005's chat and
#: 0006's rematches; its upgrade was the same as today's 0008, which only follows 0006 now
BRANCH_ACCOUNTS = "0008"


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


SCRIPT = ScriptDirectory.from_config(_config())
#: every revision of the chain, the first first (read from the scripts, never listed here)
REVISIONS = [r.revision for r in reversed(list(SCRIPT.walk_revisions()))]
HEAD = SCRIPT.get_current_head()


@pytest.fixture(scope="module")
def pg_admin() -> Iterator[Any]:
    try:
        import psycopg

        conn = psycopg.connect(PG_ADMIN, autocommit=True)  # CREATE DATABASE needs autocommit
    except Exception as e:  # no server, no access: say so and skip PostgreSQL's cases
        pytest.skip(f"PostgreSQL not reachable at 127.0.0.1:5432 (user postgres, maintenance "
                    f"database postgres): {e}")
    yield conn
    conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty database of the backend: a file, or a PostgreSQL database dropped after."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kingscourt.sqlite3'}"
        return
    admin = request.getfixturevalue("pg_admin")
    name = f"kc_migrations_{secrets.token_hex(4)}"
    admin.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql+psycopg://postgres:{PG_PASSWORD}@127.0.0.1:5432/{name}"
    finally:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")  # a leftover connection too


def _on(url: str, fn: Callable[[sa.Connection], Any]) -> Any:
    """``fn`` on a connection to ``url`` in one committed transaction."""
    engine = make_engine(url)
    try:
        with engine.begin() as c:
            return fn(c)
    finally:
        engine.dispose()


def _alembic(url: str, step: Callable[[Config, str], None], target: str) -> None:
    def run(c: sa.Connection) -> None:
        cfg = _config()
        cfg.attributes["connection"] = c
        step(cfg, target)

    _on(url, run)


def _migrate(url: str) -> None:
    """What the server does at start: upgrade to head, then check against the models."""
    store = Store(url)
    try:
        store.migrate()
    finally:
        store.close()


def _refusal(url: str) -> str:
    with pytest.raises(StartupError) as refused:
        _migrate(url)
    return str(refused.value)


def _differences(url: str) -> list[Any]:
    """Alembic's autogenerate comparison of the database with the models (types and server
    defaults too): what a new migration would have to do."""
    def compare(c: sa.Connection) -> list[Any]:
        context = MigrationContext.configure(c, opts={"compare_type": True,
                                                      "compare_server_default": True})
        return list(compare_metadata(context, Base.metadata))

    out: list[Any] = _on(url, compare)
    return out


def _tables(url: str) -> set[str]:
    return set(_on(url, lambda c: sa.inspect(c).get_table_names()))


#: a row of each historic column of ``tables``, ``seats`` and ``actions`` (any revision's)
ROWS: dict[str, dict[str, Any]] = {
    "tables": {"id": "kept", "game": "king", "rules": {}, "players": 4, "seed": 7, "setup": {},
               "turn_seconds": None, "status": "open",
               "created_at": datetime(2026, 12, 1, tzinfo=UTC), "finished_at": None, "host": 0,
               "spectator_chat": True, "fence": 0},
    "seats": {"table_id": "kept", "seat": 0, "kind": "human", "level": None, "token": "tok-ada",
              "token_hash": secret_hash("tok-ada"), "invite_hash": None, "name": "Ada",
              "taken": True, "timeouts": 0, "open": False, "account_id": None},
    "actions": {"table_id": "kept", "version": 1, "seat": 0, "action": "choose trump hearts",
                "actor": "human", "created_at": datetime(2026, 12, 1, 0, 1, tzinfo=UTC)},
}


def _put_rows(c: sa.Connection) -> None:
    """One table with a seat and an action, in whatever columns the revision has."""
    present = sa.MetaData()
    present.reflect(c, only=list(ROWS))
    for name, row in ROWS.items():
        table = present.tables[name]
        c.execute(table.insert().values({k: v for k, v in row.items() if k in table.c}))


def test_the_chain_is_one_line() -> None:
    """One head, each revision after the one before (a second head means two builds' chains
    were merged without ordering them, as 0008 once followed 0004)."""
    assert SCRIPT.get_heads() == [HEAD]
    assert [SCRIPT.get_revision(r).down_revision for r in REVISIONS] == [None, *REVISIONS[:-1]]


@pytest.mark.slow
@pytest.mark.parametrize("revision", REVISIONS)
def test_every_revision_upgrades_to_the_models(url: str, revision: str) -> None:
    _alembic(url, command.upgrade, revision)
    _on(url, _put_rows)
    _migrate(url)
    assert _differences(url) == []
    seats = _on(url, lambda c: c.execute(sa.text("SELECT name, token_hash FROM seats")).all())
    # before 0003 the token was stored itself: 0003 keeps only its hash
    assert [tuple(s) for s in seats] == [("Ada", secret_hash("tok-ada"))]
    kept = _on(url, lambda c: c.execute(sa.text(
        "SELECT (SELECT count(*) FROM tables), (SELECT count(*) FROM actions)")).one())
    assert tuple(kept) == (1, 1)


def test_a_new_database_matches_the_models(url: str) -> None:
    _migrate(url)
    assert _differences(url) == []
    assert _on(url, schema.lacking) == []
    assert _tables(url) == {*Base.metadata.tables, "alembic_version"}


def test_downgrade_to_base_and_back(url: str) -> None:
    """Every migration has a downgrade: down to base leaves no table of the models, and the
    upgrade from there gives the models' schema again."""
    _migrate(url)
    _alembic(url, command.downgrade, "base")
    assert _tables(url) == {"alembic_version"}
    _migrate(url)
    assert _differences(url) == []


def _old_accounts() -> ModuleType:
    script = SCRIPT.get_revision(BRANCH_ACCOUNTS)
    assert script is not None and script.down_revision == "0006"  # today's chain
    return script.module


def _old_branch_database(url: str) -> None:
    """A database as the accounts branch left it: 0001-0004, then its 0008, stamped 0008."""
    _alembic(url, command.upgrade, "0004")
    _on(url, _put_rows)
    old = _old_accounts()

    def accounts(c: sa.Connection) -> None:
        with Operations.context(MigrationContext.configure(c)):
            old.upgrade()
        c.execute(sa.text("UPDATE alembic_version SET version_num = '0008'"))

    _on(url, accounts)


def test_a_database_of_the_old_accounts_branch_is_refused(url: str) -> None:
    _old_branch_database(url)
    line = _refusal(url)
    shown = schema.shown_url(sa.make_url(url))
    assert line == (f"database {shown} is marked at migration {HEAD} but lacks table chat, "
                    "table rematches, column tables.spectator_chat: it was made by a "
                    "development build; restore a backup or start a new database (--db)")
    assert PG_PASSWORD not in line
    # the next start says the same (the upgrade was kept; nothing half-done is left)
    assert _refusal(url) == line
    # the comparison the tests rely on sees the same gap
    found = {d[1].name if d[0] == "add_table" else f"{d[2]}.{d[3].name}"
             for d in _differences(url) if d[0] in ("add_table", "add_column")}
    assert found == {"chat", "rematches", "tables.spectator_chat"}
    assert _on(url, lambda c: c.execute(sa.text("SELECT name FROM seats")).scalars().all()) == ["Ada"]


def test_a_long_list_of_missing_tables_is_cut_short(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kingscourt.sqlite3'}"
    _migrate(url)
    _on(url, lambda c: [c.execute(sa.text(f"DROP TABLE {t}"))
                        for t in ("deal_choices", "invitations", "follows", "rating_history",
                                  "ratings", "sessions", "chat", "rematches")])
    line = _refusal(url)
    assert "lacks table chat, table deal_choices, table follows, table invitations, " in line
    assert " and 2 more: " in line and "\n" not in line


def test_a_database_from_a_newer_build_is_refused(url: str) -> None:
    _migrate(url)
    _on(url, lambda c: c.execute(sa.text("UPDATE alembic_version SET version_num = '0999'")))
    line = _refusal(url)
    assert line.startswith(f"database {schema.shown_url(sa.make_url(url))} is marked at "
                           f"migration 0999, which this build does not know (its last is {HEAD})")
    assert PG_PASSWORD not in line and "\n" not in line


def test_the_message_names_the_database_without_its_password() -> None:
    url = sa.make_url("postgresql+psycopg://kc:hunter2@db.example/kc?sslpassword=k3y&"
                      "application_name=kingscourt")
    assert schema.shown_url(url) == ("postgresql+psycopg://kc:***@db.example/kc"
                                     "?application_name=kingscourt")


@pytest.mark.slow
def test_serve_refuses_the_old_branch_database_in_one_line(tmp_path: Path) -> None:
    """``kingscourt serve`` on that database: exits non-zero with the refusal alone."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    _old_branch_database(url)
    env = {k: v for k, v in os.environ.items() if k != "KINGSCOURT_DB"}
    done = subprocess.run(
        [sys.executable, "-c", "from kingscourt.cli import main; main()", "serve",
         "--db", url, "--port", str(free_port())],
        capture_output=True, text=True, env=env, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "Traceback" not in out, out
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) == 1, out
    assert "lacks table chat, table rematches, column tables.spectator_chat" in lines[0], out


#: finished games as 0021 kept them: King's counters in two columns and its contracts in
#: king_choices; the other games' rows held zeros there
STATS_BEFORE = {
    # (table, seat): (game, kind, name, kings, king_points)
    ("k1", 0): ("king", "human", "Ada", 1, 3.0),
    ("k1", 1): ("king", "bot", "Bot (basic)", 0, 1.5),
    ("k1", 2): ("king", "guest", "Cem", 0, 1.5),
    ("k1", 3): ("king", "human", "Dov", 0, 0.0),  # a King row of zeros keeps its zeros
    ("u1", 0): ("uchokrola", "human", "Ada", 0, 0.0),
    ("u1", 1): ("uchokrola", "bot", "Bot (basic)", 0, 0.0),
}
CHOICES_BEFORE = [("k1", 1, 0, "el-almaz", -50), ("k1", 2, 1, "trump", 325)]


def _results_of_0021(c: sa.Connection) -> None:
    at = datetime(2026, 12, 1, tzinfo=UTC)
    for table, game in (("k1", "king"), ("u1", "uchokrola")):
        c.execute(sa.text("INSERT INTO tables (id, game, rules, players, seed, setup, status, "
                          "created_at, host, spectator_chat, fence, seeded) VALUES (:id, :g, '{}', "
                          "4, 1, '{}', 'finished', :at, 0, :yes, 0, :no)"),
                  {"id": table, "g": game, "at": at, "yes": True, "no": False})
    for (table, seat), (game, kind, name, kings, points) in STATS_BEFORE.items():
        c.execute(sa.text("INSERT INTO player_results (table_id, seat, name, kind, game, score, "
                          "won, kings, king_points) VALUES (:t, :s, :n, :k, :g, 10, :w, :kings, "
                          ":points)"),
                  {"t": table, "s": seat, "n": name, "k": kind, "g": game, "w": seat == 0,
                   "kings": kings, "points": points})
    for table, deal, seat, contract, points in CHOICES_BEFORE:
        c.execute(sa.text("INSERT INTO king_choices (table_id, deal, seat, contract, points) "
                          "VALUES (:t, :d, :s, :c, :p)"),
                  {"t": table, "d": deal, "s": seat, "c": contract, "p": points})


def _json(value: Any) -> Any:
    import json

    return json.loads(value) if isinstance(value, str) else value


def test_the_games_statistics_move_into_stats_with_nothing_lost(url: str) -> None:
    """0022: King's two columns become each row's ``stats`` (zeros kept, other games' rows
    ``{}``) and king_choices becomes deal_choices; what the statistics read is the same, and
    the downgrade gives the columns back."""
    _alembic(url, command.upgrade, "0021")
    _on(url, _results_of_0021)
    _migrate(url)
    assert _differences(url) == []
    rows = _on(url, lambda c: c.execute(sa.text(
        "SELECT table_id, seat, stats FROM player_results")).all())
    stats = {(t, s): _json(v) for t, s, v in rows}
    assert stats == {key: ({"kings": k, "king_points": p} if game == "king" else {})
                     for key, (game, _kind, _name, k, p) in STATS_BEFORE.items()}
    choices = _on(url, lambda c: c.execute(sa.text(
        "SELECT table_id, deal, seat, choice, points FROM deal_choices ORDER BY deal")).all())
    assert [tuple(r) for r in choices] == CHOICES_BEFORE
    store = Store(url)
    try:
        bot = {g["game"]: g for g in store.player("Bot (basic)", "bot")}
        assert bot["king"]["stats"] == {"kings": 0.0, "king_points": 1.5}
        assert bot["uchokrola"]["stats"] == {}
        board = {e["name"]: e for e in store.leaderboard(50)}
        assert board["Ada"]["points"] == 3.0 and board["Ada"]["stats"]["kings"] == 1.0
        assert board["Dov"]["points"] == 0.0 and "Cem" not in board  # a guest is never ranked
    finally:
        store.close()
    _alembic(url, command.downgrade, "0021")
    back = _on(url, lambda c: c.execute(sa.text(
        "SELECT table_id, seat, kings, king_points FROM player_results")).all())
    assert {(t, s): (k, p) for t, s, k, p in back} == {
        key: (k, p) for key, (_g, _kind, _n, k, p) in STATS_BEFORE.items()}
    kept = _on(url, lambda c: c.execute(sa.text(
        "SELECT table_id, deal, seat, contract, points FROM king_choices ORDER BY deal")).all())
    assert [tuple(r) for r in kept] == CHOICES_BEFORE
