"""https in front of one server: Debian's nginx with ``deploy/nginx.conf`` and Debian's Caddy
with ``deploy/Caddyfile``, each run as shipped but for its ports, its upstream and (nginx) the
certificate's paths. Through each: the page, a table created with the proxy's Origin (and a
body over 64 KiB refused), a table's socket over wss, a Secure session cookie (the proxy's
X-Forwarded-Proto), and a client that cannot pick its own address with ``X-Forwarded-For``
(the per-address login limit counts the real one, which the server believes from the proxy
alone: ``--trusted-proxy 127.0.0.1``; clients on 127.0.0.2 and 127.0.0.3 are two clients).
nginx also without ``proxy_set_header Host``: 403 for the proxy's own pages, and
``--allowed-origin`` lets the public name's pages in. Each proxy skips, saying so, where it is
not installed."""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.server.harness import LIFTED, Child, Server, act, free_port, recv, recv_until, run

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
#: the public name in the shipped files; the server also allows it (--allowed-origin)
PUBLIC = "https://kings.example.com"
SEATS = [{"kind": "human", "name": "Ola"}, {"kind": "bot", "level": "random"}]
#: failed logins one address may make a minute on the servers here
LOGINS = 3


def replace(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced, which must be there (the shipped file changed shape)."""
    assert old in text, f"{old!r} is no longer in the shipped file"
    return text.replace(old, new)


def binary(name: str, *fallbacks: str) -> str:
    found = shutil.which(name) or next((f for f in fallbacks if Path(f).exists()), None)
    if found is None:
        pytest.skip(f"{name} is not installed (apt-get install {name})")
    return found


class Proxy(Child):
    """A proxy in a subprocess, serving https on 127.0.0.1:``port`` in front of ``upstream``;
    ``trust`` is the CA file its certificate verifies with."""

    kind = ""
    log: Path
    trust: Path

    def __init__(self, upstream: int, folder: Path) -> None:
        self.upstream = upstream
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def origin(self) -> str:
        """The origin of the pages served through it (what a browser sends as Origin)."""
        return f"https://127.0.0.1:{self.port}"

    def ws(self, table: str, token: str | None = None) -> str:
        return f"wss://127.0.0.1:{self.port}/ws/tables/{table}" + (f"?token={token}" if token else "")

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.trust))

    def client(self, source: str | None = None) -> httpx.Client:
        """A client of the proxy; ``source``: the loopback address it connects from."""
        transport = httpx.HTTPTransport(local_address=source, verify=self.tls()) if source else None
        return httpx.Client(base_url=self.origin, verify=self.tls(), timeout=10,
                            transport=transport)

    def command(self) -> tuple[list[str], dict[str, str]]:
        raise NotImplementedError

    def start(self) -> Proxy:
        args, env = self.command()
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, **env})
        deadline = time.monotonic() + 30
        while True:
            if self.trust.exists():
                try:
                    with self.client() as c:
                        if c.get("/api/games").status_code == 200:
                            return self
                except (httpx.HTTPError, ssl.SSLError):
                    pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{self.kind} did not start: {self.log.read_text()[-3000:]}")
            time.sleep(0.1)


class Nginx(Proxy):
    """nginx with the shipped site file in a main file of its own (pid, logs and temporary
    files in ``folder``); its certificate is a self-signed one for 127.0.0.1. ``edit`` changes
    the site file further (a variant)."""

    kind = "nginx"

    def __init__(self, upstream: int, folder: Path, edit: Any = None) -> None:
        super().__init__(upstream, folder)
        self.http_port = free_port()
        self.log = folder / "nginx.log"
        self.trust = folder / "cert.pem"
        key = folder / "key.pem"
        if not self.trust.exists():
            subprocess.run([binary("openssl"), "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                            "-keyout", str(key), "-out", str(self.trust), "-days", "2",
                            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                           check=True, capture_output=True)
        site = (DEPLOY / "nginx.conf").read_text()
        site = replace(site, "proxy_pass http://127.0.0.1:8000;",
                       f"proxy_pass http://127.0.0.1:{upstream};")
        site = replace(site, "listen 80;", f"listen 127.0.0.1:{self.http_port};")
        site = replace(site, "listen 443 ssl", f"listen 127.0.0.1:{self.port} ssl")
        site = re.sub(r"\n *listen \[::\]:\d+[^;]*;", "", site)  # IPv6 may be missing here
        site = replace(site, "/etc/letsencrypt/live/kings.example.com/fullchain.pem",
                       str(self.trust))
        site = replace(site, "/etc/letsencrypt/live/kings.example.com/privkey.pem", str(key))
        if edit is not None:
            site = edit(site)
        (folder / "site.conf").write_text(site)
        temp = "\n".join(f"    {kind}_temp_path {folder / kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        # as root, workers would run as nobody, who may not enter the test's folder
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.config = folder / "nginx.conf"
        self.config.write_text(
            f"daemon off;\n{user}worker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {self.log} info;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n    access_log off;\n{temp}\n    include {folder / 'site.conf'};\n}}\n")

    def command(self) -> tuple[list[str], dict[str, str]]:
        return [binary("nginx", "/usr/sbin/nginx"), "-p", str(self.folder), "-e", str(self.log),
                "-c", str(self.config)], {}


class Caddy(Proxy):
    """Caddy with the shipped Caddyfile under global options of the test's: its site address
    is https://127.0.0.1:port, whose certificate comes from Caddy's own local CA (offline;
    not installed in the system's trust store), with its data and config in ``folder``."""

    kind = "caddy"

    def __init__(self, upstream: int, folder: Path) -> None:
        super().__init__(upstream, folder)
        self.log = folder / "caddy.log"
        data = folder / "data"
        self.trust = data / "pki" / "authorities" / "local" / "root.crt"
        text = (DEPLOY / "Caddyfile").read_text()
        text = replace(text, "\nkings.example.com {", f"\nhttps://127.0.0.1:{self.port} {{")
        text = replace(text, "reverse_proxy 127.0.0.1:8000", f"reverse_proxy 127.0.0.1:{upstream}")
        options = (f"{{\n\tadmin off\n\tskip_install_trust\n\tlocal_certs\n"
                   f"\thttp_port {free_port()}\n\thttps_port {self.port}\n"
                   f"\tauto_https disable_redirects\n\tstorage file_system {data}\n}}\n\n")
        self.config = folder / "Caddyfile"
        self.config.write_text(options + text)

    def command(self) -> tuple[list[str], dict[str, str]]:
        home = str(self.folder)
        return ([binary("caddy", "/usr/bin/caddy"), "run", "--adapter", "caddyfile",
                 "--config", str(self.config)],
                {"HOME": home, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home})


PROXIES: dict[str, type[Proxy]] = {"nginx": Nginx, "caddy": Caddy}


@pytest.fixture(scope="module", params=sorted(PROXIES))
def proxied(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Proxy, Server]]:
    """A server of its own (its login limit counts per address) behind one proxy."""
    kind: str = request.param
    binary(kind, f"/usr/sbin/{kind}", f"/usr/bin/{kind}")
    tmp = tmp_path_factory.mktemp(kind)
    server = Server(f"sqlite:///{tmp / 'kingscourt.sqlite3'}", tmp / "server.log",
                    args=(*LIFTED, "--login-address-rate", f"{LOGINS}/minute",
                          "--allowed-origin", PUBLIC, "--trusted-proxy", "127.0.0.1")).start()
    proxy = PROXIES[kind](server.port, tmp)
    try:
        proxy.start()
        yield proxy, server
    finally:
        proxy.stop()
        server.stop()


