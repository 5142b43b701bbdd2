"""King's own data in ``/api/games`` beyond its table rules: the contracts, in the request's
language (the names stay Turkish)."""

from __future__ import annotations

from typing import Any

from ...engine import Game
from ...i18n import text
from .contracts import CONTRACTS


def extras(game: Game, lang: str) -> dict[str, Any]:
    return {"contracts": [
        {"id": info.id, "name": text(lang, info.name),
         # in the reader's language (German reads the rulebook's words through its catalogue)
         "description": text(lang, info.about),
         "penalty": contract.is_penalty, "per_unit": info.per_unit,
         "unit": text(lang, info.unit), "max_plays": info.max_plays}
        for contract, info in sorted(CONTRACTS.items())]}
