"""Client addresses: a client cannot pick its own with ``X-Forwarded-For`` or ``Forwarded``.
Straight to the server (no ``--trusted-proxy``) the headers change nothing; behind a trusted
proxy only the entry the proxy appended counts, never what the client wrote left of it; a
peer that is not a trusted proxy is its own address whatever it sends. Clients on different
loopback addresses (127.0.0.2, 127.0.0.3) are different clients. The walk over a forwarded
chain is also checked as a function."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from kingscourt.server.base.addresses import Trusted, forwarded_for, proxy_settings

from .harness import Server

#: four human seats: nobody plays, so the table stays open
HUMANS = [{"kind": "human"}] * 4
TABLE = {"game": "king", "seats": HUMANS}
#: failed logins one address may make a minute on the servers here
LOGINS = 3
LIMITS = ("--login-address-rate", f"{LOGINS}/minute", "--register-rate", "1000/second")


def client(source: str = "127.0.0.1") -> httpx.Client:
    """An HTTP client whose connections come from ``source`` (any 127.x.y.z is this machine)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=10)


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits and no trusted proxy."""
    tmp: Path = tmp_path_factory.mktemp("direct")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log", args=LIMITS).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that trusts 127.0.0.1 as its proxy (the tests play the proxy's part)."""
    tmp: Path = tmp_path_factory.mktemp("proxied")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log",
               args=(*LIMITS, "--trusted-proxy", "127.0.0.1")).start()
    yield s
    s.stop()


def create_all(server: Server, c: httpx.Client, headers: list[dict[str, str]]) -> list[int]:
    return [c.post(f"{server.http}/api/tables", json=TABLE, headers=h).status_code
            for h in headers]


def test_forged_forwarded_headers_do_not_change_the_address(direct: Server) -> None:
    """100 creations, each naming a new address: the open-table limit (10) and the rate (20
    a minute) count them all for the one real client (on 127.0.0.1, which uvicorn trusted
    by default)."""
    forged = [{"X-Forwarded-For": f"198.51.100.{i}"} if i % 2 else
              {"Forwarded": f"for=198.51.100.{i}"} for i in range(100)]
    with client("127.0.0.1") as c:
        answers = create_all(direct, c, forged)
    assert answers.count(201) == 10, answers
    assert answers[:10] == [201] * 10 and 429 in answers, answers
    # another loopback address is another client, with places of its own
    with client("127.0.0.5") as c:
        assert create_all(direct, c, [{}])[0] == 201


def test_forged_headers_do_not_escape_the_login_limit(direct: Server) -> None:
    with client("127.0.0.1") as c:
        for i in range(LOGINS):
            r = c.post(f"{direct.http}/api/session", headers={"X-Forwarded-For": f"6.6.6.{i}"},
                       json={"name": f"nobody{i}", "password": "wrong password"})
            assert r.status_code == 401, r.text
        r = c.post(f"{direct.http}/api/session", headers={"X-Forwarded-For": "6.6.6.9"},
                   json={"name": "nobody", "password": "wrong password"})
        assert r.status_code == 429 and "address" in r.json()["detail"], r.text
    with client("127.0.0.7") as c:  # another client is not locked out
        r = c.post(f"{direct.http}/api/session", json={"name": "nobody", "password": "wrong!!"})
        assert r.status_code == 401, r.text


def test_a_trusted_proxy_names_the_client_by_its_own_entry(proxied: Server) -> None:
    """From the trusted proxy (127.0.0.1) the right-most entry is the client: what the
    client wrote before it (the left part) is never taken, however it varies."""
    with client("127.0.0.1") as c:
        forged = [{"X-Forwarded-For": f"198.51.100.{i}, 203.0.113.7"} for i in range(12)]
        answers = create_all(proxied, c, forged)
        assert answers.count(201) == 10 and answers[10:] == [409, 409], answers
        # another client behind the proxy has places of its own ...
        assert create_all(proxied, c, [{"X-Forwarded-For": "203.0.113.8"}]) == [201]
        # ... and so does one named by Forwarded (RFC 7239), with a port and quoted IPv6
        assert create_all(proxied, c, [
            {"Forwarded": 'for="[2001:db8::1]:4711";proto=https, for=203.0.113.9'},
            {"Forwarded": 'for=198.51.100.1, for="[2001:db8::2]"'}]) == [201, 201]


