"""The waiting room, against a real server on SQLite and PostgreSQL: a table with a free human
seat waits (no move, no bot, no timer) until every seat is taken, or its host starts it with
bots (``POST .../start``) or cancels it (``POST .../cancel``); a restart keeps it waiting."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .harness import Server, act, recv, recv_until, run

#: the host, a friend's invitation seat and two bots
WITH_FRIEND = [{"kind": "human", "name": "Ada"}, {"kind": "human"},
               {"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "basic"}]


def info(server: Server, table_id: str) -> dict[str, Any]:
    r = server.get(f"/api/tables/{table_id}")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.slow
def test_a_table_waits_until_the_friend_joins(server: Server) -> None:
    # Ku-Ka-König's picks are simultaneous: a playing table's bot would pick at once
    t = server.create("kukakoenig", [{"kind": "human", "name": "Ada"}, {"kind": "human"},
                                     {"kind": "bot", "level": "random"}], turn_seconds=0.2)
    token, invite = t["seats"][0]["token"], t["seats"][1]["invite"]
    first = info(server, t["id"])
    assert first["status"] == "waiting" and first["host"] == 0 and first["free_seats"] == [1]
    listed = {x["id"]: x for x in server.get("/api/tables?limit=500").json()}
    assert listed[t["id"]]["status"] == "waiting"

    async def host_waits() -> dict[str, Any]:
        async with connect(server.ws(t["id"], token)) as ws:
            state = await recv_until(ws, lambda m: m["type"] == "state")
            assert state["status"] == "waiting" and state["deadlines"] == []
            await asyncio.sleep(1.0)  # neither the bot nor the turn timer moves
            await ws.send(act(state["view"]["legal"][0], state["version"]))
            refused = await recv_until(ws, lambda m: m["type"] == "error")
            assert refused["rule"] == "waiting", refused
            return state

    run(host_waits())
    assert info(server, t["id"])["version"] == 0
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": invite, "name": "Bea"})
    assert r.status_code == 200, r.text
    after = info(server, t["id"])
    # every human seat is taken: the game starts by itself
    assert after["status"] == "playing" and after["free_seats"] == []

    async def bot_moves() -> dict[str, Any]:
        async with connect(server.ws(t["id"], r.json()["token"])) as ws:
            return await recv_until(ws, lambda m: m["type"] == "state" and m["version"] > 0)

    assert run(bot_moves())["status"] == "playing"
    again = server.post(f"/api/tables/{t['id']}/start", {"token": token, "fill": "basic"})
    assert again.status_code == 409, again.text


def test_the_host_starts_with_bots(server: Server) -> None:
    t = server.create("king", WITH_FRIEND)
    token = t["seats"][0]["token"]
    path = f"/api/tables/{t['id']}"
    # another table's host token, the invitation or nonsense: 403
    other = server.create("king", WITH_FRIEND)
    for bad in (other["seats"][0]["token"], t["seats"][1]["invite"], "nope"):
        r = server.post(f"{path}/start", {"token": bad, "fill": "basic"})
        assert r.status_code == 403, r.text
    r = server.post(f"{path}/start", {"token": token, "fill": "grandmaster"})
    assert r.status_code == 422 and "grandmaster" in r.text, r.text

    async def started() -> dict[str, Any]:
        async with connect(server.ws(t["id"], token)) as ws:
            first = await recv_until(ws, lambda m: m["type"] == "state")
            assert first["status"] == "waiting"
            go = await asyncio.to_thread(server.post, f"{path}/start",
                                         {"token": token, "fill": "random"})
            assert go.status_code == 200 and go.json() == {"status": "playing", "filled": [1]}
            return await recv_until(ws, lambda m: m["type"] == "state" and m["status"] == "playing")

    state = run(started())
    seat = state["seats"][1]
    assert seat["kind"] == "bot" and seat["level"] == "random" and seat["name"] == "Bot (random)"
    now = info(server, t["id"])
    assert now["status"] == "playing" and now["free_seats"] == []
    r = server.post(f"{path}/join", {"invite": t["seats"][1]["invite"], "name": "Late"})
    assert r.status_code == 403, r.text  # the invitation went with the seat
    r = server.post(f"{path}/start", {"token": token, "fill": "basic"})
    assert r.status_code == 409, r.text
    r = server.post(f"{path}/cancel", {"token": token})
    assert r.status_code == 409, r.text


def test_the_host_cancels(server: Server) -> None:
    t = server.create("king", WITH_FRIEND)
    token, invite = t["seats"][0]["token"], t["seats"][1]["invite"]
    path = f"/api/tables/{t['id']}"
    joined = server.create("king", [*WITH_FRIEND[:2], {"kind": "human"}, WITH_FRIEND[3]])
    bea = server.post(f"/api/tables/{joined['id']}/join",
                      {"invite": joined["seats"][1]["invite"], "name": "Bea"}).json()["token"]
    # a guest is no host
    r = server.post(f"/api/tables/{joined['id']}/cancel", {"token": bea})
    assert r.status_code == 403, r.text

    async def cancelled() -> tuple[dict[str, Any], int | None]:
        async with connect(server.ws(t["id"], token)) as ws:
            await recv_until(ws, lambda m: m["type"] == "state")
            r = await asyncio.to_thread(server.post, f"{path}/cancel", {"token": token})
            assert r.status_code == 200, r.text
            last = await recv_until(ws, lambda m: m["type"] == "state" and m["status"] == "abandoned")
            with pytest.raises(ConnectionClosed) as closed:
                await recv(ws)
            return last, closed.value.rcvd.code if closed.value.rcvd else None

    last, code = run(cancelled())
    assert code == 4410 and last["seat"] == 0
    assert info(server, t["id"])["status"] == "abandoned"
    listed = {x["id"] for x in server.get("/api/tables?limit=500").json()}
    assert t["id"] not in listed
    r = server.post(f"{path}/join", {"invite": invite, "name": "Bea"})
    assert r.status_code == 409, r.text


@pytest.mark.slow
def test_a_restart_keeps_a_table_waiting(db_url_factory: Callable[[], str], tmp_path: Path) -> None:
    server = Server(db_url_factory(), tmp_path / "server.log").start()
    try:
        t = server.create("king", WITH_FRIEND)
        token = t["seats"][0]["token"]
        server.kill()
        server.start()
        again = info(server, t["id"])
        assert again["status"] == "waiting" and again["version"] == 0 and again["host"] == 0
        r = server.post(f"/api/tables/{t['id']}/start", {"token": token, "fill": "basic"})
        assert r.status_code == 200, r.text
        assert info(server, t["id"])["status"] == "playing"
    finally:
        server.stop()
