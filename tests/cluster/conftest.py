"""Three real server processes on one PostgreSQL schema and one Redis of their own (a
``redis-server`` on a free port, so that a test may restart it). Skipped, saying why, where
PostgreSQL or redis-server is missing."""

from __future__ import annotations

import contextlib
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.server.harness import PG_DSN, Child, Server, free_port

#: the cluster's timing is tested as it runs (lease 4 s, sweep 1 s): bots pace themselves
BOT_DELAY = 0.05
#: seconds one process may take to start
START = 120
#: characters of each process's log a failed test shows
LOG_TAIL = 6000


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test shows the end of every log its processes wrote (servers, haproxy, bot
    workers): what the cluster did is what the failure is about."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    folder = getattr(item, "funcargs", {}).get("tmp_path")
    if report.failed and isinstance(folder, Path):
        for log in sorted(folder.glob("*.log")):
            report.sections.append((f"{log.name} (its end)",
                                    log.read_text(errors="replace")[-LOG_TAIL:]))


class SlowStart(Server):
    """A server given up to :data:`START` seconds to answer (a loaded machine, a migration)."""

    def start(self) -> SlowStart:
        deadline = time.monotonic() + START
        while True:
            try:
                super().start()
                return self
            except RuntimeError:
                if self.proc is None or self.proc.poll() is not None or time.monotonic() > deadline:
                    raise
                # still starting: wait on, the same process
                while time.monotonic() < deadline:
                    with contextlib.suppress(httpx.HTTPError):
                        if httpx.get(f"{self.http}/api/games", timeout=1).status_code == 200:
                            return self
                    time.sleep(0.2)
                raise


class RedisServer:
    """``redis-server`` on a free loopback port, no persistence (a restart starts empty)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None and not Path("/usr/bin/redis-server").exists():
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    pytest.importorskip("redis", reason="redis-py is not installed (pip install '.[cluster]')")
    r = RedisServer(tmp_path).start()
    yield r
    r.stop()


@pytest.fixture
def pg_url() -> Iterator[str]:
    try:
        import psycopg

        conn = psycopg.connect(PG_DSN, autocommit=True)
    except Exception as e:
        pytest.skip(f"PostgreSQL not reachable at 127.0.0.1:5432 (database test, user postgres): {e}")
    schema = f"kc_cluster_{secrets.token_hex(4)}"
    conn.execute(f"CREATE SCHEMA {schema}")
    yield f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    conn.execute(f"DROP SCHEMA {schema} CASCADE")
    conn.close()


@pytest.fixture
def cluster(pg_url: str, redis_server: RedisServer, tmp_path: Path) -> Iterator[list[Server]]:
    """Three processes; the first migrates the schema before the others start."""
    servers: list[Server] = [SlowStart(pg_url, tmp_path / f"server{i}.log", bot_delay=BOT_DELAY,
                      options=("--redis", redis_server.url, "--bot-workers", "1"))
               for i in range(3)]
    try:
        servers[0].start()
        with ThreadPoolExecutor(2) as pool:  # the schema is there: the others start together
            list(pool.map(lambda s: s.start(), servers[1:]))
        yield servers
    finally:
        for s in servers:
            s.stop()


class BotWorker(Child):
    """``kingscourt bot-worker --redis URL`` in a subprocess; :meth:`kill` is ``kill -9``."""

    def __init__(self, redis_url: str, log: Path, processes: int = 1) -> None:
        self.redis_url = redis_url
        self.log = log
        self.processes = processes
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> BotWorker:
        import redis

        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from kingscourt.cli import main; main()", "bot-worker",
                 "--redis", self.redis_url, "--processes", str(self.processes)],
                stdout=out, stderr=subprocess.STDOUT)
        client = redis.Redis.from_url(self.redis_url, decode_responses=True)
        deadline = time.monotonic() + START
        while not any(f":{self.proc.pid}:" in str(m) for m in client.zrange("kc:bot-workers", 0, -1)):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the bot worker did not start: {self.log.read_text()[-3000:]}")
            time.sleep(0.1)
        return self


@pytest.fixture
def bot_worker(redis_server: RedisServer, tmp_path: Path) -> Iterator[BotWorker]:
    w = BotWorker(redis_server.url, tmp_path / "bot-worker.log").start()
    yield w
    w.stop()
