"""King actions in text: ``play QS``, ``choose kiz-almaz``, ``choose trump H``.

One interned :class:`Action` per action. Internal codes: 0..51 play a card, 100 + contract
choose a penalty contract, 200 + suit choose trump in a suit.
"""

from __future__ import annotations

from typing import Any, Final

from ...engine import Action, MalformedAction
from ...i18n import _
from .cards import CARD_TEXT, SUITS
from .contracts import PENALTY_CONTRACTS

PLAY_ACTIONS: Final = tuple(Action(f"play {t}") for t in CARD_TEXT)
CHOOSE_ACTIONS: Final = {c: Action(f"choose {c.info.id}") for c in PENALTY_CONTRACTS}
TRUMP_ACTIONS: Final = tuple(Action(f"choose trump {s}") for s in SUITS)
ACTION_OF_CODE: Final[dict[int, Action]] = {c: a for c, a in enumerate(PLAY_ACTIONS)}
ACTION_OF_CODE.update({100 + c: a for c, a in CHOOSE_ACTIONS.items()})
ACTION_OF_CODE.update({200 + s: a for s, a in enumerate(TRUMP_ACTIONS)})
CODE: Final[dict[str, int]] = {a: c for c, a in ACTION_OF_CODE.items()}

# The play actions of every 13-bit sub-mask of each suit, low cards first (4 x 8192 tuples).
SUIT_ACTIONS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(tuple(PLAY_ACTIONS[13 * s + r] for r in range(13) if sub >> r & 1)
          for sub in range(8192))
    for s in range(4))


def actions_of(mask: int) -> list[Action]:
    """The play actions of a card mask, by suit S H D C, low cards first."""
    t = SUIT_ACTIONS
    return [*t[0][mask & 0x1FFF], *t[1][mask >> 13 & 0x1FFF], *t[2][mask >> 26 & 0x1FFF],
            *t[3][mask >> 39]]


def parse(text: str) -> int:
    """The code of an action text; MalformedAction for text that is no King action."""
    code = CODE.get(text)
    if code is not None:
        return code
    if isinstance(text, str):
        words = text.split()
        if len(words) >= 2:
            verb = words[0].lower()
            if verb == "play" and len(words) == 2:
                norm = f"play {words[1].upper().replace('10', 'T')}"
            elif verb == "choose" and len(words) == 3 and words[1].lower() == "trump":
                norm = f"choose trump {words[2].upper()}"
            else:
                norm = " ".join(w.lower() for w in words)
            code = CODE.get(norm)
            if code is not None:
                return code
    raise MalformedAction(text, _(
        "King actions are `play QS` (rank A K Q J T 9..2, suit S H D C), `choose {contracts}` "
        "or `choose trump S|H|D|C`", contracts="|".join(c.info.id for c in PENALTY_CONTRACTS)))


def read(game: Any, text: str) -> int:
    """The parsed form (the code) of an action text."""
    return parse(text)


def write(game: Any, code: int) -> str:
    """The text of a parsed action (:func:`read`'s inverse)."""
    return str(ACTION_OF_CODE[code])
