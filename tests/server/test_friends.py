"""Friends against a real server (SQLite and PostgreSQL): follow by name, the friends online
with their open tables, an invitation by name that only its account may take."""

from __future__ import annotations

import pytest

from .harness import Server, recv_until, run
from .test_accounts import client, registered, unique


def test_follow_and_see_friends_with_their_tables(server: Server) -> None:
    ann, ben = unique("Ann"), unique("Ben")
    a, b = registered(server, ann), registered(server, ben)
    assert a.post("/api/me/following", json={"name": unique("nobody")}).status_code == 404
    assert a.post("/api/me/following", json={"name": ann}).status_code == 422
    r = a.post("/api/me/following", json={"name": ben.upper()})
    assert r.status_code == 201 and r.json()["name"] == ben
    assert a.post("/api/me/following", json={"name": ben}).status_code == 201  # once is enough
    assert [f["name"] for f in a.get("/api/me/following").json()] == [ben]
    t = b.post("/api/tables", json={"game": "kukakoenig", "seats": [
        {"kind": "human", "name": ben}, {"kind": "human", "open": True}]}).json()
    [friend] = a.get("/api/me/friends").json()
    assert friend["name"] == ben and friend["online"]  # Ben was just seen by the server
    assert [x["id"] for x in friend["tables"]] == [t["id"]]
    assert friend["tables"][0]["status"] == "waiting" and friend["tables"][0]["open_seats"] == [1]
    # following is one-sided
    assert b.get("/api/me/friends").json() == []
    assert a.delete(f"/api/me/following/{ben}").status_code == 204
    assert a.get("/api/me/friends").json() == []
    assert client(server).get("/api/me/friends").status_code == 401


@pytest.mark.slow
def test_an_invitation_by_name(server: Server) -> None:
    host, guest = unique("Cai"), unique("Dag")
    h, g = registered(server, host), registered(server, guest)
    other = registered(server, unique("Eve"))
    t = h.post("/api/tables", json={"game": "kukakoenig", "seats": [
        {"kind": "human", "name": host}, {"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()
    invite = t["seats"][1]["invite"]
    body = {"table": t["id"], "seat": 1, "name": guest.lower()}
    # giving the seat away takes its invitation
    assert h.post("/api/invitations", json=body).status_code == 403
    assert h.post("/api/invitations", json={**body, "invite": "not the invitation"}).status_code == 403
    assert h.post("/api/invitations", json={**body, "seat": 0, "invite": invite}).status_code == 409
    nobody = {**body, "name": unique("nobody"), "invite": invite}
    assert h.post("/api/invitations", json=nobody).status_code == 404
    r = h.post("/api/invitations", json={**body, "invite": invite})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["from"] == host and made["seat"] == 1 and made["status"] == "waiting"
    assert invite not in r.text  # the seat's own link is never handed out
    [mine] = g.get("/api/me/invitations").json()
    assert mine["id"] == made["id"] and mine["table"] == t["id"] and mine["game"] == "kukakoenig"
    assert other.get("/api/me/invitations").json() == []
    # only the invited account may take the seat with it
    assert other.post(mine["accept"], json={}).status_code == 404
    assert client(server).post(mine["accept"], json={}).status_code == 401
    r = g.post(mine["accept"], json={})
    assert r.status_code == 200, r.text
    taken = r.json()
    assert taken["seat"] == 1 and taken["name"] == guest
    info = server.get(f"/api/tables/{t['id']}").json()
    assert info["status"] == "playing" and info["seats"][1]["guest"] is False

    async def first() -> dict[str, object]:
        from websockets.asyncio.client import connect

        async with connect(server.ws(t["id"], taken["token"])) as ws:
            return await recv_until(ws, lambda m: m["type"] == "state")

    assert run(first())["seat"] == 1
    # the seat is taken: the invitation is gone, and a new one is refused
    assert g.get("/api/me/invitations").json() == []
    assert h.post("/api/invitations", json={**body, "invite": invite}).status_code == 409


def test_a_declined_invitation_to_an_open_seat(server: Server) -> None:
    host, guest = unique("Fin"), unique("Gil")
    h, g = registered(server, host), registered(server, guest)
    t = h.post("/api/tables", json={"game": "kukakoenig", "seats": [
        {"kind": "human", "name": host}, {"kind": "human", "open": True}]}).json()
    # an open seat is anyone's to take: no invitation needed to invite someone to it
    r = h.post("/api/invitations", json={"table": t["id"], "seat": 1, "name": guest})
    assert r.status_code == 201, r.text
    [mine] = g.get("/api/me/invitations").json()
    assert g.delete(f"/api/invitations/{mine['id']}").status_code == 204
    assert g.get("/api/me/invitations").json() == []
    assert g.post(mine["accept"], json={}).status_code == 404
