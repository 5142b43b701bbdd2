"""No cross-site use of a session: a WebSocket handshake or a state-changing request whose
Origin is neither the server's own nor an allowed one is refused; programs that send no
Origin, and reads, are not. Also the failed-login limit per client address."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from .harness import LIFTED, Server, recv_until, run

FRIEND = "https://friend.example"
SEATS = [{"kind": "human", "name": "Ola"}, {"kind": "bot", "level": "random"}]


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("origin")
    s = Server(f"sqlite:///{tmp / 'origin.sqlite3'}", tmp / "server.log",
               args=(*LIFTED, "--allowed-origin", FRIEND, "--login-address-rate", "3/minute")).start()
    yield s
    s.stop()


def opens(server: Server, url: str, origin: str | None) -> int | None:
    """Opens a table socket with ``origin``: None if it got its state, else the HTTP status
    or close code that refused it."""
    async def go() -> int | None:
        try:
            async with connect(url, origin=origin) as ws:
                await recv_until(ws, lambda m: m["type"] == "state", timeout=10)
                return None
        except InvalidStatus as e:
            return e.response.status_code

    result: int | None = run(go())
    return result


@pytest.mark.slow
def test_a_foreign_origin_cannot_open_a_table_socket(guarded: Server) -> None:
    t = guarded.create("kukakoenig", SEATS)
    url = guarded.ws(t["id"], t["seats"][0]["token"])
    assert opens(guarded, url, "http://evil.example") == 403
    assert opens(guarded, guarded.ws(t["id"]), "null") == 403  # spectators too
    assert opens(guarded, url, f"http://127.0.0.1:{guarded.port}") is None  # its own pages
    assert opens(guarded, url, FRIEND) is None  # --allowed-origin
    assert opens(guarded, url, None) is None  # a program, not a browser


def test_a_foreign_origin_cannot_change_anything(guarded: Server) -> None:
    body = {"game": "kukakoenig", "seats": SEATS}
    before = len(guarded.get("/api/tables?limit=500").json())
    evil = {"Origin": "https://evil.example"}
    r = httpx.post(f"{guarded.http}/api/tables", json=body, headers=evil)
    assert r.status_code == 403 and "Origin" in r.json()["detail"]
    r = httpx.post(f"{guarded.http}/api/accounts", json={"name": "Mallory", "password": "x" * 10},
                   headers=evil)
    assert r.status_code == 403
    assert len(guarded.get("/api/tables?limit=500").json()) == before
    # same-origin pages, allowed origins and programs may; reads are never refused
    own = {"Origin": f"http://127.0.0.1:{guarded.port}"}
    assert httpx.post(f"{guarded.http}/api/tables", json=body, headers=own).status_code == 201
    assert httpx.post(f"{guarded.http}/api/tables", json=body,
                      headers={"Origin": FRIEND}).status_code == 201
    assert httpx.post(f"{guarded.http}/api/tables", json=body).status_code == 201
    assert httpx.get(f"{guarded.http}/api/tables", headers=evil).status_code == 200
    # another port of the same host is another origin
    r = httpx.post(f"{guarded.http}/api/tables", json=body,
                   headers={"Origin": f"http://127.0.0.1:{guarded.port + 1}"})
    assert r.status_code == 403


def test_failed_logins_are_limited_per_address(guarded: Server) -> None:
    for i in range(3):  # this server: 3 failures a minute per address
        r = guarded.post("/api/session", {"name": f"nobody{i}", "password": "whatever you like"})
        assert r.status_code == 401
    r = guarded.post("/api/session", {"name": "someone else", "password": "whatever you like"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert "address" in r.json()["detail"]
