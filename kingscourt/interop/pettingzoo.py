"""The games as PettingZoo environments, with the classic environments' conventions; what the
bridge needs beyond the engine's contract is each manifest's ``research``.

    from kingscourt.interop.pettingzoo import env, raw_env, parallel_env
    e = env("king", must_beat="trump")          # also "kukakoenig" (players=3), "uchokrola"
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

    p = parallel_env("kukakoenig", players=2)    # simultaneous picks, natively

Versioned modules name each environment as the classic ones do: ``kingscourt.interop.king_v1``,
``kukakoenig_v1`` (with ``parallel_env``: a game of simultaneous moves) and ``uchokrola_v1``,
one per game of the registry (:mod:`kingscourt.interop` makes them), each with ``env()`` and
``raw_env()``; ``metadata["name"]`` is ``kingscourt_king_v1`` and so on.

- **Agents** are ``player_0`` … ``player_{n-1}`` (our seats). Each observation is a dict with
  ``observation`` (float32, :mod:`.tensors`: built from that seat's view only and relative to
  it, its own hand or collection first; ``observation_type="information_state"`` gives the
  information-state tensor instead) and ``action_mask`` (int8, 1 for legal actions).
  ``info["legal"]`` holds the text forms of the legal actions of the agent to move;
  ``e.view(agent)`` gives that seat's whole view (JSON). Views are built only when an
  observation or a view is asked for, once per position and seat.
- **Action numbers** are those of :mod:`.vocabulary`, shared with OpenSpiel and the same in
  every process.
- **Illegal actions**: ``raw_env`` raises a ValueError naming the action and the legal ones
  (the state is unchanged); ``env()`` is wrapped as the classic environments are
  (``TerminateIllegalWrapper``: the game ends and the offender gets ``illegal_reward``;
  ``AssertOutOfBoundsWrapper``; ``OrderEnforcingWrapper``).
- **Rewards** are the change of each seat's score (King points, Ku-Ka-König points, Ucho
  Króla's prestige at the end, where it stops being secret), so a finished game's
  cumulative rewards are its scores; ``normalize_rewards=True`` divides them by the
  manifest's ``research.reward_scale`` (King 650, a deal's total; Ku-Ka-König 100; Ucho
  Króla 10).
- **Ku-Ka-König** in the AEC environment takes the simultaneous pick in turn: each seat still
  to pick acts once; a pending pick reaches no other seat's observation (the engine keeps it
  hidden) and all are resolved when the last is in. :func:`parallel_env` is a native
  ``ParallelEnv``: every agent acts at every step, a seat that does not pick in this call
  (after a collision only the colliders pick again) plays ``wait`` (8), the only action its
  mask allows.
- **Length**: Ucho Króla is cut at ``max_moves`` (2000, as in the OpenSpiel bridge) with
  ``truncation`` set and the prestige counted then as rewards; the other two always end.
- ``render_mode="ansi"`` returns the table as text, as the seat to move sees it (its own hand,
  the public rest); ``"human"`` prints it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

import kingscourt
from kingscourt.engine import GAMES, JSON, Action, State, resolve, spec

from .tensors import Array, encoder
from .vocabulary import Vocabulary, vocabulary

VERSION = 1
OBSERVATION_TYPES = ("observation", "information_state")


class _Table:
    """What both environments share: the engine's game and state, the action numbers, the
    tensors, and the views of the current position (built when first asked for)."""

    def __init__(self, name: str, players: int | None, observation_type: str,
                 normalize_rewards: bool, max_moves: int | None, rules: dict[str, Any]) -> None:
        if name not in GAMES:
            raise ValueError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
        if observation_type not in OBSERVATION_TYPES:
            raise ValueError(f"observation_type must be one of {', '.join(OBSERVATION_TYPES)}, "
                             f"not {observation_type!r}")
        self.name = name
        self.game = kingscourt.load_game(name, **rules)
        research = spec(name).research
        if research is None:
            raise ValueError(f"the game {name!r} has no PettingZoo environment (its manifest has "
                             "no research)")
        self.players = players or spec(name).default_players
        if not self.game.min_players <= self.players <= self.game.max_players:
            raise ValueError(f"{name} takes {self.game.min_players}-{self.game.max_players} players")
        self.vocabulary: Vocabulary = vocabulary(self.game)
        noop = research.noop
        self.actions: tuple[Action | None, ...] = tuple(
            None if noop and t == noop else self.game.parse_action(t)
            for t in self.vocabulary.texts)
        #: the number of the no-op of a seat that does not move at a simultaneous node
        self.noop = self.vocabulary.ids[noop] if noop else -1
        self.secret_scores = research.secret_scores
        self.render_lines = resolve(research.render)
        enc = encoder(self.game)
        info = observation_type == "information_state"
        self.layout = enc.information_state_layout if info else enc.observation_layout
        self.fill = enc.information_state if info else enc.observation
        self.scale = research.reward_scale if normalize_rewards else 1.0
        self.max_moves = (max_moves or research.max_moves) if research.max_moves else 0
        self.agents = [f"player_{i}" for i in range(self.players)]
        self.obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.vocabulary.size,), np.int8),
        })
        self.act_space = spaces.Discrete(self.vocabulary.size)
        self.state: State | None = None
        self.moves = 0
        self.scores = [0] * self.players
        self._views: dict[int, JSON] = {}

    def reset(self, seed: int | None) -> None:
        if seed is None:
            seed = random.randrange(2**48)
        players = self.players if self.game.min_players != self.game.max_players else None
        self.state = self.game.new_state(seed=seed, players=players)
        self.moves = 0
        self.scores = [0] * self.players
        self._views.clear()

    @property
    def live(self) -> State:
        if self.state is None:
            raise ValueError("call reset() first")
        return self.state

    def view(self, seat: int) -> JSON:
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self.live.view(seat)
        return v

    def mask(self, seat: int, waiting: bool = False) -> np.ndarray[Any, np.dtype[np.int8]]:
        mask = np.zeros(self.vocabulary.size, np.int8)
        legal = self.live.legal_actions(seat)
        if legal:
            ids = self.vocabulary.ids
            mask[[ids[a] for a in legal]] = 1
        elif waiting and not self.live.is_over() and self.noop >= 0:
            mask[self.noop] = 1
        return mask

    def observe(self, seat: int, waiting: bool = False) -> dict[str, Any]:
        flat, pieces = self.layout.allocate()
        self.fill(self.view(seat), pieces)
        obs: Array = flat
        return {"observation": obs, "action_mask": self.mask(seat, waiting)}

    def play(self, seat: int, action: int | np.integer[Any]) -> None:
        """Apply one seat's action number; ValueError (state unchanged) when it is not legal."""
        state = self.live
        number = int(action)
        act = self.actions[number] if 0 <= number < len(self.actions) else None
        legal = state.legal_actions(seat)
        if act is None or act not in legal:
            raise ValueError(f"player_{seat}: action {action} is not legal now (legal: "
                             f"{sorted(self.vocabulary.ids[a] for a in legal)})")
        state.apply(seat, act)
        self._views.clear()

    def step_rewards(self) -> list[float]:
        """Each seat's reward for the moves since the last call (score changes)."""
        state = self.live
        final = state.is_over() or self.truncated()
        # secret scores (Ucho Króla's prestige) are secret until the end (or the cut, where
        # they are counted as the OpenSpiel bridge counts them): their rewards come all at once
        scores = state.scores() if final or not self.secret_scores else self.scores
        out = [(scores[s] - self.scores[s]) / self.scale for s in range(self.players)]
        self.scores = list(scores)
        return out

    def truncated(self) -> bool:
        return bool(self.max_moves) and self.moves >= self.max_moves and not self.live.is_over()

    def render(self, seat: int | None) -> str:
        if self.state is None:
            return "(no game: call reset())"
        view = self.state.view(seat)
        lines: list[str] = self.render_lines(view)
        if view.get("over"):
            lines.append(f"game over · scores {view['scores']} · winners "
                         + ", ".join(f"player_{s}" for s in view["winners"]))
        elif seat is not None:
            lines.append(f"player_{seat} to act · legal: " + ", ".join(view["legal"]))
        return "\n".join(lines)