def test_a_peer_that_is_not_a_trusted_proxy_is_its_own_address(proxied: Server) -> None:
    with client("127.0.0.2") as c:
        forged = [{"X-Forwarded-For": f"203.0.113.{i}"} for i in range(11)]
        answers = create_all(proxied, c, forged)
    assert answers.count(201) == 10 and answers[10] == 409, answers
    with client("127.0.0.3") as c:  # another loopback address: another client
        assert create_all(proxied, c, [{}]) == [201]


def _cookie(server: Server, source: str, headers: dict[str, str]) -> str:
    account = {"name": f"Proto{source.rsplit('.', 1)[1]}", "password": "long enough password"}
    with client(source) as c:
        c.post(f"{server.http}/api/accounts", json=account)
        r = c.post(f"{server.http}/api/session", json=account, headers=headers)
        assert r.status_code in (200, 204), r.text
        return r.headers["set-cookie"].lower()


def test_only_a_trusted_proxy_says_the_request_came_over_https(proxied: Server) -> None:
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.20"}
    assert "secure" in _cookie(proxied, "127.0.0.1", https)
    assert "secure" not in _cookie(proxied, "127.0.0.8", https)


def test_the_environment_names_trusted_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGSCOURT_TRUSTED_PROXIES", "10.0.0.1, 192.168.0.0/16")
    assert proxy_settings(()) == ("10.0.0.1", "192.168.0.0/16")
    assert proxy_settings(["127.0.0.1,::1"]) == ("127.0.0.1", "::1")  # the flag wins


# --- the walk over a forwarded chain ----------------------------------------------------------

CHAINS: list[tuple[Any, ...]] = [
    # peer, forwarded entries (left to right), trusted, client
    ("127.0.0.1", ["6.6.6.6", "203.0.113.1"], ["127.0.0.1"], "203.0.113.1"),
    ("127.0.0.1", [], ["127.0.0.1"], "127.0.0.1"),
    ("203.0.113.5", ["6.6.6.6"], ["127.0.0.1"], None),  # not a proxy: its own address
    # two trusted hops (a CDN, then the local proxy): the first untrusted from the right
    ("127.0.0.1", ["6.6.6.6", "203.0.113.1", "10.0.0.2"], ["127.0.0.1", "10.0.0.0/8"],
     "203.0.113.1"),
    # every entry trusted: the left-most, the client on the proxy's network
    ("10.0.0.1", ["10.0.0.3"], ["10.0.0.0/8"], "10.0.0.3"),
    # what is not an address ends the walk at the hop that wrote it
    ("127.0.0.1", ["6.6.6.6", "unknown"], ["127.0.0.1"], "127.0.0.1"),
    ("127.0.0.1", ["203.0.113.1", "_hidden", "10.0.0.2"], ["127.0.0.1", "10.0.0.0/8"],
     "10.0.0.2"),
    # forms of an address: ports, brackets, IPv4 in IPv6, quotes
    ("::ffff:127.0.0.1", ["203.0.113.1:5555"], ["127.0.0.1"], "203.0.113.1"),
    ("::1", ['"[2001:db8::7]:80"'], ["::1"], "2001:db8::7"),
    ("::1", ["2001:DB8::7"], ["::1"], "2001:db8::7"),
]


@pytest.mark.parametrize(("peer", "chain", "trusted", "expected"), CHAINS)
def test_the_walk(peer: str, chain: list[str], trusted: list[str], expected: str | None) -> None:
    assert Trusted(trusted).client(peer, chain) == expected


def test_the_headers_read() -> None:
    both = [(b"forwarded", b"for=1.1.1.1"), (b"x-forwarded-for", b"2.2.2.2, 3.3.3.3"),
            (b"X-Forwarded-For", b"4.4.4.4")]
    assert forwarded_for(both) == ["2.2.2.2", "3.3.3.3", "4.4.4.4"]
    assert forwarded_for([(b"forwarded", b'for=1.1.1.1;proto=http, by=x, for="[::1]:9"')]) \
        == ["1.1.1.1", "", "[::1]:9"]
    assert forwarded_for([]) == []
