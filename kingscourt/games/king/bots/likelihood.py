"""How likely a world makes the other seats' plays under the learned network (:mod:`.learned`):
the strong bot's world inference reweighed by a model of a strong player's cards.

The strong bot's world chains (:meth:`.strong.KingStrongBot._chained`) draw worlds in
proportion to how likely each makes the deal's plays under the basic policy (each seat's error
rate integrated out). The network explains a strong player's cards better (over 1,507 card
choices of the strong bot: its top card was the card played in 63.6%, the basic policy's in
49.6%), but a network pass per play and proposed swap is about a thousand times a basic card's
cost. So the chain keeps its likelihood and the worlds it keeps are reweighed afterwards
(importance sampling): each world by the network's likelihood of the plays over the basic
policy's, raised to a power β (1: the worlds then stand for the network's posterior; less
tempers a few worlds taking all the weight).

For one view :class:`PlayLikelihood` builds, once, what every other seat saw before each of its
plays with an alternative (the observation tensor with an empty hand: :func:`.learned.seen_features`);
per world only that seat's hand then, its legal cards and the basic policy's card change. All
the worlds' plays go through the network in one batch.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ....engine import JSON
from .learned import CARDS, Network, card_features, seen_features
from .sim import WorldFit, basic_card

_BITS = np.arange(CARDS, dtype=np.uint64)


def _unpack(masks: list[int]) -> np.ndarray[Any, np.dtype[np.float32]]:
    """Card masks as rows of 52 zeros and ones."""
    arr = np.array(masks, dtype=np.uint64)
    out: np.ndarray[Any, np.dtype[np.float32]] = (
        (arr[:, None] >> _BITS[None, :]) & np.uint64(1)).astype(np.float32)
    return out


class PlayLikelihood:
    """The other seats' plays of one view's deal, ready to be weighed in any world: the plays
    and the basic policy's likelihood are the world chains' (``fit``, :class:`.sim.WorldFit`);
    per play of another seat, what that seat saw before it (its hand left empty) is built here
    once. ``epsilon`` of each play's chance is shared out evenly among the legal cards (a
    person's slip: no card is ruled out)."""

    def __init__(self, network: Network, view: JSON, fit: WorldFit,
                 epsilon: float = 0.1) -> None:
        self.network = network
        self.fit = fit
        self.epsilon = epsilon
        me = fit.me
        tricks: list[JSON] = [*view["tricks"], view["trick"]]
        # what each other seat saw before each of its plays: the deal's public facts then
        enc = network.encoder
        rows: list[Any] = []
        self.row_of: list[int] = []
        d = fit.blank.copy()
        d.hands = [0, 0, 0, 0]
        for i, (s, c) in enumerate(zip(fit.seats, fit.played, strict=True)):
            if s == me:
                self.row_of.append(-1)
            else:
                k, at = divmod(i, 4)
                seen = {
                    "seat": s, "hand": [], "phase": "play", "over": False,
                    "deal": view["deal"], "chooser": view["chooser"], "to_move": [s],
                    "contract": view["contract"], "trump": view["trump"],
                    "hearts_broken": d.hearts_broken, "trump_broken": d.trump_broken,
                    "tricks_taken": list(d.taken), "deal_points": list(d.points),
                    "scores": view["scores"], "open_contracts": view["open_contracts"],
                    "quota_left": view["quota_left"], "tricks": tricks[:k],
                    "trick": {"leader": tricks[k]["leader"] if at else s,
                              "cards": tricks[k]["cards"][:at]},
                }
                self.row_of.append(len(rows))
                rows.append(seen_features(seen, enc))
            d.hands[s] |= 1 << c  # so that playing it takes it out again
            d.play(c)
        at_ = network.net.at
        self.templates = np.stack(rows) if rows else np.zeros((0, at_["legal"]), np.float32)
        self.hand_at = at_["hand"]
        self.width = at_["habit"] + CARDS

    def log_ratios(self, worlds: list[list[int]]) -> list[float]:
        """Per world (the hands still held), the log of the network's likelihood of the other
        seats' plays over the basic policy's as the world chains weigh them (each seat's error
        rate integrated out: :meth:`.sim.WorldFit.log_weight` without the chooser's
        contract)."""
        fit = self.fit
        me, seats, cards, row_of = fit.me, fit.seats, fit.played, self.row_of
        which: list[int] = []   # per play with a choice: its template
        hands: list[int] = []
        legals: list[int] = []
        habits: list[int] = []
        chosen: list[int] = []
        owner: list[int] = []   # per play with a choice: its world
        for w, now in enumerate(worlds):
            d = fit.blank.copy()
            d.hands = [now[s] | fit.played_by[s] for s in range(4)]
            for i in range(len(cards)):
                s, c = seats[i], cards[i]
                if s != me:
                    legal = d.legal()
                    if legal & (legal - 1):
                        which.append(row_of[i])
                        hands.append(d.hands[s])
                        legals.append(legal)
                        habits.append(basic_card(d, legal))
                        chosen.append(c)
                        owner.append(w)
                d.play(c)
        net_log = self._network_log(which, hands, legals, habits, chosen, owner, len(worlds))
        return [net_log[w] - fit.log_weight(now, with_choice=False)
                for w, now in enumerate(worlds)]

    def _network_log(self, which: list[int], hands: list[int], legals: list[int],
                     habits: list[int], chosen: list[int], owner: list[int], n_worlds: int
                     ) -> list[float]:
        """Per world, the log-likelihood of its weighed plays under the network's softmax
        (mixed with ``epsilon`` shared out evenly), all plays in one batch."""
        if not which:
            return [0.0] * n_worlds
        x = np.zeros((len(which), self.width), np.float32)
        x[:, :self.templates.shape[1]] = self.templates[which]
        x[:, self.hand_at:self.hand_at + CARDS] = _unpack(hands)
        at = self.network.net.at
        legal = _unpack(legals)
        x[:, at["legal"]:at["legal"] + CARDS] = legal
        x[np.arange(len(which)), at["habit"] + np.array(habits)] = 1.0
        f = card_features(x, at)
        rows, cols = np.nonzero(legal)
        net = self.network.net
        scores = net.forward(f[rows, cols, :])[-1][:, 0].astype(np.float64)
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        n_legal = np.diff(np.r_[starts, len(rows)])
        top = np.maximum.reduceat(scores, starts)
        exp = np.exp(scores - np.repeat(top, n_legal))
        total = np.add.reduceat(exp, starts)
        played = cols == np.repeat(np.array(chosen), n_legal)
        chance = np.add.reduceat(exp * played, starts) / total
        eps = self.epsilon
        logp = np.log((1 - eps) * chance + eps / n_legal)
        out = np.zeros(n_worlds)
        np.add.at(out, np.array(owner), logp)
        return [float(v) for v in out]


def weights(log_ratios: list[float], power: float) -> list[float]:
    """Importance weights from log ratios raised to ``power``, the largest 1."""
    if not log_ratios:
        return []
    top = max(log_ratios)
    return [math.exp(power * (v - top)) for v in log_ratios]


__all__ = ["PlayLikelihood", "weights"]
