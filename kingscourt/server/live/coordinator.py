"""Where the hub meets other processes: the :class:`Coordinator` protocol.

**Decision: the live tables never import the cluster.** The hub calls a coordinator at six
points of a table's life (start and stop of the server, a table taken into memory, created,
changed, read again before a seat is taken, and dropped from memory); :class:`Alone`, the
one-process server's, does nothing at each. With ``--redis``
:func:`kingscourt.server.app.create_app` hands the hub the Redis one
(:class:`kingscourt.server.cluster.coordinator.Cluster`), which satisfies this protocol
structurally: the dependency points from the cluster down to the live tables, never back
(``lint-imports`` checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .table import LiveTable


class Coordinator(Protocol):
    """What the hub asks of the processes it shares its tables with."""

    async def start(self) -> None:
        """The server starts serving (its open tables are in memory): take part."""

    async def stop(self) -> None:
        """The server stops: give up what this process holds."""

    def attach(self, table: LiveTable) -> None:
        """``table`` was taken into memory (rebuilt, created or loaded)."""

    async def claim(self, table: LiveTable) -> bool:
        """``table`` was just created here: own it (True when this process does)."""

    def changed(self, table: LiveTable) -> None:
        """``table`` changed (what changed is stored): tell the others."""

    def forget(self, table: LiveTable) -> None:
        """``table`` left this process's memory (over, nobody watching it)."""

    async def refresh(self, table: LiveTable) -> None:
        """Read ``table`` again where another process may have changed its seats."""


class Alone:
    """The coordinator of a server that runs alone: every table is this process's."""

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def attach(self, table: LiveTable) -> None:
        return None

    async def claim(self, table: LiveTable) -> bool:
        return True

    def changed(self, table: LiveTable) -> None:
        return None

    def forget(self, table: LiveTable) -> None:
        return None

    async def refresh(self, table: LiveTable) -> None:
        return None
