"""Action numbers for the research bridges (OpenSpiel and PettingZoo share them): text form
<-> integer, fixed where a game's actions are a fixed set."""

from __future__ import annotations

from collections.abc import Callable


class Vocabulary:
    """Action text <-> integer id, fixed where a game's actions are a fixed set."""

    def __init__(self, texts: list[str] | None, size: int) -> None:
        self.size = size
        self.ids: dict[str, int] = {}
        self.texts: list[str] = []
        for t in texts or []:
            self.id(t)

    def id(self, text: str) -> int:
        i = self.ids.get(text)
        if i is None:
            if len(self.texts) >= self.size:
                raise ValueError(f"more than {self.size} distinct actions: {text!r}")
            i = self.ids[text] = len(self.texts)
            self.texts.append(text)
        return i


def _king_vocabulary() -> Vocabulary:
    from kingscourt.games.king.cards import CARD_TEXT
    from kingscourt.games.king.contracts import PENALTY_CONTRACTS

    texts = [f"play {t}" for t in CARD_TEXT]
    texts += [f"choose {c.info.id}" for c in PENALTY_CONTRACTS]
    texts += [f"choose trump {s}" for s in "SHDC"]
    return Vocabulary(texts, len(texts))


NOOP_KKK = 8  # Ku-Ka-König's ``wait``: a seat that does not pick at a simultaneous node

#: game -> a fresh vocabulary (Ucho Króla numbers its open-ended action texts as met)
VOCABULARIES: dict[str, Callable[[], Vocabulary]] = {
    "king": _king_vocabulary,
    "kukakoenig": lambda: Vocabulary([f"row {n}" for n in range(1, 9)] + ["wait"], 9),
    "uchokrola": lambda: Vocabulary(None, 4096),
}

#: the player count the bridges use when none is given
DEFAULT_PLAYERS = {"king": 4, "kukakoenig": 3, "uchokrola": 4}
