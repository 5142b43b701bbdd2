"""The server's limits against a real server: WebSocket messages (size, refusals), table
creation per client address (rate, open tables), the paged table list, abandoned tables."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .harness import Server, act, recv, recv_until, run

KIB16 = 16 * 1024
#: four human seats: nobody plays, so the table stays open
HUMANS = [{"kind": "human"}] * 4


def is_state(m: dict[str, Any]) -> bool:
    return bool(m["type"] == "state")


# --- messages ---------------------------------------------------------------------------------

def test_a_message_over_16_kib_closes_with_1009_and_the_table_plays_on(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": f"P{i}"} for i in range(4)])
    tokens = [s["token"] for s in t["seats"]]

    async def scenario() -> None:
        async with connect(server.ws(t["id"], tokens[0]), max_size=None) as a:
            first = await recv_until(a, is_state)
            mover = first["view"]["to_move"][0]
            async with (connect(server.ws(t["id"], tokens[mover]), max_size=None) as m,
                        connect(server.ws(t["id"]), max_size=None) as spectator):
                state = await recv_until(m, is_state)
                await recv_until(spectator, is_state)
                # exactly 16 KiB is a message (refused as not an act), one byte more is not
                await a.send("x" * KIB16)
                refusal = await recv_until(a, lambda x: x["type"] == "error")
                assert refusal["code"] == "bad-message"
                for big in ("x" * (KIB16 + 1), "é" * (KIB16 // 2 + 1), b"\0" * (KIB16 + 1),
                            json.dumps({"type": "act", "version": 0,
                                        **{f"k{i}": 1 for i in range(100_000)}})):
                    async with connect(server.ws(t["id"], tokens[0]), max_size=None) as c:
                        await recv_until(c, is_state)
                        started = time.monotonic()
                        await c.send(big)
                        with pytest.raises(ConnectionClosed) as closed:
                            while True:
                                await recv(c, 10)
                        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
                        assert time.monotonic() - started < 2
                # the table plays on: the seat to move acts, everyone sees the next version
                await m.send(act(state["view"]["legal"][0], state["version"]))
                v = state["version"] + 1
                for ws in (m, spectator, a):
                    await recv_until(ws, lambda x: x["type"] == "state" and x["version"] == v)

    run(scenario())


def test_a_refusal_lists_three_problems_and_echoes_little(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": f"Q{i}"} for i in range(4)])

    async def scenario() -> None:
        async with connect(server.ws(t["id"], t["seats"][0]["token"])) as ws:
            await recv_until(ws, is_state)
            keys = {c * 300: 1 for c in "abcdefghij"}  # ten unknown keys of 300 characters
            await ws.send(json.dumps({"type": "act", "action": "pass", "version": 0, **keys}))
            m = await recv_until(ws, lambda x: x["type"] == "error")
            assert m["code"] == "bad-message"
            text = m["message"]
            assert "(and 7 more)" in text
            assert sum(text.count(c * 30) for c in "abcdefghij") == 3
            assert all(c * 41 not in text for c in "abcdefghij")
            assert len(text) < 200 + 250  # the echoed input plus the fixed explanation
            # a lone surrogate in an action: refused, answered, the connection stays open
            await ws.send('{"type": "act", "action": "play \\ud800", "version": 0}')
            m = await recv_until(ws, lambda x: x["type"] == "error")
            assert m["code"] in ("illegal-action", "bad-message"), m
            await ws.send("not json")
            assert (await recv_until(ws, lambda x: x["type"] == "error"))["code"] == "bad-message"

    run(scenario())


def test_rest_refusals_are_one_bounded_string(server: Server) -> None:
    seats = [{"kind": "bot", "level": "random", "x" * 500: 1, "y" * 500: 2}] * 8
    r = server.post("/api/tables", {"game": "king", "seats": seats})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "seats.0" in detail and "more)" in detail
    assert "x" * 41 not in detail and len(detail) < 500
    for body in ({"game": "g" * 10_000, "seats": seats[:4]},
                 {"game": "king", "rules": {"r" * 10_000: True}, "seats": seats[:4]},
                 {"game": "king", "rules": {"must_beat": "v" * 10_000}, "seats": seats[:4]}):
        r = server.post("/api/tables", body)
        assert r.status_code == 422 and len(r.json()["detail"]) < 500, r.text[:300]
    r = server.get("/api/leaderboard?limit=0")
    assert r.status_code == 422 and "limit" in r.json()["detail"]
    # a body over 64 KiB is refused before it is parsed
    r = httpx.post(f"{server.http}/api/tables", content=b'{"game": "' + b"k" * 65536 + b'"}',
                   headers={"content-type": "application/json"}, timeout=10)
    assert r.status_code == 413
    assert server.get("/api/games").status_code == 200


# --- creating tables --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def defaults(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server with the default limits (on SQLite: the limits are held in memory)."""
    tmp: Path = tmp_path_factory.mktemp("defaults")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log", args=()).start()
    yield s
    s.stop()


def post_from(server: Server, address: str, body: Any) -> httpx.Response:
    # a client on another loopback address (127.x.y.z) is another client
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10) as c:
        return c.post(f"{server.http}/api/tables", json=body)


