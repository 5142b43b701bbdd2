"""Tournaments on a real server (one process, SQLite): a King duplicate tournament of two
tables plays the same deals at both, and a deal's comparison is never shown before the
player's own table and every other table have finished it; a Swiss tournament pairs three
rounds; the inputs are bounded."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.server.conftest import _postgres_schema
from tests.server.harness import Server, act, db_rows, recv, run
from tests.server.test_accounts import registered, unique


# the PostgreSQL half is the slow tier, as the server's tests are
@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("tournaments")
    drop = None
    if request.param == "sqlite":
        url = f"sqlite:///{base / 'kc.sqlite3'}"
    else:
        url, drop = _postgres_schema()
    s = Server(url, base / "server.log").start()
    yield s
    s.stop()
    if drop is not None:
        drop()


def _create(server: Server, **body: Any) -> dict[str, Any]:
    r = server.post("/api/tournaments", body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _enter(server: Server, tid: str, invite: str, names: list[str]) -> list[str]:
    tokens = []
    for name in names:
        r = server.post(f"/api/tournaments/{tid}/entrants", {"invite": invite, "name": name})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return tokens


async def _play_to(
    server: Server,
    table: str,
    tokens: list[str],
    deal: int,
    rng: random.Random,
    hands: dict[int, list[str]] | None = None,
) -> None:
    """Every seat of ``table`` plays random legal cards until the table is at deal ``deal``
    + 1 (or over); ``hands`` gets each seat's first hand."""

    async def seat(s: int, token: str) -> None:
        async with connect(server.ws(table, token), max_size=None) as ws:
            acted: int | None = None
            while True:
                msg = await recv(ws, 60)
                if msg["type"] != "state":
                    continue
                view = msg["view"]
                if hands is not None and s not in hands:
                    hands[s] = sorted(view["hand"])
                if view["over"] or view["deal"] > deal:
                    return
                if view["legal"] and acted != msg["version"]:
                    acted = msg["version"]
                    await ws.send(act(rng.choice(view["legal"]), msg["version"]))

    await asyncio.gather(*(seat(s, t) for s, t in enumerate(tokens)))


async def _spectate(server: Server, table: str) -> tuple[str, int | None]:
    """The first message a spectator gets, and the close code if it is closed at once."""
    async with connect(server.ws(table), max_size=None) as ws:
        first = await recv(ws, 10)
        try:
            await asyncio.wait_for(ws.recv(), 0.5)
        except TimeoutError:
            return first["type"], None
        except Exception:
            return first.get("code", first["type"]), ws.close_code
        return first["type"], None


def _seat_tokens(server: Server, tid: str, tokens: list[str]) -> dict[str, list[str]]:
    """Each table's tokens in seat order, from each entrant's GET .../me."""
    tables: dict[str, list[str]] = {}
    for token in tokens:
        me = server.get(f"/api/tournaments/{tid}/me", params={"token": token}).json()
        tables.setdefault(me["table_id"], ["", "", "", ""])[me["seat"]] = token
    return tables


def test_king_duplicate_two_tables_same_deals_and_comparisons_never_early(server: Server) -> None:
    made = _create(server, game="king", rules={"short_game": True}, format="duplicate", players=8)
    tid, invite = made["id"], made["invite"]
    assert made["link"] == f"/#/tournament/{tid}/{invite}"
    names = [f"P{i}" for i in range(8)]
    tokens = _enter(server, tid, invite, names)
    info = server.get(f"/api/tournaments/{tid}").json()
    assert info["status"] == "playing" and info["round"] == 1
    [round1] = info["tables"]
    assert [t["seats"] for t in round1["tables"]] == [names[:4], names[4:]]
    tables = _seat_tokens(server, tid, tokens)
    a, b = (t["table_id"] for t in round1["tables"])
    # one seed for both tables, and not a practice table
    rows = db_rows(server.db_url, "SELECT id, seed, seeded FROM tables WHERE id IN (:a, :b)", a=a, b=b)
    assert len({r["seed"] for r in rows}) == 1 and not any(r["seeded"] for r in rows)

    def compare(token: str, deal: int) -> Any:
        return server.get(f"/api/tournaments/{tid}/deals/{deal}", params={"token": token})

    # before anyone played: nobody sees deal 1
    assert compare(tables[a][0], 1).status_code == 409
    hands_a: dict[int, list[str]] = {}
    hands_b: dict[int, list[str]] = {}
    run(_play_to(server, a, tables[a], 1, random.Random(1), hands_a))
    # table A finished deal 1, table B did not start it: neither sees it
    r = compare(tables[a][0], 1)
    assert r.status_code == 409 and "every table" in r.json()["detail"]
    r = compare(tables[b][2], 1)
    assert r.status_code == 409 and "your table" in r.json()["detail"]
    # nothing of table A's deal in the standings yet
    assert all(s["points"] == 0 for s in server.get(f"/api/tournaments/{tid}").json()["standings"])
    # neither a record, a replay nor a spectator of table A while B plays its deals
    assert server.get(f"/api/tables/{a}/record").status_code == 409
    run(_play_to(server, b, tables[b], 1, random.Random(2), hands_b))
    assert hands_a == hands_b and len(hands_a) == 4  # the same hands at the same seats
    r = compare(tables[b][2], 1)
    assert r.status_code == 200, r.text
    seen = r.json()
    assert seen["deal"] == 1 and seen["seat"] == 2 and len(seen["tables"]) == 2
    mine, other = seen["tables"][1], seen["tables"][0]
    assert mine["yours"] and not other["yours"] and other["played"]
    assert {"contract", "chooser", "trump"} <= set(other["facts"])
    assert seen["par"] == other["points"][2]
    assert seen["diff"] == mine["points"][2] - other["points"][2]
    # deal 2: nobody has finished it
    assert compare(tables[a][0], 2).status_code == 409
    # the standings count deal 1 now: partners on one hand have opposite totals
    st = {s["name"]: s["total"] for s in server.get(f"/api/tournaments/{tid}").json()["standings"]}
    for s in range(4):
        assert st[names[s]] == pytest.approx(-st[names[4 + s]])
    # a stranger's token sees nothing
    assert compare("x" * 20, 1).status_code == 403


