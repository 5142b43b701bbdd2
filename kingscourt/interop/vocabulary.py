"""Action numbers for the research bridges (OpenSpiel and PettingZoo share them): action text
<-> integer, the same in every process and environment.

Each game's numbers are a fixed enumeration of its action grammar:

- **King** (62): ``play 2S`` … ``play AC`` are ``0..51`` (the card's number, ``suit * 13 +
  rank``, suits S H D C), ``choose el-almaz`` … ``choose son-iki`` ``52..57``, ``choose trump
  S|H|D|C`` ``58..61``.
- **Ku-Ka-König** (9): ``row N`` is ``N-1`` (``0..7``); ``wait`` (8) is the no-op of a seat that
  does not pick at a simultaneous node.
- **Ucho Króla**: every text the notation (:mod:`kingscourt.games.uchokrola.notation`) can
  write, over the game's card file (its card and character names in the file's order) and
  seats ``0..5``, in the order of :func:`uchokrola_texts`; places ``SEAT:SLOT`` go up to slot
  :data:`UCHO_SLOTS`. The numbers change only when the card file or the grammar does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

#: Slots named in Ucho Króla's action numbers (``take Faux pas from 2:16`` at most). A display
#: holds at most 3 cards between turns; one turn's plays, ripostes and effects add a few (9 at
#: most in 3,000 random games of 2 to 6 players). An action beyond it raises a ValueError
#: naming it.
UCHO_SLOTS = 16
UCHO_SEATS = 6


class Vocabulary:
    """A fixed list of action texts and its inverse."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts: tuple[str, ...] = tuple(texts)
        self.ids: dict[str, int] = {t: i for i, t in enumerate(self.texts)}
        if len(self.ids) != len(self.texts):
            raise ValueError("an action text appears twice in the vocabulary")

    @property
    def size(self) -> int:
        return len(self.texts)

    def id(self, text: str) -> int:
        """The number of an action text; ValueError naming it when it has none."""
        i = self.ids.get(text)
        if i is None:
            raise ValueError(f"{text!r} has no action number: it is outside this game's "
                             f"{self.size} actions")
        return i

    def text(self, number: int) -> str:
        if not 0 <= number < len(self.texts):
            raise ValueError(f"{number} is no action number (0 to {len(self.texts) - 1})")
        return self.texts[number]


def king_texts() -> list[str]:
    from kingscourt.games.king.cards import CARD_TEXT
    from kingscourt.games.king.contracts import PENALTY_CONTRACTS

    texts = [f"play {t}" for t in CARD_TEXT]
    texts += [f"choose {c.info.id}" for c in PENALTY_CONTRACTS]
    texts += [f"choose trump {s}" for s in "SHDC"]
    return texts


NOOP_KKK = 8  # Ku-Ka-König's ``wait``: a seat that does not pick at a simultaneous node


def kukakoenig_texts() -> list[str]:
    from kingscourt.games.kukakoenig.table import MAX_ROWS

    return [f"row {n}" for n in range(1, MAX_ROWS + 1)] + ["wait"]


def uchokrola_texts(cards: Sequence[str], characters: Sequence[str]) -> list[str]:
    """Every action text of Ucho Króla's grammar over ``cards`` (the card file's non-character
    names, in its order) and ``characters``: first the fixed words, then per verb."""
    from kingscourt.games.uchokrola.notation import WORDS

    seats = range(UCHO_SEATS)
    out = sorted(WORDS)
    out += [f"choose {c}" for c in characters]
    out += [f"play {k}" for k in cards]
    out += [f"play {k} -> {s}" for k in cards for s in seats]
    for verb in ("pay", "keep", "perform", "discard", "take"):
        out += [f"{verb} {k}" for k in cards]
    out += [f"display {k} -> {s}" for k in cards for s in seats]
    out += [f"take from {s}" for s in seats]
    out += [f"look at {s}" for s in seats]
    out += [f"look at prestige {s}" for s in seats]
    for c in characters:
        out += [f"use {c}", f"use {c}: draw", f"use {c}: take discard"]
        out += [f"use {c}: bury -> {s}" for s in seats]
        out += [f"use {c}: {k}" for k in cards]
    for verb, word in (("take", "from"), ("discard", "from"), ("swap", "at"), ("with", "at")):
        out += [f"{verb} {k} {word} {s}:{slot}" for k in cards for s in seats
                for slot in range(1, UCHO_SLOTS + 1)]
    return out


def vocabulary(game: Any) -> Vocabulary:
    """The action numbers of a kingscourt game (King, Ku-Ka-König, Ucho Króla with its
    card file)."""
    if game.name == "king":
        return _KING
    if game.name == "kukakoenig":
        return _KKK
    if game.name == "uchokrola":
        types = game.cards.types
        key = tuple((t.name, t.kind.value) for t in types)
        v = _UCHO.get(key)
        if v is None:
            v = _UCHO[key] = Vocabulary(uchokrola_texts(
                [t.name for t in types if t.kind.value != "character"],
                [t.name for t in types if t.kind.value == "character"]))
        return v
    raise ValueError(f"no action numbers for the game {game.name!r}")


_KING = Vocabulary(king_texts())
_KKK = Vocabulary(kukakoenig_texts())
_UCHO: dict[tuple[tuple[str, str], ...], Vocabulary] = {}

#: the player count the bridges use when none is given
DEFAULT_PLAYERS = {"king": 4, "kukakoenig": 3, "uchokrola": 4}
