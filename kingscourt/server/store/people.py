"""Accounts as the live tables see them: :class:`Who` (a logged-in account as the server
passes it around) and :func:`registered` (which of some names are accounts' names, so that a
guest does not take one). They sit below the live tables, which use them; the account routes
above (:mod:`kingscourt.server.accounts`) build on them."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ..base.names import name_key
from .orm import Account
from .store import Store


@dataclass(frozen=True, slots=True)
class Who:
    """A logged-in account as the server passes it around."""

    id: int
    name: str


def registered(store: Store, names: list[str]) -> list[str]:
    """Those of ``names`` that are accounts' names (in any case or width)."""
    keys = {name_key(n): n for n in names}
    if not keys:
        return []
    with store.sessions() as s:
        taken = set(s.scalars(select(Account.name_key).where(Account.name_key.in_(keys))).all())
    return [n for k, n in keys.items() if k in taken]
