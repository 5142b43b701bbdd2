"""The scorings (rulebook, "The Scorings"): kings, churches, victory points, knights,
animals, farmer/farmer's wife/farmhouse. Both scorings are made the same way.

>>> from kingscourt.games.kukakoenig import score
>>> score([["king"] * 4, ["king", "king"]])[0]["kings"]
9
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...i18n import N_
from .cards import TOTAL, TYPES, CardType, Category, type_of

#: The categories of a scoring sheet, in the rulebook's order, then the total.
KEYS = ("kings", "churches", "victory_points", "knights", "animals", "farms", "total")
#: each line of a scoring sheet as the rulebook names it
SHEET_LABELS = {"kings": N_("Kings"), "churches": N_("Churches"),
                "victory_points": N_("Victory points"), "knights": N_("Knights"),
                "animals": N_("Animals"), "farms": N_("Farms"), "total": N_("Total")}
#: the line of the scoring sheet a card of each category scores on
SHEET_OF = {Category.KING: "kings", Category.CHURCH: "churches", Category.VP: "victory_points",
            Category.KNIGHT: "knights", Category.ANIMAL: "animals", Category.FARMER: "farms",
            Category.FARMERS_WIFE: "farms", Category.FARMHOUSE: "farms"}
assert tuple(SHEET_LABELS) == KEYS and set(SHEET_OF) == set(Category)
#: The categories alone: what :func:`points` gives, in this order.
CATEGORIES = KEYS[:-1]

KING_CAP = 36  # "More than 36 points is not possible, even if you have more than 7 kings."
CHURCH_POINTS = 10

_OF = {c: tuple(t.index for t in TYPES if t.category is c) for c in Category}


def kings_points(kings: int) -> int:
    """1 king 0, 2 kings 1, 3 kings 4, ... 7 kings 36, never more."""
    return min((kings - 1) ** 2, KING_CAP) if kings > 0 else 0


def animal_points(same_kind: int) -> int:
    """1 animal 1, 2 animals 3, 3 animals 6, 4 animals 10, 5 animals 15."""
    return same_kind * (same_kind + 1) // 2


def farm_points(farmers: int, wives: int, houses: int) -> int:
    """A pair (farmer + farmer's wife) 7, a pair with a farmhouse 14; counted for the best total."""
    pairs = min(farmers, wives)
    trios = min(pairs, houses)
    return 14 * trios + 7 * (pairs - trios)


_CHURCHES = _OF[Category.CHURCH]
_KNIGHTS = _OF[Category.KNIGHT]
#: The tallies :func:`points` keeps, one per category (farm groups need three).
_TALLY = {Category.KING: 0, Category.CHURCH: 1, Category.VP: 2, Category.KNIGHT: 3,
          Category.ANIMAL: 4, Category.FARMER: 5, Category.FARMERS_WIFE: 6,
          Category.FARMHOUSE: 7}


def _adds(t: CardType, cards: int) -> int:
    """What ``cards`` cards of type ``t`` add to their category's tally: victory points
    count as printed, each kind of animal on its own table, other cards by number."""
    if t.category is Category.VP:
        return cards * t.points
    if t.category is Category.ANIMAL:
        return animal_points(cards)
    return cards


#: Per card type: its tally, what 0..TOTAL cards of it add (bots score often), the type.
_TALLIES = tuple((_TALLY[t.category], tuple(_adds(t, x) for x in range(TOTAL + 1)), t)
                 for t in TYPES)
_KINGS_POINTS = tuple(kings_points(k) for k in range(TOTAL + 1))


def _sum(count: Sequence[int], types: tuple[int, ...]) -> int:
    total = 0
    for k in types:
        total += count[k]
    return total


def rivals(counts: Sequence[Sequence[int]], seat: int) -> tuple[int, int]:
    """The most churches and the most knights any seat but ``seat`` holds (the majorities
    ``seat`` has to reach), for collections given as card counts per type."""
    most_churches = most_knights = 0
    for other, c in enumerate(counts):
        if other != seat:
            churches = _sum(c, _CHURCHES)
            knights = _sum(c, _KNIGHTS)
            if churches > most_churches:
                most_churches = churches
            if knights > most_knights:
                most_knights = knights
    return most_churches, most_knights


Points = tuple[int, int, int, int, int, int]


def points(count: Sequence[int], churches_rival: int, knights_rival: int) -> Points:
    """The points of one collection (card counts per type, in ``TYPES`` order) in each
    category of :data:`CATEGORIES`, given the most churches and knights among the other
    players (:func:`rivals`). The one place a collection's points are counted: the scorings
    and the strong bot's look-ahead both call it."""
    tally = [0] * len(_TALLY)
    for cards, (k, adds, t) in zip(count, _TALLIES, strict=True):
        if cards:
            tally[k] += adds[cards] if cards <= TOTAL else _adds(t, cards)
    kings, churches, vp, knights, animals, farmers, wives, houses = tally
    # Majorities need at least one card: nobody with none scores them (docs/rules.md);
    # everyone tied for the most scores them.
    return (_KINGS_POINTS[kings] if kings <= TOTAL else kings_points(kings),
            CHURCH_POINTS if churches and churches >= churches_rival else 0,
            vp,
            2 * knights if knights and knights >= knights_rival else knights,
            animals,
            farm_points(farmers, wives, houses))


def score_counts(counts: Sequence[Sequence[int]]) -> list[dict[str, int]]:
    """The scoring sheets of players given as card counts per type (in ``TYPES`` order)."""
    sheets: list[dict[str, int]] = []
    for seat, c in enumerate(counts):
        pts = points(c, *rivals(counts, seat))
        sheet = dict(zip(CATEGORIES, pts, strict=True))
        sheet["total"] = sum(pts)
        sheets.append(sheet)
    return sheets


def score(collections: Sequence[Iterable[str]]) -> list[dict[str, int]]:
    """One scoring sheet per player (keys ``kings churches victory_points knights animals farms
    total``) for collections given as card names; ValueError for a name that is no card."""
    counts: list[list[int]] = []
    for coll in collections:
        if isinstance(coll, str):
            raise ValueError("give each player's collection as a list of card names")
        row = [0] * len(TYPES)
        for name in coll:
            row[type_of(name)] += 1
        counts.append(row)
    return score_counts(counts)
