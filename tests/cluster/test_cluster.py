"""Three processes behind one database and one Redis play one table together: every process
lists it, acts on any process reach the owner, every socket sees each version in order, a seat
taken through two processes at once goes to one of them, and a killed owner's tables go on."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import redis
from websockets.asyncio.client import connect

from tests.server.harness import SeatLog, Server, act, db_rows, recv, recv_until, run

from .conftest import RedisServer

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
          {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
BOTS = [{"kind": "bot", "level": "random"}] * 4


def in_order(log: SeatLog) -> None:
    """Versions never go back and never skip one."""
    versions = [m["version"] for m in log.states]
    assert versions, "no state at all"
    for a, b in itertools.pairwise(versions):
        assert a <= b <= a + 1, f"seat {log.seat}: version {a} then {b}"


def owner_pid(r: RedisServer, table: str) -> int:
    holder = redis.Redis(port=r.port, decode_responses=True).get(f"kc:lease:{table}")
    assert holder is not None, f"nobody owns table {table}"
    return int(str(holder).split(":")[1])


async def watch(url: str, log: SeatLog, until: int, timeout: float = 90) -> None:
    """A spectator: every message until the version reaches ``until`` (or the game ends)."""
    deadline = time.monotonic() + timeout
    async with connect(url, max_size=None) as ws:
        while True:
            msg = await recv(ws, max(0.01, deadline - time.monotonic()))
            log.messages.append(msg)
            if msg["type"] == "state" and (msg["version"] >= until or msg["view"]["over"]):
                return


async def play(url: str, log: SeatLog, rng: random.Random, until: int, timeout: float = 90) -> None:
    """A seat that plays a random legal action for each decision until version ``until``."""
    deadline = time.monotonic() + timeout
    acted: Any = None
    async with connect(url, max_size=None) as ws:
        while True:
            msg = await recv(ws, max(0.01, deadline - time.monotonic()))
            log.messages.append(msg)
            if msg["type"] != "state":
                continue
            if msg["version"] >= until or msg["view"]["over"]:
                return
            if msg["view"]["legal"] and msg["version"] != acted:
                acted = msg["version"]
                await ws.send(act(rng.choice(msg["view"]["legal"]), msg["version"]))


def test_every_process_lists_and_plays_every_table(cluster: list[Server],
                                                   redis_server: RedisServer) -> None:
    a, b, c = cluster
    t = a.create("king", HUMANS)
    table = t["id"]
    for s in (b, c):  # the shared lobby: each process lists the table made on another
        deadline = time.monotonic() + 5
        while table not in [x["id"] for x in s.get("/api/tables").json()]:
            assert time.monotonic() < deadline, "the table never reached the other lobby"
            time.sleep(0.1)
    ann, bob, spectator, third = SeatLog(0), SeatLog(1), SeatLog(None), SeatLog(None)
    rng = random.Random(7)

    async def go() -> None:
        await asyncio.gather(
            play(b.ws(table, t["seats"][0]["token"]), ann, rng, until=40),
            play(c.ws(table, t["seats"][1]["token"]), bob, rng, until=40),
            watch(c.ws(table), spectator, until=40),
            watch(a.ws(table), third, until=40))  # on the process neither player is on

    run(go())
    for log in (ann, bob, spectator, third):
        in_order(log)
        assert not [e for e in log.errors if e["code"] not in ("not-your-turn",)], log.errors
    for log in (spectator, third):
        assert log.states[-1]["version"] >= 40
    # every version the players were sent is stored, and stored once
    stored = db_rows(a.db_url, "SELECT count(*) AS n FROM actions WHERE table_id = :t", t=table)[0]["n"]
    assert stored >= max(m["version"] for m in ann.states + bob.states)
    # the players acted through processes that do not own the table
    assert owner_pid(redis_server, table) == a.proc.pid  # type: ignore[union-attr]
    assert db_rows(a.db_url, "SELECT fence FROM tables WHERE id = :t", t=table)[0]["fence"] >= 1


def test_one_seat_taken_through_two_processes(cluster: list[Server]) -> None:
    a, b, c = cluster
    wins = 0
    for round_ in range(5):
        t = a.create("king", [{"kind": "human", "open": True}, {"kind": "human", "open": True},
                              {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
        table = t["id"]
        for s in (b, c):  # the others know it
            deadline = time.monotonic() + 5
            while s.get(f"/api/tables/{table}").status_code != 200:
                assert time.monotonic() < deadline
                time.sleep(0.05)

        def take(s: Server, name: str, table: str = table) -> Any:
            return s.post(f"/api/tables/{table}/seats/0", {"name": name})

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(take, (a, b, c), (f"A{round_}", f"B{round_}", f"C{round_}")))
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409, 409], [r.text for r in answers]
        winner = next(r.json()["name"] for r in answers if r.status_code == 200)
        rows = db_rows(a.db_url, "SELECT name FROM seats WHERE table_id = :t AND seat = 0", t=table)
        assert rows[0]["name"] == winner
        # every process shows the winner in the seat
        for s in (a, b, c):
            deadline = time.monotonic() + 5
            while s.get(f"/api/tables/{table}").json()["seats"][0]["name"] != winner:
                assert time.monotonic() < deadline, "a process kept an old seat"
                time.sleep(0.05)
        wins += 1
    assert wins == 5


def test_killed_owner_tables_go_on(cluster: list[Server], redis_server: RedisServer) -> None:
    a, b, c = cluster
    t = a.create("king", BOTS)
    table = t["id"]
    assert owner_pid(redis_server, table) == a.proc.pid  # type: ignore[union-attr]
    log = SeatLog(None)

    async def go() -> float:
        async with connect(b.ws(table), max_size=None) as ws:
            seen = 0
            while seen < 10:
                msg = await recv(ws, 10)
                log.messages.append(msg)
                seen = msg.get("version", seen)
            before = db_rows(a.db_url, "SELECT count(*) AS n FROM actions WHERE table_id = :t",
                             t=table)[0]["n"]
            a.kill()
            killed = time.monotonic()
            # the bots resume on another process: versions go past what was stored
            while True:
                msg = await recv(ws, 15)
                log.messages.append(msg)
                if msg["type"] == "state" and msg["version"] > before + 3:
                    return time.monotonic() - killed

    took = run(go())
    assert took < 10, f"the table stood still {took:.1f} s after its owner was killed"
    in_order(log)
    assert owner_pid(redis_server, table) in (b.proc.pid, c.proc.pid)  # type: ignore[union-attr]
    # nothing stored was lost: the stored versions have no gap (the loader checks it)
    assert b.get(f"/api/tables/{table}").status_code == 200


def test_redis_restart(cluster: list[Server], redis_server: RedisServer) -> None:
    a, b, c = cluster
    t = a.create("king", BOTS)
    table = t["id"]

    def version(s: Server) -> int:
        v: int = s.get(f"/api/tables/{table}").json()["version"]
        return v

    time.sleep(0.5)
    redis_server.stop()
    stored = version(a)
    time.sleep(1.0)
    redis_server.start()  # empty: every lease is gone; the processes take the tables again
    deadline = time.monotonic() + 15
    while True:
        v = [version(s) for s in (a, b, c)]
        if min(v) > stored + 5:
            break
        assert time.monotonic() < deadline, f"after the Redis restart the table stands at {v}"
        time.sleep(0.2)
    rows = db_rows(a.db_url, "SELECT version FROM actions WHERE table_id = :t ORDER BY version",
                   t=table)
    assert [r["version"] for r in rows] == list(range(1, len(rows) + 1))


def test_presence_across_processes(cluster: list[Server]) -> None:
    """A seat shows as connected on every process, whichever one its socket is on."""
    a, b, c = cluster
    t = a.create("king", HUMANS)
    table = t["id"]

    def connected(s: Server) -> list[bool]:
        return [x["connected"] for x in s.get(f"/api/tables/{table}").json()["seats"][:2]]

    def until(want: list[bool], on: tuple[Server, ...] = (a, b, c)) -> None:
        deadline = time.monotonic() + 10
        while (seen := [connected(s) for s in on]) != [want] * len(on):
            assert time.monotonic() < deadline, f"seats 1-2 connected per process: {seen}"
            time.sleep(0.1)

    async def go() -> None:
        async with connect(b.ws(table, t["seats"][0]["token"])), \
                connect(c.ws(table, t["seats"][1]["token"])) as bob:
            await asyncio.to_thread(until, [True, True])
            await bob.close()
            await asyncio.to_thread(until, [True, False])
        await asyncio.to_thread(until, [False, False])
        async with connect(b.ws(table, t["seats"][0]["token"])):
            await asyncio.to_thread(until, [True, False])
            b.kill()  # Ann's process dies with her socket: the others see her gone
            await asyncio.to_thread(until, [False, False], (a, c))

    until([False, False])
    run(go())


def test_chat_across_processes(cluster: list[Server]) -> None:
    """A chat message written through one process reaches the sockets on the others."""
    a, b, c = cluster
    t = a.create("king", HUMANS)
    table = t["id"]

    async def go() -> list[dict[str, Any]]:
        async with connect(b.ws(table, t["seats"][0]["token"])) as ann, \
                connect(c.ws(table, t["seats"][1]["token"])) as bob, \
                connect(a.ws(table)) as spectator:
            for ws in (ann, bob, spectator):  # each has its first state
                await recv_until(ws, lambda m: m["type"] == "state")
            await ann.send(json.dumps({"type": "chat", "text": "Good luck, Bob"}))
            got = [await recv_until(ws, lambda m: m["type"] == "chat", 10)
                   for ws in (ann, bob, spectator)]
            # a socket that connects later to another process gets it in the chat history
            async with connect(c.ws(table)) as late:
                got.append(await recv_until(late, lambda m: m["type"] == "chat-history", 10))
            return got

    *said, history = run(go())
    assert [(m["seat"], m["name"], m["text"]) for m in said] == [(0, "Ann", "Good luck, Bob")] * 3
    assert [m["text"] for m in history["messages"]] == ["Good luck, Bob"]
