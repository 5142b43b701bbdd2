"""The lobby over REST: creation and its refusals, join and leave, records, the start page."""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Server

FOUR_BOTS = [{"kind": "bot", "level": "random"}] * 4


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "chess", "seats": FOUR_BOTS}, "unknown game 'chess'"),
    ({"game": "king", "rules": {"no_such_rule": True}, "seats": FOUR_BOTS}, "unknown rule 'no_such_rule'"),
    ({"game": "king", "rules": {"must_beat": "always"}, "seats": FOUR_BOTS}, "must_beat"),
    ({"game": "king", "seats": FOUR_BOTS[:3]}, "bad seat count"),
    ({"game": "kukakoenig", "seats": [{"kind": "bot", "level": "basic"}] * 5}, "bad seat count"),
    ({"game": "king", "seats": [*FOUR_BOTS[:3], {"kind": "bot", "level": "genius"}]}, "unknown level"),
    ({"game": "king", "seats": [*FOUR_BOTS[:3], {"kind": "bot"}]}, "needs a level"),
    ({"game": "king", "seats": [*FOUR_BOTS[:3], {"kind": "human", "level": "basic"}]}, "level is for bots"),
    ({"game": "uchokrola", "rules": {"cards": "/etc/passwd"}, "seats": FOUR_BOTS}, "unknown rule 'cards'"),
])
def test_bad_tables_are_refused_naming_the_problem(server: Server, body: dict[str, Any],
                                                   says: str) -> None:
    r = server.post("/api/tables", body)
    assert r.status_code == 422, r.text
    assert says in r.json()["detail"]


def test_malformed_body_is_422(server: Server) -> None:
    r = server.post("/api/tables", {"game": "king", "seats": [{"kind": "alien"}]})
    assert r.status_code == 422
    assert "kind" in r.text


def test_create_list_join_leave(server: Server) -> None:
    t = server.create("kukakoenig", [{"kind": "human", "name": "Jo"}, {"kind": "human"},
                                     {"kind": "bot", "level": "basic"}])
    assert [s["kind"] for s in t["seats"]] == ["human", "human", "bot"]
    assert t["seats"][2]["token"] is None and t["seats"][2]["invite"] is None
    # a free invitation seat has an invitation only: its token is issued on joining
    assert t["seats"][1]["token"] is None and t["seats"][1]["invite"]
    listed = {x["id"]: x for x in server.get("/api/tables?limit=500").json()}
    assert t["id"] in listed and listed[t["id"]]["free_seats"] == [1]
    info = server.get(f"/api/tables/{t['id']}").json()
    assert "token" not in str(info) and info["players"] == 3 and info["status"] == "waiting"
    invite = t["seats"][1]["invite"]
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": "nope", "name": "X"})
    assert r.status_code == 403
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": invite, "name": "Kim"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    kim = r.json()["token"]
    assert kim != invite and kim in r.json()["ws"]
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": invite, "name": "Lou"})
    assert r.status_code == 409 and "seat 2 is taken" in r.json()["detail"]  # seats read from 1
    assert server.get(f"/api/tables/{t['id']}").json()["seats"][1]["name"] == "Kim"
    # the invitation never acts: leaving takes the token joining gave
    assert server.post(f"/api/tables/{t['id']}/leave", {"token": invite}).status_code == 403
    r = server.post(f"/api/tables/{t['id']}/leave", {"token": kim})
    assert r.status_code == 200
    info = server.get(f"/api/tables/{t['id']}").json()
    assert info["free_seats"] == [1] and info["seats"][1]["name"] is None
    # the record holds the seed: secret until the game is over
    assert server.get(f"/api/tables/{t['id']}/record").status_code == 409
    assert server.get("/api/tables/nope").status_code == 404
    assert server.get("/api/tables/nope/record").status_code == 404
    assert server.get("/api/players/nobody-at-all").status_code == 404


def test_games_start_page_and_docs(server: Server) -> None:
    games = {g["name"]: g for g in server.get("/api/games").json()}
    assert games["king"]["min_players"] == 4 and "basic" in games["king"]["levels"]
    assert any(r["name"] == "must_beat" for r in games["king"]["rules"])
    # the card glossary: Ucho Króla's cards with their rulebook text; King has none
    cards = {c["name"]: c for c in games["uchokrola"]["cards"]}
    assert len(cards) == 26 and cards["Faux pas"]["prestige"] == -1
    assert "Draw the 2 top cards" in cards["Faux pas"]["text"]
    assert games["king"]["cards"] == []
    page = server.get("/")  # the start page (the browser client replaces it)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text
    # every module of the client is named for preloading with the page, and each is served
    preload = [part.split(">")[0].lstrip(" <") for part in page.headers["link"].split(",")]
    assert "/web/js/app.js" in preload and "/web/js/table.js" in preload
    assert all(server.get(path).status_code == 200 for path in preload)
    # REST models in the OpenAPI document; the WebSocket's messages in the wire's JSON Schema
    schema = server.get("/openapi.json").json()["components"]["schemas"]
    for model in ("CreateTable", "TableCreated", "TableInfo", "PlayerStats", "LeaderboardEntry"):
        assert model in schema
    wire = server.get("/api/wire").json()["$defs"]
    server_types = set(wire["ServerMessage"]["discriminator"]["mapping"])
    client_types = set(wire["ClientMessage"]["discriminator"]["mapping"])
    assert {"state", "error"} <= server_types and "act" in client_types
    assert {"ActMessage", "StateMessage", "ErrorMessage"} <= set(wire)
    assert server.get("/docs").status_code == 200


def test_open_seat_is_taken_from_the_lobby(server: Server) -> None:
    from websockets.asyncio.client import connect

    from .harness import recv, run

    t = server.create("king", [{"kind": "human", "open": True}, {"kind": "human"},
                               {"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "basic"}])
    listed = {x["id"]: x for x in server.get("/api/tables?limit=500").json()}[t["id"]]
    assert listed["open_seats"] == [0] and listed["free_seats"] == [0, 1]
    # an invitation-only seat cannot be taken from the lobby
    r = server.post(f"/api/tables/{t['id']}/seats/1", {"name": "Eve"})
    assert r.status_code == 403 and "invitation" in r.json()["detail"]
    r = server.post(f"/api/tables/{t['id']}/seats/0", {"name": "Eve"})
    assert r.status_code == 200, r.text
    taken = r.json()
    assert taken["seat"] == 0 and taken["token"] and t["seats"][0]["token"] is None
    assert server.post(f"/api/tables/{t['id']}/seats/0", {"name": "Max"}).status_code == 409
    assert server.post(f"/api/tables/{t['id']}/seats/7", {"name": "Max"}).status_code == 404
    info = server.get(f"/api/tables/{t['id']}").json()
    assert info["open_seats"] == [] and info["seats"][0]["name"] == "Eve"

    async def first_view() -> dict[str, object]:
        async with connect(server.ws(t["id"], taken["token"])) as ws:
            msg = await recv(ws)
            assert msg["type"] == "state"
            view: dict[str, object] = msg["view"]
            return view

    assert run(first_view())["seat"] == 0
    bad = server.post("/api/tables", {"game": "king", "seats": [
        {"kind": "human", "open": True, "name": "Ann"}, *FOUR_BOTS[:3]]})
    assert bad.status_code == 422 and "open seat" in bad.json()["detail"]
