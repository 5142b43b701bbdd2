"""Seats are atomic and seeds stay secret, against a real server on SQLite and PostgreSQL.

Of N clients taking (or joining, or leaving) one seat at once exactly one succeeds; the others
get 409 naming the seat. A client fixes ``seed`` only at a table with at most one human seat,
and bots' seeds are not derived from the public table id.
"""

from __future__ import annotations

import asyncio
import threading
import time
import zlib
from collections.abc import Callable
from typing import Any

import httpx
import pytest

import kingscourt
from kingscourt import bots
from kingscourt.server.store.store import SeatData, Store, TableData, now, secret_hash

from .harness import Server, run

ROUNDS = 5
OPEN_KING = [{"kind": "human", "open": True}, {"kind": "human"},
             {"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "basic"}]


async def at_once(server: Server, calls: list[tuple[str, dict[str, Any]]]) -> list[httpx.Response]:
    """POST every call at the same moment (one connection each, all opened first)."""
    clients = [httpx.AsyncClient(base_url=server.http, timeout=30) for _ in calls]
    try:
        # warm every connection, so the posts below leave together
        await asyncio.gather(*(c.get("/api/games") for c in clients))
        return list(await asyncio.gather(*(c.post(path, json=body)
                                           for c, (path, body) in zip(clients, calls, strict=True))))
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))


def one_wins(responses: list[httpx.Response], seat: int, refused: int = 409) -> httpx.Response:
    codes = sorted(r.status_code for r in responses)
    assert codes == [200] + [refused] * (len(responses) - 1), [r.text for r in responses]
    for r in responses:
        if r.status_code == refused and refused == 409:
            assert f"seat {seat + 1} is taken" in r.json()["detail"], r.text  # read from 1
    return next(r for r in responses if r.status_code == 200)


@pytest.mark.slow
@pytest.mark.parametrize("clients", [2, 8])
def test_concurrent_takes_of_one_open_seat(server: Server, clients: int) -> None:
    for _ in range(ROUNDS):
        t = server.create("king", OPEN_KING)
        names = [f"Taker{i}" for i in range(clients)]
        responses = run(at_once(server, [(f"/api/tables/{t['id']}/seats/0", {"name": n})
                                         for n in names]))
        won = one_wins(responses, 0).json()
        info = server.get(f"/api/tables/{t['id']}").json()
        assert info["seats"][0]["name"] == won["name"] and info["open_seats"] == []
        # the winner's token, and only it, holds the seat
        tokens = {r.json().get("token") for r in responses} - {None}
        assert tokens == {won["token"]}


@pytest.mark.slow
@pytest.mark.parametrize("clients", [2, 8])
def test_concurrent_joins_with_one_invitation(server: Server, clients: int) -> None:
    for _ in range(ROUNDS):
        t = server.create("king", OPEN_KING)
        invite = t["seats"][1]["invite"]
        responses = run(at_once(server, [(f"/api/tables/{t['id']}/join",
                                          {"invite": invite, "name": f"Guest{i}"})
                                         for i in range(clients)]))
        won = one_wins(responses, 1).json()
        assert server.get(f"/api/tables/{t['id']}").json()["seats"][1]["name"] == won["name"]


@pytest.mark.slow
@pytest.mark.parametrize("clients", [2, 8])
def test_concurrent_leaves_with_one_token(server: Server, clients: int) -> None:
    for _ in range(ROUNDS):
        t = server.create("king", OPEN_KING)
        token = server.post(f"/api/tables/{t['id']}/seats/0", {"name": "Ann"}).json()["token"]
        responses = run(at_once(server, [(f"/api/tables/{t['id']}/leave", {"token": token})]
                                * clients))
        # one leave frees the seat; the token is revoked for the others
        one_wins(responses, 0, refused=403)
        info = server.get(f"/api/tables/{t['id']}").json()
        assert info["open_seats"] == [0] and info["seats"][0]["name"] is None


