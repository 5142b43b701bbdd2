"""Ucho Króla's manifest: every fact the platform's shared parts read about the game."""

from __future__ import annotations

from ...engine.manifest import Bots, GameSpec, Research, Web
from ...i18n import N_

_P = "kingscourt.games.uchokrola"

SPEC = GameSpec(
    name="uchokrola",
    title=N_("Ucho Króla"),
    min_players=2,
    max_players=6,
    default_players=4,
    make_game=f"{_P}:make_game",
    rules=f"{_P}.rules:UchoRules",
    bots=Bots(
        levels={
            "random": "kingscourt.bots.random_bot:RandomBot",
            "basic": f"{_P}.bots.basic:UchokrolaBasicBot",
            "strong": "kingscourt.bots.ismcts:StrongBot",
            "expert": "kingscourt.bots.ismcts:StrongBot",
        },
        budgets={"expert": {"iterations": 1200}},
        play_budgets={"strong": {"seconds": 1.0}, "expert": {"seconds": 3.0}},
        search_spec=f"{_P}.bots.search:make_spec",
    ),
    notation=f"{_P}.notation",
    words=f"{_P}.words:describe",
    tensors=f"{_P}.tensors:Encoder",
    terminal=f"{_P}.terminal:play",
    open_view=f"{_P}.view:open_view",
    research=Research(
        long_name="kingscourt Ucho Króla",
        utility=(-1000.0, 1000.0),
        reward_scale=10.0,
        vocabulary=f"{_P}.research:vocabulary",
        max_length=f"{_P}.research:max_length",
        render=f"{_P}.research:render",
        max_moves=2000,  # the longest of 3,000 random games had 551 moves
        secret_scores=True,
        chance=f"{_P}.research:chance",
    ),
    catalogue=f"{_P}.catalogue:extras",
    card_texts=f"{_P}.catalogue:card_texts",
    localize_view=f"{_P}.localize:localize_view",
    web=Web(board="/games/uchokrola/board.js", summary="/games/uchokrola/summary.js",
            confirm_words=("play",)),
)
