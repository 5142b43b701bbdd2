"""The runner in one process, on a real (SQLite) database, its steps driven by the test: a
round claimed as stored but without its tables (the process that claimed it killed before
making them) is completed once the claim is :data:`TAKEOVER` seconds old, each table once, on
one seed; a table made a second time for the same place is not written. (Real processes
killed: ``test_takeover.py``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from kingscourt.server.base.config import ServerConfig
from kingscourt.server.live import tournaments as runner
from kingscourt.server.live.hub import Hub
from kingscourt.server.live.tournaments import NewTournament, Tournaments
from kingscourt.server.store import tournaments as stored
from kingscourt.server.store.store import secret_hash
from kingscourt.server.store.tournaments import Slot, TournamentData
from kingscourt.tournaments import duplicate
from tests.server.harness import run


def test_a_claimed_round_without_tables_is_completed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def go() -> None:
        hub = Hub(ServerConfig(db_url=f"sqlite:///{tmp_path / 'kc.sqlite3'}", bot_workers=1))
        await hub.start()
        store = hub.store

        async def load(tid: str) -> TournamentData:
            t = await store.run(stored.load, store, tid)
            assert t is not None
            return t

        try:
            tours = Tournaments(hub)  # not started: the test takes its steps
            new = NewTournament("king", {}, "duplicate", 8, 1, None, None, "random", None)
            made, _invite = await tours.create(new)
            for i in range(8):
                await store.run(stored.add_entrant, store, made.id, f"E{i}", secret_hash(f"token{i}"), None)
            # what a process killed right after its claim leaves: begun, round 1 claimed
            assert await store.run(stored.set_status, store, made.id, "playing", "entering")
            assert await store.run(stored.claim_round, store, made.id, 0)
            await tours._step(await load(made.id))
            assert (await load(made.id)).tables == []  # its opener may still be making them
            monkeypatch.setattr(runner, "TAKEOVER", 0.0, raising=False)
            await tours._step(await load(made.id))
            t = await load(made.id)
            assert [(s.round, s.table_no) for s in t.tables] == [(0, 0), (0, 1)]
            assert [s.entrants for s in t.tables] == duplicate.seating(8, 4, 0)
            seeds = [await store.run(stored.seed_of, store, s.table_id) for s in t.tables]
            assert seeds[0] is not None and seeds[0] == seeds[1]
            # another process makes table 2 again: its table is not written, the first stands
            other = Tournaments(hub)
            again = await other._make(t, Slot(0, 1, "another-one", list(t.tables[1].entrants)), seeds[0])
            assert again.table_id == t.tables[1].table_id
            assert await store.run(store.load, "another-one") is None
            assert [s.table_id for s in (await load(made.id)).tables] == [s.table_id for s in t.tables]
        finally:
            await hub.stop()

    run(go())
