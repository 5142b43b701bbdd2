"""Tokens belong to a person, not to a seat, against a real server on SQLite and PostgreSQL.

A token is issued when someone takes a seat and revoked when they leave: every socket holding
it is closed (4401) and can neither act nor receive views. The invitation only joins. Only
hashes are stored, and a database from before (plain tokens) keeps its players seated.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from kingscourt.server.store.store import MIGRATIONS, make_engine

from .harness import Server, act, recv, recv_until, run

OPEN_KKK = [{"kind": "human", "open": True}, {"kind": "human", "name": "Bo"}]


async def closed_with(ws: ClientConnection, timeout: float = 10) -> tuple[int | None, list[Any]]:
    """Read until the server closes: (close code, the messages received before)."""
    got = []
    try:
        while True:
            got.append(await recv(ws, timeout))
    except ConnectionClosed:
        return ws.close_code, got


def test_token_rotation_on_leave(server: Server) -> None:
    t = server.create("kukakoenig", OPEN_KKK)
    tid = t["id"]
    first = server.post(f"/api/tables/{tid}/seats/0", {"name": "Ann"}).json()["token"]

    async def scenario() -> None:
        async with connect(server.ws(tid, first)) as old:
            s = await recv_until(old, lambda m: m["type"] == "state")
            assert s["seat"] == 0 and s["view"]["legal"]
            # Ann leaves: her token is revoked and her socket closed, 4401
            assert server.post(f"/api/tables/{tid}/leave", {"token": first}).status_code == 200
            code, before = await closed_with(old)
            assert code == 4401
            assert before and before[-1]["code"] == "bad-token" and "revoked" in before[-1]["message"]
            # Cy takes the seat: a new token, never Ann's
            taken = server.post(f"/api/tables/{tid}/seats/0", {"name": "Cy"}).json()
            second = taken["token"]
            assert second != first
            # the old token opens no socket, acts for nobody, sees no view
            async with connect(server.ws(tid, first)) as again:
                code, got = await closed_with(again)
                assert code == 4401 and [m["type"] for m in got] == ["error"]
                assert got[0]["code"] == "bad-token"
            # Cy's token plays the seat; a second leave with Ann's token is refused
            r = server.post(f"/api/tables/{tid}/leave", {"token": first})
            assert r.status_code == 403 and "token" in r.json()["detail"]
            async with connect(server.ws(tid, second)) as cy:
                s = await recv_until(cy, lambda m: m["type"] == "state")
                assert s["seat"] == 0 and s["seats"][0]["name"] == "Cy"
                await cy.send(act(s["view"]["legal"][0], s["version"]))
                mine = await recv_until(cy, lambda m: m["type"] == "error" or 0 in m["view"]["picked"])
                assert mine["type"] == "state", mine
            assert server.get(f"/api/tables/{tid}").json()["seats"][0]["name"] == "Cy"

    run(scenario())


def test_every_socket_of_a_revoked_token_is_closed(server: Server) -> None:
    t = server.create("kukakoenig", OPEN_KKK)
    tid = t["id"]
    token = server.post(f"/api/tables/{tid}/seats/0", {"name": "Ann"}).json()["token"]

    async def scenario() -> None:
        socks = [await connect(server.ws(tid, token)) for _ in range(3)]
        async with connect(server.ws(tid, t["seats"][1]["token"])) as bo:
            for ws in socks:
                await recv_until(ws, lambda m: m["type"] == "state")
            await recv_until(bo, lambda m: m["type"] == "state")
            assert server.post(f"/api/tables/{tid}/leave", {"token": token}).status_code == 200
            for ws in socks:
                code, got = await closed_with(ws)
                assert code == 4401 and got[-1]["code"] == "bad-token"
            # Bo, still seated, sees the seat free
            s = await recv_until(bo, lambda m: m["type"] == "state" and not m["seats"][0]["taken"])
            assert s["seats"][0]["name"] is None

    run(scenario())


def test_the_invitation_joins_but_never_acts(server: Server) -> None:
    t = server.create("kukakoenig", [{"kind": "human", "name": "Ada"}, {"kind": "human"}])
    tid, invite = t["id"], t["seats"][1]["invite"]
    assert t["seats"][1]["token"] is None and t["seats"][1]["ws"] is None
    assert t["seats"][0]["token"] and t["seats"][0]["invite"]

    async def refused(token: str) -> tuple[int | None, list[Any]]:
        async with connect(server.ws(tid, token)) as ws:
            return await closed_with(ws)

    code, got = run(refused(invite))
    assert code == 4401 and got[0]["code"] == "bad-token"
    assert server.post(f"/api/tables/{tid}/leave", {"token": invite}).status_code == 403
    joined = server.post(f"/api/tables/{tid}/join", {"invite": invite, "name": "Bea"}).json()
    assert joined["token"] != invite and joined["ws"] == f"/ws/tables/{tid}?token={joined['token']}"
    code, _ = run(refused(invite))  # still not, now that the seat is taken
    assert code == 4401

    async def plays(token: str) -> dict[str, Any]:
        async with connect(server.ws(tid, token)) as ws:
            s = await recv_until(ws, lambda m: m["type"] == "state")
            await ws.send(act(s["view"]["legal"][0], s["version"]))
            return await recv_until(ws, lambda m: m["type"] == "error" or 1 in m["view"]["picked"])

    assert run(plays(joined["token"]))["type"] == "state"
    # Bea leaves; joining again with the invitation gives another token
    assert server.post(f"/api/tables/{tid}/leave", {"token": joined["token"]}).status_code == 200
    again = server.post(f"/api/tables/{tid}/join", {"invite": invite, "name": "Cid"}).json()
    assert again["token"] not in (joined["token"], invite)
    code, _ = run(refused(joined["token"]))
    assert code == 4401


def test_only_hashes_are_stored(server: Server) -> None:
    t = server.create("kukakoenig", [{"kind": "human", "name": "Ada"}, {"kind": "human"},
                                     {"kind": "human", "open": True}])
    taken = server.post(f"/api/tables/{t['id']}/seats/2", {"name": "Eve"}).json()["token"]
    secrets_ = [t["seats"][0]["token"], t["seats"][0]["invite"], t["seats"][1]["invite"], taken]
    engine = make_engine(server.db_url)
    try:
        with engine.connect() as c:
            rows = [dict(r._mapping) for r in c.execute(sa.text(
                "SELECT * FROM seats WHERE table_id = :t ORDER BY seat"), {"t": t["id"]})]
    finally:
        engine.dispose()
    text = repr(rows)
    for secret in secrets_:
        assert secret not in text
    sha = [hashlib.sha256(x.encode()).hexdigest() for x in secrets_]
    assert [r["token_hash"] for r in rows] == [sha[0], None, sha[3]]
    assert [r["invite_hash"] for r in rows] == [sha[1], sha[2], None]


def _alembic(url: str, target: str) -> None:
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, target)
    engine.dispose()


@pytest.mark.slow
def test_a_table_from_before_keeps_its_tokens(db_url_factory: Callable[[], str],
                                              tmp_path: Path) -> None:
    """A database at revision 0002 (plain tokens: the seat's invitation and credential at
    once): after the upgrade the seated player plays on with the same token, the free seat's
    link still joins (and gives a new token), and no plain token is left."""
    url = db_url_factory()
    _alembic(url, "0002")
    engine = make_engine(url)
    with engine.begin() as c:
        c.execute(sa.text(
            "INSERT INTO tables (id, game, rules, players, seed, setup, turn_seconds, status, "
            "created_at) VALUES ('oldtable', 'kukakoenig', '{}', 2, 42, '{}', NULL, 'open', :at)"),
            {"at": datetime(2026, 11, 30, tzinfo=UTC)})
        c.execute(sa.text(
            "INSERT INTO seats (table_id, seat, kind, level, token, name, taken, timeouts, open) "
            "VALUES ('oldtable', 0, 'human', NULL, 'old-token-of-ada', 'Ada', :yes, 0, :no), "
            "('oldtable', 1, 'human', NULL, 'old-link-seat-1', NULL, :no, 0, :no)"),
            {"yes": True, "no": False})
    engine.dispose()
    server = Server(url, tmp_path / "server.log").start()
    try:
        async def first_state(token: str) -> dict[str, Any]:
            async with connect(server.ws("oldtable", token)) as ws:
                return await recv_until(ws, lambda m: m["type"] == "state")

        s = run(first_state("old-token-of-ada"))
        assert s["seat"] == 0 and s["view"]["legal"]
        joined = server.post("/api/tables/oldtable/join",
                             {"invite": "old-link-seat-1", "name": "Bea"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["token"] != "old-link-seat-1"
        assert run(first_state(joined.json()["token"]))["seat"] == 1
        engine = make_engine(url)
        with engine.connect() as c:
            rows = [dict(r._mapping) for r in c.execute(sa.text("SELECT * FROM seats"))]
        engine.dispose()
        assert "token" not in rows[0] and "old-token-of-ada" not in repr(rows)
        assert rows[0]["token_hash"] == hashlib.sha256(b"old-token-of-ada").hexdigest()
    finally:
        server.stop()