@pytest.mark.slow
def test_creation_is_bounded_per_address(defaults: Server) -> None:
    good = {"game": "king", "seats": HUMANS}
    for _ in range(10):
        assert post_from(defaults, "127.0.0.21", good).status_code == 201
    # at most 10 open tables per creator
    r = post_from(defaults, "127.0.0.21", good)
    assert r.status_code == 409 and "10 open tables" in r.json()["detail"]
    # another address is another creator
    assert post_from(defaults, "127.0.0.22", good).status_code == 201
    # 20 creations a minute per address, refused ones included (11 so far)
    for _ in range(9):
        assert post_from(defaults, "127.0.0.21", good).status_code == 409
    r = post_from(defaults, "127.0.0.21", good)
    assert r.status_code == 429, r.text
    wait = int(r.headers["Retry-After"])
    assert 1 <= wait <= 60 and "20 per 1 minute" in r.json()["detail"]
    assert post_from(defaults, "127.0.0.22", good).status_code == 201


@pytest.mark.slow
def test_a_finished_table_frees_its_creators_place(tmp_path: Path) -> None:
    s = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log",
               args=("--max-open-tables", "1")).start()
    try:
        bots = {"game": "kukakoenig", "seats": [{"kind": "bot", "level": "random"}] * 3}
        first = s.post("/api/tables", bots)
        assert first.status_code == 201
        deadline = time.monotonic() + 60
        while (r := s.post("/api/tables", bots)).status_code == 409:
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.2)
        assert r.status_code == 201
        assert s.get(f"/api/tables/{first.json()['id']}").json()["status"] == "over"
    finally:
        s.stop()


# --- the paged table list ---------------------------------------------------------------------

@pytest.mark.slow
def test_the_table_list_is_paged(server: Server) -> None:
    made = [server.create("king", HUMANS)["id"] for _ in range(7)]
    seen: list[str] = []
    r = server.get("/api/tables?limit=3")
    pages = 0
    while True:
        assert r.status_code == 200 and len(r.json()) <= 3
        seen += [x["id"] for x in r.json()]
        pages += 1
        if "X-Next-Cursor" not in r.headers:
            assert "Link" not in r.headers
            break
        assert r.headers["Link"].endswith('>; rel="next"')
        link = r.headers["Link"][1:].split(">")[0]
        assert link == f"/api/tables?limit=3&cursor={r.headers['X-Next-Cursor']}"
        r = server.get(link)
    assert len(seen) == len(set(seen)) and pages >= 3
    assert [x for x in seen if x in made] == made  # oldest first, every one once
    everything = server.get("/api/tables?limit=500").json()
    assert [x["id"] for x in everything] == seen
    # the default page is 50
    while len(server.get("/api/tables?limit=500").json()) <= 50:
        server.create("king", HUMANS)
    r = server.get("/api/tables")
    assert len(r.json()) == 50 and "X-Next-Cursor" in r.headers
    for bad in ("nonsense", "Zm9v", "x" * 201):
        r = server.get(f"/api/tables?cursor={bad}")
        assert r.status_code == 422 and "cursor" in r.json()["detail"]


# --- abandoned tables -------------------------------------------------------------------------

@pytest.mark.slow
def test_a_table_without_humans_is_closed_as_abandoned(db_url_factory: Callable[[], str],
                                                       tmp_path: Path) -> None:
    url = db_url_factory()
    s = Server(url, tmp_path / "server.log", args=("--abandon-after", "1.5")).start()
    try:
        t = s.create("king", [{"kind": "human", "name": "Stay"}, {"kind": "human"},
                              {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
        token = t["seats"][0]["token"]
        path = f"/api/tables/{t['id']}"

        async def visit() -> None:
            async with connect(s.ws(t["id"], token)):
                await asyncio.sleep(3)  # a connected human keeps the table open

        run(visit())
        assert s.get(path).json()["status"] == "waiting"

        async def watch() -> int:
            async with connect(s.ws(t["id"])) as spectator:  # a spectator is no human seat
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await recv(spectator, 10)
                assert closed.value.rcvd is not None
                return closed.value.rcvd.code

        assert run(watch()) == 4410
        info = s.get(path).json()
        assert info["status"] == "abandoned"
        assert t["id"] not in {x["id"] for x in s.get("/api/tables?limit=500").json()}
        assert s.post(f"{path}/join", {"invite": t["seats"][1]["invite"], "name": "Late"}).status_code == 409

        async def too_late() -> dict[str, Any]:
            async with connect(s.ws(t["id"], token)) as ws:
                st = await recv_until(ws, is_state)
                await ws.send(act("pass", st["version"]))
                return await recv_until(ws, lambda m: m["type"] == "error")

        assert run(too_late())["code"] == "game-over"
        # the record stays: after a restart the table is still abandoned, at the same version
        s.stop()
        s.start()
        again = s.get(path).json()
        assert again["status"] == "abandoned" and again["version"] == info["version"]
        assert t["id"] not in {x["id"] for x in s.get("/api/tables?limit=500").json()}
    finally:
        s.stop()
