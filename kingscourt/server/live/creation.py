"""Creating a table through the creation guard: the one way in for ``POST /api/tables`` and
for a rematch's new table (:mod:`.rematch`), so that both count in the creating address's
rate and open tables (:class:`.bounds.CreationGuard`, over every process on one Redis)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import HTTPException

from ..base.lobby_models import TableCreated
from .bounds import CreationGuard, Refused


async def create_guarded(guard: CreationGuard, address: str,
                         create: Callable[[], Awaitable[TableCreated]]) -> TableCreated:
    """The table ``create`` makes, once ``guard`` admits one more creation from ``address``
    (raises :class:`Refused`: 429 past the rate, 409 past the open tables); the new table
    then counts among the address's open tables."""
    async with guard.creating(address) as created:
        table = await create()
        created(table.id)
        return table


def refused(e: Refused) -> HTTPException:
    """The HTTP answer to a refused creation (``Retry-After`` with a 429)."""
    headers = {"Retry-After": str(e.retry_after)} if e.retry_after is not None else None
    return HTTPException(e.status, e.text, headers=headers)