def test_the_database_seats_once_whatever_the_process(db_url_factory: Callable[[], str]) -> None:
    """Two stores on one database (two server processes): the guarded UPDATE admits one."""
    url = db_url_factory()
    stores = [Store(url) for _ in range(8)]
    try:
        stores[0].migrate()
        data = TableData(id="atomic", game="king", rules={}, players=4, seed=1, setup={},
                         turn_seconds=None, status="open", created_at=now(),
                         seats=[SeatData(0, "human", None, None, None, False, open=True),
                                *(SeatData(i, "bot", "random", None, f"Bot {i}", True)
                                  for i in range(1, 4))])
        stores[0].create_table(data)
        results: list[bool] = []
        start = threading.Barrier(len(stores))

        def take(i: int) -> None:
            start.wait()
            results.append(stores[i].occupy_seat("atomic", 0, f"P{i}", secret_hash(f"t{i}")))

        threads = [threading.Thread(target=take, args=(i,)) for i in range(len(stores))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(results) == [False] * 7 + [True]
        seat = stores[0].load("atomic")
        assert seat is not None and seat.seats[0].taken
        holder = int(seat.seats[0].name[1:])  # type: ignore[index]
        assert seat.seats[0].token_hash == secret_hash(f"t{holder}")
        # leaving: only the holder's token frees it, once
        assert not stores[1].free_seat("atomic", 0, secret_hash(f"t{(holder + 1) % 8}"))
        assert stores[1].free_seat("atomic", 0, secret_hash(f"t{holder}"))
        assert not stores[2].free_seat("atomic", 0, secret_hash(f"t{holder}"))
    finally:
        for s in stores:
            s.close()


# --- seeds --------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [
    [{"kind": "human", "name": "Ada"}, {"kind": "human"}, *[{"kind": "bot", "level": "basic"}] * 2],
    [{"kind": "human", "name": "Ada"}, {"kind": "human", "open": True},
     *[{"kind": "bot", "level": "basic"}] * 2],
    [{"kind": "human", "name": f"P{i}"} for i in range(4)],
])
def test_no_seed_at_a_table_of_several_humans(server: Server, seats: list[dict[str, Any]]) -> None:
    r = server.post("/api/tables", {"game": "king", "seats": seats, "seed": 7})
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith("seed")
    # without a seed the same table is fine
    assert server.post("/api/tables", {"game": "king", "seats": seats}).status_code == 201


def test_seed_for_practice_against_bots(server: Server) -> None:
    alone = server.create("king", [{"kind": "human", "name": "Ada"},
                                   *[{"kind": "bot", "level": "basic"}] * 3], seed=7)
    info = server.get(f"/api/tables/{alone['id']}").json()
    assert "seed" not in info  # public information never holds it
    assert server.get(f"/api/tables/{alone['id']}/record").status_code == 409
    server.create("kukakoenig", [{"kind": "bot", "level": "random"}] * 2, seed=7)


def test_bot_seeds_are_not_derived_from_the_table_id(server: Server) -> None:
    """Knowing the table id (public) and the seed of a bots-only table, the bots' play used
    to be computable: each bot's seed was crc32(table id, seat, level)."""
    game = kingscourt.load_game("kukakoenig")
    t = server.create("kukakoenig", [{"kind": "bot", "level": "random"}] * 3, seed=5)
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    record = server.get(f"/api/tables/{t['id']}/record").json()
    state = game.new_state(players=3, seed=5)
    guess = {s: bots.load("random", game, seed=zlib.crc32(f"{t['id']}:{s}:random".encode()))
             for s in range(3)}
    predicted: list[list[Any]] = []
    for seat, _ in record["actions"]:
        choice = str(guess[seat].choose(state.view(seat)))
        predicted.append([seat, choice])
        state.apply(seat, _)  # follow the real game, guessing each bot's next choice
    assert predicted != record["actions"]
