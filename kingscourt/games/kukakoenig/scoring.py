"""The scorings (rulebook, "The Scorings"): kings, churches, victory points, knights,
animals, farmer/farmer's wife/farmhouse. Both scorings are made the same way.

>>> from kingscourt.games.kukakoenig import score
>>> score([["king"] * 4, ["king", "king"]])[0]["kings"]
9
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import TYPES, Category, type_of

#: The categories of a scoring sheet, in the rulebook's order, then the total.
KEYS = ("kings", "churches", "victory_points", "knights", "animals", "farms", "total")
#: each line of a scoring sheet as the rulebook names it
SHEET_LABELS = {"kings": "Kings", "churches": "Churches", "victory_points": "Victory points",
                "knights": "Knights", "animals": "Animals", "farms": "Farms", "total": "Total"}
#: the line of the scoring sheet a card of each category scores on
SHEET_OF = {Category.KING: "kings", Category.CHURCH: "churches", Category.VP: "victory_points",
            Category.KNIGHT: "knights", Category.ANIMAL: "animals", Category.FARMER: "farms",
            Category.FARMERS_WIFE: "farms", Category.FARMHOUSE: "farms"}
assert tuple(SHEET_LABELS) == KEYS and set(SHEET_OF) == set(Category)

KING_CAP = 36  # "More than 36 points is not possible, even if you have more than 7 kings."
CHURCH_POINTS = 10

_OF = {c: tuple(t.index for t in TYPES if t.category is c) for c in Category}
_VP = tuple((t.index, t.points) for t in TYPES if t.category is Category.VP)


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


def _sum(count: Sequence[int], category: Category) -> int:
    return sum(count[k] for k in _OF[category])


def score_counts(counts: Sequence[Sequence[int]]) -> list[dict[str, int]]:
    """The scoring sheets of players given as card counts per type (in ``TYPES`` order)."""
    churches = [_sum(c, Category.CHURCH) for c in counts]
    knights = [_sum(c, Category.KNIGHT) for c in counts]
    # Majorities need at least one card: nobody with none scores them (RULES-NOTES §2).
    most_churches = max(churches, default=0)
    most_knights = max(knights, default=0)
    sheets: list[dict[str, int]] = []
    for i, c in enumerate(counts):
        sheet = {
            "kings": kings_points(_sum(c, Category.KING)),
            "churches": CHURCH_POINTS if churches[i] and churches[i] == most_churches else 0,
            "victory_points": sum(c[k] * pts for k, pts in _VP),
            "knights": knights[i] * (2 if knights[i] and knights[i] == most_knights else 1),
            "animals": sum(animal_points(c[k]) for k in _OF[Category.ANIMAL]),
            "farms": farm_points(_sum(c, Category.FARMER), _sum(c, Category.FARMERS_WIFE),
                                 _sum(c, Category.FARMHOUSE)),
        }
        sheet["total"] = sum(sheet.values())
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
