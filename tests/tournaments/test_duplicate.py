"""Duplicate seating and scoring: the movement's properties for 1 to 4 tables, scoring on
hand-made numbers, and two real seeded King tables that hold the same hands per position."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from kingscourt.engine import load_game
from kingscourt.engine.manifest import resolve
from kingscourt.engine.registry import spec as game_spec
from kingscourt.tournaments.duplicate import deal_results, positions, seating, standings


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_seating_seats_everyone_once_a_round_and_rotates_hands(k: int) -> None:
    n = 4
    held: dict[int, set[int]] = {p: set() for p in range(n * k)}
    for r in range(n):
        tables = seating(n * k, n, r)
        flat = [p for row in tables for p in row]
        assert sorted(flat) == list(range(n * k))  # everyone once
        assert all(len(row) == n for row in tables)
        for p, where in positions(tables).items():
            held[p].add(where.seat)
        # every hand position is held by k different players, one per table
        for s in range(n):
            assert len({tables[t][s] for t in range(k)}) == k
    # over n rounds each player held every hand position
    assert all(seen == set(range(n)) for seen in held.values())


@pytest.mark.parametrize("k", [2, 3])
def test_seating_mixes_opponents(k: int) -> None:
    """With k prime, two players whose starting seats differ by other than a multiple of k
    meet exactly once in k rounds; those of one starting seat never meet (they compare)."""
    n = 4
    meetings: dict[tuple[int, int], int] = {}
    for r in range(k):
        for row in seating(n * k, n, r):
            for a, b in combinations(sorted(row), 2):
                meetings[(a, b)] = meetings.get((a, b), 0) + 1
    for (a, b), times in meetings.items():
        assert (a % n - b % n) % k != 0 or k == 1 or times == k, (a, b, times)
        assert (a % n - b % n) % k == 0 or times == 1, (a, b, times)
    assert all(a % n != b % n for a, b in meetings)


def test_seating_refuses_a_partial_table() -> None:
    with pytest.raises(ValueError, match="multiple of 4"):
        seating(6, 4)


def test_scoring_on_hand_made_numbers() -> None:
    tables = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    scores = [
        [[-50, -100, 0, -150], [10, 20, 30, 40]],  # table 0: two deals
        [[-100, -50, -100, -50], [40, 30, 20, 10]],  # table 1: two deals
        [[0, -150, -50, -100]],  # table 2: one deal (ended early)
    ]
    res = {(r.player, r.deal): r for r in deal_results(tables, scores)}
    # player 0 held hand 0: the others scored -100 and 0, par -50
    assert res[(0, 1)].par == -50 and res[(0, 1)].diff == 0
    assert res[(4, 1)].diff == -100 - (-50 + 0) / 2
    assert res[(8, 1)].diff == 0 - (-50 - 100) / 2
    # deal 2 was played at two tables only: table 2's players have none, the others one par
    assert (8, 2) not in res
    assert res[(0, 2)].par == 40 and res[(0, 2)].diff == -30
    assert res[(7, 2)].diff == 10 - 40
    table = standings(list(res.values()))
    by = {s.player: s for s in table}
    assert by[0].total == 0 - 30
    assert by[8].total == 75
    assert by[2].total == 75 + 10 and table[0].player == 2  # the best total first
    assert sum(s.total for s in table) == pytest.approx(0)  # deal 1: 3 tables, zero-sum
    assert by[0].deals == 2 and by[8].deals == 1


def test_a_single_table_compares_with_nobody() -> None:
    res = deal_results([[0, 1, 2, 3]], [[[1, 2, 3, 4]]])
    assert all(r.par is None and r.diff == 0 for r in res)


def _play(game: Any, seed: int, rng: random.Random) -> tuple[Any, list[list[list[str]]]]:
    """A King match played to its end by random legal moves; the hands of each deal as it
    begins (deal -> seat -> cards)."""
    state = game.new_state(players=4, seed=seed)
    hands: list[list[list[str]]] = []
    while not state.is_over():
        view = state.view(None)
        if len(hands) < view["deal"]:
            hands.append([sorted(state.view(s)["hand"]) for s in range(4)])
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, hands


def test_two_seeded_king_tables_hold_the_same_hands_and_score_as_duplicate() -> None:
    spec = game_spec("king")
    game = load_game("king", short_game=True)
    a, hands_a = _play(game, 4242, random.Random(1))
    b, hands_b = _play(game, 4242, random.Random(2))
    assert len(hands_a) == len(hands_b) == 12
    assert hands_a == hands_b  # the same hands at the same seat numbers, deal after deal
    deals = resolve(spec.deal_scores)
    sheet_a, sheet_b = deals(a.view(None)), deals(b.view(None))
    assert [r["points"] for r in sheet_a] != [r["points"] for r in sheet_b]  # play differed
    tables = seating(8, 4, 1)  # rotated: nobody holds their round-0 hand position
    assert tables != seating(8, 4, 0)
    res = deal_results(tables, [[r["points"] for r in sheet_a], [r["points"] for r in sheet_b]])
    for r in res:
        where = positions(tables)[r.player]
        other = sheet_b if where.table == 0 else sheet_a
        assert r.par == other[r.deal - 1]["points"][where.seat]
    total = {s.player: s.total for s in standings(res)}
    # two tables: the partners on one hand position have opposite totals
    for s in range(4):
        assert total[tables[0][s]] == pytest.approx(-total[tables[1][s]])
    assert sum(r.points for r in res if positions(tables)[r.player].table == 0) == sum(a.scores())
