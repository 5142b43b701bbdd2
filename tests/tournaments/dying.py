"""A server process that kills itself (SIGKILL, as ``kill -9``: no shutdown, no flush) at a
chosen point of a tournament round's opening: the tests' instrument, not the server's.

:class:`DyingServer` runs ``kingscourt serve`` with :func:`arm` called first. Of several
processes armed with one flag file, only the first to reach the point dies: it removes the
file, and a process that finds it gone goes on.

- ``begun``: right after this process began the tournament (its status moved to
  ``playing``), before claiming its first round;
- ``claimed``: right after this process claimed round ``round_no`` (the tournament's
  ``opened`` moved on), before any of its tables exists;
- ``created``: right after the first table this process made for that round, before the next.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

from tests.server.harness import Server

ROOT = Path(__file__).resolve().parents[2]


def _die_once(flag: str) -> None:
    try:
        os.unlink(flag)
    except FileNotFoundError:
        return  # another process died here already
    os.kill(os.getpid(), signal.SIGKILL)


def arm(point: str, round_no: int, flag: str) -> None:
    from kingscourt.server.live.hub import Hub
    from kingscourt.server.store import tournaments as stored

    claimed: set[int] = set()
    claim = stored.claim_round

    def claim_round(store: Any, tournament_id: str, r: int) -> bool:
        got = claim(store, tournament_id, r)
        if got and r == round_no:
            if point == "claimed":
                _die_once(flag)
            claimed.add(r)
        return got

    stored.claim_round = claim_round  # type: ignore[assignment]
    if point == "begun":
        set_status = stored.set_status

        def begun(store: Any, tournament_id: str, status: str, was: str) -> bool:
            got = set_status(store, tournament_id, status, was)
            if got and status == "playing":
                _die_once(flag)
            return got

        stored.set_status = begun
    if point == "created":
        create = Hub.create

        async def created(self: Hub, *args: Any, **kwargs: Any) -> Any:
            made = await create(self, *args, **kwargs)
            if claimed:
                _die_once(flag)
            return made

        Hub.create = created  # type: ignore[method-assign]


class DyingServer(Server):
    """A server armed by :func:`arm` (``point``, ``round_no``, ``flag``); it dies by itself."""

    def __init__(self, *args: Any, point: str, round_no: int, flag: Path, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        flag.touch()
        self.ENTRY = (
            f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
            "from tests.tournaments.dying import arm\n"
            f"arm({point!r}, {round_no}, {str(flag)!r})\n"
            "from kingscourt.cli import main; main()"
        )

    def died(self, timeout: float) -> bool:
        """Whether the process has ended (killed itself) within ``timeout`` seconds."""
        assert self.proc is not None
        try:
            self.proc.wait(timeout)
        except Exception:
            return False
        return self.proc.returncode == -signal.SIGKILL
