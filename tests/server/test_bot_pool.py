"""Bots think in worker processes beside the server, and a cancelled decision stops its search.

Each test runs its own server (SQLite: the database plays no part) with one bot worker, so
that every decision, the turn timer's included, needs that one worker to be free."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]
import pytest
from websockets.asyncio.client import connect

from .harness import Server, recv_until, run

pytestmark = pytest.mark.slow  # seconds per test: left out of `make check`


@pytest.fixture
def solo(tmp_path: Path) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path / 'kc.sqlite3'}", tmp_path / "server.log", 0.0,
               options=("--bot-workers", "1")).start()
    yield s
    s.stop()


def pool(server: Server) -> dict[str, Any]:
    r = server.get("/api/bot-pool")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def watch_until(server: Server, table: str, pred: Any, timeout: float = 60) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with connect(server.ws(table)) as ws:
            return await recv_until(ws, lambda m: m["type"] == "state" and pred(m), timeout)

    out: dict[str, Any] = run(go())
    return out


def busy_worker(server: Server, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        workers = pool(server)["workers"]
        if workers and workers[0]["busy"]:
            return dict(workers[0])
        time.sleep(0.02)
    raise AssertionError("the bot worker never started a decision")


def test_bots_decide_in_worker_processes_not_in_the_server(solo: Server) -> None:
    assert solo.proc is not None
    t = solo.create("king", [{"kind": "bot", "level": "basic"}] * 4)
    watch_until(solo, t["id"], lambda m: m["version"] >= 12)
    info = pool(solo)
    assert info["server_pid"] == solo.proc.pid
    (worker,) = info["workers"]  # --bot-workers 1
    assert worker["pid"] != solo.proc.pid
    assert worker["decisions"] >= 12  # every bot action was decided there
    child = psutil.Process(worker["pid"])
    assert child.ppid() == solo.proc.pid  # a process of the server's, not a thread of it


def test_learned_bots_play_in_a_worker_whose_numpy_keeps_to_one_thread(solo: Server) -> None:
    """King's learned level at a table, decided in the worker; its network's linear algebra
    starts no thread per core there (threads spinning against the other workers')."""
    t = solo.create("king", [{"kind": "bot", "level": "learned"}] * 4)
    watch_until(solo, t["id"], lambda m: m["version"] >= 12)
    (worker,) = pool(solo)["workers"]
    assert worker["decisions"] >= 12
    child = psutil.Process(worker["pid"])
    assert child.environ()["OPENBLAS_NUM_THREADS"] == "1"
    # the reader thread beside the main one, and no BLAS thread per core
    assert child.num_threads() <= 2, child.threads()


def test_the_turn_timer_stops_a_long_search_and_frees_the_worker(solo: Server) -> None:
    # Ucho Króla's strong bot searches for 0.5 to 2 seconds a move here; the table gives 0.1
    t = solo.create("uchokrola", [{"kind": "bot", "level": "strong"}] * 3, turn_seconds=0.1)
    last = watch_until(solo, t["id"], lambda m: sum(s["timeouts"] for s in m["seats"]) >= 4)
    # the timer's basic bot played those turns: the one worker was free for it each time
    assert last["version"] >= 4
    (worker,) = pool(solo)["workers"]
    # counted only when the worker's search raised Cancelled part-way
    assert worker["stopped"] >= 3
    assert pool(solo)["replaced"] == 0  # it stopped by itself, nobody had to kill it


def test_a_stopping_server_stops_its_workers_mid_search(solo: Server) -> None:
    assert solo.proc is not None
    solo.create("uchokrola", [{"kind": "bot", "level": "strong"}] * 4)
    worker = psutil.Process(busy_worker(solo)["pid"])
    started = time.monotonic()
    solo.stop()  # SIGTERM: the server shuts down cleanly (uvicorn then ends by that signal)
    assert solo.proc.returncode in (0, -signal.SIGTERM)
    assert "Traceback" not in solo.log.read_text()
    _, alive = psutil.wait_procs([worker], timeout=5)
    assert not alive, "the bot worker outlived the server"
    assert time.monotonic() - started < 8


def test_a_killed_server_leaves_no_worker_behind(solo: Server) -> None:
    solo.create("uchokrola", [{"kind": "bot", "level": "strong"}] * 4)
    worker = psutil.Process(busy_worker(solo)["pid"])
    solo.kill()  # kill -9: no shutdown; the worker sees its pipe close mid-search
    _, alive = psutil.wait_procs([worker], timeout=5)
    assert not alive, "the bot worker outlived the killed server"
