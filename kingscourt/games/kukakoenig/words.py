"""Ku-Ka-König's actions in the players' words, for replays (``Ada picks row 3``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...i18n import Msg, _

Named = str | Msg
_ROW = re.compile(r"row (\d+)")


def describe(action: str, who: Named, name: Callable[[int], Named], players: int) -> Msg | None:
    """``who``'s ``action`` in words; None for a text that is no Ku-Ka-König action."""
    m = _ROW.fullmatch(action)
    return _("{who} picks row {row}", who=who, row=m.group(1)) if m else None
