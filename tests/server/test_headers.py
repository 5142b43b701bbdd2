"""Security headers on every kind of response (page, JSON, static file, 404, 405, 422, the
Origin check's 403, the Host check's 400), /docs with a policy of its own, and the Host
check: a loopback server answers to its loopback names only, ``--allowed-host`` names
others, a server on every interface answers to any."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp

from kingscourt.server.base.headers import (
    SecurityHeaders,
    allows,
    default_hosts,
    host_settings,
    policy,
)

from .harness import LIFTED, Server, free_port, run

SEATS = [{"kind": "human", "name": "Ola"}, {"kind": "bot", "level": "random"}]
FIXED = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
}


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("headers")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log").start()
    yield s
    s.stop()


def check_headers(r: httpx.Response, host: str) -> None:
    for name, value in FIXED.items():
        assert r.headers.get(name) == value, (r.request.url, name, r.headers)
    assert "camera=()" in r.headers["permissions-policy"]
    csp = r.headers["content-security-policy"]
    for part in ("default-src 'self'", "script-src 'self'", "frame-ancestors 'none'",
                 "object-src 'none'", "base-uri 'none'", "form-action 'self'",
                 f"connect-src 'self' ws://{host} wss://{host}"):
        assert part in csp, (r.request.url, part, csp)
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, csp


def test_every_kind_of_response_carries_the_headers(plain: Server) -> None:
    host = f"127.0.0.1:{plain.port}"
    t = plain.create("kukakoenig", SEATS)
    with httpx.Client(base_url=plain.http, timeout=10) as c:
        answers = {
            "page": c.get("/"),
            "json": c.get("/api/games"),
            "table": c.get(f"/api/tables/{t['id']}"),
            "module": c.get("/web/js/app.js"),
            "style": c.get("/web/css/app.css"),
            "static": c.get("/static/index.html"),
            "schema": c.get("/openapi.json"),
            "404": c.get("/api/no-such-thing"),
            "404-file": c.get("/web/js/no-such.js"),
            "405": c.delete("/api/games"),
            "422": c.post("/api/tables", json={"game": "king"}),
            "403-origin": c.post("/api/tables", json={"game": "king", "seats": SEATS},
                                 headers={"Origin": "https://evil.example"}),
            "400-host": c.get("/api/games", headers={"Host": "evil.example"}),
        }
    expected = {"404": 404, "404-file": 404, "405": 405, "422": 422, "403-origin": 403,
                "400-host": 400}
    for kind, r in answers.items():
        assert r.status_code == expected.get(kind, 200), (kind, r.status_code, r.text[:200])
        check_headers(r, "evil.example" if kind == "400-host" else host)


def handshake(server: Server, path: str, host: str) -> httpx.Response:
    """A WebSocket handshake with this Host (websockets' client would add a second one)."""
    return httpx.get(f"{server.http}{path}", timeout=10, headers={
        "Host": host, "Upgrade": "websocket", "Connection": "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"})


def test_a_websocket_refused_with_a_body_carries_them(plain: Server) -> None:
    r = handshake(plain, "/ws/tables/any", "evil.example")
    assert r.status_code == 400 and "--allowed-host" in r.json()["detail"], r.text
    check_headers(r, "evil.example")


def test_the_api_page_has_a_policy_of_its_own(plain: Server) -> None:
    r = plain.get("/docs")
    assert r.status_code == 200 and "swagger-ui" in r.text
    csp = r.headers["content-security-policy"]
    # the Swagger UI's CDN and its one inline script, by hash; never any inline script
    assert "script-src https://cdn.jsdelivr.net 'sha256-" in csp, csp
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp and r.headers["x-frame-options"] == "DENY"
    assert plain.get("/redoc").status_code == 404
    assert plain.get("/openapi.json").status_code == 200


# --- the Host check ---------------------------------------------------------------------------

def test_a_loopback_server_answers_to_its_loopback_names_only(plain: Server) -> None:
    port = plain.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "LOCALHOST",
                 f"localhost.:{port}"):
        r = plain.get("/api/games", headers={"Host": host})
        assert r.status_code == 200, (host, r.text)
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.2", "localhost.evil.example",
                 "a b", "x" * 300):
        r = plain.get("/api/games", headers={"Host": host})
        assert r.status_code == 400, (host, r.text)
        detail = r.json()["detail"]
        assert "--allowed-host" in detail and "localhost" in detail, detail
    # a rebound name cannot open a table's socket either
    t = plain.create("kukakoenig", SEATS)
    assert handshake(plain, f"/ws/tables/{t['id']}", "evil.example").status_code == 400
    assert handshake(plain, f"/ws/tables/{t['id']}", f"localhost:{port}").status_code == 101
    # nor can a second Host header carry it past the check, on a request or a handshake
    upgrade = (b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
               b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
    for path, extra in (("/api/games", b""), (f"/ws/tables/{t['id']}", upgrade)):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            raw.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n".encode()
                        + b"Host: evil.example\r\n" + extra + b"\r\n")
            status = raw.recv(4096).split(b"\r\n")[0]
        assert status.split()[1] == b"400", (path, status)


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("named")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log",
               args=(*LIFTED, "--allowed-host", "kings.example",
                     "--allowed-host", ".games.example,127.0.0.1")).start()
    yield s
    s.stop()


