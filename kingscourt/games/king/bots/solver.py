"""A perfect-information solver for the last tricks of a King deal (one sampled world).

Max-n search (Luckhardt & Irani 1986): every seat plays to maximise its own points of the
rest of the deal. A deal hands out a fixed total (every trick or penalty card goes to
someone), so a seat's own points and its margin over the others' mean order the outcomes
alike: max-n on points is max-n on margins. Cards that play alike in the world
(:meth:`.sim.Deal.distinct`) are tried once. Positions at the start of a trick are kept
in a transposition table (keyed by the four hands, the leader and what the rules still
depend on), holding the points the rest of the deal hands out from there; a seat facing
equal outcomes takes its lowest card (a fixed order, so the solver is deterministic).
"""

from __future__ import annotations

from .sim import Deal

Gains = tuple[int, int, int, int]
Table = dict[tuple[int, int, int, int, int, int, bool, bool], Gains]

_ZERO: Gains = (0, 0, 0, 0)


def solve(d: Deal, table: Table | None = None) -> Gains:
    """The points each seat gains from ``d`` to the end of the deal under max-n play.
    ``table`` may be shared by solves of the same world (positions recur across root moves)."""
    if table is None:
        table = {}
    return _solve(d, table)


def _solve(d: Deal, table: Table) -> Gains:
    if d.done:
        return _ZERO
    key = None
    if d.trick_n == 0:
        h = d.hands
        key = (h[0], h[1], h[2], h[3], d.leader, d.pen_left, d.hearts_broken, d.trump_broken)
        hit = table.get(key)
        if hit is not None:
            return hit
    seat = d.turn
    before = d.points
    moves = d.distinct(d.legal())
    best: Gains | None = None
    while moves:
        low = moves & -moves
        moves ^= low
        child = d.copy()
        child.play(low.bit_length() - 1)
        after = child.points
        rest = _solve(child, table)
        gains = (after[0] - before[0] + rest[0], after[1] - before[1] + rest[1],
                 after[2] - before[2] + rest[2], after[3] - before[3] + rest[3])
        if best is None or gains[seat] > best[seat]:
            best = gains
    assert best is not None
    if key is not None:
        table[key] = best
    return best


def best_cards(d: Deal, table: Table | None = None) -> dict[int, Gains]:
    """For each distinct legal card of the seat to move: the points each seat gains to the end
    of the deal when it is played and max-n play follows."""
    if table is None:
        table = {}
    out: dict[int, Gains] = {}
    before = d.points
    moves = d.distinct(d.legal())
    while moves:
        low = moves & -moves
        moves ^= low
        c = low.bit_length() - 1
        child = d.copy()
        child.play(c)
        after = child.points
        rest = _solve(child, table)
        out[c] = (after[0] - before[0] + rest[0], after[1] - before[1] + rest[1],
                  after[2] - before[2] + rest[2], after[3] - before[3] + rest[3])
    return out