def test_the_page(proxied: tuple[Proxy, Server]) -> None:
    proxy, _ = proxied
    with proxy.client() as c:
        r = c.get("/")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert "<html" in r.text.lower()
        assert c.get("/api/games").json()
    if isinstance(proxy, Nginx):  # plain http only sends browsers to https
        r = httpx.get(f"http://127.0.0.1:{proxy.http_port}/api/games?x=1", timeout=10)
        assert r.status_code == 301 and r.headers["location"] == "https://127.0.0.1/api/games?x=1"


def test_a_table_is_created_from_the_proxys_pages(proxied: tuple[Proxy, Server]) -> None:
    proxy, _ = proxied
    body = {"game": "kukakoenig", "seats": SEATS}
    with proxy.client() as c:
        r = c.post("/api/tables", json=body, headers={"Origin": proxy.origin})
        assert r.status_code == 201, r.text
        assert c.get(f"/api/tables/{r.json()['id']}").status_code == 200
        # the check still works through the proxy: another site's page is refused
        r = c.post("/api/tables", json=body, headers={"Origin": "https://evil.example"})
        assert r.status_code == 403 and "Origin" in r.json()["detail"]
        # a body of the server's --http-max-bytes (64 KiB) reaches it (which finds it is not
        # JSON), a larger one is refused: by nginx itself, by the server behind Caddy
        json_type = {"Origin": proxy.origin, "content-type": "application/json"}
        r = c.post("/api/tables", content=b"x" * 65536, headers=json_type)
        assert r.status_code == 422 and "detail" in r.json(), r.text
        for _ in range(3):
            r = c.post("/api/tables", content=b"x" * 65537, headers=json_type)
            assert r.status_code == 413, r.text
            # the server's own 413 says "Content Too Large"
            assert ("Content Too Large" in r.text) == isinstance(proxy, Caddy), r.text


