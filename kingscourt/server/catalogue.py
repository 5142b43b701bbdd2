"""What ``GET /api/games`` tells a client about each game, read from the game's own data: the
table rules with the label of each value, King's contracts, each card set with its labels and
texts, Ku-Ka-König's scoring sheet. The browser keeps no copy of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import bots
from ..engine import Game, describe
from ..games.king.contracts import CONTRACTS
from ..games.kukakoenig.cards import TYPES
from ..games.kukakoenig.scoring import SHEET_LABELS, SHEET_OF
from ..games.uchokrola.game import UchoGame
from .lobby_models import CardInfo, ContractInfo, GameInfo, RuleInfo, SheetLine


def _king(game: Game) -> dict[str, Any]:
    return {"contracts": [
        ContractInfo(id=info.id, name=info.name, description=info.german,
                     penalty=contract.is_penalty, per_unit=info.per_unit, unit=info.unit,
                     max_plays=info.max_plays)
        for contract, info in sorted(CONTRACTS.items())]}


def _kukakoenig(game: Game) -> dict[str, Any]:
    cards = []
    for t in TYPES:
        after = "kept after the first scoring" if t.kept else "back to the box after the first scoring"
        worth = f"{t.points} points; " if t.points else ""
        cards.append(CardInfo(name=t.name, kind=t.category.value, prestige=None,
                              text=f"{t.label}: {worth}{after}", label=t.label, copies=t.copies,
                              points=t.points or None, kept=t.kept, sheet=SHEET_OF[t.category]))
    return {"cards": cards,
            "sheet": [SheetLine(key=key, label=label) for key, label in SHEET_LABELS.items()]}


def _uchokrola(game: Game) -> dict[str, Any]:
    # the table's card set (a server may run another card file than the bundled one)
    assert isinstance(game, UchoGame)
    return {"cards": [CardInfo(name=t.name, kind=t.kind.value, prestige=t.prestige, text=t.text,
                               label=t.name, copies=t.copies) for t in game.cards.types]}


#: each game's own data beyond its rules
EXTRAS: dict[str, Callable[[Game], dict[str, Any]]] = {
    "king": _king, "kukakoenig": _kukakoenig, "uchokrola": _uchokrola}


def game_info(game: Game) -> GameInfo:
    """A game as ``/api/games`` lists it."""
    extra = EXTRAS.get(game.name)
    extras = extra(game) if extra is not None else {}
    return GameInfo(name=game.name, title=game.title, min_players=game.min_players,
                    max_players=game.max_players,
                    rules=[RuleInfo(**r) for r in describe(type(game.rules))],
                    levels=[lv for lv in bots.LEVELS if (game.name, lv) in bots.BOTS], **extras)
