"""What ``GET /api/games`` tells a client about each game, read from the game's own data: the
table rules with the label of each value, King's contracts, each card set with its labels and
texts, Ku-Ka-König's scoring sheet. The browser keeps no copy of its own. Every text is in the
language the request asks for (``Accept-Language``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import bots
from ...engine import Game, describe
from ...engine.registry import spec
from ...games.king.contracts import CONTRACTS
from ...games.kukakoenig.cards import TYPES
from ...games.kukakoenig.scoring import SHEET_LABELS, SHEET_OF
from ...games.uchokrola.game import UchoGame
from ...i18n import _, text
from ..base.lobby_models import CardInfo, ContractInfo, GameInfo, RuleInfo, SheetLine


def _king(game: Game, lang: str) -> dict[str, Any]:
    return {"contracts": [
        ContractInfo(id=info.id, name=text(lang, info.name),
                     # English reads the rulebook's own German gloss, as it always has
                     description=info.german if lang == "en" else text(lang, info.about),
                     penalty=contract.is_penalty, per_unit=info.per_unit,
                     unit=text(lang, info.unit), max_plays=info.max_plays)
        for contract, info in sorted(CONTRACTS.items())]}


def _kukakoenig(game: Game, lang: str) -> dict[str, Any]:
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
        cards.append(CardInfo(name=t.name, kind=t.category.value, prestige=None,
                              text=about.render(lang), label=label, copies=t.copies,
                              points=t.points or None, kept=t.kept, sheet=SHEET_OF[t.category]))
    return {"cards": cards,
            "sheet": [SheetLine(key=key, label=text(lang, label))
                      for key, label in SHEET_LABELS.items()]}


def _uchokrola(game: Game, lang: str) -> dict[str, Any]:
    # the table's card set (a server may run another card file than the bundled one); the
    # names stay Polish as printed, the texts are translated (a text no catalogue holds, as
    # another card file's, is shown as it is)
    assert isinstance(game, UchoGame)
    return {"cards": [CardInfo(name=t.name, kind=t.kind.value, prestige=t.prestige,
                               text=text(lang, t.text), label=t.name, copies=t.copies)
                      for t in game.cards.types]}


def _rules(game: Game, lang: str) -> list[RuleInfo]:
    out = []
    for r in describe(type(game.rules)):
        r["label"] = text(lang, r["label"])
        r["help"] = text(lang, r["help"])
        r["choice_labels"] = [text(lang, c) for c in r["choice_labels"]]
        out.append(RuleInfo(**r))
    return out


#: each game's own data beyond its rules
EXTRAS: dict[str, Callable[[Game, str], dict[str, Any]]] = {
    "king": _king, "kukakoenig": _kukakoenig, "uchokrola": _uchokrola}


def game_info(game: Game, lang: str = "en") -> GameInfo:
    """A game as ``/api/games`` lists it, its texts in ``lang`` (the titles are names)."""
    extra = EXTRAS.get(game.name)
    extras = extra(game, lang) if extra is not None else {}
    facts = spec(game.name)
    return GameInfo(name=game.name, title=game.title, min_players=game.min_players,
                    max_players=game.max_players, rules=_rules(game, lang),
                    levels=[lv for lv in bots.LEVELS if (game.name, lv) in bots.BOTS],
                    default_players=facts.default_players, board=facts.web.board,
                    summary=facts.web.summary or None, looks=list(facts.web.looks),
                    confirm_words=list(facts.web.confirm_words), **extras)
