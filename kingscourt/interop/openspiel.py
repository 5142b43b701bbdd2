"""The three games as OpenSpiel Python games. Importing this module registers
``python_kingscourt_king``, ``python_kingscourt_kukakoenig`` and
``python_kingscourt_uchokrola``.

    import pyspiel
    import kingscourt.interop.openspiel
    game = pyspiel.load_game("python_kingscourt_king", {"must_beat": "trump"})

How the engine maps onto OpenSpiel:

- **Chance** is one explicit chance node at the start: it draws one of ``DEALS`` (1024)
  equally likely seeds of our engine, and that seed deals every hand of the match (King's
  20 deals, Ku-Ka-König's pile, Ucho Króla's deck). The game parameter ``seed`` shifts the
  range. ``resample_from_infostate`` (built on ``sample_world``) gives IS-MCTS the worlds
  it searches.
- **Dynamics**: King and Ucho Króla are sequential; Ku-Ka-König is *simultaneous*: at every
  pick each seat still to pick chooses a row, the others the no-op action ``wait``.
- **Actions** are integers with a fixed meaning per game (:mod:`.vocabulary`): King
  ``0..51`` play a card (``2S`` = 0 … ``AC`` = 51), ``52..57`` choose a penalty contract,
  ``58..61`` choose trump S H D C;
  Ku-Ka-König ``row N`` is ``N-1`` and ``wait`` is 8; Ucho Króla numbers its action texts in
  the order first met (its prompts are open-ended), up to 4096 of them.
- **Information**: the information-state and observation strings are built from the
  seat's view (the only thing a seat may know); King uses a compact form of it. The
  observer offers strings only (no tensors).
- **Returns** are the final scores (King's points, Ku-Ka-König's points, Ucho Króla's
  prestige), given at the end.
- **Table rules** are game parameters with the engine's names and defaults, plus
  ``players`` where the game has a choice and ``seed``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from typing import Any

import pyspiel

import kingscourt
from kingscourt.engine import JSON, State

from .vocabulary import DEFAULT_PLAYERS, NOOP_KKK, VOCABULARIES, Vocabulary

DEALS = 1024


@dataclasses.dataclass(frozen=True)
class Spec:
    name: str
    long_name: str
    dynamics: Any
    min_utility: float
    max_utility: float
    max_game_length: int

    @property
    def default_players(self) -> int:
        return DEFAULT_PLAYERS[self.name]

    def vocabulary(self) -> Vocabulary:
        return VOCABULARIES[self.name]()


SPECS = {
    "king": Spec("king", "kingscourt King (Turkish)", pyspiel.GameType.Dynamics.SEQUENTIAL,
                 -5200.0, 5200.0, 20 * 53),
    "kukakoenig": Spec("kukakoenig", "kingscourt Ku-Ka-König",
                       pyspiel.GameType.Dynamics.SIMULTANEOUS, 0.0, 1000.0, 400),
    "uchokrola": Spec("uchokrola", "kingscourt Ucho Króla", pyspiel.GameType.Dynamics.SEQUENTIAL,
                      -1000.0, 1000.0, 20000),
}


def _parameters(name: str) -> dict[str, Any]:
    """The game's table rules with their defaults (OpenSpiel takes int, float, bool, str)."""
    return dict(_defaults(name))


@functools.cache
def _defaults(name: str) -> dict[str, Any]:
    game = kingscourt.load_game(name)
    params: dict[str, Any] = {}
    for f in dataclasses.fields(game.rules):
        value = getattr(game.rules, f.name)
        params[f.name] = "" if value is None else value
    spec = SPECS[name]
    if game.min_players != game.max_players:
        params["players"] = spec.default_players
    params["seed"] = 0
    return params


def _game_type(name: str) -> Any:
    spec = SPECS[name]
    game = kingscourt.load_game(name)
    return pyspiel.GameType(
        short_name=f"python_kingscourt_{name}",
        long_name=spec.long_name,
        dynamics=spec.dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name),
    )


@dataclasses.dataclass
class Context:
    """What a game with given parameters needs at run time (kept outside the pyspiel object,
    which OpenSpiel may copy without calling ``__init__``)."""

    name: str
    engine: kingscourt.Game
    players: int
    base_seed: int
    vocabulary: Vocabulary

    def __deepcopy__(self, memo: dict[int, Any]) -> Context:
        return self  # shared, read-only at run time

    def deal(self, outcome: int) -> State:
        players = self.players if self.engine.min_players != self.engine.max_players else None
        return self.engine.new_state(seed=self.base_seed + outcome, players=players)


_CONTEXTS: dict[tuple[str, str], Context] = {}
_VOCABULARIES: dict[str, Vocabulary] = {}


def context_of(name: str, params: dict[str, Any]) -> Context:
    defaults = _parameters(name)
    unknown = set(params) - set(defaults)
    if unknown:
        raise ValueError(f"{name}: unknown parameter(s) {', '.join(sorted(unknown))}")
    full = {**defaults, **params}
    key = (name, json.dumps(full, sort_keys=True))
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        rules = {k: (None if v == "" and defaults[k] == "" else v) for k, v in full.items()
                 if k not in ("players", "seed")}
        vocabulary = _VOCABULARIES.get(name)
        if vocabulary is None:
            vocabulary = _VOCABULARIES[name] = SPECS[name].vocabulary()
        ctx = Context(name, kingscourt.load_game(name, **rules),
                      int(full.get("players", SPECS[name].default_players)),
                      int(full["seed"]) * DEALS, vocabulary)
        _CONTEXTS[key] = ctx
    return ctx


class KingscourtGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games seen through OpenSpiel; ``name`` is set by each subclass."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = SPECS[self.name]
        ctx = context_of(self.name, dict(params or {}))
        super().__init__(
            _TYPES[self.name],
            pyspiel.GameInfo(
                num_distinct_actions=ctx.vocabulary.size,
                max_chance_outcomes=DEALS,
                num_players=ctx.players,
                min_utility=spec.min_utility,
                max_utility=spec.max_utility,
                utility_sum=None,
                max_game_length=spec.max_game_length,
            ),
            {**_parameters(self.name), **(params or {})},
        )

    def new_initial_state(self) -> KingscourtState:
        return KingscourtState(self, None)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return ViewObserver(self.get_type().short_name.removeprefix("python_kingscourt_"))


def _context(game: Any) -> Context:
    name = game.get_type().short_name.removeprefix("python_kingscourt_")
    return context_of(name, dict(game.get_parameters()))


class KingscourtState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: Any, inner: State | None, ctx: Context | None = None) -> None:
        super().__init__(game)
        self._inner = inner
        self._ctx = ctx or _context(game)
        self._simultaneous = self._ctx.name == "kukakoenig"

    @property
    def inner(self) -> State:
        if self._inner is None:
            raise ValueError("the cards are not dealt yet: this is the chance node")
        return self._inner

    # -- whose turn
    def current_player(self) -> int:
        if self._inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.inner.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self.inner.to_move()[0]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / DEALS
        return [(i, p) for i in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        if self._inner is None or self.inner.is_over():
            return []
        vocab = self._ctx.vocabulary
        if self._simultaneous and player not in self.inner.to_move():
            return [NOOP_KKK]
        return sorted(vocab.id(str(a)) for a in self.inner.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        if self._inner is None:
            self._inner = self._ctx.deal(action)
            return
        seat = self.inner.to_move()[0]
        self.inner.apply(seat, self._ctx.vocabulary.texts[action])

    def _apply_actions(self, actions: list[int]) -> None:
        movers = self.inner.to_move()
        for seat in movers:
            self.inner.apply(seat, self._ctx.vocabulary.texts[actions[seat]])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        texts = self._ctx.vocabulary.texts
        return texts[action] if 0 <= action < len(texts) else f"action {action}"

    def is_terminal(self) -> bool:
        return self._inner is not None and self._inner.is_over()

    def returns(self) -> list[float]:
        if self._inner is None or not self._inner.is_over():
            return [0.0] * self._ctx.players
        return [float(s) for s in self.inner.scores()]

    def __str__(self) -> str:
        if self._inner is None:
            return "undealt"
        return _compact(self._ctx.name, self.inner.view(None))

    # -- search support
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KingscourtState:
        """A world consistent with ``player_id``'s view, drawn by ``sample_world``."""
        x = float(probability_sampler())
        rng = random.Random(int(x * 2**53))
        world = self._ctx.engine.sample_world(self.inner.view(player_id), rng)
        return KingscourtState(self.get_game(), world, self._ctx)

    def __deepcopy__(self, memo: dict[int, Any]) -> KingscourtState:
        return self.clone()  # OpenSpiel copies Python states with deepcopy: use the engine's clone

    def clone(self) -> KingscourtState:
        return KingscourtState(self.get_game(), self._inner.clone() if self._inner else None,
                               self._ctx)


def _compact(name: str, view: JSON) -> str:
    """A seat's view as a string; King's in a compact form with everything it holds."""
    if name != "king":
        return json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    trick = " ".join(c for _s, c in view["trick"]["cards"])
    tricks = "/".join(f"{t['leader']}:" + " ".join(c for _s, c in t["cards"])
                      for t in view["tricks"])
    hand = " ".join(view.get("hand", []))
    return (f"seat {view['seat']} deal {view['deal']} {view['phase']} chooser {view['chooser']} "
            f"{view['contract']} {view['trump']} | hand {hand} | trick {view['trick']['leader']}:"
            f"{trick} | tricks {tricks} | scores {view['scores']} | choices "
            + ",".join(f"{c['seat']}{c['contract']}{c['trump'] or ''}" for c in view["choices"]))


class ViewObserver:
    """PyObserver: strings from the seat's view; no tensor."""

    def __init__(self, name: str) -> None:
        import numpy as np

        self.name = name
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: KingscourtState, player: int) -> None:
        pass

    def string_from(self, state: KingscourtState, player: int) -> str:
        if state._inner is None:
            return f"seat {player} before the deal"
        return _compact(self.name, state.inner.view(player))


_TYPES: dict[str, Any] = {}


def _register() -> None:
    for name in SPECS:
        _TYPES[name] = _game_type(name)
        cls = type(f"OpenSpiel_{name}", (KingscourtGame,), {"name": name})
        pyspiel.register_game(_TYPES[name], cls)


_register()
