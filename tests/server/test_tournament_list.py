"""The lobby's list of tournaments (``GET /api/tournaments``): every one still entering with a
place left, the newest first; a tournament open to anyone carries its invitation, one entered
only by its link does not; a full or begun one leaves the list; the list is bounded."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("tournament-list")
    s = Server(f"sqlite:///{base / 'kc.sqlite3'}", base / "server.log").start()
    yield s
    s.stop()


def _create(server: Server, **body: Any) -> dict[str, Any]:
    r = server.post("/api/tournaments", body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _listed(server: Server) -> dict[str, dict[str, Any]]:
    r = server.get("/api/tournaments")
    assert r.status_code == 200, r.text
    return {t["id"]: t for t in r.json()}


def test_the_list_names_what_may_be_entered(server: Server) -> None:
    shut = _create(server, game="king", format="duplicate", players=4)
    open_ = _create(server, game="kukakoenig", format="swiss", players=3, seats=3, open=True)
    listed = _listed(server)
    assert shut["id"] in listed and open_["id"] in listed
    assert listed[shut["id"]]["invite"] is None and listed[shut["id"]]["link"] is None
    assert listed[open_["id"]]["invite"] == open_["invite"]
    assert listed[open_["id"]]["link"] == open_["link"]
    row = listed[open_["id"]]
    assert (row["game"], row["format"], row["players"], row["entrants"], row["seats"], row["rounds"]) == (
        "kukakoenig", "swiss", 3, 0, 3, 3)
    assert row["start_at"] is None and row["title"]
    ids = [t["id"] for t in server.get("/api/tournaments").json()]
    assert ids.index(open_["id"]) < ids.index(shut["id"])  # the newest first
    # an entrant counts; the last place fills it and it begins: off the list
    for name in ("Ann", "Ben"):
        r = server.post(f"/api/tournaments/{open_['id']}/entrants", {"invite": open_["invite"], "name": name})
        assert r.status_code == 200, r.text
    time.sleep(1.1)  # past the list's reuse
    assert _listed(server)[open_["id"]]["entrants"] == 2
    r = server.post(f"/api/tournaments/{open_['id']}/entrants", {"invite": open_["invite"], "name": "Cem"})
    assert r.status_code == 200, r.text
    time.sleep(1.1)
    assert open_["id"] not in _listed(server)


def test_the_list_is_bounded(server: Server) -> None:
    assert server.get("/api/tournaments?limit=0").status_code == 422
    assert server.get("/api/tournaments?limit=101").status_code == 422
    assert server.get("/api/tournaments?limit=abc").status_code == 422
    assert len(server.get("/api/tournaments?limit=1").json()) <= 1
    r = server.post("/api/tournaments", {"game": "king", "format": "swiss", "players": 4, "open": "maybe"})
    assert r.status_code == 422, r.text
