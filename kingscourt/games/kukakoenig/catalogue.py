"""Ku-Ka-König's own data in ``/api/games`` beyond its table rules (its card types and the
scoring sheet, in the request's language), and the card labels of the bundled card set for
message extraction."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from ...engine import Game
from ...i18n import _, text
from .cards import TYPES
from .scoring import SHEET_LABELS, SHEET_OF

CARDS_FILE = Path(__file__).resolve().parent / "cards.csv"


def extras(game: Game, lang: str) -> dict[str, Any]:
    cards = []
    for t in TYPES:
        label = text(lang, t.label)
        if t.points:
            about = (_("{label}: {points} points; kept after the first scoring", label=label,
                       points=t.points) if t.kept else
                     _("{label}: {points} points; back to the box after the first scoring",
                       label=label, points=t.points))
        else:
            about = (_("{label}: kept after the first scoring", label=label) if t.kept else
                     _("{label}: back to the box after the first scoring", label=label))
        cards.append({"name": t.name, "kind": t.category.value, "prestige": None,
                      "text": about.render(lang), "label": label, "copies": t.copies,
                      "points": t.points or None, "kept": t.kept, "sheet": SHEET_OF[t.category]})
    return {"cards": cards,
            "sheet": [{"key": key, "label": text(lang, label)}
                      for key, label in SHEET_LABELS.items()]}


def card_texts() -> list[tuple[str, str]]:
    """(label, where) of each card type of the bundled ``cards.csv``."""
    lines = [ln for ln in CARDS_FILE.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    return [(row["label"].strip(), f"games/kukakoenig/cards.csv:{row['name'].strip()}")
            for row in csv.DictReader(lines)]
