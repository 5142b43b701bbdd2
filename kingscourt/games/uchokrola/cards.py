"""The card set: one data file (name, kind, colour, copies, prestige, effect id) per deck.

Cards are held as small integers, the index of their type in :attr:`CardSet.types`; rules
refer to cards by effect id, never by printed name, so a printed deck's file only changes
numbers and names. Which effect ids exist, and of which kind, is the registry's
(:mod:`.registry`): a file is read against it.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

DEFAULT_CARDS = Path(__file__).with_name("cards.json")


class Kind(Enum):
    BUFFOONERY = "buffoonery"
    INTRIGUE = "intrigue"
    SPECIAL = "special"
    UCHO = "ucho"
    CHARACTER = "character"


class Colour(Enum):
    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class CardType:
    name: str
    kind: Kind
    colour: Colour
    copies: int
    prestige: int
    effect: str
    #: the card's text as the rulebook prints it (shown to players; optional in a card file)
    text: str = ""


@dataclass(frozen=True)
class CardSet:
    types: tuple[CardType, ...]
    source: str = ""
    by_name: dict[str, int] = field(init=False, repr=False, compare=False)
    by_effect: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {t.name: i for i, t in enumerate(self.types)})
        object.__setattr__(self, "by_effect", {t.effect: i for i, t in enumerate(self.types)})

    def name(self, card: int) -> str:
        return self.types[card].name

    def kind(self, card: int) -> Kind:
        return self.types[card].kind

    def id(self, effect: str) -> int:
        return self.by_effect[effect]

    def of_kind(self, *kinds: Kind) -> list[int]:
        return [i for i, t in enumerate(self.types) if t.kind in kinds]

    def total(self) -> int:
        return sum(t.copies for t in self.types)

    def all_cards(self) -> list[int]:
        """Every copy of every non-character card, in data order."""
        return [i for i, t in enumerate(self.types) if t.kind is not Kind.CHARACTER
                for _ in range(t.copies)]

    def characters(self) -> list[int]:
        return [i for i, t in enumerate(self.types) if t.kind is Kind.CHARACTER
                for _ in range(t.copies)]


def _fail(source: str, where: str, message: str) -> ValueError:
    return ValueError(f"card file {source}: {where}: {message}")


def parse_cards(data: Any, source: str, effects_of_kind: Mapping[Kind, Collection[str]],
                required: Collection[str]) -> CardSet:
    """A validated card set from the JSON object ``data``; clear errors name the entry.
    ``effects_of_kind``: the effect ids each kind may carry; ``required``: the effect ids the
    rules name, which must appear exactly once."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise _fail(source, "top level", 'expected an object with a list "cards"')
    types: list[CardType] = []
    seen: set[str] = set()
    effects: dict[str, str] = {}
    for i, entry in enumerate(data["cards"]):
        where = f"card {i + 1}"
        if not isinstance(entry, dict):
            raise _fail(source, where, "each card is an object")
        missing = [k for k in ("name", "kind", "colour", "copies", "prestige", "effect")
                   if k not in entry]
        if missing:
            raise _fail(source, where, f"missing {', '.join(missing)}")
        name = entry["name"]
        if not isinstance(name, str) or not name.strip() or name != name.strip():
            raise _fail(source, where, f"name must be a non-empty string, got {name!r}")
        where = f"card {i + 1} ({name})"
        if name in seen:
            raise _fail(source, where, "name appears twice")
        if any(ch in name for ch in ":>#"):
            raise _fail(source, where, "a name may not contain ':', '>' or '#'")
        seen.add(name)
        try:
            kind = Kind(entry["kind"])
        except ValueError:
            kinds = ", ".join(k.value for k in Kind)
            raise _fail(source, where, f"kind must be one of {kinds}") from None
        try:
            colour = Colour(entry["colour"])
        except ValueError:
            colours = ", ".join(c.value for c in Colour)
            raise _fail(source, where, f"colour must be one of {colours}") from None
        for key in ("copies", "prestige"):
            if not isinstance(entry[key], int) or isinstance(entry[key], bool):
                raise _fail(source, where, f"{key} must be an integer")
        if entry["copies"] < 1:
            raise _fail(source, where, "copies must be at least 1")
        effect = entry["effect"]
        if effect not in effects_of_kind[kind]:
            allowed = ", ".join(sorted(effects_of_kind[kind]))
            raise _fail(source, where, f"effect {effect!r} is not a {kind.value} effect "
                        f"(known: {allowed})")
        if effect in effects:
            raise _fail(source, where, f"effect {effect!r} already belongs to {effects[effect]}")
        effects[effect] = name
        if kind is Kind.CHARACTER and entry["copies"] != 1:
            raise _fail(source, where, "a character card has exactly 1 copy")
        text = entry.get("text", "")
        if not isinstance(text, str):
            raise _fail(source, where, "text must be a string")
        types.append(CardType(name, kind, colour, entry["copies"], entry["prestige"], effect,
                              text))
    for effect in required:
        if effect not in effects:
            raise _fail(source, "cards", f"no card has the effect {effect!r}")
    chars = sum(1 for t in types if t.kind is Kind.CHARACTER)
    if chars < 6:
        raise _fail(source, "cards", f"6 characters at least are needed, found {chars}")
    return CardSet(tuple(types), source)


def read_card_file(path: str | Path | None = None) -> tuple[Any, str]:
    """The JSON data of the card file ``path`` (default: the bundled ``cards.json``) and its
    name for errors."""
    p = Path(path) if path is not None else DEFAULT_CARDS
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"card file {p}: cannot be read ({e.strerror or e})") from e
    except json.JSONDecodeError as e:
        raise ValueError(f"card file {p}: not JSON ({e})") from e
    return data, str(p)
