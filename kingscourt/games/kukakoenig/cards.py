"""The card set, read from ``cards.csv`` (one line per card type: copies, keep/return flag).

Each physical card has a number ``0..TOTAL-1``; ``CARD_TYPE[c]`` is its type's index in
:data:`TYPES` (the file's order, which is also the order collections are sorted by). Views
and the notation use the type names only, so the numbers never reach a player.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources


class Category(StrEnum):
    """How a card type scores (rulebook, "The Scorings")."""

    KING = "king"
    CHURCH = "church"
    VP = "vp"
    KNIGHT = "knight"
    ANIMAL = "animal"
    FARMER = "farmer"
    FARMERS_WIFE = "farmers-wife"
    FARMHOUSE = "farmhouse"


@dataclass(frozen=True, slots=True)
class CardType:
    index: int
    name: str
    label: str
    category: Category
    points: int
    copies: int
    #: True for a green check mark (stays after the 1st scoring), False for a red cross.
    kept: bool


FLAGS = {"kept": True, "returned": False}


def parse_card_set(text: str) -> tuple[CardType, ...]:
    """The card types of a card-set file; ValueError naming the line that is wrong."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    out: list[CardType] = []
    for i, row in enumerate(csv.DictReader(io.StringIO("\n".join(lines)))):
        where = f"card set line {i + 1} ({row.get('name')!r})"
        try:
            category = Category(row["category"].strip())
            points, copies = int(row["points"]), int(row["copies"])
            kept = FLAGS[row["after_first_scoring"].strip()]
        except (KeyError, ValueError, AttributeError) as e:
            raise ValueError(f"{where}: {e!r}") from e
        if copies < 0 or points < 0:
            raise ValueError(f"{where}: copies and points cannot be negative")
        name = row["name"].strip()
        if any(t.name == name for t in out):
            raise ValueError(f"{where}: {name!r} appears twice")
        out.append(CardType(len(out), name, row["label"].strip(), category, points, copies, kept))
    return tuple(out)


TYPES: tuple[CardType, ...] = parse_card_set(
    resources.files(__package__).joinpath("cards.csv").read_text(encoding="utf-8"))
TYPE_OF_NAME: dict[str, CardType] = {t.name: t for t in TYPES}
NAMES: tuple[str, ...] = tuple(t.name for t in TYPES)
KEPT: tuple[bool, ...] = tuple(t.kept for t in TYPES)

#: Card number -> type index; the copies of a type have consecutive numbers.
CARD_TYPE: tuple[int, ...] = tuple(t.index for t in TYPES for _ in range(t.copies))
CARD_NAME: tuple[str, ...] = tuple(NAMES[k] for k in CARD_TYPE)
TOTAL = len(CARD_TYPE)
IDS_OF_TYPE: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(TOTAL) if CARD_TYPE[c] == t.index) for t in TYPES)


def type_of(name: str) -> int:
    """The type index of a card name; ValueError naming it otherwise."""
    t = TYPE_OF_NAME.get(name.strip().lower() if isinstance(name, str) else name)
    if t is None:
        raise ValueError(f"{name!r} is not a Ku-Ka-König card (cards: {' '.join(NAMES)})")
    return t.index


def names(cards: Iterable[int]) -> list[str]:
    """Card names of card numbers, in the given order."""
    return [CARD_NAME[c] for c in cards]


def sorted_names(cards: Iterable[int]) -> list[str]:
    """Card names sorted by type (the card-set file's order), as laid out before a player."""
    return [NAMES[k] for k in sorted(CARD_TYPE[c] for c in cards)]


def counts(cards: Iterable[int]) -> list[int]:
    """How many cards of each type."""
    out = [0] * len(TYPES)
    for c in cards:
        out[CARD_TYPE[c]] += 1
    return out


def allocate(card_names: Iterable[str], used: list[int] | None = None) -> list[int]:
    """Card numbers for names, taking each type's unused copies in order; ValueError if a
    type has run out. ``used`` (per type, how many are taken) is updated in place."""
    taken = used if used is not None else [0] * len(TYPES)
    out: list[int] = []
    for name in card_names:
        k = type_of(name)
        if taken[k] >= TYPES[k].copies:
            raise ValueError(f"there are only {TYPES[k].copies} {name!r} cards in the set")
        out.append(IDS_OF_TYPE[k][taken[k]])
        taken[k] += 1
    return out
