"""Action numbers for the research bridges (OpenSpiel and PettingZoo share them): action text
<-> integer, the same in every process and environment.

Each game's numbers are a fixed enumeration of its action grammar, which the game declares
(its manifest's ``research.vocabulary``; the enumerations are documented beside them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.manifest import resolve
from ..engine.registry import spec


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


def vocabulary(game: Any) -> Vocabulary:
    """The action numbers of a kingscourt game (with its rules and card file)."""
    try:
        research = spec(game.name).research
    except ValueError:
        research = None
    if research is None:
        raise ValueError(f"no action numbers for the game {game.name!r}")
    target = research.vocabulary
    vocab: Vocabulary = resolve(target)(game)
    return vocab
