"""Tournaments on three processes (one PostgreSQL, one Redis; skipped where either is
missing). A Swiss tournament created through one, entered through the two others, and the
process that opened its first round's tables killed (-9) while they play: the round ends at
the other processes, the second round is opened once (not once per process) and the
tournament ends. A duplicate tournament whose second round's opener is killed (-9) right after
its claim, before making any table: another process completes the round."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.cluster.conftest import BOT_DELAY, RedisServer, SlowStart
from tests.server.harness import Server, db_rows
from tests.tournaments.dying import DyingServer
from tests.tournaments.test_takeover import check_rounds, start_duplicate

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
    # the other living process hears of the end by its own sweep: a few seconds later at most
    deadline = time.monotonic() + 30
    while _info(b, tid)["status"] != "finished":
        assert time.monotonic() < deadline, "the other process still shows the tournament playing"
        time.sleep(0.5)


class DyingSlowStart(SlowStart, DyingServer):
    """A process of the cluster that kills itself where :func:`tests.tournaments.dying.arm`
    says (only the first of those armed with one flag file)."""


@pytest.fixture
def dying_cluster(pg_url: str, redis_server: RedisServer, tmp_path: Path) -> Iterator[list[DyingSlowStart]]:
    """Three processes, each armed to die right after claiming a tournament's second round:
    the first that claims it dies, the two others go on."""
    servers = [
        DyingSlowStart(
            pg_url,
            tmp_path / f"server{i}.log",
            bot_delay=BOT_DELAY,
            options=("--redis", redis_server.url, "--bot-workers", "1"),
            point="claimed",
            round_no=1,
            flag=tmp_path / "die-once",
        )
        for i in range(3)
    ]
    try:
        servers[0].start()
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda s: s.start(), servers[1:]))
        yield servers
    finally:
        for s in servers:
            s.stop()


def test_a_round_whose_opener_died_after_its_claim_is_completed_by_another_process(
    dying_cluster: list[DyingSlowStart],
) -> None:
    """A duplicate tournament created and entered through one of three processes (the others
    find it in the database); the process that claims its second round is killed (-9) before
    making any of its tables. The others complete the round once the claim is old enough,
    both at once: both tables, once each, on one seed, seated as the movement says; the
    tournament ends."""
    a, _b, _c = dying_cluster
    tid = start_duplicate(a)
    deadline = time.monotonic() + 120
    while not any(s.proc is not None and s.proc.poll() is not None for s in dying_cluster):
        assert time.monotonic() < deadline, "nobody claimed the second round"
        time.sleep(0.2)
    [dead] = [s for s in dying_cluster if s.proc is not None and s.proc.poll() is not None]
    assert dead.died(1)
    alive = [s for s in dying_cluster if s is not dead]
    info = _info(alive[0], tid)
    while info["status"] != "finished" and time.monotonic() < deadline + 60:
        time.sleep(0.5)
        info = _info(alive[0], tid)
    check_rounds(alive[0], tid, info)
    # the other reads it as stored at its next look
    while _info(alive[1], tid)["status"] != "finished" and time.monotonic() < deadline + 70:
        time.sleep(0.5)
    assert _info(alive[1], tid)["status"] == "finished"
