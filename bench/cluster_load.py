"""Load benchmark of several server processes (issue 19; not a test).

Two parts, in one run, on the local PostgreSQL (a schema of its own, dropped after) and a
``redis-server`` of its own on a free port:

1. **Across processes.** ``--processes`` (3) ``kingscourt serve --redis`` processes,
   ``--tables`` (300) King tables (one scripted human seat and three bots each) created round
   the processes, so each process owns a third, and ``--spectators`` (600) spread over every
   process. Each table's human plays through a process that does *not* own the table, so
   every act is forwarded to the owner and every state relayed back: act→state p50/p99 across
   processes. Then the same load on **one** process (no Redis), in the same run.
2. **Bot workers.** One ``kingscourt serve --redis`` process (its own pool: one process, the
   fallback) and one ``kingscourt bot-worker`` with one process per core; tables of four
   ``strong`` bots at human pace (``--strong-pace`` seconds a move) are added in steps, and
   the largest number of tables whose moves keep that pace (90% of it, with at most 5% of
   the decisions falling back to the server's own pool) is printed.

With ``--humans-only`` (issue 32) part 1 alone runs, with tables of four scripted humans (no
bots), each seat's socket on a process that does not own its table: n processes against one
at the same load, then at ``--scale`` (3) times it, ``--repeats`` times each, and a table of
every pair's p50, p99, actions/s and CPU with the ratios the issue sets (p99 of n processes at
most 1.5 times one's, the same actions/s; under 150 ms at three times the load).
``--py-spy PATH`` records a raw profile of every server while it is measured (in ``--logs``).

Sized by its flags. The issue's figures are the defaults; on a small machine (2 cores shared
with other work) run e.g.:

    .venv/bin/python bench/cluster_load.py
    .venv/bin/python bench/cluster_load.py --tables 60 --spectators 120 --duration 20
    .venv/bin/python bench/cluster_load.py --skip-bots          # part 1 only
    .venv/bin/python bench/cluster_load.py --humans-only --tables 20 --spectators 20 \
        --think 1.0 --duration 15 --warmup 5 --repeats 2        # docs/hosting.md, Capacity
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, percentile, scripted_seat

PG = "host=127.0.0.1 port=5432 user=postgres dbname={db} connect_timeout=2"
LIFTED = ["--create-rate", "1000/second", "--max-open-tables", "0"]
CLI = [sys.executable, "-c", "from kingscourt.cli import main; main()"]


class Proc:
    """A ``kingscourt`` subprocess (``serve`` answers on its port once up)."""

    def __init__(self, args: list[str], log: Path, port: int | None = None) -> None:
        self.port = port
        self.proc = subprocess.Popen([*CLI, *args], stdout=log.open("ab"), stderr=subprocess.STDOUT)
        self.ps = psutil.Process(self.proc.pid)

    def wait_up(self, seconds: float = 180) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.proc.args} exited")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{self.port}/api/games", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError("a server did not start")

    def cpu(self) -> float:
        """CPU seconds of the process and its children (its bot processes)."""
        total = 0.0
        for p in [self.ps, *self.ps.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                total += t.user + t.system
        return total

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def serve(db: str, redis: str | None, log: Path, bot_delay: float, extra: list[str]) -> Proc:
    port = free_port()
    return Proc(["serve", "--port", str(port), "--db", db, "--bot-delay", str(bot_delay),
                 *LIFTED, *(["--redis", redis] if redis else []), *extra], log, port)


@contextlib.contextmanager
def schema(database: str) -> Any:
    """A fresh PostgreSQL schema; its URL for ``--db``."""
    import psycopg

    name = f"kc_bench_{secrets.token_hex(4)}"
    with psycopg.connect(PG.format(db=database), autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
        try:
            yield (f"postgresql+psycopg://postgres@127.0.0.1:5432/{database}"
                   f"?options=-csearch_path%3D{name}")
        finally:
            conn.execute(f"DROP SCHEMA {name} CASCADE")


@contextlib.contextmanager
def redis_server(folder: Path) -> Any:
    port = free_port()
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        import redis

        client = redis.Redis(port=port)
        for _ in range(100):
            with contextlib.suppress(redis.ConnectionError):
                client.ping()
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.kill()
        proc.wait()


# --- part 1: act->state across processes, and on one process -------------------------------

class Load:
    def __init__(self, a: argparse.Namespace, scale: int = 1) -> None:
        self.a = a
        self.tables = a.tables * scale
        self.spectators = a.spectators * scale
        self.latencies: list[float] = []
        self.errors: list[dict[str, Any]] = []
        self.versions: dict[str, tuple[int, int]] = {}
        self.gaps = 0
        self.measure_from = self.stop_at = 0.0

    async def spectator(self, url: str, table: str) -> None:
        last = None
        async with connect(url, max_size=None) as ws:
            while time.monotonic() < self.stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.05, self.stop_at - time.monotonic()))
                except TimeoutError:
                    return
                msg = json.loads(raw)
                if msg.get("type") != "state":
                    continue
                v = msg["version"]
                if last is not None and not last <= v <= last + 1:
                    self.gaps += 1  # a version skipped or gone back: the relay failed
                last = v
                if time.monotonic() >= self.measure_from:
                    first, _ = self.versions.get(table, (v, v))
                    self.versions[table] = (first, v)

    async def run(self, ports: list[int]) -> None:
        a = self.a
        n = len(ports)
        tables: list[tuple[int, dict[str, Any]]] = []
        async with contextlib.AsyncExitStack() as stack:
            clients = [await stack.enter_async_context(
                httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=60)) for p in ports]
            for i in range(self.tables):
                owner = i % n
                seats = ([{"kind": "human", "name": f"load{i}s{k}"} for k in range(4)]
                         if a.humans_only else
                         [{"kind": "human", "name": f"load{i}"}] + [{"kind": "bot", "level": "random"}] * 3)
                # a seed fixes every hand: only for a table of one human (practice)
                body = {"game": "king", "seats": seats, **({} if a.humans_only else {"seed": i})}
                r = await clients[owner].post("/api/tables", json=body)
                r.raise_for_status()
                tables.append((owner, r.json()))
        # every process lists every table before play starts
        await asyncio.sleep(2 if n > 1 else 0)
        self.measure_from = time.monotonic() + a.warmup
        self.stop_at = self.measure_from + a.duration

        def measured(seconds: float) -> None:
            if time.monotonic() >= self.measure_from:
                self.latencies.append(seconds)

        tasks = []
        for i, (owner, t) in enumerate(tables):
            for k, seat in enumerate(t["seats"]):
                if seat["token"] is None:
                    continue
                # a process that does not own the table (n > 1): every act is forwarded
                port = ports[(owner + 1 + k % max(1, n - 1)) % n]
                tasks.append(scripted_seat(
                    f"ws://127.0.0.1:{port}/ws/tables/{t['id']}?token={seat['token']}",
                    random.Random(i * 4 + k), self.stop_at, a.think, measured, self.errors))
        for j in range(self.spectators):
            _, t = tables[j % len(tables)]
            port = ports[j % n]
            tasks.append(self.spectator(f"ws://127.0.0.1:{port}/ws/tables/{t['id']}", t["id"]))
        await asyncio.gather(*tasks)


def load_run(a: argparse.Namespace, processes: int, tmp: Path, scale: int = 1) -> dict[str, float]:
    with contextlib.ExitStack() as stack:
        db = stack.enter_context(schema(a.database))
        redis = stack.enter_context(redis_server(tmp)) if processes > 1 else None
        procs: list[Proc] = []
        stack.callback(lambda: [p.stop() for p in procs])
        extra = ["--bot-workers", str(a.bot_workers)]
        procs.append(serve(db, redis, tmp / f"p{processes}-0.log", a.bot_delay, extra))
        procs[0].wait_up()  # it migrates the schema
        procs += [serve(db, redis, tmp / f"p{processes}-{i}.log", a.bot_delay, extra)
                  for i in range(1, processes)]
        for p in procs:
            p.wait_up()
        load = Load(a, scale)
        spies = []
        if a.py_spy:  # a sampling profile of each server over the measured seconds
            folder = Path(a.logs or tmp)
            spies = [subprocess.Popen(
                [a.py_spy, "record", "--pid", str(p.proc.pid), "--format", "raw", "--nonblocking",
                 "--duration", str(int(a.warmup + a.duration + 2)), "--rate", "200",
                 "--output", str(folder / f"spy-{processes}p-x{scale}-{i}.txt")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i, p in enumerate(procs)]
        cpu0 = sum(p.cpu() for p in procs)
        wall0 = time.monotonic()
        asyncio.run(load.run([p.port for p in procs if p.port is not None]))
        wall = time.monotonic() - wall0
        cpu = (sum(p.cpu() for p in procs) - cpu0) / wall
        for spy in spies:
            with contextlib.suppress(subprocess.TimeoutExpired):
                spy.wait(30)
    lat = [x * 1000 for x in load.latencies]
    if a.humans_only:  # every action is a scripted human's, acknowledged in the window
        rate = len(lat) / a.duration
    else:
        rate = sum(last - first for first, last in load.versions.values()) / a.duration
    where = (f"{processes} processes (each act through a process that does not own its table)"
             if processes > 1 else "1 process (no Redis)")
    kind = "4 scripted humans" if a.humans_only else "1 scripted seat + 3 random bots"
    bots = "" if a.humans_only else " and their bots"
    print(f"\n[{where}] {load.tables} tables ({kind}), {load.spectators} "
          f"spectators, think {a.think}s, bot delay {a.bot_delay}s, {a.duration:.0f}s measured")
    print(f"  act->state ms   p50 {percentile(lat, 50):7.1f}   p99 {percentile(lat, 99):7.1f}   "
          f"max {max(lat, default=float('nan')):7.1f}   ({len(lat)} acts)")
    print(f"  actions/s       {rate:7.1f}   spectator gaps {load.gaps}   "
          f"errors {len(load.errors)}   CPU {cpu:.2f} cores (servers{bots})",
          flush=True)
    if load.errors:
        print("  first errors:", load.errors[:3])
    return {"p50": percentile(lat, 50), "p99": percentile(lat, 99), "rate": rate, "cpu": cpu}


def humans_only(a: argparse.Namespace, tmp: Path) -> None:
    """The issue's targets in one run: n processes against one at the same load, then at
    ``--scale`` times the load."""
    rows = []
    for scale in (1, a.scale):
        for repeat in range(a.repeats):
            many = load_run(a, a.processes, tmp, scale)
            one = load_run(a, 1, tmp, scale)
            rows.append((scale, repeat, many, one))
    print(f"\n  humans only, every act through a process that does not own its table "
          f"({a.processes} processes vs 1, same run):")
    print("  load  run   p50 n/1 (ms)      p99 n/1 (ms)     p99 ratio   actions/s n/1   CPU n/1")
    for scale, repeat, many, one in rows:
        print(f"  x{scale:<4d} {repeat + 1:<4d} {many['p50']:6.1f} / {one['p50']:6.1f}   "
              f"{many['p99']:7.1f} / {one['p99']:7.1f}   {many['p99'] / one['p99']:8.2f}   "
              f"{many['rate']:6.1f} / {one['rate']:6.1f}   {many['cpu']:.2f} / {one['cpu']:.2f}")
    same = [r for r in rows if r[0] == 1]
    more = [r for r in rows if r[0] == a.scale]
    worst = max(m["p99"] / o["p99"] for _, _, m, o in same)
    rates = min(m["rate"] / o["rate"] for _, _, m, o in same)
    print(f"  same load: p99 {a.processes} processes / 1 process at most {worst:.2f} "
          f"(target <= 1.5), actions/s ratio at least {rates:.2f} (target about 1)")
    if a.scale != 1:
        spread = ", ".join(f"{m['p99']:.0f}" for _, _, m, _ in more)
        alone = ", ".join(f"{o['p99']:.0f}" for _, _, _, o in more)
        print(f"  x{a.scale} load: p99 on {a.processes} processes {spread} ms (target < 150), "
              f"on 1 process {alone} ms")


# --- part 2: strong-bot tables that one bot worker per core sustains --------------------------

async def watch_rate(port: int, tables: list[str], seconds: float) -> list[float]:
    """Moves per second of each table over ``seconds`` (from one spectator each)."""
    counts = dict.fromkeys(tables, 0)
    stop_at = time.monotonic() + seconds

    async def one(table: str) -> None:
        first: int | None = None
        async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", max_size=None) as ws:
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.05, stop_at - time.monotonic()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg.get("type") == "state":
                    first = msg["version"] if first is None else first
                    counts[table] = msg["version"] - first

    await asyncio.gather(*(one(t) for t in tables))
    return [counts[t] / seconds for t in tables]


def local_decisions(port: int) -> int:
    workers = httpx.get(f"http://127.0.0.1:{port}/api/bot-pool", timeout=10).json()["workers"]
    return sum(int(w["decisions"]) for w in workers)


def bots_run(a: argparse.Namespace, tmp: Path) -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    pace = a.strong_pace
    with contextlib.ExitStack() as stack:
        db = stack.enter_context(schema(a.database))
        redis = stack.enter_context(redis_server(tmp))
        server = serve(db, redis, tmp / "bots-server.log", pace, ["--bot-workers", "1"])
        stack.callback(server.stop)
        server.wait_up()
        worker = Proc(["bot-worker", "--redis", redis, "--processes", str(cores)],
                      tmp / "bot-worker.log")
        stack.callback(worker.stop)
        time.sleep(3)  # its beat is in Redis
        assert server.port is not None
        print(f"\n[bot workers] one server (its own pool: 1 process) and one bot worker with "
              f"{cores} processes (one per core); strong King bots, {pace}s a move")
        tables: list[str] = []
        best = 0
        for target in a.strong_steps:
            for _ in range(target - len(tables)):
                r = httpx.post(f"http://127.0.0.1:{server.port}/api/tables", timeout=60,
                               json={"game": "king", "seats": [{"kind": "bot", "level": "strong"}] * 4})
                r.raise_for_status()
                tables.append(r.json()["id"])
            time.sleep(a.strong_warmup)
            local0, cpu0 = local_decisions(server.port), worker.cpu()
            rates = asyncio.run(watch_rate(server.port, tables, a.strong_window))
            local = local_decisions(server.port) - local0
            cpu = (worker.cpu() - cpu0) / a.strong_window
            moves = sum(rates) * a.strong_window
            share = local / moves if moves else 1.0
            kept = statistics.fmean(rates) * pace
            ok = kept >= 0.9 and share <= 0.05
            print(f"  {len(tables):3d} tables: {statistics.fmean(rates):5.2f} moves/s a table "
                  f"({kept:5.0%} of the pace; slowest {min(rates) * pace:4.0%}), "
                  f"{share:5.1%} decided by the server's own pool, worker CPU {cpu:.2f} cores"
                  f"   {'sustained' if ok else 'NOT sustained'}")
            if not ok:
                break
            best = len(tables)
        print(f"  => one bot worker with {cores} processes sustains {best} strong-bot tables "
              f"at {pace}s a move ({best / cores:.1f} a core)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--processes", type=int, default=3)
    p.add_argument("--tables", type=int, default=300)
    p.add_argument("--spectators", type=int, default=600)
    p.add_argument("--duration", type=float, default=30.0, help="seconds of play measured")
    p.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    p.add_argument("--think", type=float, default=2.0, help="mean pretend thinking of the "
                   "scripted seats, seconds (human pace; not timed)")
    p.add_argument("--bot-delay", type=float, default=2.0, help="the servers' --bot-delay")
    p.add_argument("--bot-workers", type=int, default=1, help="each server's --bot-workers")
    p.add_argument("--database", default="test", help="PostgreSQL database on 127.0.0.1:5432 "
                   "(user postgres; a schema of its own is made and dropped)")
    p.add_argument("--skip-load", action="store_true", help="part 2 only")
    p.add_argument("--skip-bots", action="store_true", help="part 1 only")
    p.add_argument("--strong-pace", type=float, default=2.0, help="seconds a strong bot's move "
                   "(human pace)")
    p.add_argument("--strong-steps", type=lambda s: [int(x) for x in s.split(",")],
                   default=[4, 8, 16, 24, 32, 48, 64, 96, 128],
                   help="numbers of strong-bot tables tried in turn (comma-separated)")
    p.add_argument("--strong-window", type=float, default=20.0, help="seconds measured a step")
    p.add_argument("--strong-warmup", type=float, default=5.0, help="seconds before each step")
    p.add_argument("--humans-only", action="store_true", help="tables of four scripted humans "
                   "(no bots), each seat's socket on a process that does not own its table: "
                   "n processes against one at the same load and at --scale times it (part 1 only)")
    p.add_argument("--scale", type=int, default=3, help="--humans-only: the heavier load, "
                   "this many times the tables and spectators")
    p.add_argument("--repeats", type=int, default=1, help="--humans-only: runs of each pair")
    p.add_argument("--py-spy", default=None, help="path of a py-spy binary: a raw profile of "
                   "each server while it is measured, in --logs")
    p.add_argument("--logs", default=None, help="folder for the processes' logs (default: a "
                   "temporary one)")
    a = p.parse_args()
    with contextlib.ExitStack() as stack:
        tmp = a.logs or stack.enter_context(tempfile.TemporaryDirectory())
        Path(tmp).mkdir(parents=True, exist_ok=True)
        if a.humans_only:
            humans_only(a, Path(tmp))
        elif not a.skip_load:
            many = load_run(a, a.processes, Path(tmp))
            one = load_run(a, 1, Path(tmp))
            print(f"\n  across {a.processes} processes vs one: p50 {many['p50']:.1f} vs "
                  f"{one['p50']:.1f} ms, p99 {many['p99']:.1f} vs {one['p99']:.1f} ms")
        if not a.skip_bots and not a.humans_only:
            bots_run(a, Path(tmp))


if __name__ == "__main__":
    main()
