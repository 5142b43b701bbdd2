"""Rematch against a real server on SQLite and PostgreSQL: two humans and two bots finish a
King game arranged to end at once (an explicit first deal, ``king_ends_game``: seat 1 holds
every diamond, chooses diamonds as trumps and makes King in the first deal), both ask to play
again (a ``kill -9`` and a restart between the two acceptances), and each seat's socket gets
its own new token, which holds its own seat of the new table and no other. Also: 403 for a
token that holds no seat, 409 before the end, bots accepting at once, and a rematch's table
created through the creation guard (the rate and the open tables of the address)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from .harness import LIFTED, Server, act, recv, recv_until, run

#: seat 0 holds all 13 diamonds (2♦ included: it chooses first), the others one suit each
KING_DEAL = ["AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
             "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]
#: the first deal makes King and so ends the game
QUICK = {"rules": {"king_ends_game": True}, "seed": 5, "setup": {"deal": KING_DEAL}}
TWO_HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"},
              {"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "random"}]


def info(server: Server, table_id: str) -> dict[str, Any]:
    r = server.get(f"/api/tables/{table_id}")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def rematch(server: Server, table_id: str, token: str, status: int = 200) -> dict[str, Any]:
    r = server.post(f"/api/tables/{table_id}/rematch", {"token": token})
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    return body


async def play_to_the_end(ws: ClientConnection) -> dict[str, Any]:
    """This seat's part of the quick game (trumps in diamonds, then any legal card), until the
    final state, which is returned."""
    acted = -1
    while True:
        msg = await recv(ws)
        if msg["type"] != "state":
            continue
        view = msg["view"]
        if view["over"]:
            return msg
        if view["legal"] and msg["version"] != acted:
            acted = msg["version"]
            legal = view["legal"]
            await ws.send(act("choose trump D" if "choose trump D" in legal else legal[0], msg["version"]))


def of_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == kind


@pytest.mark.slow
def test_two_humans_play_again(db_url_factory: Callable[[], str], tmp_path: Path) -> None:
    server = Server(db_url_factory(), tmp_path / "server.log", options=("--insecure-seeds",)).start()
    try:
        t = server.create("king", TWO_HUMANS, **QUICK)
        tid = t["id"]
        tokens = [t["seats"][0]["token"], t["seats"][1]["token"]]
        # not over yet: 409; a token of no seat here: 403
        assert "over" in rematch(server, tid, tokens[0], 409)["detail"]
        other = server.create("king", TWO_HUMANS)
        for bad in (other["seats"][0]["token"], "nope"):
            assert "seat" in rematch(server, tid, bad, 403)["detail"]
        assert rematch(server, "nosuchtable", tokens[0], 404)

        async def first_half() -> tuple[dict[str, Any], list[dict[str, Any]]]:
            async with connect(server.ws(tid, tokens[0])) as a, connect(server.ws(tid, tokens[1])) as b:
                finals = await asyncio.gather(play_to_the_end(a), play_to_the_end(b))
                answer = await asyncio.to_thread(rematch, server, tid, tokens[0])
                offers = [await recv_until(ws, of_type("rematch-offer")) for ws in (a, b)]
                # King ends the game at once: with the tenth trick in a row
                assert finals[0]["view"]["kings"] == [{"deal": 1, "seat": 0, "tricks": 10}]
                assert finals[0]["status"] == "over"
                # the results come with the final state: Kings made and King points
                assert finals[1]["results"][0]["kings"] == 1
                return answer, offers

        answer, offers = run(first_half())
        new_id = answer["table"]
        assert answer == {"table": new_id, "accepted": [0, 2, 3], "waiting": [1], "started": False}
        for offer in offers:
            assert offer == {"type": "rematch-offer", **answer}
        assert info(server, tid)["rematch"] is None  # not started
        assert server.get(f"/api/tables/{new_id}").status_code == 404
        # asking twice changes nothing
        assert rematch(server, tid, tokens[0]) == answer

        server.kill()  # between the two acceptances
        server.start()

        async def second_half() -> tuple[dict[str, Any], list[dict[str, Any]]]:
            async with connect(server.ws(tid, tokens[0])) as a, connect(server.ws(tid, tokens[1])) as b:
                # reconnecting to the finished table tells the offer again
                for ws in (a, b):
                    kept = await recv_until(ws, of_type("rematch-offer"))
                    assert kept["accepted"] == [0, 2, 3] and not kept["started"]
                answer = await asyncio.to_thread(rematch, server, tid, tokens[1])
                news = [await recv_until(ws, of_type("rematch")) for ws in (a, b)]
                return answer, news

        second, news = run(second_half())
        assert second == {"table": new_id, "accepted": [0, 1, 2, 3], "waiting": [], "started": True}
        assert [n["table"] for n in news] == [new_id, new_id]
        new_tokens = [n["token"] for n in news]
        assert new_tokens[0] != new_tokens[1] and not set(new_tokens) & set(tokens)
        old, new = info(server, tid), info(server, new_id)
        assert old["rematch"] == new_id and new["rematch"] is None
        assert new["status"] == "playing" and new["game"] == "king" and new["rules"] == old["rules"]
        assert [(s["kind"], s["name"], s["level"]) for s in new["seats"]] == \
               [(s["kind"], s["name"], s["level"]) for s in old["seats"]]

        async def at_the_new_table(token: str) -> dict[str, Any]:
            async with connect(server.ws(new_id, token)) as ws:
                return await recv(ws)

        for seat, token in enumerate(new_tokens):
            state = run(at_the_new_table(token))
            assert state["type"] == "state" and state["seat"] == seat
            # a new deal: the explicit test deal is not carried over
            if seat == 0:
                assert not all(c.endswith("D") for c in state["view"]["hand"])
        for token in tokens:  # the old tokens hold nothing there
            refused = run(at_the_new_table(token))
            assert refused["type"] == "error" and refused["code"] == "bad-token"
        # after the start: the same answer, and a reconnect gets its own token again
        assert rematch(server, tid, tokens[0]) == second

        async def reconnect() -> dict[str, Any]:
            async with connect(server.ws(tid, tokens[1])) as ws:
                return await recv_until(ws, of_type("rematch"))

        assert run(reconnect()) == news[1]
    finally:
        server.stop()


def test_bots_accept_at_once(seeded_server: Server) -> None:
    server = seeded_server
    t = server.create("king", [{"kind": "human", "name": "Cem"},
                               *[{"kind": "bot", "level": "random"}] * 3], **QUICK)
    token = t["seats"][0]["token"]

    async def alone() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with connect(server.ws(t["id"], token)) as ws:
            await play_to_the_end(ws)
            answer = await asyncio.to_thread(rematch, server, t["id"], token)
            offer = await recv_until(ws, of_type("rematch-offer"))
            return answer, offer, await recv_until(ws, of_type("rematch"))

    answer, offer, new = run(alone())
    assert answer["started"] and answer["accepted"] == [0, 1, 2, 3] and answer["waiting"] == []
    assert offer["started"] and new["table"] == answer["table"]
    assert info(server, t["id"])["rematch"] == answer["table"]
    assert info(server, answer["table"])["seats"][0]["name"] == "Cem"


def test_no_rematch_of_an_abandoned_table(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": "Dan"}, {"kind": "human"},
                               *[{"kind": "bot", "level": "random"}] * 2])
    token = t["seats"][0]["token"]
    assert server.post(f"/api/tables/{t['id']}/cancel", {"token": token}).status_code == 200
    assert "abandoned" in rematch(server, t["id"], token, 409)["detail"]


def test_setup_only_with_insecure_seeds(server: Server) -> None:
    r = server.post("/api/tables", {"game": "king", "seats": TWO_HUMANS, "setup": {"deal": KING_DEAL}})
    assert r.status_code == 422 and "setup" in r.text, r.text


def test_a_rematch_is_created_through_the_creation_guard(db_url_factory: Callable[[], str],
                                                        tmp_path: Path) -> None:
    """A rematch's new table counts in the creation rate and the open tables of the address
    whose acceptance creates it, as POST /api/tables does (each address its own client)."""
    args = list(LIFTED)
    args[args.index("--create-rate") + 1] = "4/minute"
    args[args.index("--max-open-tables") + 1] = "1"
    server = Server(db_url_factory(), tmp_path / "server.log", args=args,
                    options=("--insecure-seeds",)).start()
    alone = [{"kind": "human", "name": "Cem"}, *[{"kind": "bot", "level": "random"}] * 3]

    def client(address: str) -> httpx.Client:
        return httpx.Client(base_url=server.http, timeout=30,
                            transport=httpx.HTTPTransport(local_address=address))

    def finished(c: httpx.Client) -> tuple[str, str]:
        r = c.post("/api/tables", json={"game": "king", "seats": alone, **QUICK})
        assert r.status_code == 201, r.text
        tid, token = r.json()["id"], r.json()["seats"][0]["token"]

        async def play() -> None:
            async with connect(server.ws(tid, token)) as ws:
                await play_to_the_end(ws)

        run(play())
        return tid, token

    def again(c: httpx.Client, table: tuple[str, str]) -> httpx.Response:
        return c.post(f"/api/tables/{table[0]}/rematch", json={"token": table[1]})

    try:
        with client("127.0.0.2") as a:  # the rate: 3 creations, a rematch, then no more
            games = [finished(a) for _ in range(3)]
            r = again(a, games[0])
            assert r.status_code == 200 and r.json()["started"], r.text
            r = again(a, games[1])
            assert r.status_code == 429, r.text
            assert "too many tables created" in r.json()["detail"]
            assert int(r.headers["Retry-After"]) >= 1
            assert info(server, games[1][0])["rematch"] is None
        with client("127.0.0.3") as b:  # the open tables: one at most
            game = finished(b)
            r = b.post("/api/tables", json={"game": "king", "seats": [
                {"kind": "human", "name": "Host"}, {"kind": "human"},
                *[{"kind": "bot", "level": "random"}] * 2]})
            assert r.status_code == 201, r.text
            waiting, host = r.json()["id"], r.json()["seats"][0]["token"]
            r = again(b, game)
            assert r.status_code == 409 and "open table" in r.json()["detail"], r.text
            assert info(server, game[0])["rematch"] is None
            # the acceptance is kept: once the address has a place again, asking creates it
            assert b.post(f"/api/tables/{waiting}/cancel", json={"token": host}).status_code == 200
            r = again(b, game)
            assert r.status_code == 200 and r.json()["started"], r.text
            assert info(server, game[0])["rematch"] == r.json()["table"]
    finally:
        server.stop()
