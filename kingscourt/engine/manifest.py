"""A game's manifest (:class:`GameSpec`): every fact the platform's shared parts need about one
game, declared once in ``kingscourt/games/<game>/manifest.py`` and listed, one line per game,
in :data:`kingscourt.games.MANIFESTS`.

Decision: the shared parts (engine registry, bots, CLI, terminal, research bridges, server,
message extraction) read a game only through its manifest and never name one. Everything
heavy is written as a ``"module:attribute"`` string and imported on use (:func:`resolve`), so
that reading a manifest imports no game, bot, tensor or terminal code.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: a bot's budget: keyword arguments of its constructor (``iterations``, ``seconds`` …)
Budget = Mapping[str, Any]


def resolve(target: str) -> Any:
    """The object a ``"module:attribute"`` string names (``"module"`` alone: the module),
    imported now."""
    module_name, _sep, attr = target.partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Bots:
    """A game's computer opponents: ``levels`` maps a level to ``"module:Class"`` (a level
    with a leading underscore is private: loadable by name, never offered); ``budgets`` is
    what a level gets when none is given (iterations: deterministic per seed), and
    ``play_budgets`` what it gets where people play (time); ``search_spec`` is
    ``"module:function"`` making the IS-MCTS :class:`~kingscourt.bots.ismcts.SearchSpec`
    (empty: the generic one)."""

    levels: Mapping[str, str]
    budgets: Mapping[str, Budget] = field(default_factory=dict)
    play_budgets: Mapping[str, Budget] = field(default_factory=dict)
    search_spec: str = ""


@dataclass(frozen=True)
class Research:
    """What the OpenSpiel and PettingZoo bridges need beyond the engine's contract.

    ``vocabulary``: ``"module:function(game) -> Vocabulary"`` (the action numbers);
    ``max_length``: ``"module:function(game, max_moves) -> int"``; ``max_moves``: the default
    cut of a game whose rules bound no length (0: none, and no ``max_moves`` parameter);
    ``zero_sum``: ``"module:function(game) -> bool"`` (empty: never); ``compact``:
    ``"module:function(view, history) -> str"``, the information string (empty: the view as
    JSON); ``ascending``: the engine lists legal actions in ascending action numbers;
    ``noop``: the text of the no-op action at a simultaneous node; ``secret_scores``: the
    scores are secret until the end (rewards come all at once then); ``render``:
    ``"module:function(view) -> list[str]"``, the table as text; ``chance``:
    ``"module:function(game, players, **parameters) -> Chance"``, how the game's randomness
    becomes chance nodes (:mod:`kingscourt.interop.chance`); ``parameters``: the research
    games' own parameters beyond the table rules, with their defaults (handed to ``chance``);
    ``variants``: more research games of the same engine, by the suffix of their name
    (``deal``: ``python_kingscourt_king_deal``)."""

    long_name: str
    utility: tuple[float, float]
    reward_scale: float
    vocabulary: str
    max_length: str
    render: str
    max_moves: int = 0
    zero_sum: str = ""
    compact: str = ""
    ascending: bool = False
    noop: str = ""
    secret_scores: bool = False
    chance: str = ""
    parameters: Mapping[str, Any] = field(default_factory=dict)
    variants: Mapping[str, Research] = field(default_factory=dict)


@dataclass(frozen=True)
class Web:
    """What the browser loads for the game: its board module's address (served from
    ``games/<game>/web/``), the end-of-game summary module's (empty: none), the look
    preferences it offers beyond the shared ones, and the first words of the actions that
    "confirm plays" guards and auto-play may take."""

    board: str
    summary: str = ""
    looks: tuple[str, ...] = ()
    confirm_words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Statistics:
    """What a finished game keeps beyond each seat's score and win (stored as JSON per seat
    and per deal, so that no game needs columns or tables of its own).

    ``counters``: the numeric entries of :meth:`~kingscourt.engine.contract.State.results`
    that are kept per seat and summed over a player's games; ``points``: the counter the
    points leaderboard ranks by (empty: the game has none); ``choices``:
    ``"module:function(state) -> list[(deal, seat, choice, points)]"``, each deal's choice
    and the chooser's points in it (empty: none); ``choice_order``: ``"module:function() ->
    list[str]"``, the order a profile lists the choices in."""

    counters: tuple[str, ...] = ()
    points: str = ""
    choices: str = ""
    choice_order: str = ""


@dataclass(frozen=True)
class GameSpec:
    """One game as the platform knows it.

    - ``name``: the id in records, URLs and the API; ``title``: the display title (a name, the
      same in every language, marked as a msgid).
    - ``min_players``/``max_players``/``default_players``: seat counts.
    - ``make_game``: ``"module:make_game"``; ``rules``: ``"module:Rules"``, the table rules
      the game declares (labels and help come from its fields).
    - ``notation``: the module that parses and renders action text (``read(game, text)``,
      ``write(game, parsed)``); ``words``: ``"module:function(action, who, name, players)"``,
      an action in the players' words for replays.
    - ``tensors``: ``"module:Encoder"``; ``terminal``: ``"module:play"``; ``research``: the
      research bridges' facts (each empty or None: the game has no tensors, no terminal
      client, no OpenSpiel or PettingZoo environment).
    - ``catalogue``: ``"module:function(game, lang) -> dict"``, the game's own data in
      ``/api/games`` beyond its rules (contracts, cards, scoring sheet).
    - ``card_texts``: ``"module:function() -> list[(text, where)]"``, the bundled card-set
      texts for message extraction (empty: none).
    - ``localize_view``: ``"module:function(state, view, seat, lang)"``, the view's texts in
      a language (empty: the view holds ids and numbers only).
    - ``open_view``: ``"module:function(state)"``, the view with every hand open (replays of
      finished games).
    - ``statistics``: what a finished game keeps per seat and per deal (:class:`Statistics`).
    - ``deal_scores``: ``"module:function(view) -> list[dict]"``, every deal scored so far as a
      view shows it, in order: ``points`` (each seat's points in that deal) and the deal's
      public facts (a choice, a trump). Declaring it says the game deals every deal from the
      seed alone, independent of play, the same hand to the same seat: it offers duplicate
      tournaments (empty: it does not).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    make_game: str
    rules: str
    bots: Bots
    notation: str
    words: str
    catalogue: str
    web: Web
    open_view: str
    tensors: str = ""
    terminal: str = ""
    research: Research | None = None
    card_texts: str = ""
    localize_view: str = ""
    statistics: Statistics = field(default_factory=Statistics)
    deal_scores: str = ""

    @property
    def package(self) -> str:
        """The game's package (the module of ``make_game``)."""
        return self.make_game.partition(":")[0]