class KingscourtEnv(AECEnv):  # type: ignore[misc]
    """The raw AEC environment of one game (``raw_env``); ``env()`` wraps it."""

    metadata: dict[str, Any]

    def __init__(self, name: str, render_mode: str | None = None, players: int | None = None,
                 observation_type: str = "observation", normalize_rewards: bool = False,
                 max_moves: int | None = None, **rules: Any) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.table = _Table(name, players, observation_type, normalize_rewards, max_moves, rules)
        # each game is its own environment, named and versioned as the classic ones
        self.metadata = {"render_modes": ["human", "ansi"], "name": f"kingscourt_{name}_v{VERSION}",
                         "is_parallelizable": False}
        self.name = name
        self.game = self.table.game
        self.players = self.table.players
        self.vocabulary = self.table.vocabulary
        self.render_mode = render_mode
        self.possible_agents = list(self.table.agents)

    @property
    def state_(self) -> State | None:
        """The engine's state (the whole truth: hand it to no agent)."""
        return self.table.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.act_space

    def _seat(self, agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def view(self, agent: str) -> JSON:
        """The seat's whole view (JSON), as the engine gives it."""
        return self.table.view(self._seat(agent))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.table.live.to_move()[0]]
        self._update_infos()

    def _update_infos(self) -> None:
        state = self.table.live
        for agent in self.agents:
            self.infos[agent] = {}
        if not state.is_over():
            agent = self.agent_selection
            self.infos[agent] = {"legal": [str(a) for a in state.legal_actions(self._seat(agent))]}

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(self._seat(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action number, not None")
        table = self.table
        table.play(self._seat(agent), action)
        table.moves += 1
        self._cumulative_rewards[agent] = 0.0
        for a, r in zip(self.agents, table.step_rewards(), strict=True):
            self.rewards[a] = r
        state = table.live
        if state.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[state.to_move()[0]]
        self._update_infos()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render(self._seat(self.agent_selection)
                                 if self.table.state is not None else None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(name: str, render_mode: str | None = None, **kwargs: Any) -> KingscourtEnv:
    """The unwrapped AEC environment (an illegal action raises a ValueError)."""
    return KingscourtEnv(name, render_mode=render_mode, **kwargs)


def env(name: str, render_mode: str | None = None, illegal_reward: float | None = None,
        **kwargs: Any) -> Any:
    """An AEC environment for the game ``name``, wrapped as the classic environments are.
    ``players=`` where the game lets you choose, ``observation_type``, ``normalize_rewards``,
    ``max_moves`` (a game whose rules bound no length); every other keyword is a table rule or
    variant. An illegal action ends the game with ``illegal_reward`` for its player (−1 with
    normalised rewards, else −1 × the game's reward scale)."""
    e: Any = raw_env(name, render_mode=render_mode, **kwargs)
    if illegal_reward is None:
        research = spec(name).research
        illegal_reward = (-1.0 if kwargs.get("normalize_rewards")
                          else -(research.reward_scale if research is not None else 1.0))
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class SimultaneousParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A game of simultaneous moves (Ku-Ka-König) as a native ParallelEnv: one step is one
    simultaneous node (a call of "Ku-Ka-König!")."""

    metadata: dict[str, Any]

    def __init__(self, name: str, players: int | None = None, render_mode: str | None = None,
                 observation_type: str = "observation", normalize_rewards: bool = False) -> None:
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.table = _Table(name, players, observation_type, normalize_rewards, None, {})
        if self.table.game.dynamics != "simultaneous":
            raise ValueError(f"{name} is no game of simultaneous moves: use env() or raw_env()")
        self.metadata = {"render_modes": ["human", "ansi"], "name": f"kingscourt_{name}_v{VERSION}"}
        self.render_mode = render_mode
        self.possible_agents = list(self.table.agents)
        self.agents: list[str] = []
        self.vocabulary = self.table.vocabulary

    @property
    def state_(self) -> State | None:
        """The engine's state (the whole truth: hand it to no agent)."""
        return self.table.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.act_space

    def _observations(self) -> dict[str, Any]:
        return {a: self.table.observe(s, waiting=True) for s, a in enumerate(self.agents)}

    def _infos(self) -> dict[str, dict[str, Any]]:
        state = self.table.live
        noop = [self.table.vocabulary.text(self.table.noop)]
        return {a: {"legal": [str(x) for x in state.legal_actions(s)] or noop}
                for s, a in enumerate(self.agents)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], dict[str, float],
                                                     dict[str, bool], dict[str, bool],
                                                     dict[str, dict[str, Any]]]:
        table = self.table
        state = table.live
        movers = state.to_move()
        missing = [f"player_{s}" for s in movers if f"player_{s}" not in actions]
        if missing:
            raise ValueError(f"{', '.join(missing)} must pick a row in this call")
        for s in movers:  # checked before any is applied: a refused call changes nothing
            number = int(actions[f"player_{s}"])
            act = table.actions[number] if 0 <= number < len(table.actions) else None
            legal = state.legal_actions(s)
            if act is None or act not in legal:
                raise ValueError(f"player_{s}: action {number} is not legal now (legal: "
                                 f"{[table.vocabulary.ids[a] for a in legal]})")
        for s in movers:
            table.play(s, actions[f"player_{s}"])
        table.moves += 1
        rewards = dict(zip(self.agents, table.step_rewards(), strict=True))
        over = state.is_over()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        observations = self._observations()
        infos = self._infos()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def parallel_env(name: str, players: int | None = None, render_mode: str | None = None,
                 **kwargs: Any) -> SimultaneousParallelEnv:
    """The game ``name`` (of simultaneous moves) as a native ParallelEnv."""
    return SimultaneousParallelEnv(name, players, render_mode=render_mode, **kwargs)
