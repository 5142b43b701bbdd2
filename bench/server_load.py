"""Load benchmark of the table server (not a test).

Starts ``kingscourt serve`` on a free loopback port with a fresh SQLite file, creates N King
tables (four seats each: ``--client-seats`` human seats played by this script, the rest server
bots) and M spectator clients spread over the tables, lets them play for ``--duration``
seconds, then prints:

- actions per second (all tables, from the versions the spectators saw);
- act→state latency, p50 and p99: from sending an ``act`` for a human seat to receiving the
  resulting ``state`` (bot thinking is not in it: the scripted seats choose at once, after
  ``--think`` seconds of pretend thinking that is not timed);
- the server's resident memory (RSS, peak) and CPU.

    .venv/bin/python bench/server_load.py --tables 100 --spectators 200
    .venv/bin/python bench/server_load.py --think 0 --bot-delay 0   # flat out
    .venv/bin/python bench/server_load.py --compare /tmp/base --rounds 2   # before/after

With ``--compare DIR`` the same run first measures the server of another checkout (the old
code), then this tree's, and prints each figure's change. The memory is the server process's
peak RSS, and that with its child processes (the bot workers) added.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


async def scripted_seat(url: str, rng: random.Random, stop_at: float, think: float,
                        latency: Callable[[float], None], errors: list[dict[str, Any]],
                        received: Callable[[], None] = lambda: None, leave_at_end: bool = False) -> None:
    """A scripted human at one seat until ``stop_at``: a random legal action after ``think``
    seconds (±50%) whenever the seat is asked; ``latency`` gets each act->state time."""
    acted_for = -1
    sent_at = 0.0
    async with connect(url, max_size=None) as ws:
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop_at - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            received()
            if msg["type"] == "error":
                errors.append(msg)
                continue
            v = msg["version"]
            if v == acted_for + 1 and sent_at:
                latency(time.perf_counter() - sent_at)
                sent_at = 0.0
            view = msg["view"]
            if view["over"] and leave_at_end:
                return
            if view["over"] or not view["legal"] or v <= acted_for:
                continue
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            acted_for = v
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                      "version": v}))


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.latencies: list[float] = []
        self.errors: list[dict[str, Any]] = []
        self.versions: dict[str, tuple[int, int]] = {}  # table -> (first, last) seen
        self.stop_at = 0.0
        self.measure_from = 0.0
        self.messages = 0

    async def seat(self, url: str, rng: random.Random) -> None:
        def measured(seconds: float) -> None:
            if time.monotonic() >= self.measure_from:
                self.latencies.append(seconds)

        def counted() -> None:
            self.messages += 1

        await scripted_seat(url, rng, self.stop_at, self.args.think, measured, self.errors, counted)

    async def spectator(self, url: str, table: str) -> None:
        async with connect(url, max_size=None) as ws:
            while time.monotonic() < self.stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.05, self.stop_at - time.monotonic()))
                except TimeoutError:
                    return
                self.messages += 1
                v = json.loads(raw)["version"]
                if time.monotonic() < self.measure_from:
                    continue
                first, _ = self.versions.get(table, (v, v))
                self.versions[table] = (first, v)

    async def run(self, port: int) -> None:
        a = self.args
        base = f"http://127.0.0.1:{port}"
        tables = []
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for i in range(a.tables):
                seats = ([{"kind": "human", "name": f"load{i}-{s}"} for s in range(a.client_seats)]
                         + [{"kind": "bot", "level": a.level}] * (4 - a.client_seats))
                r = await http.post("/api/tables", json={"game": "king", "seats": seats, "seed": i})
                r.raise_for_status()
                tables.append(r.json())
        self.measure_from = time.monotonic() + a.warmup
        self.stop_at = self.measure_from + a.duration
        tasks = []
        for i, t in enumerate(tables):
            for s in t["seats"]:
                if s["token"]:
                    tasks.append(self.seat(f"ws://127.0.0.1:{port}/ws/tables/{t['id']}?token={s['token']}",
                                           random.Random(i * 10 + s["seat"])))
        for j in range(a.spectators):
            t = tables[j % len(tables)]
            tasks.append(self.spectator(f"ws://127.0.0.1:{port}/ws/tables/{t['id']}", t["id"]))
        await asyncio.gather(*tasks)


class Running:
    """``kingscourt serve`` in a subprocess, from the working tree or from ``src`` (another
    checkout, e.g. the base commit, for a before/after comparison in one run)."""

    def __init__(self, db: str, bot_delay: float, src: str | None, extra: list[str],
                 log: Path) -> None:
        self.port = free_port()
        out = log.open("wb")
        # one address creates every table: lift the creation limits (an old checkout has none)
        lifted = [] if src else ["--create-rate", "1000/second", "--max-open-tables", "0"]
        self.proc = subprocess.Popen([sys.executable, "-c", "from kingscourt.cli import main; main()",
                                      "serve", "--port", str(self.port), "--db", db,
                                      "--bot-delay", str(bot_delay), *lifted, *extra],
                                     stdout=out, stderr=subprocess.STDOUT, cwd=src)
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{self.port}/api/games").status_code == 200:
                    break
            time.sleep(0.1)
        self.ps = psutil.Process(self.proc.pid)
        self.peak = 0        # the server process
        self.peak_all = 0    # with its children (the bot workers)

    def sample(self) -> None:
        rss = self.ps.memory_info().rss
        kids = 0
        for child in self.ps.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                kids += child.memory_info().rss
        self.peak = max(self.peak, rss)
        self.peak_all = max(self.peak_all, rss + kids)

    async def sampler(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(0.5)

    def cpu(self) -> tuple[float, float]:
        """CPU seconds so far: the server process, its children."""
        t = self.ps.cpu_times()
        kids = 0.0
        for child in self.ps.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                c = child.cpu_times()
                kids += c.user + c.system
        return t.user + t.system, kids

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def measure(a: argparse.Namespace, src: str | None) -> dict[str, float]:
    """One benchmark run against the server from ``src`` (None: this working tree)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = a.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        extra = ["--bot-workers", str(a.bot_workers)] if a.bot_workers else []
        server = Running(db, a.bot_delay, src, extra, Path(tmp) / "server.log")
        try:
            bench = Bench(a)
            cpu0 = server.cpu()
            wall0 = time.monotonic()

            async def both() -> None:
                sampler = asyncio.create_task(server.sampler())
                await bench.run(server.port)
                sampler.cancel()

            asyncio.run(both())
            wall = time.monotonic() - wall0
            cpu1 = server.cpu()
        finally:
            server.stop()
    actions = sum(last - first for first, last in bench.versions.values())
    lat = [x * 1000 for x in bench.latencies]
    print(f"[{src or 'this tree'}] tables {a.tables} (King; {a.client_seats} scripted seat(s) + "
          f"{4 - a.client_seats} {a.level} bot(s) each), spectators {a.spectators}, "
          f"warm-up {a.warmup:.0f}s, think {a.think}s, bot delay {a.bot_delay}s, "
          f"{a.duration:.0f}s measured")
    print(f"actions/s        {actions / a.duration:8.1f}   ({actions} actions seen by spectators)")
    print(f"act->state ms    p50 {percentile(lat, 50):6.1f}   p99 {percentile(lat, 99):6.1f}"
          f"   max {max(lat, default=float('nan')):6.1f}   ({len(lat)} acts; mean "
          f"{statistics.fmean(lat) if lat else float('nan'):.1f})")
    print(f"scripted acts/s  {len(lat) / a.duration:8.1f}")
    print(f"server RSS       peak {server.peak / 2**20:6.1f} MiB   with its bot workers "
          f"{server.peak_all / 2**20:6.1f} MiB")
    busy, kids = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
    print(f"server CPU       {busy / wall:6.1%} of one core (bot workers {kids / wall:.1%})"
          f"   messages received {bench.messages}   errors {len(bench.errors)}")
    if bench.errors:
        print("first errors:", bench.errors[:3])
    return {"actions/s": actions / a.duration, "p50 ms": percentile(lat, 50),
            "p99 ms": percentile(lat, 99), "peak RSS MiB": server.peak / 2**20,
            "peak RSS with workers MiB": server.peak_all / 2**20}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--spectators", type=int, default=200)
    p.add_argument("--duration", type=float, default=30.0, help="seconds of play measured")
    p.add_argument("--warmup", type=float, default=5.0, help="seconds of play before measuring "
                   "(every client connects meanwhile)")
    p.add_argument("--client-seats", type=int, default=1, choices=range(0, 5),
                   help="human seats per table played by this script (the rest: server bots)")
    p.add_argument("--think", type=float, default=0.5, help="mean pretend thinking of the "
                   "scripted seats, seconds (not timed)")
    p.add_argument("--bot-delay", type=float, default=0.5, help="the server's --bot-delay")
    p.add_argument("--bot-workers", type=int, default=None, help="the server's --bot-workers "
                   "(default: the server's own default)")
    p.add_argument("--level", default="random", help="level of the server bots")
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--compare", metavar="DIR", default=None, help="first run the server from DIR "
                   "(another checkout, e.g. `git archive BASE | tar -x -C DIR`), then this tree's, "
                   "and print the change")
    p.add_argument("--rounds", type=int, default=1, help="with --compare: alternate the two "
                   "servers this many times (the median of each figure is compared)")
    a = p.parse_args()
    if not a.compare:
        measure(a, None)
        return
    if a.bot_workers:
        p.error("--bot-workers cannot be combined with --compare (the other server may not know it)")
    before: list[dict[str, float]] = []
    after: list[dict[str, float]] = []
    for _ in range(a.rounds):
        before.append(measure(a, a.compare))
        after.append(measure(a, None))
    print(f"\n{'':28}{'before':>10}{'after':>10}{'change':>9}   (median of {a.rounds} round(s))")
    for k in before[0]:
        b = statistics.median(r[k] for r in before)
        x = statistics.median(r[k] for r in after)
        print(f"{k:28}{b:10.1f}{x:10.1f}{(x - b) / b:+9.1%}")


if __name__ == "__main__":
    main()
