"""The ``strong`` level: information-set Monte Carlo tree search over sampled worlds.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012): one tree over the acting seat's
information, each iteration playing one *determinization* — a full state drawn by
``game.sample_world(view, rng)`` — down the tree. Selection is UCB1 with availability counts
(a child's exploration term uses how often it was legal, not the parent's visits), so
actions legal only in some worlds are judged fairly. Worlds are drawn once into a pool and
reused round-robin, which keeps an iteration cheap.

The bot receives a view and nothing else: :meth:`StrongBot.choose` takes the view, and every
state it searches is a sampled world. Per-game knowledge enters through a
:class:`SearchSpec` (how far to search, how to score a leaf, which rollout policy to use).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import JSON, Action, Game, State
from ..engine.manifest import resolve
from ..engine.registry import spec
from .analysis import Analysis
from .base import ViewBot

Rollout = Callable[[State, random.Random, Callable[[State], bool]], None]


def random_rollout(state: State, rng: random.Random, stop: Callable[[State], bool]) -> None:
    """Uniformly random legal actions until ``stop`` (or the end)."""
    choice = rng.choice
    while not stop(state):
        movers = state.to_move()
        if not movers:
            return
        for seat in movers:
            state.apply(seat, choice(state.legal_actions(seat)))


@dataclass
class SearchSpec:
    """What the generic search needs to know about a game."""

    #: ``horizon(root)`` -> predicate: has the search gone far enough from ``root``?
    horizon: Callable[[State], Callable[[State], bool]] = (
        lambda root: lambda s: s.is_over())
    #: ``evaluate(root, leaf)`` -> a value per seat, higher is better, roughly in [-1, 1].
    evaluate: Callable[[State, State], list[float]] = field(default=lambda root, leaf: _score_share(leaf))
    rollout: Rollout = random_rollout
    exploration: float = 0.7
    worlds: int = 24
    iterations: int = 1000
    seconds: float | None = None
    #: points per unit of ``evaluate``'s value (an analysis reports values in points)
    scale: float = 1.0


def _score_share(state: State) -> list[float]:
    scores = state.scores()
    lo, hi = min(scores), max(scores)
    span = (hi - lo) or 1
    return [2 * (s - lo) / span - 1 for s in scores]


class Node:
    __slots__ = ("avail", "children", "n", "seat", "w")

    def __init__(self, seat: int) -> None:
        self.seat = seat          # the seat whose action leads to this node
        self.children: dict[Action, Node] = {}
        self.n = 0                # visits
        self.w = 0.0              # total reward for the seat that moved INTO this node
        self.avail = 0            # iterations in which this node's action was legal


def spec_for(game: Game) -> SearchSpec:
    """The game's SearchSpec (its manifest's ``bots.search_spec``; none: the generic one); a
    broken spec module raises instead of weakening the bot."""
    target = spec(game.name).bots.search_spec
    if not target:
        return SearchSpec()
    make: Callable[[], SearchSpec] = resolve(target)
    return make()


class StrongBot(ViewBot):
    """IS-MCTS with an iteration budget (deterministic per seed) and/or a time budget."""

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, worlds: int | None = None, **_: Any) -> None:
        super().__init__(game, seed)
        self.spec = spec_for(game)
        self.iterations = iterations if iterations is not None else (
            self.spec.iterations if seconds is None else 10**9)
        self.seconds = seconds if seconds is not None else self.spec.seconds
        self.worlds = worlds or self.spec.worlds
        self.last_iterations = 0
        #: visits per root action of the last search (what the choice was based on)
        self.last_visits: dict[str, int] = {}

    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_visits = {}
            return legal[0]
        return self._preferred(self._search(view))

    def analyse(self, view: JSON) -> Analysis:
        """Every legal action with its mean search value for the deciding seat, in points
        (``spec.scale`` per unit), best first; ``preferred`` is what :meth:`choose` plays
        from the same RNG state (the most visited action). The search runs even when only one
        action is legal, so its value is estimated too."""
        self.legal_of(view)
        root = self._search(view)
        scale = self.spec.scale
        values = sorted(((str(a), scale * ch.w / ch.n) for a, ch in root.children.items()),
                        key=lambda av: -av[1])
        return Analysis(self._preferred(root), tuple(values))

    @staticmethod
    def _preferred(root: Node) -> str:
        best = max(root.children.items(), key=lambda kv: (kv[1].n, kv[1].w))
        return str(best[0])

    def _search(self, view: JSON) -> Node:
        """The search tree of one decision; every root action has been tried at least once
        (the time budget is looked at only after that)."""
        legal = view["legal"]
        seat: int = view["seat"]
        rng = random.Random(self.rng.getrandbits(64))
        pool: list[State] = []
        root = Node(seat)
        spec = self.spec
        c = spec.exploration
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        stop: Callable[[State], bool] | None = None  # the horizon, the same in every world
        least = len(legal)
        it = 0
        while it < self.iterations or it < least:
            if it % 4 == 0:
                if (deadline is not None and it >= least
                        and time.perf_counter() > deadline):
                    break
                self.check_stop()
            if len(pool) < self.worlds:
                world = self.game.sample_world(view, rng)
                pool.append(world)
            else:
                world = pool[it % self.worlds]
            if stop is None:
                stop = spec.horizon(world)
            self._iterate(root, world, stop, rng, c)
            it += 1
        self.last_iterations = it
        self.last_visits = {str(a): ch.n for a, ch in root.children.items()}
        return root

    def _iterate(self, root: Node, world: State, stop: Callable[[State], bool],
                 rng: random.Random, c: float) -> None:
        spec = self.spec
        state = world.clone()
        node = root
        path = [root]
        while not stop(state):
            movers = state.to_move()
            if not movers:
                break
            seat = movers[0]
            legal = state.legal_actions(seat)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = Node(seat)
                children[action] = child
                for a in legal:
                    ch = children.get(a)
                    if ch is not None:
                        ch.avail += 1
                state.apply(seat, action)
                path.append(child)
                break
            best_value = -math.inf
            best_action = legal[0]
            for a in legal:
                ch = children[a]
                ch.avail += 1  # UCB with availability counts: how often a was legal
                value = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if value > best_value:
                    best_value, best_action = value, a
            state.apply(seat, best_action)
            node = children[best_action]
            path.append(node)
        spec.rollout(state, rng, stop)
        values = spec.evaluate(world, state)
        # each node's reward is that of the seat which chose the action leading to it
        for i in range(1, len(path)):
            child = path[i]
            child.n += 1
            child.w += values[child.seat]
        root.n += 1
