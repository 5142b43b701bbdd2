"""King's manifest: every fact the platform's shared parts read about the game."""

from __future__ import annotations

from ...engine.manifest import Bots, GameSpec, Research, Statistics, Web
from ...i18n import N_

_P = "kingscourt.games.king"

SPEC = GameSpec(
    name="king",
    title=N_("King"),
    min_players=4,
    max_players=4,
    default_players=4,
    make_game=f"{_P}:make_game",
    rules=f"{_P}.rules:KingRules",
    bots=Bots(
        levels={
            "random": "kingscourt.bots.random_bot:RandomBot",
            "basic": f"{_P}.bots.basic:KingBasicBot",
            "strong": f"{_P}.bots.strong:KingStrongBot",
            # retired: its larger search was not shown to beat strong (docs/bots.md); a table
            # or client that names it gets strong. _expert keeps that search to measure it
            "expert": "strong",
            "_expert": f"{_P}.bots.strong:KingStrongBot",
            "_strong_2026": f"{_P}.bots.legacy:KingStrongBot2026",
            # the network distilled from strong's card values (docs/bots.md): a card in
            # about a millisecond
            "learned": f"{_P}.bots.learned:KingLearnedBot",
        },
        budgets={"_expert": {"iterations": 6000, "choice_worlds": 2400, "chain": 4800}},
        # strong, where people play: a budget of work, so its strength does not depend on the
        # load, sized for a card in 0.2 s and a contract choice in 0.8 s at p95 on a quiet
        # core (measured: 147 and 600 ms of CPU); the wall time cuts it only past 3× those
        # (0.6 s, 2.4 s). The learned network's card values weigh as 64 worlds of its search
        # (net_prior: +175 a game over the same budget without it, docs/bots.md), and its
        # card search plays out by the learned linear policy (rollout: +125 a game over the
        # basic policy's playouts, docs/bots.md).
        play_budgets={
            "strong": {"iterations": 640, "chain": 960, "choice_worlds": 3000,
                       "net_prior": 64, "rollout": "learned", "seconds": 0.6,
                       "choice_seconds": 2.4},
        },
        search_spec=f"{_P}.bots.search:make_spec",
    ),
    notation=f"{_P}.notation",
    words=f"{_P}.words:describe",
    tensors=f"{_P}.tensors:Encoder",
    terminal=f"{_P}.terminal:play",
    open_view=f"{_P}.view:open_view",
    research=Research(
        long_name="kingscourt King (Turkish)",
        utility=(-5200.0, 5200.0),
        reward_scale=650.0,  # a deal's total
        vocabulary=f"{_P}.research:vocabulary",
        max_length=f"{_P}.research:max_length",
        render=f"{_P}.research:render",
        zero_sum=f"{_P}.research:zero_sum",
        compact=f"{_P}.research:compact",
        ascending=True,
        chance=f"{_P}.research:chance",
        variants={"deal": Research(
            long_name="kingscourt King, one deal",
            utility=(-650.0, 650.0),  # a deal's penalty all to one seat, or all 13 tricks
            reward_scale=650.0,
            vocabulary=f"{_P}.research:vocabulary",
            max_length=f"{_P}.research:deal_length",
            render=f"{_P}.research:render",
            zero_sum=f"{_P}.research:deal_zero_sum",
            compact=f"{_P}.research:compact",
            ascending=True,
            chance=f"{_P}.research:deal_chance",
            parameters={"contract": ""},
        )},
    ),
    catalogue=f"{_P}.catalogue:extras",
    statistics=Statistics(
        counters=("kings", "king_points"),
        points="king_points",
        choices=f"{_P}.statistics:deal_choices",
        choice_order=f"{_P}.statistics:choice_order",
    ),
    deal_scores=f"{_P}.statistics:deal_scores",
    web=Web(board="/games/king/board.js", summary="/games/king/summary.js",
            looks=("fourColour", "autoPlay"), confirm_words=("play",)),
)
