"""The three games as PettingZoo AEC environments.

    from kingscourt.interop.pettingzoo import env
    e = env("king", must_beat="trump")          # also "kukakoenig" (players=3), "uchokrola"
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

- Agents are ``player_0`` … ``player_{n-1}`` (our seats). Each observation is a dict with
  ``observation`` (a float32 vector built from that seat's view only) and ``action_mask``
  (int8, 1 for legal actions); ``info["legal"]`` holds the legal actions' text forms and
  ``info["view"]`` the view itself.
- Action numbers are those of :mod:`kingscourt.interop.vocabulary` (shared with OpenSpiel): King
  ``0..51`` cards, ``52..57`` penalty contracts, ``58..61`` trump suits; Ku-Ka-König
  ``row N`` = ``N-1``; Ucho Króla numbers its action texts in the order first met (the mask
  marks which numbers are legal now).
- Observations: King — own hand (52), cards played this deal (52), the current trick by
  offset from the leader (4×52), contract (7), trump suit (4), deal progress; Ku-Ka-König —
  counts of each card type in every row and every collection, pile size, round and half;
  Ucho Króla — the view hashed into 1024 buckets (feature hashing of its key paths and values).
- Ku-Ka-König's simultaneous pick is taken in turn: each seat still to pick acts once; a
  pending pick reaches no other seat's observation (the engine keeps it hidden) and all are
  resolved when the last is in.
- Rewards are the change of each seat's score (King points, Ku-Ka-König points, Ucho
  Króla's prestige at the end), so a finished game's cumulative rewards are its scores.
- ``render()`` prints the acting seat's view as text.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import kingscourt
from kingscourt.engine import JSON, State

from .vocabulary import DEFAULT_PLAYERS, VOCABULARIES, Vocabulary

HASH_SIZE = 1024


def _king_obs(view: JSON) -> np.ndarray[Any, np.dtype[np.float32]]:
    from kingscourt.games.king.cards import CARD_OF_TEXT
    from kingscourt.games.king.contracts import CONTRACT_OF_ID

    v = np.zeros(52 + 52 + 4 * 52 + 7 + 4 + 2, np.float32)
    for c in view.get("hand", []):
        v[CARD_OF_TEXT[c]] = 1
    for c in view["played"]:
        v[52 + CARD_OF_TEXT[c]] = 1
    for i, (_s, c) in enumerate(view["trick"]["cards"]):
        v[104 + 52 * i + CARD_OF_TEXT[c]] = 1
    if view["contract"]:
        v[312 + CONTRACT_OF_ID[view["contract"]]] = 1
    if view["trump"]:
        v[319 + "SHDC".index(view["trump"])] = 1
    v[323] = view["deal"] / view["deals"]
    v[324] = len(view["tricks"]) / 13
    return v


def _kkk_obs(view: JSON) -> np.ndarray[Any, np.dtype[np.float32]]:
    from kingscourt.games.kukakoenig import NAMES

    index = {n: i for i, n in enumerate(NAMES)}
    k = len(NAMES)
    v = np.zeros(8 * k + 4 * k + 4, np.float32)
    for r, row in enumerate(view["rows"]):
        for card in row:
            v[r * k + index[card]] += 1
    for p, coll in enumerate(view["collections"]):
        for card in coll:
            v[8 * k + p * k + index[card]] += 1
    v[12 * k] = view["pile"] / 100
    v[12 * k + 1] = view["round"] / 20
    v[12 * k + 2] = view["half"]
    v[12 * k + 3] = 1.0 if view["last_round"] else 0.0
    return v


def _hashed_obs(view: JSON) -> np.ndarray[Any, np.dtype[np.float32]]:
    v = np.zeros(HASH_SIZE, np.float32)

    def walk(path: str, obj: Any) -> None:
        if isinstance(obj, dict):
            for key, value in obj.items():
                walk(f"{path}/{key}", value)
        elif isinstance(obj, list):
            for i, value in enumerate(obj):
                walk(f"{path}[{i}]", value)
        else:
            h = hashlib.blake2b(f"{path}={obj}".encode(), digest_size=4).digest()
            v[int.from_bytes(h, "little") % HASH_SIZE] += 1

    walk("", {k: val for k, val in view.items() if k not in ("legal", "log")})
    return v


OBSERVERS = {"king": (_king_obs, 325), "kukakoenig": (_kkk_obs, 8 * 17 + 4 * 17 + 4),
             "uchokrola": (_hashed_obs, HASH_SIZE)}


class KingscourtEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": "kingscourt_v0",
                                          "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, players: int | None = None,
                 **rules: Any) -> None:
        super().__init__()
        if name not in VOCABULARIES:
            raise ValueError(f"unknown game {name!r} (known: {', '.join(VOCABULARIES)})")
        self.name = name
        self.game = kingscourt.load_game(name, **rules)
        self.players = players or DEFAULT_PLAYERS[name]
        if not self.game.min_players <= self.players <= self.game.max_players:
            raise ValueError(f"{name} takes {self.game.min_players}-{self.game.max_players} players")
        self.vocabulary: Vocabulary = VOCABULARIES[name]()
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._encode, size = OBSERVERS[name]
        n = self.vocabulary.size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._act_space = spaces.Discrete(n)
        self.state_: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def _seat(self, agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.randrange(2**48)
        players = self.players if self.game.min_players != self.game.max_players else None
        self.state_ = self.game.new_state(seed=seed, players=players)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = [0] * self.players
        self.agent_selection = self.agents[self.state_.to_move()[0]]
        self._update_infos()

    def _update_infos(self) -> None:
        assert self.state_ is not None
        for agent in self.agents:
            view = self.state_.view(self._seat(agent))
            self.infos[agent] = {"legal": view["legal"], "view": view}

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state_ is not None
        view = self.state_.view(self._seat(agent))
        mask = np.zeros(self.vocabulary.size, np.int8)
        for text in view["legal"]:
            mask[self.vocabulary.id(text)] = 1
        return {"observation": self._encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        assert self.state_ is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action number, not None")
        seat = self._seat(agent)
        texts = self.vocabulary.texts
        if not 0 <= int(action) < len(texts):
            raise ValueError(f"{agent}: action {action} is not legal now "
                             f"(legal: {self.infos[agent]['legal']})")
        self.state_.apply(seat, texts[int(action)])
        self._cumulative_rewards[agent] = 0.0
        over = self.state_.is_over()
        # Ucho Króla's prestige is secret until the end: its rewards come all at once then
        scores = self.state_.scores() if over or self.name != "uchokrola" else self._scores
        for a in self.agents:
            s = self._seat(a)
            self.rewards[a] = float(scores[s] - self._scores[s])
        self._scores = list(scores)
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[self.state_.to_move()[0]]
        self._update_infos()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.state_ is None:
            return None
        seat = self._seat(self.agent_selection)
        text = f"{self.agent_selection}: " + json.dumps(self.state_.view(seat), ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(name: str, render_mode: str | None = None, **rules: Any) -> KingscourtEnv:
    """An AEC environment for ``king``, ``kukakoenig`` or ``uchokrola`` (``players=`` where the
    game lets you choose; every other keyword is a table rule or variant)."""
    return KingscourtEnv(name, render_mode=render_mode, **rules)
