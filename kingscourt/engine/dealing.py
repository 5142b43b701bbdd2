"""Dealing hidden cards uniformly under constraints, for ``sample_world``.

A view proves things about the hands it cannot see: a seat that did not follow suit holds
none of that suit, a first chooser held the opening card. The worlds a bot searches must be
drawn *uniformly* among the deals consistent with what it saw, or its beliefs are skewed.

:func:`deal_uniformly` is exact. Cards with the same set of possible seats are
interchangeable for counting, so the deals are grouped by how many cards of each such class
each seat receives; a grouping accounts for the product of the multinomial coefficients of
its classes. The groupings are counted by a memoised recursion over the classes (the state is
what each seat still needs), a grouping is drawn with probability proportional to its count,
and the cards of each class are then shuffled into their seats. Every consistent deal is
therefore drawn with the same probability, 1 / (number of consistent deals).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from functools import cache
from math import factorial
from typing import TypeVar

Card = TypeVar("Card", bound=Hashable)


class NoConsistentDeal(ValueError):
    """No deal gives every seat its number of cards within what each card allows."""


def _splits(n: int, seats: tuple[int, ...], room: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Ways to give ``n`` cards to ``seats`` (indices into ``room``), at most ``room[s]`` each."""
    if not seats:
        if n == 0:
            yield ()
        return
    first, rest = seats[0], seats[1:]
    most = min(n, room[first])
    least = max(0, n - sum(room[s] for s in rest))
    for k in range(least, most + 1):
        for tail in _splits(n - k, rest, room):
            yield (k, *tail)


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out = factorial(n)
    for p in parts:
        out //= factorial(p)
    return out


def deal_uniformly(cards: Sequence[Card], need: Mapping[int, int],
                   allowed: Callable[[Card], Sequence[int]],
                   rng: random.Random) -> dict[Card, int]:
    """card -> seat, every seat of ``need`` getting exactly ``need[seat]`` cards and every card
    a seat of ``allowed(card)``, drawn uniformly among all such deals.

    Raises :class:`NoConsistentDeal` when there is none."""
    seats = sorted(need)
    index = {s: i for i, s in enumerate(seats)}
    groups: dict[tuple[int, ...], list[Card]] = {}
    for c in cards:
        key = tuple(sorted(index[s] for s in set(allowed(c)) if s in index))
        groups.setdefault(key, []).append(c)
    classes = sorted(groups.items())
    sizes = [len(cs) for _key, cs in classes]
    after = [sum(sizes[i:]) for i in range(len(sizes) + 1)]

    @cache
    def count(i: int, room: tuple[int, ...]) -> int:
        """Deals of classes ``i`` onwards into seats that still need ``room``."""
        if sum(room) != after[i]:
            return 0
        if i == len(classes):
            return 1
        key = classes[i][0]
        total = 0
        for split in _splits(sizes[i], key, room):
            rest = list(room)
            for s, k in zip(key, split, strict=True):
                rest[s] -= k
            total += _multinomial(sizes[i], split) * count(i + 1, tuple(rest))
        return total

    room = tuple(need[s] for s in seats)
    if count(0, room) == 0:
        raise NoConsistentDeal("no deal is consistent with this view")
    owner: dict[Card, int] = {}
    for i, (key, cs) in enumerate(classes):
        options: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        for split in _splits(sizes[i], key, room):
            rest = list(room)
            for s, k in zip(key, split, strict=True):
                rest[s] -= k
            weight = _multinomial(sizes[i], split) * count(i + 1, tuple(rest))
            if weight:
                options.append((split, tuple(rest), weight))
        pick = rng.randrange(sum(w for _s, _r, w in options))
        chosen = options[-1]
        for option in options:
            if pick < option[2]:
                chosen = option
                break
            pick -= option[2]
        split, rest_room, _weight = chosen
        shuffled = list(cs)
        rng.shuffle(shuffled)
        at = 0
        for s, k in zip(key, split, strict=True):
            for c in shuffled[at:at + k]:
                owner[c] = seats[s]
            at += k
        room = rest_room
    return owner
