"""A real server in a subprocess (uvicorn on a free loopback port) and real WebSocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

PG_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=test connect_timeout=2"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


#: the per-address creation limits lifted: the suite creates many tables from one address
#: (tests/server/test_bounds.py tests the limits themselves); turn timers as short as tests
#: need (tests/server/test_bounds_input.py tests the floor)
LIFTED = ("--create-rate", "1000/second", "--max-open-tables", "0",
          "--register-rate", "1000/second", "--min-turn-seconds", "0.05")


class Child:
    """A process the tests started: :meth:`kill` is ``kill -9`` (no shutdown, no flush),
    :meth:`stop` a SIGTERM, then SIGKILL after 10 s."""

    proc: subprocess.Popen[bytes] | None = None

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Server(Child):
    """``kingscourt serve`` on a free port; :meth:`kill` is ``kill -9``. ``args``: the limits'
    flags (lifted by default); ``options``: more ``serve`` options (``--max-spectators 3``,
    ``--insecure-seeds``...)."""

    #: the Python code the process runs (with ``serve`` and its options as arguments)
    ENTRY = "from kingscourt.cli import main; main()"

    def __init__(self, db_url: str, log: Path, bot_delay: float = 0.0,
                 args: Sequence[str] = LIFTED, options: tuple[str, ...] = ()) -> None:
        self.db_url = db_url
        self.bot_delay = bot_delay
        self.args = list(args)
        self.options = options
        self.log = log
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table: str, token: str | None = None) -> str:
        q = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}{q}"

    def start(self) -> Server:
        env = dict(os.environ)
        env.pop("KINGSCOURT_DB", None)
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", self.ENTRY, "serve",
                 "--port", str(self.port), "--db", self.db_url, "--bot-delay", str(self.bot_delay),
                 *self.args, *self.options],
                stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 90  # a busy machine starts slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.http}/api/games", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-3000:]}")

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return httpx.get(self.http + path, timeout=10, **kw)

    def post(self, path: str, body: Any) -> httpx.Response:
        return httpx.post(self.http + path, json=body, timeout=10)

    def create(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        r = self.post("/api/tables", {"game": game, "seats": seats, **extra})
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out


def act(action: str, version: int, **extra: Any) -> str:
    return json.dumps({"type": "act", "action": action, "version": version, **extra})


async def recv(ws: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return msg


async def recv_until(ws: ClientConnection, pred: Callable[[dict[str, Any]], bool],
                     timeout: float = 45) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        msg = await recv(ws, max(0.01, deadline - time.monotonic()))
        if pred(msg):
            return msg


def decision(view: dict[str, Any], version: int) -> Any:
    """Identifies one decision of a seat: Ku-Ka-König's call stays open over the others' picks."""
    if view.get("game") == "kukakoenig":
        return (view["round"], view["call"])
    return version


@dataclass
class SeatLog:
    """What one client saw: every message, and the errors among them."""

    seat: int | None
    messages: list[dict[str, Any]] = field(default_factory=list)

    @property
    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "error"]


async def play_seat(url: str, log: SeatLog, rng: random.Random, timeout: float = 60,
                    stop_after: int | None = None) -> None:
    """A client-driven seat: a random legal action for every decision, until the game ends
    (or until it has acted ``stop_after`` times). A spectator (no legal actions) just watches."""
    acted_for: Any = None
    acts = 0
    async with connect(url, max_size=None) as ws:
        deadline = time.monotonic() + timeout
        while True:
            msg = await recv(ws, max(0.01, deadline - time.monotonic()))
            log.messages.append(msg)
            if msg["type"] != "state":
                continue
            view = msg["view"]
            if view["over"]:
                return
            key = decision(view, msg["version"])
            if view["legal"] and key != acted_for:
                if stop_after is not None and acts >= stop_after:
                    return
                acted_for = key
                acts += 1
                await ws.send(act(rng.choice(view["legal"]), msg["version"]))


def run(coro: Any) -> Any:
    """Runs a coroutine to its end, in a thread of its own when this thread already runs an
    event loop (Playwright's sync API keeps one running once the browser tests started)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def db_rows(db_url: str, sql: str, **params: Any) -> list[dict[str, Any]]:
    """The rows a query reads from the server's database (to check what is stored)."""
    import sqlalchemy as sa

    from kingscourt.server.store.store import make_engine

    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            return [dict(r._mapping) for r in c.execute(sa.text(sql), params)]
    finally:
        engine.dispose()
