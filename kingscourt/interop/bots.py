"""The project's bots for researchers: as OpenSpiel bots (``pyspiel.Bot``, for
``evaluate_bots`` and every tool that takes bots) and as PettingZoo policies.

    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from kingscourt.interop.bots import spiel_bots

    game = pyspiel.load_game("python_kingscourt_king_deal")
    bots = spiel_bots(game, ["basic", "random", "strong", "random"], seed=1)
    returns = evaluate_bots(game.new_initial_state(), bots, np.random)

    from kingscourt.interop.bots import BotPolicy
    env = king_v1.env(); env.reset(seed=1)
    policy = BotPolicy(env, "basic", seed=1)
    action = policy(observation, agent)            # an action number of the mask

A bot sees exactly what its seat's view shows (the engine's ``view``, never the state), as it
does at a table; its levels and default budgets are the game's manifest's
(:func:`kingscourt.bots.load`). A seat that does not pick at a simultaneous node plays the
no-op.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyspiel

from ..bots import Bot, load
from .openspiel import KingscourtState, _context


class SpielBot(pyspiel.Bot):  # type: ignore[misc]
    """One of the project's bots playing ``player_id`` of a ``python_kingscourt_*`` game."""

    def __init__(self, game: Any, player_id: int, level: str, seed: int | None = None,
                 **budget: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.ctx = _context(game)
        self.player_id = player_id
        self.level = level
        self.bot: Bot = load(level, self.ctx.engine, seed, **budget)
        noop = [i for i, a in enumerate(self.ctx.actions) if a is None]
        self.noop = noop[0] if noop else pyspiel.INVALID_ACTION

    def step(self, state: KingscourtState) -> int:
        inner = state.inner
        if self.player_id not in inner.to_move():
            return int(self.noop)  # a seat that does not pick now
        text = self.bot.choose(state.view_of(self.player_id))
        return int(self.ctx.vocabulary.id(str(text)))

    def restart_at(self, state: Any) -> None:
        pass  # the bot reads the view at every step: nothing to forget

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def inform_actions(self, state: Any, actions: Sequence[int]) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def is_clone_implemented(self) -> bool:
        return False


def spiel_bots(game: Any, levels: Sequence[str], seed: int | None = None) -> list[SpielBot]:
    """One bot per seat, of the given levels (seeded ``seed + seat`` when a seed is given)."""
    if len(levels) != game.num_players():
        raise ValueError(f"{len(levels)} levels for {game.num_players()} players")
    return [SpielBot(game, seat, level, None if seed is None else seed + seat)
            for seat, level in enumerate(levels)]


class BotPolicy:
    """One of the project's bots as a PettingZoo policy: ``policy(observation, agent)`` gives
    the action number it plays for ``agent`` (from the agent's view in ``env``, an AEC or the
    parallel environment of one of our games)."""

    def __init__(self, env: Any, level: str, seed: int | None = None, **budget: Any) -> None:
        self.env = getattr(env, "unwrapped", env)
        table = self.env.table
        self.table = table
        self.bot: Bot = load(level, table.game, seed, **budget)

    def __call__(self, observation: Any, agent: str) -> int:
        seat = int(agent.rsplit("_", 1)[1])
        table = self.table
        if seat not in table.live.to_move():
            if table.noop < 0:
                raise ValueError(f"{agent} is not to move")
            return int(table.noop)
        text = self.bot.choose(table.view(seat))
        return int(table.vocabulary.id(str(text)))
