"""The lobby's list of tournaments: every one still entering with a place left, newest first,
and the invitation of those its host opened to anyone (:class:`~.orm.TournamentListing`).

Synchronous, like the rest of the store: the live side calls it through :meth:`Store.run`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from .orm import TournamentEntrant, TournamentListing, TournamentRow
from .store import Store
from .tournaments import TournamentData, row_data


@dataclass(slots=True)
class Listed:
    #: the tournament (without its entrants and tables)
    tournament: TournamentData
    #: how many have entered
    entrants: int
    #: the invitation, for a tournament open to anyone (None: entering needs its link)
    invite: str | None


def open_to_all(store: Store, tournament_id: str, invite: str) -> None:
    """The tournament is open to anyone: the lobby lists it with its invitation."""
    with store.sessions.begin() as s:
        s.add(TournamentListing(tournament_id=tournament_id, invite=invite))


def entering(store: Store, limit: int) -> list[Listed]:
    """At most ``limit`` tournaments still entering and not full, the newest first."""
    count = (
        select(TournamentEntrant.tournament_id, func.count().label("n"))
        .group_by(TournamentEntrant.tournament_id)
        .subquery()
    )
    entrants = func.coalesce(count.c.n, 0)
    query = (
        select(TournamentRow, entrants, TournamentListing.invite)
        .outerjoin(count, count.c.tournament_id == TournamentRow.id)
        .outerjoin(TournamentListing, TournamentListing.tournament_id == TournamentRow.id)
        .where(TournamentRow.status == "entering", entrants < TournamentRow.players)
        .order_by(TournamentRow.created_at.desc(), TournamentRow.id)
        .limit(limit)
    )
    with store.sessions() as s:
        return [Listed(row_data(row), int(n), invite) for row, n, invite in s.execute(query).tuples()]
