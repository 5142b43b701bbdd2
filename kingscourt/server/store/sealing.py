"""Which finished games nobody may read yet: a tournament table is sealed while a table of
its round is still played (its result would tell the other tables what the shared deals
hold), so that its results stay out of statistics, leaderboards, profiles and the lists of
finished games until the whole round is over."""

from __future__ import annotations

from sqlalchemy import Select, exists, select
from sqlalchemy.orm import aliased

from .orm import TournamentTable


def sealed_tables() -> Select[str]:
    """The ids of the sealed tables, as a subquery (``column.not_in(sealed_tables())``)."""
    other = aliased(TournamentTable)
    return select(TournamentTable.table_id).where(
        exists().where(other.tournament_id == TournamentTable.tournament_id,
                       other.round == TournamentTable.round,
                       other.scores.is_(None)))
