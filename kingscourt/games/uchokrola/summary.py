"""The end of a game of Ucho Króla, per seat: what its prestige pile holds and how its total
is counted (docs/rules.md, Ucho Króla, scoring: the pile's prestige, Hrabia de Guiche's −5; most wins,
a tie goes to more Ucho króla cards in the pile, then the win is shared). For the summary the
server sends with the final results; nothing here is hidden any more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import JSON
from .turn import GUICHE_PENALTY

if TYPE_CHECKING:
    from .state import UchoState


def summary(st: UchoState, seat: int) -> JSON:
    """``pile`` (card names), ``pile_prestige`` (their prestige summed), ``penalty`` and
    ``penalty_by`` (Hrabia de Guiche's −5, with the character's name), ``own`` (the seat's
    total), ``uchos`` (Ucho króla cards in the pile: the tie-break)."""
    types = st.cs.types
    pile = sorted(st.prestige[seat])
    guiche = [c for c in st.characters[seat] if types[c].effect == "guiche"]
    penalty = GUICHE_PENALTY if st.has(seat, "guiche") else 0
    return {
        "pile": [types[c].name for c in pile],
        "pile_prestige": sum(types[c].prestige for c in pile),
        "penalty": penalty,
        "penalty_by": types[guiche[0]].name if penalty and guiche else None,
        "own": st.prestige_total(seat),
        "uchos": st.uchos(seat),
    }
