"""The games as OpenSpiel Python games. Importing this module registers
``python_kingscourt_<game>`` for every game of the registry (``python_kingscourt_king`` …);
what the bridge needs beyond the engine's contract is the manifest's ``research``.

    import pyspiel
    import kingscourt.interop.openspiel
    game = pyspiel.load_game("python_kingscourt_king", {"must_beat": "trump"})
    env = rl_environment.Environment(game)          # information-state tensors

How the engine maps onto OpenSpiel:

- **Chance**: the whole chance space, card by card as OpenSpiel's Bridge and Hearts deal.
  Each game's chance model (:mod:`.chance`, named by its manifest's ``research.chance``) says
  what chance draws and when: King deals every deal's 52 cards one chance node each (so every
  deal is reachable, with its true probability); Ku-Ka-König deals its cards in play one by
  one, and Ucho Króla its characters, deck and first player. What the engine draws later
  (Ku-Ka-König's box, Ucho Króla's reshuffles and random picks) comes from a 64-bit seed that
  8 chance nodes of one byte each choose. ``resample_from_infostate`` draws a whole history
  consistent with the seat's information, uniformly (King), or a world of the engine's
  ``sample_world`` (the other two).
- **Dynamics**: King and Ucho Króla are sequential; Ku-Ka-König is *simultaneous*: at every
  pick each seat still to pick chooses a row, the others the no-op action ``wait``.
- **Actions** are the numbers of :mod:`.vocabulary`, the same in every process: King
  ``0..51`` play a card (``2S`` = 0 … ``AC`` = 51), ``52..57`` choose a penalty contract,
  ``58..61`` choose trump S H D C; Ku-Ka-König ``row N`` is ``N-1`` and ``wait`` is 8; Ucho
  Króla numbers its whole action grammar over the card file (6,716 actions for the bundled
  one). The state works in these numbers: it keeps each engine action object by number and
  the current player between moves, so a move is no text round trip.
- **Information**: the information-state and observation strings come from the seat's
  view (King in a compact form); the tensors of :mod:`.tensors` (layouts in
  ``docs/tensors.md``) are relative to the observing seat. An observation type that is not
  one seat's (public only, every seat's) raises rather than giving an empty tensor.
- **Returns** are the scores (King's points, Ku-Ka-König's points, Ucho Króla's prestige);
  ``rewards()`` give what each move changed of them where the scores are public (King: after
  every deal), else everything at the end. King with the standard 20 deals and choice limit is
  zero-sum (each penalty contract is played twice, trump eight times: −5200 + 5200); the
  short game, the free choice limit and "King ends the game" are general-sum, as are the
  other two games.
- **Length**: King has at most ``deals × 53`` moves (a choice and 52 cards per deal);
  Ku-Ka-König at most 2 × 112 calls (each call takes or burns a card of the rows, and a card
  enters the rows at most twice: from the pile, and once from the shuffled box); nothing in
  Ucho Króla's rules bounds a game (cards can go round), so the parameter ``max_moves``
  (2000; the longest of 3,000 random games had 551) cuts it, with the prestige counted then.
- **Table rules** are game parameters with the engine's names and defaults, plus
  ``players`` where the game has a choice.
- **Copies**: ``clone()``, ``copy.copy`` and ``copy.deepcopy`` keep the history and the move
  number; states and games pickle and ``serialize_game_and_state`` (a state as its history,
  replayed).
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import json
import operator
import random
import sys
from typing import Any

import numpy as np
import pyspiel

import kingscourt
from kingscourt.engine import GAMES, JSON, Action, State, resolve, spec
from kingscourt.engine.manifest import Research

from .chance import Chance, Draw
from .tensors import Array, Encoder, Layout, encoder
from .vocabulary import Vocabulary, vocabulary

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
#: parameters of the bridge, not table rules of the engine
_BRIDGE = ("players", "max_moves")


@functools.cache
def _bridges() -> dict[str, tuple[str, Research]]:
    """Every research game: its name (the engine's, or the engine's and a variant's suffix,
    ``king_deal``) -> the engine's game and the research facts."""
    out: dict[str, tuple[str, Research]] = {}
    for name in GAMES:
        research = spec(name).research
        if research is None:
            continue
        out[name] = (name, research)
        for suffix, variant in research.variants.items():
            out[f"{name}_{suffix}"] = (name, variant)
    return out