@pytest.mark.slow
def test_king_duplicate_to_the_end_keeps_a_finished_table_secret_until_the_round_ends(server: Server) -> None:
    """About 40 s on two busy cores: both tables play every deal through their sockets."""
    made = _create(server, game="king", rules={"short_game": True}, format="duplicate", players=8)
    tid = made["id"]
    # the first entrant has an account: its statistics, leaderboard points and profile
    names = [unique("Q"), *(f"Q{i}" for i in range(1, 8))]
    account = registered(server, names[0])
    r = account.post(f"/api/tournaments/{tid}/entrants", json={"invite": made["invite"], "name": names[0]})
    account.close()
    assert r.status_code == 200, r.text
    first = r.json()["token"]
    tables = _seat_tokens(server, tid, [first, *_enter(server, tid, made["invite"], names[1:])])
    # table A (the account's) plays to its end first
    a, b = sorted(tables, key=lambda t: first not in tables[t])

    def compare(token: str, deal: int) -> Any:
        return server.get(f"/api/tournaments/{tid}/deals/{deal}", params={"token": token})

    run(_play_to(server, b, tables[b], 1, random.Random(5)))
    # table A plays to its end while B is at deal 2: A's record, replay and spectators wait
    run(_play_to(server, a, tables[a], 99, random.Random(3)))
    assert server.get(f"/api/tables/{a}").json()["status"] == "over"
    for path in (f"/api/tables/{a}/record", f"/api/tables/{a}/replay"):
        r = server.get(path)
        assert r.status_code == 409 and "secret" in r.json()["detail"], path
    assert run(_spectate(server, a)) == ("bad-token", 4401)
    # nor its final scores: not in its information, the recent games or the tournament's
    assert server.get(f"/api/tables/{a}").json()["scores"] is None
    assert a not in [g["id"] for g in server.get("/api/games/recent").json()]
    assert a not in [g["id"] for g in server.get("/api/finished").json()]
    # nor its players' statistics or the leaderboard's points (a seat's score tells its hands)
    assert server.get(f"/api/players/{names[0]}").status_code == 404
    assert server.get("/api/games/recent", params={"player": names[0]}).json() == []
    assert names[0] not in [x["name"] for x in server.get("/api/leaderboard").json()]
    assert server.get(f"/api/profiles/{names[0]}").json()["recent"] == []
    # nor its rating: it moves once the round is over
    assert server.get(f"/api/profiles/{names[0]}").json()["ratings"] == []
    rated = server.get("/api/leaderboard", params={"game": "king"}).json()
    assert names[0] not in [x["name"] for x in rated]
    rows = server.get(f"/api/tournaments/{tid}").json()["tables"][0]["tables"]
    [row_a] = [r for r in rows if r["table_id"] == a]
    assert row_a["over"] and row_a["scores"] is None, row_a
    # A's player may not see deal 2 while B has not finished it
    assert "every table" in compare(tables[a][1], 2).json()["detail"]
    run(_play_to(server, b, tables[b], 99, random.Random(4)))
    info = _wait(server, tid, lambda i: i["status"] == "finished", 10)
    assert info["status"] == "finished"
    assert server.get(f"/api/tables/{a}/record").status_code == 200
    assert server.get(f"/api/tables/{a}").json()["scores"] is not None
    assert a in [g["id"] for g in server.get("/api/games/recent").json()]
    assert a in [g["id"] for g in server.get("/api/finished").json()]
    played = server.get(f"/api/players/{names[0]}")
    assert played.status_code == 200 and played.json()["games"] == 1, played.text
    assert names[0] in [x["name"] for x in server.get("/api/leaderboard").json()]
    profile = server.get(f"/api/profiles/{names[0]}").json()
    assert [g["table"] for g in profile["recent"]] == [a]
    [king] = profile["ratings"]
    assert king["game"] == "king" and king["games"] == 1 and [p["table"] for p in king["history"]] == [a]
    assert run(_spectate(server, a)) == ("state", None)
    # every deal both tables played is compared now; the totals are the sum of the diffs
    totals = {n: 0.0 for n in names}
    for deal in range(1, 13):
        for token in (tables[a][0], tables[b][0]):
            r = compare(token, deal)
            if r.status_code == 404:  # a rule may end a game early; not this table's
                continue
            assert r.status_code == 200, r.text
    for token in (t for seats in tables.values() for t in seats):
        me = server.get(f"/api/tournaments/{tid}/me", params={"token": token}).json()
        for deal in range(1, 13):
            got = compare(token, deal).json()
            if got.get("diff") is not None:
                totals[me["name"]] += got["diff"]
    final = {x["name"]: x["total"] for x in info["standings"]}
    assert final == pytest.approx(totals)


