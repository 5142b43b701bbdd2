"""``kingscourt serve`` with a bad setting: one line naming it, a non-zero exit, no traceback
and no banner; a good start says that it listens only once the port takes connections.

Every refusal is the real command in a subprocess. They start all at once (one module
fixture), since each spends most of its time importing the server."""

from __future__ import annotations

import contextlib
import os
import secrets
import select
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from .harness import PG_DSN, Server, free_port

pytestmark = pytest.mark.slow  # seconds per test: left out of `make check`

SERVE = (sys.executable, "-c", "from kingscourt.cli import main; main()", "serve")
#: a PostgreSQL URL nobody answers (its port is taken from free_port and left closed)
CLOSED_PG = "postgresql+psycopg://postgres@127.0.0.1:{closed}/kingscourt"
#: seconds a subprocess may take: a guard only (a refusal takes about a second, most of it
#: imports; none waits on a network: every address refuses at once)
LIMIT = 120
#: nobody: root may write into any folder, so the unwritable folder is tried as this user
UNPRIVILEGED: dict[str, Any] = {"user": 65534, "group": 65534, "extra_groups": []}


@dataclass(frozen=True)
class Case:
    """``serve`` with ``args`` (formatted with the fixture's ports and folders) must exit
    with ``status`` and say one line holding ``names``."""

    args: tuple[str, ...]
    names: str
    status: int
    env: tuple[tuple[str, str], ...] = ()
    #: run as an unprivileged user (root writes into any folder)
    unprivileged: bool = False
    postgres: bool = False


CASES = {
    "db-scheme": Case(("--db", "nonsense://x"), "--db", 2),
    "db-malformed": Case(("--db", "sqlite:/bad"), "--db", 2),
    "db-from-environment": Case((), "KINGSCOURT_DB", 2, env=(("KINGSCOURT_DB", "nonsense://x"),)),
    "postgres-unreachable": Case(("--db", CLOSED_PG), "--db", 1),
    "postgres-missing-no-rights": Case(
        ("--db", "postgresql+psycopg://{role}@127.0.0.1:5432/{role}_missing"), "createdb -h 127.0.0.1",
        1, postgres=True),
    "sqlite-no-folder": Case(("--db", "sqlite:///{tmp}/absent/k.sqlite3"), "--db", 1),
    "sqlite-folder-not-writable": Case(("--db", "sqlite:///{readonly}/k.sqlite3"), "--db", 1,
                                       unprivileged=True),
    "port-in-use": Case(("--port", "{busy}"), "--port", 1),
    "port-out-of-range": Case(("--port", "99999"), "--port", 2),
    "port-zero": Case(("--port", "0"), "--port", 2),
    "redis-malformed": Case(("--redis", "nonsense://x", "--db", CLOSED_PG), "--redis", 2),
    "redis-unreachable": Case(("--redis", "redis://127.0.0.1:{closed}/0", "--db", CLOSED_PG),
                              "--redis", 1),
    "redis-with-sqlite": Case(("--redis", "redis://127.0.0.1:6379/0"), "--redis", 2),
    "origin-malformed": Case(("--allowed-origin", "kings.example"), "--allowed-origin", 2),
    "rate-malformed": Case(("--create-rate", "often"), "--create-rate", 2),
}


