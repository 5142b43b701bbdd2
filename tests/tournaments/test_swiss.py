"""Swiss pairing over three rounds, byes filled by bots, and the tie-breaks."""

from __future__ import annotations

from itertools import combinations

import pytest

from kingscourt.tournaments.swiss import (
    TableResult,
    history,
    match_points,
    pair,
    standings,
)


def test_match_points_count_opponents_outscored() -> None:
    assert match_points([3, 1]) == [1.0, 0.0]
    assert match_points([2, 2]) == [0.5, 0.5]
    assert match_points([-10, 40, 40, -200]) == [1.0, 2.5, 2.5, 0.0]


def _play(tables: tuple[tuple[int, ...], ...], seats: int) -> list[TableResult]:
    """A round where the lower id always scores more; short tables get bots scoring 0."""
    out = []
    for t in tables:
        players: tuple[int | None, ...] = (*t, *([None] * (seats - len(t))))
        out.append(TableResult(players, tuple(100 - p if p is not None else 50 for p in players)))
    return out


@pytest.mark.parametrize(("players", "seats"), [(8, 2), (9, 3), (16, 4), (6, 2), (7, 2), (11, 3)])
def test_three_rounds_without_repeats(players: int, seats: int) -> None:
    rounds: list[list[TableResult]] = []
    met: set[tuple[int, int]] = set()
    for r in range(3):
        p = pair(history(range(players), rounds), seats)
        assert p.repeats == 0, (r, p)
        assert sorted(x for t in p.tables for x in t) == list(range(players))
        for t in p.tables:
            for a, b in combinations(sorted(t), 2):
                assert (a, b) not in met
                met.add((a, b))
        rounds.append(_play(p.tables, seats))
    if seats == 2 and players == 8:
        # the first round pairs neighbours; then winners meet winners
        assert pair(history(range(players), []), 2).tables == ((0, 1), (2, 3), (4, 5), (6, 7))
        second = pair(history(range(players), rounds[:1]), 2).tables
        assert second[0] == (0, 2)  # the two leaders


def test_repeats_only_where_they_cannot_be_helped() -> None:
    """Three players at two-seat tables play a bye each round; four at two seats can avoid
    repeats for three rounds, not a fourth."""
    rounds: list[list[TableResult]] = []
    for _ in range(3):
        p = pair(history(range(4), rounds), 2)
        assert p.repeats == 0
        rounds.append(_play(p.tables, 2))
    assert pair(history(range(4), rounds), 2).repeats == 2
    # six at three-seat tables: after one round every table of three repeats a pair
    first = pair(history(range(6), []), 3)
    assert pair(history(range(6), [_play(first.tables, 3)]), 3).repeats == 2


def test_byes_go_to_the_lowest_with_fewest_byes_and_bots_fill_them() -> None:
    rounds: list[list[TableResult]] = []
    bye_takers = []
    for _ in range(3):
        p = pair(history(range(7), rounds), 3)
        short = [t for t in p.tables if len(t) < 3]
        assert len(short) == 1 and len(short[0]) == 1
        bye_takers.append(short[0][0])
        rounds.append(_play(p.tables, 3))
    assert bye_takers[0] == 6  # the lowest id is last before any game (ties by id)
    assert len(set(bye_takers)) == 3  # nobody has a second bye while others have none
    h = history(range(7), rounds)
    assert all(h.byes[p] == (p in bye_takers) for p in range(7))
    # bots own no standing and are nobody's opponent
    assert set(h.points) == set(range(7))
    assert all(None not in h.met[p] for p in range(7))


def test_tie_breaks_buchholz_then_score() -> None:
    # round 1: 0 beats 1, 2 beats 3; round 2: 0 beats 2, 3 beats 1
    rounds = [
        [TableResult((0, 1), (10, 5)), TableResult((2, 3), (7, 6))],
        [TableResult((0, 2), (9, 1)), TableResult((3, 1), (8, 2))],
    ]
    table = standings(history(range(4), rounds))
    by = {s.player: s for s in table}
    assert by[0].points == 2 and by[2].points == 1 and by[3].points == 1 and by[1].points == 0
    # 2 met 3 (1) and 0 (2): Buchholz 3; 3 met 2 (1) and 1 (0): Buchholz 1
    assert by[2].buchholz == 3 and by[3].buchholz == 1
    assert [s.player for s in table] == [0, 2, 3, 1]
    # equal points and Buchholz: the sum of scores decides
    even = [[TableResult((0, 1), (5, 5)), TableResult((2, 3), (4, 4))]]
    assert [s.player for s in standings(history(range(4), even))][:2] == [0, 1]


def test_bounds() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        pair(history(range(8), []), 7)
    with pytest.raises(ValueError, match="at least 2"):
        pair(history(range(1), []), 2)
