"""Logins are counted before their password is checked, against a real server whose Argon2
checks are counted (each ``PasswordHasher.verify`` writes a line to the server's log): 40
concurrent wrong passwords for one name, each from an address of its own, check at most the
name's 5; 60 concurrent ones from one address check at most its 20 (in fact one or two: the
address has one check running and one waiting, the rest are refused at once); and a login
from another address during that burst answers in well under 1.5 s.

Per-address limits count the TCP peer, so each burst binds its client to an address of the
loopback network (127.0.0.0/8 is all loopback on Linux) with httpx's ``local_address``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from .harness import Server, run

#: what the server's log gets for each Argon2 check
CHECKED = "argon2 verify checked"
PASSWORD = "the right password"


class CountingServer(Server):
    """A server that logs each Argon2 check (a test's instrument, not the server's)."""

    ENTRY = ("import sys, argon2\n"
             "verify = argon2.PasswordHasher.verify\n"
             "def counted(self, *args, **kwargs):\n"
             f"    print({CHECKED!r}, file=sys.stderr, flush=True)\n"
             "    return verify(self, *args, **kwargs)\n"
             "argon2.PasswordHasher.verify = counted\n"
             "from kingscourt.cli import main; main()")

    def checks(self) -> int:
        return self.log.read_text(errors="replace").count(CHECKED)


@pytest.fixture(scope="module")
def server(db_url_factory: Callable[[], str],
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[CountingServer]:
    # the server's default login rates: 5 a minute per name, 20 per address
    s = CountingServer(db_url_factory(), tmp_path_factory.mktemp("log") / "server.log")
    s.start()
    yield s
    s.stop()


def client(server: Server, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=server.http, transport=transport, timeout=120)


def register(server: Server, name: str) -> None:
    r = httpx.post(f"{server.http}/api/accounts", json={"name": name, "password": PASSWORD},
                   timeout=30)
    assert r.status_code == 201, r.text


async def log_in(c: httpx.AsyncClient, name: str, password: str) -> httpx.Response:
    return await c.post("/api/session", json={"name": name, "password": password})


def test_concurrent_wrong_passwords_for_one_name_check_the_names_rate(
        server: CountingServer) -> None:
    register(server, "Target")
    before = server.checks()

    async def burst() -> list[int]:
        clients = [client(server, f"127.0.1.{i + 1}") for i in range(40)]
        try:
            answers = await asyncio.gather(*(log_in(c, "Target", "guessing") for c in clients))
        finally:
            await asyncio.gather(*(c.aclose() for c in clients))
        return [r.status_code for r in answers]

    codes = run(burst())
    assert sorted(codes) == [401] * 5 + [429] * 35, codes
    assert server.checks() - before == 5
    # the name stays refused, the right password too, and costs no check
    async def right() -> httpx.Response:
        async with client(server, "127.0.1.99") as c:
            return await log_in(c, "Target", PASSWORD)

    r = run(right())
    assert r.status_code == 429 and "for this name" in r.json()["detail"], r.text
    assert int(r.headers["Retry-After"]) >= 1
    assert server.checks() - before == 5


def test_a_burst_from_one_address_leaves_the_others_their_logins(
        server: CountingServer) -> None:
    register(server, "Bystander")
    before = server.checks()

    async def burst_and_login() -> tuple[list[httpx.Response], httpx.Response, float]:
        async with client(server, "127.0.0.2") as attacker, client(server, "127.0.0.3") as other:
            attempts = [asyncio.create_task(log_in(attacker, f"Victim{i}", "guessing"))
                        for i in range(60)]
            await asyncio.sleep(0.2)  # the burst has reached the server
            started = time.perf_counter()
            mine = await log_in(other, "Bystander", PASSWORD)
            took = time.perf_counter() - started
            return await asyncio.gather(*attempts), mine, took

    answers, mine, took = run(burst_and_login())
    assert mine.status_code == 200, mine.text
    assert took < 1.5, f"a login from another address took {took:.2f} s during the burst"
    codes = [r.status_code for r in answers]
    assert set(codes) <= {401, 429}, codes
    checked = server.checks() - before - 1  # the bystander's own check
    assert checked == codes.count(401) <= 20, (checked, codes)
    assert codes.count(429) >= 40
    details = {r.json()["detail"] for r in answers if r.status_code == 429}
    assert any("being checked already" in d for d in details), details


def test_refusals_cost_no_check(server: CountingServer) -> None:
    """Past the address's rate nothing is checked any more, one at a time as in a burst."""
    async def one_by_one() -> list[int]:
        async with client(server, "127.0.0.4") as c:
            return [(await log_in(c, f"Nobody{i}", "guessing")).status_code for i in range(25)]

    before = server.checks()
    codes = run(one_by_one())
    assert codes == [401] * 20 + [429] * 5, codes
    assert server.checks() - before == 20
