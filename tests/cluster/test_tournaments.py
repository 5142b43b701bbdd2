"""A Swiss tournament on three processes (one PostgreSQL, one Redis; skipped where either is
missing): created through one, entered through the two others, and the process that opened
its first round's tables killed (-9) while they play. The round ends at the other processes,
the second round is opened once (not once per process) and the tournament ends."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.harness import Server, db_rows

pytestmark = pytest.mark.slow


def _info(server: Server, tid: str) -> dict[str, Any]:
    out: dict[str, Any] = server.get(f"/api/tournaments/{tid}").json()
    return out


def test_a_swiss_tournament_across_processes_survives_kill_9(cluster: list[Server]) -> None:
    a, b, c = cluster
    r = a.post(
        "/api/tournaments",
        {
            "game": "kukakoenig",
            "format": "swiss",
            "players": 4,
            "seats": 2,
            "rounds": 2,
            "turn_seconds": 0.3,
            "bot_level": "random",
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    tid = made["id"]
    for server, name in ((b, "N0"), (b, "N1"), (c, "N2"), (c, "N3")):  # the last entry begins it at c
        r = server.post(f"/api/tournaments/{tid}/entrants", {"invite": made["invite"], "name": name})
        assert r.status_code == 200, r.text
    assert _info(c, tid)["status"] == "playing"
    c.kill()  # the first round's tables were made, and are owned, there
    deadline = time.monotonic() + 240
    info = _info(a, tid)
    while info["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.5)
        info = _info(a, tid)
    assert info["status"] == "finished", info
    rows = db_rows(a.db_url, "SELECT round, table_no FROM tournament_tables WHERE tournament_id = :t", t=tid)
    assert sorted((x["round"], x["table_no"]) for x in rows) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(t["over"] for rnd in info["tables"] for t in rnd["tables"])
    assert len(info["standings"]) == 4
    assert _info(b, tid)["status"] == "finished"
