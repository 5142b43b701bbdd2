"""Ucho Króla's own data in ``/api/games`` beyond its table rules (the table's card set: names
as printed, texts in the request's language), and the card texts of the bundled card file
for message extraction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...engine import Game
from ...i18n import text
from .game import UchoGame

CARDS_FILE = Path(__file__).resolve().parent / "cards.json"


def extras(game: Game, lang: str) -> dict[str, Any]:
    # the table's card set (a server may run another card file than the bundled one); a text
    # no catalogue holds, as another card file's, is shown as it is
    assert isinstance(game, UchoGame)
    cards = game.cards
    return {"cards": [{"name": t.name, "kind": t.kind.value, "prestige": t.prestige,
                       "text": text(lang, t.text), "label": t.name, "copies": t.copies}
                      for t in cards.types]}


def card_texts() -> list[tuple[str, str]]:
    """(text, where) of each card of the bundled ``cards.json`` that has a text."""
    data = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    return [(card["text"], f"games/uchokrola/cards.json:{card['effect']}")
            for card in data["cards"] if card.get("text")]