def _wait(server: Server, tid: str, pred: Any, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, Any] = server.get(f"/api/tournaments/{tid}").json()
        if pred(info) or time.monotonic() > deadline:
            return info
        time.sleep(0.2)


def test_swiss_pairs_three_rounds_with_byes_filled_by_bots(server: Server) -> None:
    """Five entrants at two-seat tables: the turn timer (a basic bot for a late human) plays
    everyone's turns; every round pairs nobody twice and gives one bye, to a bot."""
    made = _create(
        server,
        game="kukakoenig",
        format="swiss",
        players=5,
        seats=2,
        rounds=3,
        turn_seconds=0.05,
        bot_level="random",
    )
    tid = made["id"]
    _enter(server, tid, made["invite"], [f"S{i}" for i in range(5)])
    info = _wait(server, tid, lambda i: i["status"] == "finished", 120)
    assert info["status"] == "finished", info
    assert [r["round"] for r in info["tables"]] == [1, 2, 3]
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for r in info["tables"]:
        assert len(r["tables"]) == 3
        for t in r["tables"]:
            people = [e for e in t["entrants"] if e is not None]
            if len(people) == 1:
                byes.append(people[0])
                assert t["seats"][1] == "Bot (random)"
            else:
                pair = frozenset(people)
                assert pair not in met
                met.add(pair)
    assert len(set(byes)) == 3
    st = info["standings"]
    assert len(st) == 5 and sum(s["points"] for s in st) >= 6  # six games between entrants
    keys = [(-s["points"], -s["buchholz"], -s["score"]) for s in st]
    assert keys == sorted(keys)


@pytest.mark.parametrize(
    ("body", "word"),
    [
        ({"game": "king", "format": "duplicate", "players": 6}, "multiple of 4"),
        ({"game": "king", "format": "knockout", "players": 8}, "format"),
        ({"game": "nope", "format": "swiss", "players": 8}, "nope"),
        ({"game": "king", "format": "swiss", "players": 65}, "players"),
        ({"game": "king", "format": "swiss", "players": 8, "bot_level": "godlike"}, "godlike"),
        ({"game": "king", "format": "swiss", "players": 8, "rounds": 11}, "rounds"),
        ({"game": "kukakoenig", "format": "duplicate", "players": 4}, "duplicate"),
    ],
)
def test_bad_tournaments_are_refused(server: Server, body: dict[str, Any], word: str) -> None:
    r = server.post("/api/tournaments", body)
    assert r.status_code == 422, r.text
    assert word in r.json()["detail"]


