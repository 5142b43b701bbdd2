"""The ``learned`` King bot: a small network that values cards as the strong bot does, checked
against a few simulated worlds, a card in a few milliseconds, from the seat's view alone.

Its input (:func:`features`) is the seat's observation tensor of the research bridge
(:mod:`..tensors`), the suits each other seat has shown out of (a card of another suit played
to a led suit: every seat saw it), the legal cards and the card the basic bot would play from
the same view. From it :func:`card_features` reads, per card, what the card is and does here
and what the position is; one network (:data:`WEIGHTS`, ReLU hidden layers, numpy inference)
scores every card with the same weights. It was trained by ``python -m tools.king_learned`` to
imitate the strong bot's card values in matches of one or two strong seats against basic ones
(distillation: the target is the softmax of the strong bot's values of the legal cards at
:data:`TEMPERATURE` points).

A card is then played as :class:`KingLearnedBot` says: the network's values are a prior worth
:data:`PRIOR` worlds, and :data:`WORLDS` worlds drawn from the view are played out by the
strong bot's search (the last tricks solved exactly). A contract is chosen as the strong bot
chooses one (simulated worlds and the cost tables) on fewer worlds (:data:`CHOICE_WORLDS`,
about 13 ms). Its strength and times: ``docs/bots.md``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ....bots.base import ViewBot
from ....engine import JSON, Game
from ....interop.tensors import Array, encoder, relative
from ..cards import CARD_OF_TEXT
from ..contracts import CONTRACTS, Contract
from .basic import KingBasicBot
from .strong import EXACT_COST, KingStrongBot

#: the network's weights, written by ``tools/king_learned.py``
WEIGHTS = Path(__file__).resolve().parent / "data" / "king_learned.npz"
#: the SHA-256 of :data:`WEIGHTS` as trained (a test checks it)
WEIGHTS_SHA256 = "70d2cbe60243ad57b1d303f23dee869f4602296a1fe93581ea2bacc76476cb36"
#: worlds simulated per contract choice (the strong bot's served level: 3000)
CHOICE_WORLDS = 64
#: worlds simulated per card, and what the network's values weigh against them (in worlds)
WORLDS = 16
PRIOR = 32.0
#: points: the temperature of the card values the network was trained on (its scores are
#: values in these units, up to a constant)
TEMPERATURE = 15.0
SEATS = 4
CARDS = 52


def features(view: JSON, enc: Any, basic: KingBasicBot) -> Array:
    """The network's input from one seat's view: the observation tensor, the voids shown
    (relative seat × suit), the legal cards and the card the basic bot plays (``basic``, whose
    card play is a function of the view alone)."""
    legal = np.zeros(CARDS, np.float32)
    for a in view["legal"]:
        legal[CARD_OF_TEXT[a.split()[1]]] = 1.0
    habit = np.zeros(CARDS, np.float32)
    habit[CARD_OF_TEXT[basic.choose(view).split()[1]]] = 1.0
    return np.concatenate([seen_features(view, enc), legal, habit])


def seen_features(view: JSON, enc: Any) -> Array:
    """The first part of :func:`features`: the observation tensor and the voids shown, what
    the view shows (the legal cards and the basic bot's card follow)."""
    flat, pieces = enc.observation_layout.allocate()
    enc.observation(view, pieces)
    me: int = view["seat"]
    voids = np.zeros((SEATS, 4), np.float32)
    tricks = [*view["tricks"], view["trick"]]
    for t in tricks:
        cards = t["cards"]
        if not cards:
            continue
        led = CARD_OF_TEXT[cards[0][1]] // 13
        for s, c in cards[1:]:
            if CARD_OF_TEXT[c] // 13 != led:
                voids[relative(s, me, SEATS), led] = 1.0
    out: Array = np.concatenate([flat, voids.ravel()])
    return out


def input_offsets(enc: Any) -> dict[str, int]:
    """Where each piece of :func:`features` starts in its row."""
    at: dict[str, int] = enc.observation_layout.offsets()
    size: int = enc.observation_layout.size
    return at | {"voids": size, "legal": size + 16, "habit": size + 16 + CARDS}


_CARD = np.arange(CARDS)
_SUIT, _RANK = _CARD // 13, _CARD % 13
#: per contract (the tensors' order, :class:`~..contracts.Contract`), each card's penalty in
#: units of Rıfkı's (the contract's penalty cards and their points)
_PENALTY = np.zeros((len(Contract), CARDS), np.float32)
for _c in Contract:
    _PENALTY[_c, [(CONTRACTS[_c].penalty_cards >> c) & 1 == 1 for c in range(CARDS)]] = (
        CONTRACTS[_c].per_unit / CONTRACTS[Contract.RIFKI].per_unit)


def card_features(x: Array, at: dict[str, int]) -> Array:
    """Per row of :func:`features` and per card, what the network scores a card by (rows ×
    52 × features): the card (its rank, trump or heart, whether it follows the
    led suit, whether it would win the trick as it stands, the unseen cards above and below
    it in its suit, the seat's own length and higher cards there, how many other seats have
    shown out of it and how many of those still play to this trick, its penalty in this
    contract and the penalty still out in its suit, the penalty it would take now, whether the
    basic bot plays it) and the
    position (the contract, the seat's place in the trick, the tricks played, the penalty in
    the trick so far, who chose, the tricks and points of the deal)."""
    n = len(x)

    def piece(name: str, size: int) -> Array:
        return x[:, at[name]:at[name] + size]

    hand = piece("hand", CARDS)
    trick = piece("trick", 4 * CARDS).reshape(n, 4, CARDS)
    leader = piece("trick_leader", 4)
    played = piece("played", 4 * CARDS).reshape(n, 4, CARDS).sum(axis=1)
    contract = piece("contract", 7)
    trump = piece("trump", 4)
    voids = piece("voids", 16).reshape(n, 4, 4)
    on_table = trick.sum(axis=1)
    count = on_table.sum(axis=1)
    led = (trick * leader[:, :, None]).sum(axis=1).reshape(n, 4, 13).sum(axis=2)
    is_trump = trump[:, _SUIT]
    follows = led[:, _SUIT]
    power = np.where(is_trump > 0, 100 + _RANK, np.where(follows > 0, _RANK, -1))
    best = np.where(on_table > 0, power, -2).max(axis=1)
    wins = np.where(count[:, None] == 0, 1.0, power > best[:, None])
    unseen = np.clip(1.0 - hand - played, 0.0, 1.0).reshape(n, 4, 13)
    above = (np.cumsum(unseen[:, :, ::-1], axis=2)[:, :, ::-1] - unseen).reshape(n, CARDS)
    below = (np.cumsum(unseen, axis=2) - unseen).reshape(n, CARDS)
    mine = hand.reshape(n, 4, 13)
    length = mine.sum(axis=2)[:, _SUIT]
    higher = (np.cumsum(mine[:, :, ::-1], axis=2)[:, :, ::-1] - mine).reshape(n, CARDS)
    shown_out = voids[:, 1:, :].sum(axis=1)[:, _SUIT]
    penalty = contract @ _PENALTY
    # the seats still to play to this trick after this card (relative 1 .. 3 - count) that
    # have shown out of its suit: they may throw anything on it
    still = (np.arange(1, 4)[None, :] <= (3 - count)[:, None]).astype(np.float32)
    after_out = (voids[:, 1:, :] * still[:, :, None]).sum(axis=1)[:, _SUIT]
    unseen_flat = unseen.reshape(n, CARDS)
    out_penalty = (unseen_flat * penalty).reshape(n, 4, 13).sum(axis=2)[:, _SUIT]
    per_card = np.stack([
        np.broadcast_to(_RANK / 12.0, (n, CARDS)), is_trump, (_SUIT == 1) * np.ones((n, 1)),
        follows, wins, above / 12.0, below / 12.0, length / 13.0, higher / 12.0,
        shown_out / 3.0, penalty, piece("habit", CARDS), after_out / 3.0, out_penalty,
        wins * (on_table * penalty).sum(axis=1, keepdims=True),
    ], axis=2)
    tricks = piece("tricks_taken", 4).sum(axis=1, keepdims=True)
    place = np.eye(4, dtype=np.float32)[np.minimum(count, 3).astype(int)]
    context = np.concatenate([
        contract, place, tricks, (tricks >= 11 / 13 - 1e-6),
        (on_table * penalty).sum(axis=1, keepdims=True), piece("chooser", 4),
        piece("tricks_taken", 4), piece("deal_points", 4), piece("broken", 2),
    ], axis=1)
    out: Array = np.concatenate(
        [per_card, np.broadcast_to(context[:, None, :], (n, CARDS, context.shape[1]))],
        axis=2).astype(np.float32)
    return out


class Net:
    """A multilayer perceptron with ReLU hidden layers that scores one card from its
    :func:`card_features`, the same weights for every card: ``scores(x)`` gives a score per
    card for each row of :func:`features`."""

    def __init__(self, arrays: dict[str, Array], at: dict[str, int]) -> None:
        n = sum(k.startswith("w") for k in arrays)
        self.layers = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(n)]
        self.at = at

    def forward(self, f: Array) -> list[Array]:
        """Every layer's output for card features ``f`` (rows × 52 × features), the input
        first and the scores (rows × 52 × 1) last: the trainer reads them all."""
        hs = [f]
        for i, (w, b) in enumerate(self.layers):
            z = hs[-1] @ w + b
            hs.append(np.maximum(z, 0.0) if i < len(self.layers) - 1 else z)
        return hs

    def scores(self, x: Array, cards: list[int] | None = None) -> Array:
        """The score of every card (rows × 52); with ``cards``, of those only (the others NaN,
        so that reading one is seen at once):
        a decision scores its legal cards, a quarter of the work or less. A product of
        about 13 rows also stays below the size at which the BLAS library splits it among
        threads, which on a busy machine made one forward pass of 52 rows take 5 to 30 ms
        instead of 0.4."""
        f = card_features(x, self.at)
        if cards is None:
            whole: Array = self.forward(f)[-1][..., 0]
            return whole
        out = np.full((len(x), CARDS), np.nan, np.float32)
        out[:, cards] = self.forward(f[:, cards, :])[-1][..., 0]
        return out

    @classmethod
    def load(cls, at: dict[str, int], path: Path = WEIGHTS) -> Net:
        with np.load(path) as data:
            return cls({k: data[k].astype(np.float32) for k in data.files}, at)