def _research(name: str) -> Research:
    """The research game's facts; ValueError for a game without them."""
    found = _bridges().get(name)
    if found is None:
        raise ValueError(f"the game {name!r} has no OpenSpiel game (its manifest has no research)")
    return found[1]


def _engine(name: str) -> kingscourt.Game:
    """The engine's game behind a research game, with its default table rules."""
    _research(name)
    return kingscourt.load_game(_bridges()[name][0])


def _parameters(name: str) -> dict[str, Any]:
    """The game's table rules with their defaults (OpenSpiel takes int, float, bool, str)."""
    return dict(_defaults(name))


@functools.cache
def _defaults(name: str) -> dict[str, Any]:
    game = _engine(name)
    params: dict[str, Any] = {}
    for f in dataclasses.fields(game.rules):
        value = getattr(game.rules, f.name)
        params[f.name] = "" if value is None else value
    if game.min_players != game.max_players:
        params["players"] = spec(game.name).default_players
    research = _research(name)
    if research.max_moves:
        params["max_moves"] = research.max_moves
    params.update(research.parameters)
    return params


def zero_sum(engine: kingscourt.Game, name: str = "") -> bool:
    """Whether the research game ``name`` (the engine's own by default) with these rules is
    zero-sum (its manifest's ``research.zero_sum``; King's 20 deals under the standard choice
    limit hand out −5200 and +5200 in all)."""
    target = _research(name or engine.name).zero_sum
    return bool(target and resolve(target)(engine))


def _game_type(name: str, utility: Any) -> Any:
    game = _engine(name)
    dynamics = (pyspiel.GameType.Dynamics.SIMULTANEOUS if game.dynamics == "simultaneous"
                else pyspiel.GameType.Dynamics.SEQUENTIAL)
    return pyspiel.GameType(
        short_name=f"python_kingscourt_{name}",
        long_name=_research(name).long_name,
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name),
    )


@dataclasses.dataclass
class Context:
    """What a game with given parameters needs at run time (kept outside the pyspiel object,
    which OpenSpiel may copy without calling ``__init__``)."""

    name: str
    params: dict[str, Any]
    engine: kingscourt.Game
    players: int
    max_moves: int
    vocabulary: Vocabulary
    #: the engine's action object of each number (None: the no-op, ``research.noop``)
    actions: tuple[Action | None, ...]
    tensors: Encoder
    simultaneous: bool
    #: the engine lists legal actions in ascending action numbers (King: card order)
    ascending: bool
    chance: Chance
    #: the scores are secret until the end (rewards come all at once then)
    secret_scores: bool

    def __post_init__(self) -> None:
        #: action text -> number, bound once for the per-move lookups
        self.number_of = self.vocabulary.ids.__getitem__
        #: the move cap as a bound that no match reaches when there is none
        self.move_limit = self.max_moves or sys.maxsize

    def __deepcopy__(self, memo: dict[int, Any]) -> Context:
        return self  # shared, read-only at run time

    def __reduce__(self) -> tuple[Any, ...]:
        return (context_of, (self.name, self.params))

    def max_game_length(self) -> int:
        length: int = resolve(_research(self.name).max_length)(self.engine, self.max_moves)
        return length


_CONTEXTS: dict[tuple[str, str], Context] = {}


def context_of(name: str, params: dict[str, Any]) -> Context:
    defaults = _parameters(name)
    unknown = set(params) - set(defaults)
    if unknown:
        raise ValueError(f"{name}: unknown parameter(s) {', '.join(sorted(unknown))}")
    full = {**defaults, **params}
    key = (name, json.dumps(full, sort_keys=True))
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        research = _research(name)
        rules = {k: (None if v == "" and defaults[k] == "" else v) for k, v in full.items()
                 if k not in _BRIDGE and k not in research.parameters}
        engine = kingscourt.load_game(_bridges()[name][0], **rules)
        vocab = vocabulary(engine)
        noop = research.noop
        actions = tuple(None if noop and t == noop else engine.parse_action(t)
                        for t in vocab.texts)
        max_moves = int(full.get("max_moves", 0))
        if research.max_moves and max_moves < 1:
            raise ValueError(f"max_moves must be at least 1, got {max_moves}")
        players = int(full.get("players", spec(engine.name).default_players))
        if not research.chance:
            raise ValueError(f"the game {name!r} names no chance model (research.chance)")
        chance: Chance = resolve(research.chance)(
            engine, players, **{k: full[k] for k in research.parameters})
        ctx = Context(name, dict(params), engine, players, max_moves, vocab, actions,
                      encoder(engine), engine.dynamics == "simultaneous", research.ascending,
                      chance, research.secret_scores)
        _CONTEXTS[key] = ctx
    return ctx


class KingscourtGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games seen through OpenSpiel; ``name`` is set by each subclass."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        ctx = context_of(self.name, dict(params or {}))
        low, high = _research(self.name).utility
        zs = zero_sum(ctx.engine, self.name)
        gtype = _TYPES[self.name] if zs or not _ZERO_SUM_BY_RULES[self.name] else _game_type(
            self.name, pyspiel.GameType.Utility.GENERAL_SUM)
        super().__init__(
            gtype,
            pyspiel.GameInfo(
                num_distinct_actions=ctx.vocabulary.size,
                max_chance_outcomes=ctx.chance.outcomes,
                num_players=ctx.players,
                min_utility=low,
                max_utility=high,
                utility_sum=0.0 if zs else None,
                max_game_length=ctx.max_game_length(),
            ),
            {**_parameters(self.name), **(params or {})},
        )

    def new_initial_state(self) -> KingscourtState:
        return KingscourtState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        ctx = _context(self)
        if iig_obs_type is None:
            return ViewObserver(ctx, perfect_recall=False)
        if (not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            return None  # only one seat's observation is provided (public and its private)
        return ViewObserver(ctx, perfect_recall=bool(iig_obs_type.perfect_recall))


_GAME_CONTEXTS: dict[str, Context] = {}


def _context(game: Any) -> Context:
    key = str(game)  # the game's name with every parameter: one context each
    ctx = _GAME_CONTEXTS.get(key)
    if ctx is None:
        name = game.get_type().short_name.removeprefix("python_kingscourt_")
        ctx = _GAME_CONTEXTS[key] = context_of(name, dict(game.get_parameters()))
    return ctx


def _replay(ctx: Context, log: list[int | tuple[int, ...]]) -> Match:
    """The match that ``log`` (chance outcomes, moves and joint moves) leads to."""
    m = Match(ctx, None, 0)
    for step in log:
        if isinstance(step, tuple):
            m.apply_joint(list(step))
        else:
            m.apply(step)
    return m


def _restored(ctx: Context, inner: State, moves: int) -> Match:
    """A match around an engine state that no history leads to (a sampled world); the scores
    it shows count as paid, as they were in the state it was sampled from."""
    m = Match(ctx, inner, moves, log=None)
    if not ctx.secret_scores or m.player == _TERMINAL:
        m.paid = inner.scores()
    return m


class Match:
    """The match behind a pyspiel state: the engine's state, the current player (cached
    between moves), the chance phase being drawn, the views built at this position and the
    history (``log``) that replays it. A plain object, because attribute access on a pyspiel
    state costs several times a plain one's.

    ``apply`` and ``chance_outcomes`` run once per step of every loop over the game, so they
    do only what the step needs: a card still to come in a deal is removed from what is left
    (``togo``: the draws left of the phase's current draw that go on after this one), and a
    chance node lists outcomes made once per number of items left (:meth:`Draw.pair_of`)."""

    __slots__ = ("ctx", "draw_at", "drawn", "draws", "inner", "left", "log", "moves", "now",
                 "paid", "player", "reward", "togo", "views")

    def __init__(self, ctx: Context, inner: State | None, moves: int,
                 log: list[int | tuple[int, ...]] | None = None) -> None:
        self.ctx = ctx
        self.inner = inner
        self.moves = moves
        self.views: dict[int, JSON] = {}
        #: the history that replays this match; None for a sampled world
        self.log: list[int | tuple[int, ...]] | None = [] if inner is None else log
        #: the chance phase being drawn (None: none), the draw at hand, what is left of its
        #: items, what each of its draws has drawn so far (``now``: the one at hand's) and
        #: how many of the draw at hand's come after the next (0: none, or with replacement)
        self.draws: tuple[Draw, ...] | None = None
        self.draw_at = 0
        self.left: list[int] = []
        self.drawn: list[list[int]] = []
        self.now: list[int] = []
        self.togo = 0
        #: the scores paid as rewards so far, and the reward of the last transition
        self.paid: list[int] = [0] * ctx.players
        self.reward: list[float] | None = None
        if inner is None:
            self._begin(ctx.chance.opening())
        self.player = self.whose()

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        """OpenSpiel clones a Python state by deep-copying its attributes: clone the engine's
        state (cheap) and share the views of this position (read only)."""
        twin = object.__new__(Match)
        twin.ctx, twin.moves, twin.player = self.ctx, self.moves, self.player
        twin.inner = self.inner.clone() if self.inner is not None else None
        twin.views = dict(self.views)
        twin.log = list(self.log) if self.log is not None else None
        twin.draws, twin.draw_at, twin.left = self.draws, self.draw_at, list(self.left)
        twin.drawn = [list(d) for d in self.drawn]
        twin.now = twin.drawn[self.draw_at] if self.draws is not None else []
        twin.togo = self.togo
        twin.paid, twin.reward = self.paid, self.reward
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """A match pickles as its history, replayed (a sampled world as its engine state)."""
        if self.log is None:
            return (_restored, (self.ctx, self.inner, self.moves))
        return (_replay, (self.ctx, self.log))

    def _begin(self, draws: tuple[Draw, ...]) -> None:
        self.draws = draws
        self.draw_at = 0
        self.drawn = [[] for _ in draws]
        self._start_draw(draws[0])

    def _start_draw(self, draw: Draw) -> None:
        self.left = list(draw.items)
        self.now = self.drawn[self.draw_at]
        self.togo = 0 if draw.replace else draw.count - 1

    def whose(self) -> int:
        if self.draws is not None:
            return _CHANCE
        inner = self.inner
        assert inner is not None
        if inner.is_over() or self.moves >= self.ctx.move_limit:
            return _TERMINAL
        if self.ctx.simultaneous:
            return _SIMULTANEOUS
        return inner.to_move()[0]

    def view(self, seat: int) -> JSON:
        v = self.views.get(seat)
        if v is None:
            if self.inner is None:
                raise ValueError("the cards are not dealt yet: this is a chance node")
            v = self.views[seat] = self.inner.view(seat)
        return v

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The items left to draw (kept sorted), each as likely as it is frequent."""
        draws = self.draws
        if draws is None:
            return []
        left = self.left
        draw = draws[self.draw_at]
        if draw.distinct:
            return list(map(draw.pair_of(len(left)), left))
        counts = collections.Counter(left)
        return [(c, k / len(left)) for c, k in sorted(counts.items())]

    def chance_actions(self) -> list[int]:
        if self.draws is None:
            return []
        if self.draws[self.draw_at].distinct:
            return list(self.left)
        return sorted(set(self.left))

    def legal(self, player: int) -> list[int]:
        inner = self.inner
        if inner is None or (self.player < 0 and self.player != _SIMULTANEOUS):
            return []
        ctx = self.ctx
        if ctx.ascending:
            return list(map(ctx.number_of, inner.legal_actions(player)))
        if ctx.simultaneous and player not in inner.to_move():
            return [ctx.actions.index(None)]
        return sorted(map(ctx.number_of, inner.legal_actions(player)))

    def apply(self, action: int) -> None:
        if self.togo:
            # a chance node whose draw goes on after it (a card of a deal still to come)
            try:
                self.left.remove(action)
            except ValueError:
                raise ValueError(f"chance outcome {action} is not one of this node's "
                                 "(dealt already)") from None
            self.now.append(action)
            self.togo -= 1
        elif self.draws is not None:
            self._draw(action)
        else:
            inner = self.inner
            assert inner is not None
            ctx = self.ctx
            act = ctx.actions[action]
            if act is None:
                raise ValueError("wait is only played at a simultaneous node")
            inner.apply(self.player, act)
            self.moves += 1
            if self.views:
                self.views.clear()
            more = ctx.chance.pending(inner)
            if more:
                self._begin(more)
                self.player = _CHANCE
                self.reward = None
            else:
                # whose() and _pay() of a seat's move, inline
                if inner.is_over() or self.moves >= ctx.move_limit:
                    self.player = _TERMINAL
                elif ctx.simultaneous:
                    self.player = _SIMULTANEOUS
                else:
                    self.player = inner.to_move()[0]
                if ctx.secret_scores and self.player != _TERMINAL:
                    self.reward = None
                else:
                    scores = inner.scores()
                    if scores == self.paid:
                        self.reward = None
                    else:
                        self.reward = [float(a - b) for a, b in zip(scores, self.paid,
                                                                    strict=True)]
                        self.paid = scores
        if self.log is not None:
            self.log.append(action)

    def _pay(self) -> None:
        """The reward of this transition: what the scores gained since the last paid, paid
        only where a seat (or the end) comes next, so that a deal's points are not lost in the
        chance nodes that deal the next (``rl_environment`` reads rewards after them)."""
        if self.player == _CHANCE or (self.ctx.secret_scores and self.player != _TERMINAL):
            self.reward = None
            return
        inner = self.inner
        assert inner is not None
        scores = inner.scores()
        paid = self.paid
        if scores == paid:
            self.reward = None
            return
        self.reward = [float(a - b) for a, b in zip(scores, paid, strict=True)]
        self.paid = scores

    def _draw(self, outcome: int) -> None:
        """A chance node that ends its draw, or draws with replacement."""
        draws = self.draws
        assert draws is not None
        draw = draws[self.draw_at]
        if draw.replace:
            if outcome not in self.left:
                raise ValueError(f"chance outcome {outcome} is not one of this node's")
        else:
            try:
                self.left.remove(outcome)
            except ValueError:
                raise ValueError(f"chance outcome {outcome} is not one of this node's "
                                 "(dealt already)") from None
        drawn = self.now
        drawn.append(outcome)
        if len(drawn) < draw.count:
            return
        self.draw_at += 1
        if self.draw_at < len(draws):
            self._start_draw(draws[self.draw_at])
            return
        chance = self.ctx.chance
        self.draws = None
        self.left = []
        if self.inner is None:
            self.inner = chance.start(self.drawn)
        else:
            chance.resume(self.inner, self.drawn)
            self.views.clear()
        self.drawn = []
        self.now = []
        self.player = self.whose()
        self._pay()

    def apply_joint(self, actions: list[int]) -> None:
        inner = self.inner
        assert inner is not None
        for seat in inner.to_move():
            act = self.ctx.actions[actions[seat]]
            if act is None:
                raise ValueError(f"seat {seat} must pick a row, not wait")
            inner.apply(seat, act)
        self.moves += 1
        self.views.clear()
        more = self.ctx.chance.pending(inner)
        if more:
            self._begin(more)
        if self.log is not None:
            self.log.append(tuple(actions))
        self.player = self.whose()
        self._pay()


class KingscourtState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: Any, match: Match | None = None) -> None:
        super().__init__(game)
        self._m = match if match is not None else Match(_context(game), None, 0)

    @property
    def inner(self) -> State:
        """The engine's state (the whole truth: never hand it to a player)."""
        inner = self._m.inner
        if inner is None:
            raise ValueError("the cards are not dealt yet: this is a chance node")
        return inner

    def view_of(self, seat: int) -> JSON:
        """The engine's view of ``seat``, built once per position."""
        return self._m.view(seat)

    # -- whose turn
    def current_player(self) -> int:
        return self._m.player

    def is_chance_node(self) -> bool:
        """As OpenSpiel's, answered here (a random-play loop asks it before every move)."""
        return self._m.player == _CHANCE

    def is_simultaneous_node(self) -> bool:
        return self._m.player == _SIMULTANEOUS

    #: the match's own methods, found without a call of ours in between: OpenSpiel's C++ looks
    #: ``_apply_action`` up on every ``apply_action``, and a loop asks ``chance_outcomes`` at
    #: every chance node
    chance_outcomes = property(operator.attrgetter("_m.chance_outcomes"))
    _apply_action = property(operator.attrgetter("_m.apply"))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's, answered here for callers in Python (no round trip through C++)."""
        m = self._m
        if player is None:
            player = m.player
            if player >= 0 and m.ctx.ascending:  # a seat of a sequential game: the common case
                return list(map(m.ctx.number_of, m.inner.legal_actions(player)))  # type: ignore[union-attr]
            if player == _CHANCE:
                return m.chance_actions()
            if player == _SIMULTANEOUS:
                return list(super().legal_actions())
        return m.legal(player) if player >= 0 else []

    def _legal_actions(self, player: int) -> list[int]:
        return self._m.legal(player)

    def _apply_actions(self, actions: list[int]) -> None:
        self._m.apply_joint(actions)


    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return self._m.ctx.chance.describe(action)
        texts = self._m.ctx.vocabulary.texts
        return texts[action] if 0 <= action < len(texts) else f"action {action}"

    def is_terminal(self) -> bool:
        return self._m.player == _TERMINAL

    def returns(self) -> list[float]:
        """The rewards so far: at the end the final scores."""
        return [float(s) for s in self._m.paid]

    def rewards(self) -> list[float]:
        """The reward of the last transition: what the scores gained, paid where a seat (or
        the end) comes next (King: a deal's points once the next deal is dealt, or at the
        end); where the scores are secret, everything at the end. They add up to
        ``returns()``."""
        m = self._m
        return list(m.reward) if m.reward is not None else [0.0] * m.ctx.players

    def __str__(self) -> str:
        """The history, which tells every state apart (OpenSpiel's ``get_all_states`` keys
        states by it), then what a spectator sees."""
        m = self._m
        head = "history " + " ".join(map(str, self.history()))
        if m.inner is None:
            return head
        return head + "\n" + _compact(m.ctx.name, m.inner.view(None))

    # -- copies: OpenSpiel's clone keeps the history and the move number, and deep-copies
    # the attributes (Match.__deepcopy__: the engine's clone)
    def __copy__(self) -> KingscourtState:
        return self.clone()  # type: ignore[no-any-return]

    def __deepcopy__(self, memo: dict[int, Any]) -> KingscourtState:
        return self.clone()  # type: ignore[no-any-return]

    # -- search support
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KingscourtState:
        """A state consistent with ``player_id``'s information: a whole history drawn
        uniformly among the consistent ones where the game's chance model can (King), else
        a world of the engine's ``sample_world``."""
        x = float(probability_sampler())
        rng = random.Random(int(x * 2**53))
        m = self._m
        if m.player == _CHANCE:
            raise ValueError("resample_from_infostate at a chance node: sample at a seat's turn")
        history = [(int(pa.player), int(pa.action)) for pa in self.full_history()]
        steps = m.ctx.chance.resample(history, player_id, rng)
        game = self.get_game()
        if steps is None:
            world = m.ctx.engine.sample_world(m.view(player_id), rng)
            return KingscourtState(game, _restored(m.ctx, world, m.moves))
        state = KingscourtState(game)
        for _p, a in steps:
            state.apply_action(a)
        return state
def _compact(name: str, view: JSON, history: bool = True) -> str:
    """A seat's view as a string: the game's compact form where its manifest names one
    (``research.compact``), else the view as JSON. Without ``history`` the public log is left
    out."""
    target = _research(name).compact
    if target:
        text: str = resolve(target)(view, history)
        return text
    if not history:
        view = {k: v for k, v in view.items() if k != "log"}
    return json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class ViewObserver:
    """PyObserver: one seat's tensor (:mod:`.tensors`) and string, from its view."""

    def __init__(self, ctx: Context, perfect_recall: bool) -> None:
        self.ctx = ctx
        self.perfect_recall = perfect_recall
        enc = ctx.tensors
        layout: Layout = enc.information_state_layout if perfect_recall else enc.observation_layout
        self._fill = enc.information_state if perfect_recall else enc.observation
        self.tensor: Array
        self.dict: dict[str, Array]
        self.tensor, self.dict = layout.allocate()

    def set_from(self, state: KingscourtState, player: int) -> None:
        self.tensor.fill(0.0)
        m = state._m
        if m.inner is not None:  # before the deal a seat knows nothing: zeros
            self._fill(m.view(player), self.dict)

    def string_from(self, state: KingscourtState, player: int) -> str:
        m = state._m
        if m.inner is None:
            return f"seat {player} before the deal"
        return _compact(self.ctx.name, m.view(player), history=self.perfect_recall)


def tensor_of(state: KingscourtState, player: int, perfect_recall: bool = True) -> Array:
    """One seat's information-state (or observation) tensor as a NumPy array (a copy)."""
    obs = ViewObserver(state._m.ctx, perfect_recall)
    obs.set_from(state, player)
    return np.array(obs.tensor)


_TYPES: dict[str, Any] = {}
#: games whose rules decide whether they are zero-sum (a manifest with ``research.zero_sum``)
_ZERO_SUM_BY_RULES: dict[str, bool] = {}


def _register() -> None:
    for name in _bridges():
        _ZERO_SUM_BY_RULES[name] = bool(_research(name).zero_sum)
        utility = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum(_engine(name), name)
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        _TYPES[name] = _game_type(name, utility)
        cls = type(f"OpenSpiel_{name}", (KingscourtGame,), {"name": name})
        globals()[cls.__name__] = cls  # found by name: games pickle
        pyspiel.register_game(_TYPES[name], cls)


_register()
