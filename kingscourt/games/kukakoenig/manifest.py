"""Ku-Ka-König's manifest: every fact the platform's shared parts read about the game."""

from __future__ import annotations

from ...engine.manifest import Bots, GameSpec, Research, Web
from ...i18n import N_

_P = "kingscourt.games.kukakoenig"

SPEC = GameSpec(
    name="kukakoenig",
    title=N_("Ku-Ka-König"),
    min_players=2,
    max_players=4,
    default_players=3,
    make_game=f"{_P}:make_game",
    rules=f"{_P}.rules:KukakoenigRules",
    bots=Bots(
        levels={
            "random": "kingscourt.bots.random_bot:RandomBot",
            "basic": f"{_P}.bots.basic:KukakoenigBasicBot",
            "strong": f"{_P}.bots.strong:KukakoenigStrongBot",
            "expert": f"{_P}.bots.strong:KukakoenigStrongBot",
        },
        budgets={"expert": {"iterations": 240}},
        play_budgets={"strong": {"seconds": 0.4}, "expert": {"seconds": 1.5}},
    ),
    notation=f"{_P}.notation",
    words=f"{_P}.words:describe",
    tensors=f"{_P}.tensors:Encoder",
    terminal=f"{_P}.terminal:play",
    open_view=f"{_P}.view:open_view",
    research=Research(
        long_name="kingscourt Ku-Ka-König",
        utility=(0.0, 1000.0),
        reward_scale=100.0,
        vocabulary=f"{_P}.research:vocabulary",
        max_length=f"{_P}.research:max_length",
        render=f"{_P}.research:render",
        noop="wait",
        chance=f"{_P}.research:chance",
    ),
    catalogue=f"{_P}.catalogue:extras",
    card_texts=f"{_P}.catalogue:card_texts",
    web=Web(board="/games/kukakoenig/board.js", summary="/games/kukakoenig/summary.js",
            confirm_words=("row",)),
)