def test_allowed_hosts_are_the_ones_named(named: Server) -> None:
    for host, status in (("kings.example", 200), ("KINGS.example:443", 200),
                         ("games.example", 200), ("a.games.example", 200),
                         (f"127.0.0.1:{named.port}", 200), ("localhost", 400),
                         ("www.kings.example", 400), ("evilgames.example", 400)):
        r = named.get("/api/games", headers={"Host": host})
        assert r.status_code == status, (host, r.text)


def test_a_server_on_every_interface_answers_to_any_host(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    s = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log",
               options=("--host", "0.0.0.0"))
    s.start()
    try:
        assert s.get("/api/games", headers={"Host": "my-machine.lan:8080"}).status_code == 200
        assert s.get("/api/games", headers={"Host": "192.168.1.5"}).status_code == 200
    finally:
        s.stop()
    # ... unless told otherwise (here through the environment)
    monkeypatch.setenv("KINGSCOURT_ALLOWED_HOSTS", "my-machine.lan, 127.0.0.1")
    s = Server(f"sqlite:///{tmp_path / 'db2.sqlite3'}", tmp_path / "server2.log",
               options=("--host", "0.0.0.0"))
    s.start()
    try:
        assert s.get("/api/games", headers={"Host": "my-machine.lan:8080"}).status_code == 200
        assert s.get("/api/games", headers={"Host": "192.168.1.5"}).status_code == 400
    finally:
        s.stop()


def test_the_default_hosts() -> None:
    assert default_hosts("127.0.0.1", ()) == ("localhost", "127.0.0.1", "::1")
    assert default_hosts("::1", ["https://kings.example.com"]) == (
        "localhost", "127.0.0.1", "::1", "kings.example.com")
    assert default_hosts("127.0.0.5", ()) == ("localhost", "127.0.0.1", "::1", "127.0.0.5")
    for everywhere in ("0.0.0.0", "::", "", "192.168.1.5", "my-machine"):
        assert default_hosts(everywhere, ()) == ("*",)
    assert allows("[::1]:8000", ("::1",)) and not allows("[::2]:8000", ("::1",))
    assert host_settings(["a.example,b.example", " c.example "]) == (
        "a.example", "b.example", "c.example")


def test_the_policy_names_only_a_well_formed_host() -> None:
    assert "ws://kings.example:8000 wss://kings.example:8000" in policy("kings.example:8000")
    for bad in ("evil; script-src *", "a b", None):
        assert "connect-src 'self';" in policy(bad), bad


def test_bad_settings_are_refused_at_start(tmp_path: Path) -> None:
    for flag, value in (("--allowed-host", "https://kings.example"),
                        ("--trusted-proxy", "proxy.example")):
        done = subprocess.run([sys.executable, "-c", "from kingscourt.cli import main; main()",
                               "serve", "--port", str(free_port()), "--db",
                               f"sqlite:///{tmp_path / 'db.sqlite3'}", flag, value],
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 2, done
        assert flag in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_an_error_page_carries_them_too() -> None:
    """The headers wrap Starlette's own error handling (as create_app builds it): its 500
    has them."""
    async def boom(request: Request) -> Response:
        raise RuntimeError("a bug")

    class App(Starlette):
        def build_middleware_stack(self) -> ASGIApp:
            return SecurityHeaders(super().build_middleware_stack())

    async def get() -> httpx.Response:
        transport = httpx.ASGITransport(app=App(routes=[Route("/boom", boom)]),
                                        raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://kings.example") as c:
            return await c.get("/boom")

    r = run(get())
    assert r.status_code == 500
    check_headers(r, "kings.example")
