"""The rate limits are shared by the processes on one Redis: spread over two processes, a limit
allows exactly what it allows on one; while Redis is down each process counts alone (no 500)
and it counts in Redis again once Redis answers."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from kingscourt.server.base.limiting import PREFIX, RETRY
from tests.cluster.conftest import RedisServer, SlowStart
from tests.server.harness import Server

#: a waiting table (no bot finishes it): it stays open
WAITING = [{"kind": "human", "name": "Host"}, {"kind": "human"}, {"kind": "human"},
           {"kind": "human"}]
#: every limit lifted but the one a test sets
LIFTED = {"--create-rate": "1000/second", "--max-open-tables": "0",
          "--register-rate": "1000/second", "--login-rate": "1000/second",
          "--login-address-rate": "1000/second"}
OUTAGE = "rate limits: Redis does not answer"
BACK = "rate limits: Redis answers again"


@contextmanager
def processes(pg_url: str, redis: RedisServer, folder: Path, n: int = 2,
              **limits: str) -> Iterator[list[Server]]:
    """``n`` processes on one database and one Redis, with ``limits`` (``login_rate="4/minute"``:
    ``--login-rate 4/minute``) and every other limit lifted."""
    flags = {**LIFTED, **{f"--{k.replace('_', '-')}": v for k, v in limits.items()}}
    args = [x for pair in flags.items() for x in pair]
    servers: list[Server] = [SlowStart(pg_url, folder / f"limits{i}.log", args=args,
                                       options=("--redis", redis.url)) for i in range(n)]
    try:
        servers[0].start()  # it migrates the schema; the others start together
        with ThreadPoolExecutor(n) as pool:
            list(pool.map(lambda s: s.start(), servers[1:]))
        yield servers
    finally:
        for s in servers:
            s.stop()


def log_in(s: Server, name: str, password: str) -> httpx.Response:
    return s.post("/api/session", {"name": name, "password": password})


def register(s: Server, name: str) -> None:
    r = s.post("/api/accounts", {"name": name, "password": "right password"})
    assert r.status_code == 201, r.text


def round_robin(servers: Sequence[Server], n: int) -> list[Server]:
    return [servers[i % len(servers)] for i in range(n)]


def test_failed_logins_for_one_name_are_counted_over_the_processes(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    with processes(pg_url, redis_server, tmp_path, 3, login_rate="4/minute") as servers:
        register(servers[0], "Spread")
        codes = [log_in(s, "Spread", "wrong").status_code for s in round_robin(servers, 4)]
        assert codes == [401] * 4
        for s in servers:  # the fifth, on any process, is refused: the right password too
            r = log_in(s, "Spread", "right password")
            assert r.status_code == 429, r.text
            assert "failed logins for this name" in r.json()["detail"]
            assert 1 <= int(r.headers["Retry-After"]) <= 60
        # another name is not limited
        register(servers[1], "Other")
        assert log_in(servers[2], "Other", "right password").status_code == 200


def test_concurrent_logins_for_one_name_are_counted_before_their_check(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    """30 wrong passwords at once for one name, spread over two processes and 30 addresses:
    4 are checked (401), the rest refused before any check; a right one was no failure."""
    with processes(pg_url, redis_server, tmp_path, 2, login_rate="4/minute") as servers:
        register(servers[0], "Burst")
        register(servers[0], "Fine")
        # a right password is given back: it leaves the name its 4 failures
        assert log_in(servers[1], "Burst", "right password").status_code == 200

        def attempt(i: int) -> int:
            transport = httpx.HTTPTransport(local_address=f"127.0.2.{i + 1}")
            with httpx.Client(transport=transport, timeout=120) as c:
                r = c.post(f"{round_robin(servers, 30)[i].http}/api/session",
                           json={"name": "Burst", "password": "wrong"})
                return r.status_code

        with ThreadPoolExecutor(30) as pool:
            codes = list(pool.map(attempt, range(30)))
        assert sorted(codes) == [401] * 4 + [429] * 26, codes
        assert log_in(servers[0], "Fine", "right password").status_code == 200


def test_one_seats_chat_is_counted_over_the_processes(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    """One seat writing through two processes at once has one rate (5 every 10 s), and so
    have the spectators of one address."""
    from tests.server.harness import run
    from tests.server.test_chat_limits import burst, first_state, party

    with processes(pg_url, redis_server, tmp_path, 2) as (a, b):
        table, ada, _ = party(a)

        async def talk() -> tuple[tuple[int, list[str]], tuple[int, list[str]]]:
            async with connect(a.ws(table, ada)) as one, connect(b.ws(table, ada)) as two, \
                    connect(a.ws(table)) as s1, connect(b.ws(table)) as s2:
                for ws in (one, two, s1, s2):
                    await first_state(ws)
                return await burst([one, two], 6, "seat "), await burst([s1, s2], 6, "crowd ")

        seat, spectators = run(talk())
        assert seat == (5, ["rate-limited"] * 7), seat
        assert spectators == (5, ["rate-limited"] * 7), spectators


def test_table_creation_per_address_is_counted_over_the_processes(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    with processes(pg_url, redis_server, tmp_path, 2, create_rate="3/minute") as servers:
        codes = [s.post("/api/tables", {"game": "king", "seats": WAITING}).status_code
                 for s in round_robin(servers, 3)]
        assert codes == [201] * 3
        for s in servers:
            r = s.post("/api/tables", {"game": "king", "seats": WAITING})
            assert r.status_code == 429, r.text
            assert "too many tables created" in r.json()["detail"]
            assert "Retry-After" in r.headers


def test_open_tables_per_address_are_counted_over_the_processes(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    import sqlalchemy as sa

    from kingscourt.server.store.store import make_engine

    with processes(pg_url, redis_server, tmp_path, 2, max_open_tables="2") as (a, b):
        first = a.create("king", WAITING)["id"]
        b.create("king", WAITING)
        for s in (a, b):
            r = s.post("/api/tables", {"game": "king", "seats": WAITING})
            assert r.status_code == 409, r.text
            assert "2 open tables" in r.json()["detail"]
        # one of them closes (the database says so): the address has a place again, on b too
        engine = make_engine(a.db_url)
        try:
            with engine.begin() as c:
                c.execute(sa.text("UPDATE tables SET status = 'abandoned' WHERE id = :t"),
                          {"t": first})
        finally:
            engine.dispose()
        assert b.post("/api/tables", {"game": "king", "seats": WAITING}).status_code == 201
        assert a.post("/api/tables", {"game": "king", "seats": WAITING}).status_code == 409


def test_a_redis_outage_counts_in_memory_and_redis_counts_again_after_it(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    import redis

    with processes(pg_url, redis_server, tmp_path, 2, login_rate="3/minute") as (a, b):
        register(a, "Steady")
        assert log_in(a, "Steady", "wrong").status_code == 401  # counted in Redis
        redis_server.stop()
        # alone, each process counts in its memory: never a 500, and its own limit holds
        codes = [log_in(s, "Steady", "wrong").status_code for s in (a, a, a, a, b)]
        assert codes == [401, 401, 401, 429, 401], codes
        time.sleep(RETRY + 0.2)
        assert log_in(a, "Steady", "wrong").status_code == 429  # tried Redis again: still down
        for s in (a, b):  # logged once per outage, not per request
            assert s.log.read_text().count(OUTAGE) == 1, s.log.read_text()[-3000:]
        redis_server.start()  # on the same port, empty
        time.sleep(RETRY + 0.2)
        register(b, "Fresh")
        assert log_in(b, "Fresh", "wrong").status_code == 401
        assert log_in(a, "Fresh", "wrong").status_code == 401
        keys = redis.Redis(port=redis_server.port).keys(f"{PREFIX}*")
        assert keys, "after the outage the limits count in Redis again"
        for s in (a, b):
            assert s.log.read_text().count(BACK) == 1, s.log.read_text()[-3000:]
        # counted over both processes again: one more failure makes three, the limit
        assert log_in(a, "Fresh", "wrong").status_code == 401
        assert log_in(b, "Fresh", "right password").status_code == 429


def test_two_creations_racing_for_the_last_place_admit_exactly_one(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    with processes(pg_url, redis_server, tmp_path, 2, max_open_tables="2") as (a, b):
        for k in range(5):  # an address of its own each round (127.0.0.x all reach loopback)
            source = f"127.0.0.{20 + k}"
            with httpx.Client(transport=httpx.HTTPTransport(local_address=source),
                              timeout=30) as client:
                def create(s: Server, client: httpx.Client = client) -> int:
                    return client.post(f"{s.http}/api/tables",
                                       json={"game": "king", "seats": WAITING}).status_code

                assert create(a) == 201
                with ThreadPoolExecutor(2) as pool:  # the last place, through both at once
                    codes = sorted(pool.map(create, (a, b)))
                assert codes == [201, 409], f"round {k}: {codes}"


def test_open_tables_per_address_come_back_after_redis_restarts_empty(
        pg_url: str, redis_server: RedisServer, tmp_path: Path) -> None:
    with processes(pg_url, redis_server, tmp_path, 2, max_open_tables="2") as (a, b):
        a.create("king", WAITING)
        b.create("king", WAITING)
        redis_server.stop()
        redis_server.start()  # on the same port, empty: the address's tables are gone there
        time.sleep(2.5)  # each process puts its own back from the database (and its memory)
        for s in (a, b):
            r = s.post("/api/tables", {"game": "king", "seats": WAITING})
            assert r.status_code == 409, r.text


def test_reviews_are_counted_over_the_processes(pg_url: str, redis_server: RedisServer,
                                                tmp_path: Path) -> None:
    from tests.server.test_replay import RANDOM, finished_game, review_of

    with processes(pg_url, redis_server, tmp_path, 2, analysis_rate="2/minute") as (a, b):
        table = finished_game(a, "kukakoenig", [RANDOM, RANDOM], seed=1)
        steps = a.get(f"/api/tables/{table}/replay").json()["steps"]
        answers = [review_of(s, table, v, steps[v]["seat"]) for v, s in enumerate((a, b, b))]
        assert [r.status_code for r in answers] == [200, 200, 429], [r.text for r in answers]
        assert int(answers[2].headers["Retry-After"]) >= 1
        assert review_of(a, table, 3, steps[3]["seat"]).status_code == 429
