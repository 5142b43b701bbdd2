"""The client's files served like a site's: gzip for text, ``ETag`` with ``Cache-Control:
no-cache`` and a 304 on ``If-None-Match``; the JSON API compressed too; a guest's ``/api/me``
is 200 with no account. One real server (SQLite)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("caching")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log").start()
    yield s
    s.stop()


@pytest.mark.parametrize("path", ["/", "/web/js/lobby.js", "/web/css/app.css",
                                  "/games/uchokrola/board.js"])
def test_client_files_revalidate_with_etag(server: Server, path: str) -> None:
    with httpx.Client(base_url=server.http) as c:
        first = c.get(path, headers={"accept-encoding": "gzip"})
        assert first.status_code == 200, path
        assert first.headers["cache-control"] == "no-cache"
        assert first.headers["content-encoding"] == "gzip"
        etag = first.headers["etag"]
        again = c.get(path, headers={"if-none-match": etag, "accept-encoding": "gzip"})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag and again.headers["cache-control"] == "no-cache"
        other = c.get(path, headers={"if-none-match": '"not-this-one"'})
        assert other.status_code == 200 and other.content == first.content


def test_gzip_text_not_small_answers(server: Server) -> None:
    with httpx.Client(base_url=server.http) as c:
        raw = c.get("/web/js/lobby.js", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in raw.headers
        packed = c.get("/web/js/lobby.js", headers={"accept-encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip"
        assert int(packed.headers["content-length"]) < len(raw.content) / 2
        assert packed.content == raw.content  # httpx unpacks it
        games = c.get("/api/games", headers={"accept-encoding": "gzip"})
        assert games.headers["content-encoding"] == "gzip"
        assert "no-cache" not in games.headers.get("cache-control", "")  # not a client file


def test_guest_me_is_no_error(server: Server) -> None:
    r = httpx.get(f"{server.http}/api/me")
    assert r.status_code == 200 and r.json() == {"account": None}
