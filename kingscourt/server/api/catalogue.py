"""What ``GET /api/games`` tells a client about each game, read from the game's manifest and
its own data: the table rules with the label of each value, the bot levels, the browser's
modules, and the game's own catalogue (the manifest's ``catalogue``: King's contracts, each card
set with its labels and texts, Ku-Ka-König's scoring sheet). The browser keeps no copy of its
own. Every text is in the language the request asks for (``Accept-Language``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import bots
from ...engine import Game, describe, resolve, spec
from ...i18n import text
from ..base.lobby_models import GameInfo, RuleInfo


def _rules(game: Game, lang: str) -> list[RuleInfo]:
    out = []
    for r in describe(type(game.rules)):
        r["label"] = text(lang, r["label"])
        r["help"] = text(lang, r["help"])
        r["choice_labels"] = [text(lang, c) for c in r["choice_labels"]]
        out.append(RuleInfo(**r))
    return out


def game_info(game: Game, lang: str = "en") -> GameInfo:
    """A game as ``/api/games`` lists it, its texts in ``lang`` (the titles are names)."""
    facts = spec(game.name)
    extras: Callable[[Game, str], dict[str, Any]] = resolve(facts.catalogue)
    return GameInfo(name=game.name, title=game.title, min_players=game.min_players,
                    max_players=game.max_players, rules=_rules(game, lang),
                    levels=bots.levels(game.name),
                    default_players=facts.default_players, board=facts.web.board,
                    summary=facts.web.summary or None, looks=list(facts.web.looks),
                    confirm_words=list(facts.web.confirm_words),
                    tournament_formats=["duplicate", "swiss"] if facts.deal_scores else ["swiss"],
                    **extras(game, lang))
