"""A process killed (-9) while it opens a tournament round: right after its claim of the round
(no table made yet) or after the round's first table, or right after it began the tournament
(before claiming its first round). Another start of the server on the same database completes
the round: exactly the tables the seating says, each once, every table of the duplicate round
on one seed; and the tournament goes on to its end. (Several processes:
``tests/cluster/test_tournaments.py``.) About 20 s each: slow."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from kingscourt.tournaments import duplicate
from tests.server.conftest import _postgres_schema
from tests.server.harness import Server, db_rows
from tests.tournaments.dying import DyingServer
from tests.tournaments.test_server import _create, _enter, _wait

NAMES = [f"D{i}" for i in range(8)]

pytestmark = pytest.mark.slow


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kc.sqlite3'}"
        return
    url, drop = _postgres_schema()
    yield url
    drop()


def start_duplicate(server: Server, seconds: float = 5) -> str:
    """A duplicate King tournament of 8 entrants (two tables a round), two rounds of 2 s each,
    that starts ``seconds`` from now (so that it starts in the runner, not in a request)."""
    soon = (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()
    made = _create(
        server,
        game="king",
        format="duplicate",
        players=8,
        rounds=2,
        start=soon,
        round_seconds=2,
        turn_seconds=0.05,
        bot_level="random",
    )
    _enter(server, made["id"], made["invite"], NAMES)
    tid: str = made["id"]
    return tid


def check_rounds(server: Server, tid: str, info: dict[str, Any]) -> None:
    """Both rounds complete: two tables each (once), seated as the duplicate movement says,
    each round's tables on one seed drawn by the server."""
    assert info["status"] == "finished", info
    rows = db_rows(
        server.db_url,
        "SELECT round, table_no, table_id FROM tournament_tables WHERE tournament_id = :t",
        t=tid,
    )
    assert sorted((x["round"], x["table_no"]) for x in rows) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert [r["round"] for r in info["tables"]] == [1, 2]
    for r, played in enumerate(info["tables"]):
        assert [t["entrants"] for t in played["tables"]] == duplicate.seating(8, 4, r)
        assert [t["seats"] for t in played["tables"]] == [
            [NAMES[p] for p in row] for row in duplicate.seating(8, 4, r)
        ]
        assert all(t["over"] for t in played["tables"])
        ids = [t["table_id"] for t in played["tables"]]
        seeds = db_rows(
            server.db_url,
            "SELECT seed, seeded FROM tables WHERE id IN (:a, :b)",
            a=ids[0],
            b=ids[1],
        )
        assert len(seeds) == 2 and len({x["seed"] for x in seeds}) == 1, seeds
        assert not any(x["seeded"] for x in seeds)
    assert len(info["standings"]) == 8


@pytest.mark.parametrize(("point", "round_no"), [("begun", 0), ("claimed", 0), ("created", 1)])
def test_a_round_its_opener_was_killed_in_is_completed_after_a_restart(
    db_url: str, tmp_path: Path, point: str, round_no: int
) -> None:
    dying = DyingServer(db_url, tmp_path / "one.log", point=point, round_no=round_no, flag=tmp_path / "flag")
    dying.start()
    try:
        tid = start_duplicate(dying)
        assert dying.died(60), dying.log.read_text()[-3000:]
    finally:
        dying.stop()
    # as the killed process left it: begun, or the round claimed, its tables not all there
    [opened] = db_rows(db_url, "SELECT status, opened FROM tournaments WHERE id = :t", t=tid)
    assert opened == {"status": "playing", "opened": 0 if point == "begun" else round_no + 1}
    made = db_rows(db_url, "SELECT table_no FROM tournament_tables WHERE tournament_id = :t", t=tid)
    assert len(made) < 2 * (round_no + 1)
    second = Server(db_url, tmp_path / "two.log").start()
    try:
        # until the new process completes the round (TAKEOVER seconds after the claim), the
        # round the killed one left short of a table is not listed, nor named the current one
        seen: list[tuple[int, list[int]]] = []

        def finished(info: dict[str, Any]) -> bool:
            seen.append((info["round"], [len(r["tables"]) for r in info["tables"]]))
            return bool(info["status"] == "finished")

        info = _wait(second, tid, finished, 90)
        check_rounds(second, tid, info)
        assert all(counts == [2] * shown for shown, counts in seen), seen
    finally:
        second.stop()
