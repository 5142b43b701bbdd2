"""Ucho Króla's view in a language: its narration and its question are texts (card and
character names stay as printed); and its legal actions in parts (``options``,
:mod:`.options`) for the browser's board, which reads no action text. The server calls this
at its edge (the manifest's ``localize_view``)."""

from __future__ import annotations

from typing import Any

from ...engine import State
from ...i18n import text
from .options import options
from .state import UchoState


def localize_view(state: State, view: dict[str, Any], seat: int | None, lang: str) -> None:
    """Puts ``view``'s log and question in ``lang`` and its legal actions in parts (in place)."""
    if not isinstance(state, UchoState):
        return
    if "legal" in view:
        view["options"] = options(state.game.notation, view["legal"])
    if lang == "en" or "log" not in view:
        return
    own = seat is not None and 0 <= seat < state.n
    view["log"] = state.log_for(seat if own else None, lang)
    view["question"] = text(lang, view["question"])