def test_a_table_socket_over_wss(proxied: tuple[Proxy, Server]) -> None:
    proxy, _ = proxied
    with proxy.client() as c:
        r = c.post("/api/tables", json={"game": "kukakoenig", "seats": SEATS},
                   headers={"Origin": proxy.origin})
    assert r.status_code == 201, r.text
    t = r.json()

    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        async with connect(proxy.ws(t["id"], t["seats"][0]["token"]), ssl=proxy.tls(),
                           origin=proxy.origin) as ws:  # type: ignore[arg-type]
            first = await recv(ws, 20)
            state = first if first["type"] == "state" else await recv_until(
                ws, lambda m: m["type"] == "state", timeout=20)
            if not state["view"]["legal"]:  # the bot acts first: wait for our turn
                state = await recv_until(ws, lambda m: m["type"] == "state"
                                         and bool(m["view"]["legal"]), timeout=20)
            await ws.send(act(state["view"]["legal"][0], state["version"]))
            after = await recv_until(ws, lambda m: m["type"] in ("state", "error"), timeout=20)
            return first, after

    first, after = run(go())
    assert first["type"] == "state", first
    assert after["type"] == "state" and after["version"] > first["version"], after


def test_the_session_cookie_is_secure_over_https(proxied: tuple[Proxy, Server]) -> None:
    proxy, server = proxied
    account = {"name": f"Host{proxy.kind}", "password": "long enough password"}
    with proxy.client() as c:
        own = {"Origin": proxy.origin}
        assert c.post("/api/accounts", json=account, headers=own).status_code == 201
        r = c.post("/api/session", json=account, headers=own)
        assert r.status_code in (200, 204), r.text
        assert "secure" in r.headers["set-cookie"].lower()  # X-Forwarded-Proto: https
        assert c.get("/api/me").json()["name"] == account["name"]
    # the same server over plain http, without the proxy: not Secure
    r = server.post("/api/session", account)
    assert "secure" not in r.headers["set-cookie"].lower()


def test_a_client_cannot_pick_its_address(proxied: tuple[Proxy, Server]) -> None:
    """Every failed login through the proxy counts for this client's real address (127.0.0.2),
    whatever X-Forwarded-For it sent: the proxy sets the header, it does not pass the client's
    on. Another client (127.0.0.3) has failures of its own, and the header sent straight to
    the server (not a trusted proxy's) is not believed either."""
    proxy, server = proxied
    wrong = {"name": "nobody", "password": "wrong password"}
    with proxy.client("127.0.0.2") as c:
        for i in range(LOGINS):
            r = c.post("/api/session", json={"name": f"nobody{i}", "password": "wrong password"},
                       headers={"X-Forwarded-For": f"6.6.6.{i}"})
            assert r.status_code == 401, r.text
        r = c.post("/api/session", json={"name": "nobody else", "password": "wrong password"},
                   headers={"X-Forwarded-For": "6.6.6.6"})
        assert r.status_code == 429 and "address" in r.json()["detail"], r.text
    with proxy.client("127.0.0.3") as c:  # behind the same proxy, another client
        r = c.post("/api/session", json=wrong, headers={"X-Forwarded-For": "127.0.0.2"})
        assert r.status_code == 401, r.text
    # straight to the server, 127.0.0.2 is itself whatever it says
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=10) as c:
        r = c.post(f"{server.http}/api/session", json=wrong,
                   headers={"X-Forwarded-For": "6.6.6.7"})
        assert r.status_code == 429, r.text


@pytest.mark.parametrize("proxied", ["nginx"], indirect=True)  # Caddy passes Host through
def test_nginx_rewriting_host_needs_allowed_origin(proxied: tuple[Proxy, Server]) -> None:
    """Without ``proxy_set_header Host`` nginx sends the upstream's address as Host: the pages'
    own Origin no longer matches it (403), and only ``--allowed-origin`` (here the public
    name's) lets pages in."""
    proxy, server = proxied
    assert isinstance(proxy, Nginx)
    folder = proxy.folder / "rewriting"
    folder.mkdir(exist_ok=True)
    shutil.copy(proxy.trust, folder / "cert.pem")
    shutil.copy(proxy.folder / "key.pem", folder / "key.pem")
    rewriting = Nginx(server.port, folder, edit=lambda site: replace(
        site, "proxy_set_header Host $http_host;", ""))
    rewriting.start()
    try:
        body = {"game": "kukakoenig", "seats": SEATS}
        with rewriting.client() as c:
            r = c.post("/api/tables", json=body, headers={"Origin": rewriting.origin})
            assert r.status_code == 403, r.text
            r = c.post("/api/tables", json=body, headers={"Origin": PUBLIC})
            assert r.status_code == 201, r.text
        t = r.json()

        async def opens(origin: str) -> int | None:
            try:
                async with connect(rewriting.ws(t["id"]), ssl=rewriting.tls(),
                                   origin=origin) as ws:  # type: ignore[arg-type]
                    await recv_until(ws, lambda m: m["type"] == "state", timeout=20)
                    return None
            except InvalidStatus as e:
                return e.response.status_code

        assert run(opens(rewriting.origin)) == 403
        assert run(opens(PUBLIC)) is None
    finally:
        rewriting.stop()