def weights_digest(path: Path = WEIGHTS) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Network:
    """What values a view's cards: the network, the tensors' encoder and the basic bot whose
    card its input names (:func:`features`; the basic bot's card play is a function of the
    view alone, so one serves every seat)."""

    net: Net
    encoder: Any
    basic: KingBasicBot

    def scores(self, view: JSON, cards: Iterable[int] | None = None) -> Array:
        """The network's score of each of ``cards`` (by default the view's legal cards) at
        its place among the 52 (the others NaN): values in units of :data:`TEMPERATURE`, up
        to a constant."""
        which = sorted(cards) if cards is not None else sorted(
            CARD_OF_TEXT[a.split()[1]] for a in view["legal"])
        out: Array = self.net.scores(features(view, self.encoder, self.basic)[None, :],
                                     which)[0]
        return out

    def values(self, view: JSON, cards: Iterable[int]) -> dict[int, float]:
        """Each of ``cards`` (among the legal ones) valued by the network in points (its score
        × :data:`TEMPERATURE`), less their mean: the prior a search adds, per world it is
        worth, to its own values (each less their mean too)."""
        cards = list(cards)
        out = self.scores(view, cards)
        mean = sum(float(out[c]) for c in cards) / len(cards)
        return {c: TEMPERATURE * (float(out[c]) - mean) for c in cards}