def test_entering_needs_the_invitation_and_a_place(server: Server) -> None:
    made = _create(server, game="king", format="duplicate", players=4)
    tid = made["id"]
    r = server.post(f"/api/tournaments/{tid}/entrants", {"invite": "wrong", "name": "Ann"})
    assert r.status_code == 403
    _enter(server, tid, made["invite"], ["A", "B", "C"])
    r = server.post(f"/api/tournaments/{tid}/entrants", {"invite": made["invite"], "name": "A"})
    assert r.status_code == 409  # entered already
    _enter(server, tid, made["invite"], ["D"])  # the fourth: it begins
    r = server.post(f"/api/tournaments/{tid}/entrants", {"invite": made["invite"], "name": "E"})
    assert r.status_code == 409
    assert server.get("/api/tournaments/nothing-here").status_code == 404


def test_a_start_time_fills_the_empty_seats_with_bots(server: Server, tmp_path: Path) -> None:
    from datetime import UTC, datetime, timedelta

    soon = (datetime.now(UTC) + timedelta(seconds=4)).isoformat()
    made = _create(server, game="king", format="duplicate", players=8, start=soon, bot_level="random")
    tid = made["id"]
    tokens = _enter(server, tid, made["invite"], ["Early", "Bird"])
    info = _wait(server, tid, lambda i: i["status"] == "playing", 10)
    [round1] = info["tables"]
    assert [t["seats"] for t in round1["tables"]] == [["Early", "Bird", "Bot (random)", "Bot (random)"]]
    me = server.get(f"/api/tournaments/{tid}/me", params={"token": tokens[1]}).json()
    assert me["seat"] == 1 and me["ws"].endswith(tokens[1])


@pytest.mark.slow
def test_a_tournament_survives_kill_9_of_its_process(tmp_path: Path) -> None:
    """A Swiss tournament killed (-9) in its first round goes on after the restart: the same
    tables finish, the second round is paired, the tournament ends."""
    db = f"sqlite:///{tmp_path / 'kc.sqlite3'}"
    first = Server(db, tmp_path / "one.log").start()
    try:
        made = _create(
            first,
            game="kukakoenig",
            format="swiss",
            players=4,
            seats=2,
            rounds=2,
            turn_seconds=0.2,
            bot_level="random",
        )
        tid = made["id"]
        _enter(first, tid, made["invite"], ["K0", "K1", "K2", "K3"])
        before = _wait(first, tid, lambda i: i["round"] == 1 and i["tables"], 10)
        ids = [t["table_id"] for t in before["tables"][0]["tables"]]
    finally:
        first.kill()
    second = Server(db, tmp_path / "two.log").start()
    try:
        info = _wait(second, tid, lambda i: i["status"] == "finished", 120)
        assert info["status"] == "finished", info
        assert [t["table_id"] for t in info["tables"][0]["tables"]] == ids
        assert len(info["tables"]) == 2 and len(info["standings"]) == 4
        assert all(t["over"] for r in info["tables"] for t in r["tables"])
    finally:
        second.stop()


def test_a_round_past_its_limit_stops_its_tables_and_counts_their_deals(server: Server) -> None:
    """Nobody plays at the table: past the round's 2 s its table is stopped (abandoned), its
    deals so far count and the one-round tournament ends."""
    made = _create(server, game="king", format="duplicate", players=4, round_seconds=2)
    tid = made["id"]
    _enter(server, tid, made["invite"], ["R0", "R1", "R2", "R3"])
    info = _wait(server, tid, lambda i: i["status"] == "finished", 20)
    assert info["status"] == "finished", info
    [table] = info["tables"][0]["tables"]
    assert table["over"] and table["deals"] == 0
    assert server.get(f"/api/tables/{table['table_id']}").json()["status"] == "abandoned"
    assert [s["total"] for s in info["standings"]] == [0, 0, 0, 0]


def test_a_guest_entrant_whose_name_is_registered_later_still_gets_a_table(server: Server) -> None:
    """A guest entered under a name nobody held; an account takes that name before the
    tournament begins: the guest keeps their place and is seated under it (the round was
    held up for ever before: the table's creation refused the name)."""
    name = unique("Gus")
    made = _create(server, game="king", format="duplicate", players=4)
    tid = made["id"]
    [guest] = _enter(server, tid, made["invite"], [name])
    registered(server, name)  # the name is an account's from now on
    _enter(server, tid, made["invite"], ["Hal", "Ivy", "Jo"])
    info = _wait(server, tid, lambda i: bool(i["tables"]), 10)
    [round1] = info["tables"]
    assert name in round1["tables"][0]["seats"]
    me = server.get(f"/api/tournaments/{tid}/me", params={"token": guest}).json()
    assert me["table_id"] == round1["tables"][0]["table_id"]
    # a new table of the guest's own still may not take the account's name
    r = server.post("/api/tables", {"game": "king", "seats": [{"kind": "human", "name": name}] +
                                    [{"kind": "bot", "level": "random"}] * 3})
    assert r.status_code == 409, r.text
