"""Benchmark (not a test): a human's act→state latency while strong bots play at other tables.

Starts ``kingscourt serve --bot-delay 0`` (as ``server_load.py`` does), opens one King table of
four human seats played by this script (each acts a random legal action after ``--think``
seconds of pretend thinking, which is not timed) and measures act→state (from sending an
``act`` to receiving the resulting ``state``) in two phases of one run:

1. **no bot load**: only the human table plays;
2. **bot load**: ``--tables`` more King tables of four ``strong`` bots each play flat out
   (no bot delay) beside it; measured after ``--warmup`` seconds.

It prints p50, p99 and max of each phase, the bot tables' actions per second and the CPU of
the server and of its child processes (the bot workers). A finished game is replaced by a new
one. ``--compare DIR`` first runs the server of another checkout (e.g. the base commit:
``git archive BASE | tar -x -C DIR``), then this tree's.

    .venv/bin/python bench/bot_load.py                      # 4 strong tables, 30 s a phase
    .venv/bin/python bench/bot_load.py --compare /tmp/base  # the old server first
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from server_load import Running, percentile, scripted_seat
from websockets.asyncio.client import ClientConnection, connect


class Humans:
    """King tables of four scripted human seats, one after another; latencies by time."""

    def __init__(self, base: str, ws: str, think: float, stop_at: float) -> None:
        self.base = base
        self.ws = ws
        self.think = think
        self.stop_at = stop_at
        self.samples: list[tuple[float, float]] = []  # (when, act->state seconds)
        self.errors: list[dict[str, Any]] = []

    async def play(self) -> None:
        n = 0
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as http:
            while time.monotonic() < self.stop_at:
                seats = [{"kind": "human", "name": f"human{n}-{s}"} for s in range(4)]
                r = await http.post("/api/tables", json={"game": "king", "seats": seats})
                r.raise_for_status()
                t = r.json()
                await asyncio.gather(*(self.seat(f"{self.ws}/ws/tables/{t['id']}?token={s['token']}",
                                                 random.Random(n * 10 + s["seat"]))
                                       for s in t["seats"]))
                n += 1

    async def seat(self, url: str, rng: random.Random) -> None:
        await scripted_seat(url, rng, self.stop_at, self.think,
                            lambda seconds: self.samples.append((time.monotonic(), seconds)),
                            self.errors, leave_at_end=True)


async def strong_table(http: httpx.AsyncClient, ws: str, stop_at: float, played: list[int]) -> None:
    """One table of four strong bots after another; ``played`` counts their actions."""
    while time.monotonic() < stop_at:
        r = await http.post("/api/tables", json={"game": "king",
                                                 "seats": [{"kind": "bot", "level": "strong"}] * 4})
        r.raise_for_status()
        conn: ClientConnection
        async with connect(f"{ws}/ws/tables/{r.json()['id']}", max_size=None) as conn:
            last = None
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(conn.recv(), max(0.05, stop_at - time.monotonic()))
                except TimeoutError:
                    return
                msg = json.loads(raw)
                if last is not None and msg["version"] > last:
                    played[0] += msg["version"] - last
                last = msg["version"]
                if msg["view"]["over"]:
                    break


def summary(name: str, xs: list[float]) -> dict[str, float]:
    ms = [x * 1000 for x in xs]
    print(f"  {name:14} p50 {percentile(ms, 50):7.1f} ms   p99 {percentile(ms, 99):7.1f} ms   "
          f"max {max(ms, default=float('nan')):7.1f} ms   ({len(ms)} acts; mean "
          f"{statistics.fmean(ms) if ms else float('nan'):.1f})")
    return {f"{name} p50 ms": percentile(ms, 50), f"{name} p99 ms": percentile(ms, 99)}


def measure(a: argparse.Namespace, src: str | None) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        extra = ["--bot-workers", str(a.bot_workers)] if a.bot_workers else []
        server = Running(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", 0.0, src, extra,
                         Path(tmp) / "server.log")
        base, ws = f"http://127.0.0.1:{server.port}", f"ws://127.0.0.1:{server.port}"
        t0 = time.monotonic()
        quiet_from, quiet_to = t0 + 2.0, t0 + 2.0 + a.seconds
        load_from = quiet_to + a.warmup
        stop_at = load_from + a.seconds
        played = [0]
        cpu: dict[str, tuple[float, float]] = {}

        async def run() -> None:
            humans = Humans(base, ws, a.think, stop_at)
            task = asyncio.create_task(humans.play())
            await asyncio.sleep(quiet_from - time.monotonic())
            cpu["quiet0"] = server.cpu()
            await asyncio.sleep(quiet_to - time.monotonic())
            cpu["quiet1"] = server.cpu()
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                bots = [asyncio.create_task(strong_table(http, ws, stop_at, played))
                        for _ in range(a.tables)]
                await asyncio.sleep(load_from - time.monotonic())
                cpu["load0"] = server.cpu()
                before = played[0]
                await asyncio.sleep(stop_at - time.monotonic())
                cpu["load1"] = server.cpu()
                played[0] -= before
                await asyncio.gather(task, *bots)
            quiet = [x for t, x in humans.samples if quiet_from <= t < quiet_to]
            loaded = [x for t, x in humans.samples if load_from <= t < stop_at]
            print(f"[{src or 'this tree'}] one King table of 4 scripted humans (think {a.think}s); "
                  f"bot load: {a.tables} King tables of 4 strong bots, no bot delay; "
                  f"{a.seconds:.0f}s a phase")
            out.update(summary("no bot load", quiet))
            out.update(summary("bot load", loaded))
            out["bot actions/s"] = played[0] / a.seconds
            for phase, (c0, c1) in (("no bot load", (cpu["quiet0"], cpu["quiet1"])),
                                    ("bot load", (cpu["load0"], cpu["load1"]))):
                print(f"  {phase:14} server CPU {(c1[0] - c0[0]) / a.seconds:6.1%} of one core, "
                      f"its bot workers {(c1[1] - c0[1]) / a.seconds:6.1%}")
            print(f"  bot tables     {played[0] / a.seconds:.1f} actions/s   errors {len(humans.errors)}")

        out: dict[str, float] = {}
        try:
            asyncio.run(run())
        finally:
            server.stop()
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=4, help="King tables of four strong bots")
    p.add_argument("--seconds", type=float, default=30.0, help="seconds measured in each phase")
    p.add_argument("--warmup", type=float, default=3.0, help="seconds of bot load before measuring")
    p.add_argument("--think", type=float, default=0.05, help="mean pretend thinking of the "
                   "scripted humans, seconds (not timed)")
    p.add_argument("--bot-workers", type=int, default=None, help="the server's --bot-workers")
    p.add_argument("--compare", metavar="DIR", default=None, help="first run the server from DIR "
                   "(another checkout), then this tree's")
    a = p.parse_args()
    if a.compare and a.bot_workers:
        p.error("--bot-workers cannot be combined with --compare (the other server may not know it)")
    results = [(a.compare, measure(a, a.compare))] if a.compare else []
    results.append((None, measure(a, None)))
    if a.compare:
        (_, b), (_, x) = results
        print(f"\n{'':22}{'before':>10}{'after':>10}")
        for k in b:
            print(f"{k:22}{b[k]:10.1f}{x[k]:10.1f}")


if __name__ == "__main__":
    main()
