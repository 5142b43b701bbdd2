"""Ratings as the store writes them with a game's end, on SQLite and PostgreSQL: places from
the final result (ties shared, winners first), Kokieteria's teams rated as teams, bots at
their fixed reference, an account at two seats unrated."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import select

import kingscourt
from kingscourt.server.store.orm import Account, Rating, RatingChange
from kingscourt.server.store.ratings import BOT_RATINGS, MODEL, places, store_finish, teams_of
from kingscourt.server.store.store import Finish, Result, SeatData, Store, TableData, now


def test_places_share_ties_and_put_winners_first() -> None:
    alone = [[0], [1], [2], [3]]
    assert places(alone, [10, 30, 30, 5], [1, 2]) == [3, 1, 1, 4]
    # a winner by the game's own rule (King made) is first whatever the score
    assert places(alone, [50, 80, 20, 80], [2]) == [4, 2, 1, 2]
    assert places([[0, 2], [1, 3]], [7, 9, 7, 9], [1, 3]) == [2, 1]


def test_teams_of_kokieteria() -> None:
    pairs = kingscourt.load_game("uchokrola", teams="pairs").new_state(players=4, seed=1)
    assert teams_of(pairs) == [[0, 2], [1, 3]]
    alone = kingscourt.load_game("uchokrola").new_state(players=4, seed=1)
    assert teams_of(alone) == []
    assert teams_of(kingscourt.load_game("kukakoenig").new_state(players=3, seed=1)) == []


@pytest.fixture
def store(db_url_factory: Callable[[], str]) -> Iterator[Store]:
    s = Store(db_url_factory())
    s.migrate()
    yield s
    s.close()


def accounts(store: Store, *names: str) -> list[int]:
    with store.sessions.begin() as s:
        rows = [Account(name=n, name_key=n.lower(), password_hash="-", created_at=now()) for n in names]
        s.add_all(rows)
        s.flush()
        return [r.id for r in rows]


def finish(store: Store, table: str, game: str, seats: list[tuple[str, int | None, str | None]],
           scores: list[int], winners: list[int], teams: list[list[int]] | None = None) -> None:
    """Store the end of a game at ``seats`` (name, account, bot level) as the store does."""
    store.create_table(TableData(id=table, game=game, rules={}, players=len(seats), seed=1, setup={},
                                 turn_seconds=None, status="open", created_at=now(),
                                 seats=[SeatData(i, "bot" if lv else "human", lv, None, n, True)
                                        for i, (n, _, lv) in enumerate(seats)]))
    results = [Result(seat=i, name=n, kind="bot" if lv else "human" if a else "guest", score=scores[i],
                      won=i in winners, account_id=a, level=lv)
               for i, (n, a, lv) in enumerate(seats)]
    done = Finish(record={"game": game}, scores=scores, winners=winners, results=results,
                  teams=teams or [])
    with store.sessions.begin() as s:
        store_finish(s, table, done, now())


def rating(store: Store, account: int, game: str) -> Rating | None:
    with store.sessions() as s:
        return s.get(Rating, (account, game))


def test_teams_are_rated_as_teams(store: Store) -> None:
    a, b = accounts(store, "Ada", "Bea")
    finish(store, "team1", "uchokrola",
           [("Ada", a, None), ("Bot (basic)", None, "basic"), ("Bea", b, None),
            ("Bot (basic)", None, "basic")], scores=[12, 9, 12, 9], winners=[0, 2],
           teams=[[0, 2], [1, 3]])
    ra, rb = rating(store, a, "uchokrola"), rating(store, b, "uchokrola")
    assert ra is not None and rb is not None
    # one side, one place: the same prior moves the same way
    assert ra.mu == pytest.approx(rb.mu) and ra.mu > MODEL.mu and ra.sigma < MODEL.sigma
    assert (ra.games, ra.wins) == (1, 1)
    with store.sessions() as s:
        assert s.scalars(select(RatingChange.table_id).where(RatingChange.account_id == a)).all() == ["team1"]


def test_ties_share_a_place_and_bots_are_references(store: Store) -> None:
    c, d, e, f = accounts(store, "Cem", "Dov", "Eli", "Fay")
    finish(store, "tie1", "kukakoenig",
           [("Cem", c, None), ("Dov", d, None), ("Bot (strong)", None, "strong")],
           scores=[20, 20, 30], winners=[2])
    rc, rd = rating(store, c, "kukakoenig"), rating(store, d, "kukakoenig")
    assert rc is not None and rd is not None
    assert rc.mu == pytest.approx(rd.mu) and rc.wins == 0
    # beating the strong bot gains more than beating the random one
    finish(store, "ref1", "kukakoenig", [("Eli", e, None), ("Bot (strong)", None, "strong")],
           scores=[30, 10], winners=[0])
    finish(store, "ref2", "kukakoenig", [("Fay", f, None), ("Bot (random)", None, "random")],
           scores=[30, 10], winners=[0])
    re_, rf = rating(store, e, "kukakoenig"), rating(store, f, "kukakoenig")
    assert re_ is not None and rf is not None and re_.mu > rf.mu > MODEL.mu
    assert set(BOT_RATINGS) == {"random", "basic", "learned", "strong", "expert"}
    with store.sessions() as s:  # bots and guests have no rating rows
        assert {r.account_id for r in s.scalars(select(Rating)).all()} == {c, d, e, f}


def test_one_account_at_two_seats_is_not_rated(store: Store) -> None:
    [g] = accounts(store, "Gus")
    finish(store, "twice", "kukakoenig", [("Gus", g, None), ("Gus", g, None), ("Bot (basic)", None, "basic")],
           scores=[30, 20, 10], winners=[0])
    assert rating(store, g, "kukakoenig") is None
    # later games rate it again; a guest beside it takes part at a new player's rating
    finish(store, "again", "kukakoenig", [("Gus", g, None), ("Hana", None, None)],
           scores=[5, 30], winners=[1])
    r = rating(store, g, "kukakoenig")
    assert r is not None and r.games == 1 and r.mu < MODEL.mu
