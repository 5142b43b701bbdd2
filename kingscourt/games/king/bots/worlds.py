"""Many sampled King worlds from one view, fast: the hidden hands only.

``game.sample_world(view, rng)`` builds a whole state per world (the deal replayed through
the engine); a search that needs hundreds of worlds per decision needs only the hands. This
draws them by the same method and from the same facts: the cards each seat is proven to lack
(:func:`kingscourt.games.king.world.lacks`, the engine's own inference), the hand sizes, and
in the first deal the opening card with the first chooser; the hidden cards are dealt
uniformly among all deals consistent with these (as
:func:`kingscourt.engine.dealing.deal_uniformly` does: cards with the same possible seats form
a class, a split of each class among its seats is drawn in proportion to the number of deals
it accounts for, the class is then shuffled into its seats). The counts are computed once per
view and kept, so each further world costs a few shuffles. ``tests/king/test_bot_worlds.py``
checks the draws against ``game.sample_world``'s.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from math import factorial

from ....engine import JSON
from ..cards import ALL, CARD_OF_TEXT, parse_hand
from ..game import KingGame
from ..state import CARD_OF_FIRST
from ..world import lacks

Room = tuple[int, ...]


def _splits(n: int, seats: int, room: Room, at: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Ways to give ``n`` cards to the seats ``at`` (indices into ``room``)."""
    if seats == 0:
        return [()] if n == 0 else []
    first, rest = at[0], at[1:]
    most = min(n, room[first])
    least = max(0, n - sum(room[s] for s in rest))
    out = []
    for k in range(least, most + 1):
        for tail in _splits(n - k, seats - 1, room, rest):
            out.append((k, *tail))
    return out


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    out = factorial(n)
    for p in parts:
        out //= factorial(p)
    return out


class Worlds:
    """The hidden hands of one view, drawn uniformly among the consistent deals."""

    def __init__(self, game: KingGame, view: JSON) -> None:
        seat: int = view["seat"]
        self.seat = seat
        self.mine = parse_hand(view["hand"])
        played = parse_hand(view["played"])
        deal_no = view["deal"] - 1
        hidden = [s for s in range(4) if s != seat]
        lack = lacks(game, view)
        first_card = CARD_OF_FIRST[game.rules.first_chooser]
        first = (view["chooser"] - deal_no) % 4
        unknown = ALL & ~self.mine & ~played
        groups: dict[tuple[int, ...], list[int]] = {}
        m = unknown
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if deal_no == 0 and c == first_card:
                # the first chooser held the opening card in deal 1
                key = tuple(i for i, s in enumerate(hidden) if s == first)
            else:
                key = tuple(i for i, s in enumerate(hidden) if not lack[s] >> c & 1)
            groups.setdefault(key, []).append(c)
        self.hidden = hidden
        #: per card: the mask of seats (by number) that may hold it
        self.may_hold: dict[int, int] = {
            c: sum(1 << hidden[i] for i in key) for key, cs in groups.items() for c in cs}
        #: the same per card number (0 for the cards that are not hidden): the world chains'
        #: compiled step reads it
        self.may_list = [self.may_hold.get(c, 0) for c in range(52)]
        self.classes = sorted(groups.items())
        self.sizes = [len(cs) for _k, cs in self.classes]
        self.after = [sum(self.sizes[i:]) for i in range(len(self.sizes) + 1)]
        self.room: Room = tuple(view["hand_sizes"][s] for s in hidden)
        self._count: dict[tuple[int, Room], int] = {}
        self._options: dict[tuple[int, Room], tuple[list[tuple[tuple[int, ...], Room]],
                                                    list[int]]] = {}
        if self.count(0, self.room) == 0:
            raise ValueError("no deal is consistent with this view")
        self.played_by = [0, 0, 0, 0]
        for t in [*view["tricks"], view["trick"]]:
            for s, text in t["cards"]:
                self.played_by[s] |= 1 << CARD_OF_TEXT[text]

    def count(self, i: int, room: Room) -> int:
        """Deals of classes ``i`` onwards into seats that still need ``room``."""
        hit = self._count.get((i, room))
        if hit is not None:
            return hit
        if sum(room) != self.after[i]:
            total = 0
        elif i == len(self.classes):
            total = 1
        else:
            total = sum(w for _s, _r, w in self._ways(i, room))
        self._count[(i, room)] = total
        return total

    def _ways(self, i: int, room: Room) -> list[tuple[tuple[int, ...], Room, int]]:
        key = self.classes[i][0]
        out = []
        for split in _splits(self.sizes[i], len(key), room, key):
            rest = list(room)
            for s, k in zip(key, split, strict=True):
                rest[s] -= k
            r = tuple(rest)
            w = _multinomial(self.sizes[i], split) * self.count(i + 1, r)
            if w:
                out.append((split, r, w))
        return out

    def draw(self, rng: random.Random) -> list[int]:
        """The four hands now (masks): the view's own, the others drawn."""
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.mine
        room = self.room
        hidden = self.hidden
        for i, (key, cs) in enumerate(self.classes):
            opts = self._options.get((i, room))
            if opts is None:
                ways = self._ways(i, room)
                opts = self._options[(i, room)] = (
                    [(s, r) for s, r, _w in ways], list(accumulate(w for _s, _r, w in ways)))
            choices, cumulative = opts
            pick = bisect_right(cumulative, rng.randrange(cumulative[-1]))
            split, room = choices[pick]
            if len(key) == 1:
                hands[hidden[key[0]]] |= sum(1 << c for c in cs)
                continue
            shuffled = list(cs)
            rng.shuffle(shuffled)
            at = 0
            for s, k in zip(key, split, strict=True):
                for c in shuffled[at:at + k]:
                    hands[hidden[s]] |= 1 << c
                at += k
        return hands
