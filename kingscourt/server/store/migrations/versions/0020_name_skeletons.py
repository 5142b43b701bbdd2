"""accounts: ``name_key`` becomes the name's confusables skeleton folded in case
(:func:`kingscourt.server.base.names.name_key`), so that names that look alike ("Ada",
"Аda" with a Cyrillic А) are one account's. Where two accounts registered before now share a
key, the older takes it and the newer keeps its old key: a login by its name finds the older
account from now on (the name passed for that one's)

Revision ID: 0020
Revises: 0019
Create Date: 2027-01-20
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

ACCOUNTS = sa.table("accounts", sa.column("id", sa.Integer), sa.column("name", sa.String),
                    sa.column("name_key", sa.String))


def case_key(name: str) -> str:
    """The key before this revision: NFKC case folding."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def rekey(key_of: Callable[[str], str]) -> None:
    """Every account's key by ``key_of``, the oldest account first; one whose new key another
    holds already keeps its present key (or, taken too, that key and its id)."""
    bind = op.get_bind()
    rows = bind.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.name_key)
                        .order_by(ACCOUNTS.c.id)).all()
    wanted: dict[int, str] = {}
    used: set[str] = set()
    for account_id, name, old in rows:
        for candidate in (key_of(name), old, f"{old}#{account_id}"):
            if candidate not in used:
                wanted[account_id] = candidate
                used.add(candidate)
                break
    # through keys no name has, so that no update meets a key another row still holds
    for account_id, _name, old in rows:
        if wanted[account_id] != old:
            bind.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.id == account_id)
                         .values(name_key=f"\x01{account_id}"))
    for account_id, _name, old in rows:
        if wanted[account_id] != old:
            bind.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.id == account_id)
                         .values(name_key=wanted[account_id]))


def upgrade() -> None:
    from kingscourt.server.base.names import name_key

    rekey(name_key)


def downgrade() -> None:
    rekey(case_key)
