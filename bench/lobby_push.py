"""Benchmark (not a test): how soon an open lobby hears of a table created by another client.

One process (a fresh SQLite file), and with ``--cluster`` two processes on one PostgreSQL
schema and a redis-server of their own (the lobby open on the second, the tables created
through the first). For ``--tables N`` tables created one after the other: the time from
sending ``POST /api/tables`` to the lobby's push, its median, p95 and max in ms, beside the
reference measured in the same run: the ``POST`` itself (the answer's round trip), as a ratio.

    .venv/bin/python bench/lobby_push.py [--tables 30] [--cluster]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.harness import PG_DSN, Server

SEATS = [{"kind": "human", "name": "Ola"}, {"kind": "human"}, {"kind": "bot", "level": "random"},
         {"kind": "bot", "level": "random"}]


async def measure(maker: Server, lobby: Server, n: int) -> tuple[list[float], list[float]]:
    pushes, posts = [], []
    async with connect(f"ws://127.0.0.1:{lobby.port}/ws/lobby") as ws, \
            httpx.AsyncClient(base_url=maker.http, timeout=10) as c:
        await asyncio.sleep(0.5)
        for _ in range(n):
            # the watch of the tables says the last change again within half a second: heard
            # and dropped first, so that each measure starts from a quiet lobby
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 0.8)
            except TimeoutError:
                pass
            began = time.perf_counter()
            post = asyncio.create_task(c.post("/api/tables", json={"game": "king", "seats": SEATS}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if "tables" in msg["what"]:
                    break
            pushes.append(time.perf_counter() - began)
            r = await post
            assert r.status_code == 201, r.text
            posts.append(r.elapsed.total_seconds())
    return pushes, posts


def report(label: str, pushes: list[float], posts: list[float]) -> None:
    ms = sorted(x * 1000 for x in pushes)
    ref = statistics.median(posts) * 1000
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    median = statistics.median(ms)
    print(f"{label}: push median {median:.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms over "
          f"{len(ms)} tables; reference POST median {ref:.0f} ms (ratio {median / ref:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--cluster", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        one = Server(f"sqlite:///{tmp}/db.sqlite3", Path(tmp) / "one.log").start()
        try:
            report("one process", *asyncio.run(measure(one, one, args.tables)))
        finally:
            one.stop()
        if not args.cluster:
            return
        import psycopg

        from tests.cluster.conftest import RedisServer

        redis = RedisServer(Path(tmp)).start()
        schema = f"kc_bench_{secrets.token_hex(4)}"
        conn = psycopg.connect(PG_DSN, autocommit=True)
        conn.execute(f"CREATE SCHEMA {schema}")
        url = f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
        servers = []
        try:
            for i in range(2):
                servers.append(Server(url, Path(tmp) / f"s{i}.log", options=("--redis", redis.url)).start())
            report("two processes", *asyncio.run(measure(servers[0], servers[1], args.tables)))
        finally:
            for s in servers:
                s.stop()
            redis.stop()
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
            conn.close()


if __name__ == "__main__":
    main()
