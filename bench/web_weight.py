"""Benchmark (not a test): what a guest's first and second visit of the lobby weigh.

Starts ``kingscourt serve`` on a free port (a fresh SQLite file), reads the start page, the
style sheets and modules it names (its ``Link: modulepreload`` header: every shared module and
every game's), the games' style sheets and the lobby's first API answers (``/api/me``,
``/api/games``, ``/api/tables``, the catalogue), and prints per kind of file the number of
requests and the bytes sent: uncompressed (the reference, ``Accept-Encoding: identity``) and
gzipped, with their ratio; then the second visit, every file asked again with its ``ETag``
(``If-None-Match``): how many answer 304 and the bytes sent.

    .venv/bin/python bench/web_weight.py
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.harness import Server

API = ["/api/me", "/api/games", "/api/tables?limit=100", "/api/i18n/en"]


def addresses(client: httpx.Client) -> list[str]:
    page = client.get("/", headers={"accept-encoding": "identity"})
    found = ["/"]
    found += re.findall(r'href="(/web/css/[^"]+)"', page.text)
    found += re.findall(r"<([^>]+)>; rel=modulepreload", page.headers.get("link", ""))
    found += [f"/games/{g}/board.css" for g in ("king", "kukakoenig", "uchokrola")]
    return found + API


def kind(path: str) -> str:
    if path.startswith("/api/"):
        return "api"
    return "html" if path == "/" else path.rsplit(".", 1)[-1]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/db.sqlite3", Path(tmp) / "server.log").start()
        try:
            with httpx.Client(base_url=server.http, timeout=10) as c:
                paths = addresses(c)
                rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
                tags: dict[str, str] = {}
                began = time.perf_counter()
                for path in paths:
                    plain = c.get(path, headers={"accept-encoding": "identity"})
                    packed = c.get(path, headers={"accept-encoding": "gzip"})
                    sent = int(packed.headers.get("content-length", len(packed.content)))
                    row = rows[kind(path)]
                    row[0] += 1
                    row[1] += len(plain.content)
                    row[2] += sent if packed.headers.get("content-encoding") == "gzip" else len(plain.content)
                    if "etag" in packed.headers:
                        tags[path] = packed.headers["etag"]
                first = time.perf_counter() - began
                again = [c.get(p, headers={"if-none-match": tags[p], "accept-encoding": "gzip"})
                         for p in paths if p in tags]
        finally:
            server.stop()
    print(f"{'kind':6} {'requests':>8} {'identity B':>11} {'gzip B':>9} {'ratio':>6}")
    total = [0, 0, 0]
    for name, (n, plain, packed, *_rest) in sorted(rows.items()):
        total = [total[0] + n, total[1] + plain, total[2] + packed]
        print(f"{name:6} {n:8} {plain:11} {packed:9} {packed / plain:6.2f}")
    print(f"{'all':6} {total[0]:8} {total[1]:11} {total[2]:9} {total[2] / total[1]:6.2f}")
    unchanged = sum(1 for r in again if r.status_code == 304)
    body = sum(len(r.content) for r in again)
    print(f"second visit: {len(again)} files asked again with their ETag, {unchanged} answered 304, "
          f"{body} bytes of body sent (first visit, gzip: {total[2]} bytes; "
          f"ratio {body / max(total[2], 1):.3f}); first visit read in {first:.2f} s (both forms)")


if __name__ == "__main__":
    main()