def _env(extra: tuple[tuple[str, str], ...] = ()) -> dict[str, str]:
    """This environment without the server's own variables (a developer's KINGSCOURT_DB)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KINGSCOURT_")}
    env.update(extra)
    return env


def _postgres() -> psycopg.Connection[Any] | None:
    """A connection to the test PostgreSQL (autocommit), or None where there is none."""
    try:
        return psycopg.connect(PG_DSN, autocommit=True)
    except psycopg.Error:
        return None


def _runs_unprivileged() -> bool:
    # the unprivileged user must reach the interpreter and the checkout (an interpreter
    # under root's 0700 home is out of its reach)
    try:
        probe = subprocess.run([sys.executable, "-c", "import kingscourt"], **UNPRIVILEGED,
                               capture_output=True, timeout=LIMIT, check=False)
    except OSError:
        return False
    return probe.returncode == 0


@pytest.fixture(scope="module")
def refusals(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[int, str] | str]]:
    """Each case's exit status and output, or why it was skipped."""
    tmp = tmp_path_factory.mktemp("startup")
    readonly = Path(tempfile.mkdtemp(prefix="kc-readonly-"))  # not under pytest's 0700 folder
    readonly.chmod(0o555)
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    pg = _postgres()
    role = f"kc_startup_{secrets.token_hex(4)}"
    if pg is not None:
        pg.execute(f"CREATE ROLE {role} LOGIN NOCREATEDB")
    root = os.geteuid() == 0
    unprivileged_ok = not root or _runs_unprivileged()
    values = {"tmp": tmp, "readonly": readonly, "busy": busy.getsockname()[1],
              "closed": free_port(), "role": role}
    out: dict[str, tuple[int, str] | str] = {}
    procs: dict[str, subprocess.Popen[str]] = {}
    try:
        for name, case in CASES.items():
            if case.postgres and pg is None:
                out[name] = "no PostgreSQL at 127.0.0.1:5432"
                continue
            if case.unprivileged and not unprivileged_ok:
                out[name] = "root, and user 65534 cannot run this interpreter (see the in-process test)"
                continue
            args = [a.format(**values) for a in case.args]
            if "--db" not in args and not case.env:
                args += ["--db", f"sqlite:///{tmp / name}.sqlite3"]
            if "--port" not in args:  # the default 8000 may be held on this machine: not the case
                args += ["--port", str(free_port())]
            who = UNPRIVILEGED if root and case.unprivileged else {}
            procs[name] = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE,
                                           stderr=subprocess.STDOUT, text=True, env=_env(case.env),
                                           **who)
        for name, proc in procs.items():
            try:
                output, _ = proc.communicate(timeout=LIMIT)
            except subprocess.TimeoutExpired:
                proc.kill()
                output, _ = proc.communicate()
            out[name] = (proc.returncode, output)
        yield out
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        busy.close()
        readonly.chmod(0o755)
        shutil.rmtree(readonly, ignore_errors=True)
        if pg is not None:
            pg.execute(f"DROP ROLE IF EXISTS {role}")
            pg.close()


@pytest.mark.parametrize("name", list(CASES))
def test_a_bad_setting_is_one_line(name: str, refusals: dict[str, tuple[int, str] | str]) -> None:
    result = refusals[name]
    if isinstance(result, str):
        pytest.skip(result)
    status, output = result
    case = CASES[name]
    lines = [line for line in output.splitlines() if line.strip()]
    assert "Traceback" not in output, output
    assert len(lines) == 1, output
    assert status == case.status, output
    assert case.names in lines[0], output
    assert lines[0].startswith("kingscourt serve: "), output
    assert "kingscourt server on" not in output  # no banner


@pytest.mark.parametrize("columns", [80, 60])
def test_the_help_cuts_no_cell(columns: int) -> None:
    """Every flag and environment variable whole at 80 and 60 columns (Rich's option table
    cut 22 cells at 80, flag names among them)."""
    done = subprocess.run([*SERVE, "--help"], capture_output=True, text=True, timeout=LIMIT,
                          env={**_env(), "COLUMNS": str(columns)}, check=True)
    assert "…" not in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= columns
    for flag in ("--login-address-rate", "--sockets-per-token", "--no-insecure-seeds", "--redis"):
        assert flag in done.stdout


def test_an_unwritable_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check in this process, for where it runs as root (which may write anywhere)
    and the unprivileged user cannot run the interpreter: the subprocess case is skipped."""
    from kingscourt.server.base.startup import StartupError
    from kingscourt.server.store.prepare import prepare_database

    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != tmp_path)
    with pytest.raises(StartupError, match=f"^--db: folder {tmp_path} is not writable by this user"):
        prepare_database(f"sqlite:///{tmp_path / 'k.sqlite3'}")
    assert not (tmp_path / "k.sqlite3").exists()


def _read_line(proc: subprocess.Popen[str], timeout: float) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    return proc.stdout.readline() if ready else ""


def test_the_banner_comes_once_the_port_takes_connections(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'k.sqlite3'}",
                             "--bot-delay", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env())
    try:
        banner = _read_line(proc, LIMIT)
        assert banner.startswith(f"kingscourt server on http://127.0.0.1:{port} "), banner
        assert "sqlite:///" in banner
        # at once, without a retry: the banner is the promise that this works
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10).status_code == 200
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.stderr is not None
    assert "Traceback" not in proc.stderr.read()


def test_a_missing_postgres_database_is_created(tmp_path: Path) -> None:
    pg = _postgres()
    if pg is None:
        pytest.skip("no PostgreSQL at 127.0.0.1:5432")
    name = f"kc_startup_{secrets.token_hex(4)}"
    log = tmp_path / "server.log"
    server = Server(f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}", log)
    try:
        server.start()  # the harness: it answers /api/games
        assert server.get("/api/games").status_code == 200
        lines = [line for line in log.read_text().splitlines() if line.strip()]
        assert lines[0] == f"created PostgreSQL database {name} at 127.0.0.1:5432 (it did not exist)"
        assert lines[1].startswith(f"kingscourt server on http://127.0.0.1:{server.port} ")
    finally:
        server.stop()
        pg.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        pg.close()