@cache
def network(game: Game, path: Path = WEIGHTS) -> Network:
    """The network with the weights at ``path`` (the shipped ones by default), once per
    process."""
    return Network(Net.load(input_offsets(encoder(game)), path), encoder(game),
                   KingBasicBot(game, seed=0))


class KingLearnedBot(ViewBot):
    """The distilled network's card values corrected by a few simulated worlds; the strong
    bot's contract choice on fewer worlds.

    A card's score is ``prior`` × :data:`TEMPERATURE` × (its network score less the legal
    cards' mean) plus ``worlds`` × (its mean margin over the ``worlds`` worlds the strong
    bot's search plays out, drawn uniformly from the view, less the legal cards' mean): the
    network is a prior worth ``prior`` worlds. In the last :data:`.strong.SOLVE_TRICKS` tricks
    the search solves worlds exactly instead, each counting :data:`.strong.EXACT_COST`
    playouts a card, so it solves ``worlds / EXACT_COST`` of them or more, and their mean weighs
    ``EXACT_COST`` times as much. ``worlds=0`` plays the network's card alone."""

    def __init__(self, game: Game, seed: int | None = None,
                 choice_worlds: int = CHOICE_WORLDS, worlds: int = WORLDS,
                 prior: float = PRIOR, weights: str | None = None, **_: Any) -> None:
        if game.name != "king":
            raise ValueError(f"the King learned bot plays King, not {game.name}")
        super().__init__(game, seed)
        self.network = network(game, Path(weights) if weights else WEIGHTS)
        self.chooser = KingStrongBot(game, seed=self.rng.getrandbits(63),
                                     iterations=1, choice_worlds=choice_worlds)
        self.worlds = int(worlds)
        self.prior = float(prior)
        # uniform worlds (no chain of inferred ones: too slow for a card in a few ms)
        self.search = KingStrongBot(game, seed=self.rng.getrandbits(63), iterations=1,
                                    chain=0)

    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "choose":
            self.chooser.should_stop = self.should_stop
            return self.chooser.choose(view)
        return self.card(view)

    def card_scores(self, view: JSON) -> dict[str, float]:
        """Every legal card's network score (higher is better): its value in units of the
        training temperature, up to a constant."""
        out = self.network.scores(view)
        return {a: float(out[CARD_OF_TEXT[a.split()[1]]]) for a in view["legal"]}

    def card_values(self, view: JSON) -> dict[str, float]:
        """Every legal card's score: the network's prior and the simulated worlds' margins,
        in points, each less its mean over the legal cards."""
        legal: list[str] = view["legal"]
        card = {a: CARD_OF_TEXT[a.split()[1]] for a in legal}
        net = self.network.values(view, card.values())
        prior = {a: self.prior * net[card[a]] for a in legal}
        if not self.worlds:
            return prior
        self.search.should_stop = self.should_stop
        # the search plays ``iterations`` playouts, one per card and world (an exact solve
        # of a world counts EXACT_COST of them)
        self.search.iterations = self.worlds * len(legal)
        values = dict(self.search.analyse(view).values)
        mean_v = sum(values.values()) / len(values)
        exact = 13 - len(view["tricks"]) <= self.search.solve_tricks  # as the search decides
        weight = self.worlds * (EXACT_COST if exact else 1)
        return {a: prior[a] + weight * (values[a] - mean_v) for a in legal}

    def card(self, view: JSON) -> str:
        values = self.card_values(view)
        return max(values, key=lambda a: values[a])
