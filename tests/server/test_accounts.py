"""Accounts, sessions, guests and ratings against a real server, on SQLite and PostgreSQL:
register and log in (the cookie and the session row behind it), log out and password change
revoke sessions, deleting keeps the games under an anonymous name, failed logins are limited,
guests may not take an account's name and get no statistics, a rated game moves the rating."""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from .harness import SeatLog, Server, db_rows, play_seat, run

PASSWORD = "correct horse"


def unique(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def client(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.http, timeout=20)


def registered(server: Server, name: str, password: str = PASSWORD) -> httpx.Client:
    """A client logged in as a new account ``name``."""
    c = client(server)
    r = c.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    r = c.post("/api/session", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return c


def rows(server: Server, sql: str, **params: Any) -> list[dict[str, Any]]:
    return db_rows(server.db_url, sql, **params)


def wait_over(server: Server, table: str, limit: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        info: dict[str, Any] = server.get(f"/api/tables/{table}").json()
        if info["status"] == "over":
            return info
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.1)


def play_out(server: Server, table: str, token: str, seed: int = 1) -> None:
    log = SeatLog(0)
    run(play_seat(server.ws(table, token), log, random.Random(seed), timeout=90))
    assert log.errors == [], log.errors[:3]


@pytest.mark.slow
def test_register_log_in_and_out(server: Server) -> None:
    name = unique("Ada")
    c = client(server)
    assert c.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    # names are one account without regard to case
    r = c.post("/api/accounts", json={"name": name.upper(), "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["detail"]
    for bad in ({"name": "Al", "password": PASSWORD}, {"name": unique("Bo"), "password": "short"},
                {"name": "Bot (basic)", "password": PASSWORD}, {"name": "x" * 25, "password": PASSWORD}):
        assert c.post("/api/accounts", json=bad).status_code == 422, bad
    # a guest: 200 with no account (a guest's page logs no error)
    r = c.get("/api/me")
    assert r.status_code == 200 and r.json() == {"account": None}
    assert c.post("/api/session", json={"name": name, "password": "wrong password"}).status_code == 401
    assert c.post("/api/session", json={"name": unique("Nobody"), "password": PASSWORD}).status_code == 401
    r = c.post("/api/session", json={"name": name.lower(), "password": PASSWORD})
    assert r.status_code == 200 and r.json()["name"] == name
    cookie = r.headers["set-cookie"]
    parts = [p.strip().lower() for p in cookie.split(";")]
    assert "httponly" in parts and "samesite=lax" in parts and "secure" not in parts  # plain http
    secret = r.cookies["kingscourt_session"]
    me = c.get("/api/me").json()
    assert me["name"] == name and me["account"]["name"] == name
    # the server keeps the secret's hash only
    stored = rows(server, "SELECT s.secret_hash FROM sessions s JOIN accounts a ON a.id = s.account_id "
                          "WHERE a.name = :n", n=name)
    assert stored == [{"secret_hash": hashlib.sha256(secret.encode()).hexdigest()}]
    assert PASSWORD not in repr(rows(server, "SELECT * FROM accounts WHERE name = :n", n=name))
    assert c.delete("/api/session").status_code == 204
    # the row is gone: the same cookie, kept and sent again, no longer logs in
    again = client(server)
    again.cookies.set("kingscourt_session", secret)
    assert again.get("/api/me").json() == {"account": None}
    assert rows(server, "SELECT s.secret_hash FROM sessions s JOIN accounts a ON a.id = s.account_id "
                        "WHERE a.name = :n", n=name) == []


@pytest.mark.slow
def test_password_change_revokes_other_sessions(server: Server) -> None:
    name = unique("Cem")
    first = registered(server, name)
    second = client(server)
    assert second.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 200
    r = first.put("/api/me/password", json={"password": "not it at all", "new_password": "battery staple"})
    assert r.status_code == 401
    r = first.put("/api/me/password", json={"password": PASSWORD, "new_password": "battery staple"})
    assert r.status_code == 204, r.text
    assert first.get("/api/me").status_code == 200  # the session that changed it stays
    assert second.get("/api/me").json() == {"account": None}
    def log_in(password: str) -> int:
        return client(server).post("/api/session", json={"name": name, "password": password}).status_code

    assert (log_in(PASSWORD), log_in("battery staple")) == (401, 200)


@pytest.mark.slow
def test_failed_logins_are_limited_per_name(server: Server) -> None:
    name = unique("Dov")
    registered(server, name)
    c = client(server)
    for _ in range(5):  # the server's default: 5 failures a minute per name
        assert c.post("/api/session", json={"name": name, "password": "guessing…"}).status_code == 401
    r = c.post("/api/session", json={"name": name, "password": PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    # another name from the same address is not held up by it
    other = unique("Eda")
    registered(server, other)


def test_guests_and_account_names(server: Server) -> None:
    name = unique("Fay")
    fay = registered(server, name)
    # a guest may not sit down under an account's name, in any case, anywhere
    seats = [{"kind": "human", "name": name.lower()}, {"kind": "bot", "level": "random"}]
    r = server.post("/api/tables", {"game": "kukakoenig", "seats": seats})
    assert r.status_code == 409 and "account" in r.json()["detail"]
    t = server.create("kukakoenig", [{"kind": "human", "name": unique("guest")}, {"kind": "human"},
                                     {"kind": "human", "open": True}])
    invite = t["seats"][1]["invite"]
    assert server.post(f"/api/tables/{t['id']}/join", {"invite": invite, "name": name}).status_code == 409
    assert server.post(f"/api/tables/{t['id']}/seats/2", {"name": name.upper()}).status_code == 409
    # logged in, the account plays under its own name whatever the name sent
    r = fay.post(f"/api/tables/{t['id']}/join", json={"invite": invite, "name": "Someone Else"})
    assert r.status_code == 200 and r.json()["name"] == name
    info = server.get(f"/api/tables/{t['id']}").json()
    assert [(s["name"], s["guest"]) for s in info["seats"][:2]] == [
        (t["seats"][0]["name"], True), (name, False)]
    # the creator's seat is the account's
    r = fay.post("/api/tables", json={"game": "kukakoenig", "seats": [
        {"kind": "human", "name": "Whoever"}, {"kind": "human", "name": unique("pal")},
        {"kind": "bot", "level": "random"}]})
    assert r.status_code == 201, r.text
    created = r.json()["seats"]
    assert created[0]["name"] == name
    seats_info = server.get(f"/api/tables/{r.json()['id']}").json()["seats"]
    assert [s["guest"] for s in seats_info] == [False, True, False]


def test_a_rated_game_moves_the_rating(server: Server) -> None:
    """An account and a guest against a basic bot: the account's rating, history, recent
    game and statistics move; the guest keeps nothing; the bot stays at its reference."""
    name, guest = unique("Gus"), unique("guest")
    gus = registered(server, name)
    before = {e["name"]: e for e in server.get("/api/leaderboard?game=kukakoenig&limit=500").json()}
    assert name not in before
    r = gus.post("/api/tables", json={"game": "kukakoenig", "seats": [
        {"kind": "human", "name": name}, {"kind": "human", "name": guest},
        {"kind": "bot", "level": "basic"}]})
    assert r.status_code == 201, r.text
    t = r.json()

    async def both() -> None:
        import asyncio

        logs = [SeatLog(0), SeatLog(1)]
        await asyncio.gather(*(play_seat(server.ws(t["id"], t["seats"][i]["token"]), logs[i],
                                         random.Random(i), timeout=90) for i in (0, 1)))
        for log in logs:
            assert log.errors == [], log.errors[:3]

    run(both())
    info = wait_over(server, t["id"])
    board = {e["name"]: e for e in server.get("/api/leaderboard?game=kukakoenig&limit=500").json()}
    mine = board[name]
    assert mine["kind"] == "human" and mine["games"] == 1 and mine["wins"] == (0 in info["winners"])
    assert mine["rating"] != 0.0 and abs(mine["rating"] - (mine["mu"] - 3 * mine["sigma"])) < 1e-9
    assert mine["sigma"] < 25 / 3  # one game makes the rating surer
    assert guest not in board
    assert (board["Bot (basic)"]["mu"], board["Bot (basic)"]["sigma"]) == (25.0, 2.0)
    assert [e["rank"] for e in board.values()] == sorted(e["rank"] for e in board.values())
    profile = server.get(f"/api/profiles/{name.lower()}").json()
    assert profile["name"] == name
    [rating] = profile["ratings"]
    assert rating["game"] == "kukakoenig" and rating["games"] == 1
    assert [p["table"] for p in rating["history"]] == [t["id"]]
    assert rating["history"][0]["rating"] == pytest.approx(mine["rating"])
    assert profile["recent"][0]["table"] == t["id"]
    assert profile["recent"][0]["replay"] == f"#/replay/{t['id']}"
    assert profile["recent"][0]["score"] == info["scores"][0]
    # statistics for accounts only: the guest has none
    assert server.get(f"/api/players/{name}").json()["games"] == 1
    assert server.get(f"/api/players/{guest}").status_code == 404
    assert server.get(f"/api/profiles/{guest}").status_code == 404
    kinds = rows(server, "SELECT seat, kind, account_id FROM player_results WHERE table_id = :t "
                         "ORDER BY seat", t=t["id"])
    assert [(k["kind"], k["account_id"] is not None) for k in kinds] == [
        ("human", True), ("guest", False), ("bot", False)]
    assert server.get("/api/leaderboard?game=chess").status_code == 422


@pytest.mark.slow
def test_king_statistics_on_the_profile(server: Server) -> None:
    """A short King game of an account against bots: Kings made and the contracts it chose,
    each with its average result, as the final score table has them."""
    name = unique("Hal")
    hal = registered(server, name)
    r = hal.post("/api/tables", json={"game": "king", "rules": {"short_game": True}, "seats": [
        {"kind": "human", "name": name}, *[{"kind": "bot", "level": "random"}] * 3]})
    assert r.status_code == 201, r.text
    t = r.json()
    play_out(server, t["id"], t["seats"][0]["token"])
    wait_over(server, t["id"])
    import kingscourt

    state = kingscourt.replay(server.get(f"/api/tables/{t['id']}/record").json())
    table = state.view(None)["score_table"]
    mine = [row for row in table if row["chooser"] == 0]
    expected: dict[str, list[int]] = {}
    for row in mine:
        expected.setdefault(row["contract"], []).append(row["points"][0])
    profile = server.get(f"/api/profiles/{name}").json()
    king = profile["king"]
    assert king["games"] == 1 and king["kings"] == sum(1 for k in state.view(None)["kings"] if k["seat"] == 0)
    got = {c["contract"]: (c["chosen"], c["average"]) for c in king["contracts"]}
    assert got == {c: (len(v), pytest.approx(sum(v) / len(v))) for c, v in expected.items()}
    assert [g["game"] for g in profile["ratings"]] == ["king"]
    king_board = {e["name"]: e for e in server.get("/api/leaderboard?game=king&limit=500").json()}
    assert king_board[name]["games"] == 1
    # King points stay King's own table, accounts and bots only
    points = {e["name"] for e in server.get("/api/leaderboard?limit=500").json()}
    assert name in points


@pytest.mark.slow
def test_deleting_an_account_keeps_its_games(server: Server) -> None:
    name = unique("Ivo")
    ivo = registered(server, name)
    r = ivo.post("/api/tables", json={"game": "kukakoenig", "seats": [
        {"kind": "human", "name": name}, {"kind": "bot", "level": "random"}]})
    t = r.json()
    play_out(server, t["id"], t["seats"][0]["token"])
    wait_over(server, t["id"])
    assert ivo.request("DELETE", "/api/me", json={"password": "wrong password"}).status_code == 401
    assert ivo.request("DELETE", "/api/me", json={"password": PASSWORD}).status_code == 204
    assert ivo.get("/api/me").json() == {"account": None}
    assert server.get(f"/api/profiles/{name}").status_code == 404
    assert server.get(f"/api/players/{name}").status_code == 404
    info = server.get(f"/api/tables/{t['id']}").json()
    assert info["seats"][0]["name"] == "Deleted player" and info["status"] == "over"
    assert server.get(f"/api/tables/{t['id']}/record").status_code == 200
    kept = rows(server, "SELECT name, kind FROM player_results WHERE table_id = :t AND seat = 0", t=t["id"])
    assert kept == [{"name": "Deleted player", "kind": "deleted"}]
    assert name not in {e["name"] for e in server.get("/api/leaderboard?game=kukakoenig&limit=500").json()}
    # the name is free again, for a new account with nothing of the old one
    again = registered(server, name)
    assert again.get("/api/me").json()["name"] == name
    assert server.get(f"/api/profiles/{name}").json()["ratings"] == []


def test_results_from_before_accounts_become_guests(db_url_factory: Callable[[], str]) -> None:
    """A database from before accounts (revision 0004): the results kept under names anyone
    could take count for nobody after the upgrade; bots' results still count."""
    from datetime import UTC, datetime

    from alembic import command
    from alembic.config import Config

    from kingscourt.server.store.store import MIGRATIONS, Store, make_engine

    url = db_url_factory()
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "0004")
    with engine.begin() as c:
        c.execute(sa.text(
            "INSERT INTO tables (id, game, rules, players, seed, setup, status, created_at) "
            "VALUES ('old', 'king', '{}', 4, 1, '{}', 'finished', :at)"),
            {"at": datetime(2026, 11, 1, tzinfo=UTC)})
        c.execute(sa.text(
            "INSERT INTO player_results (table_id, seat, name, kind, game, score, won, kings, "
            "king_points) VALUES ('old', 0, 'Ada', 'human', 'king', 10, :t, 0, 3), "
            "('old', 1, 'Bot (basic)', 'bot', 'king', 5, :f, 0, 2)"), {"t": True, "f": False})
    engine.dispose()
    store = Store(url)
    try:
        store.migrate()
        assert store.player("Ada") == []
        assert store.player("Bot (basic)", "bot")[0]["games"] == 1
        assert {e["name"] for e in store.leaderboard(50)} == {"Bot (basic)"}
    finally:
        store.close()
