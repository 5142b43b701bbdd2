"""Fits the King strong bot's learned rollout policy (``kingscourt/games/king/bots/data/
king_rollout.json``, read by :mod:`kingscourt.games.king.bots.strong` with ``rollout=learned``):

    python -m tools.king_rollout --matches 40 --jobs 2 [--first 5000] [--out PATH]

The rollout policy scores each legal card linearly on a few features read off the simulated
deal's masks (:func:`kingscourt.games.king.bots.sim.card_features`), one weight vector per
contract, and plays the card of the highest score: a playout card costs microseconds, where
the learned network (:mod:`kingscourt.games.king.bots.learned`) takes about a millisecond.
It is distilled from that network: 20-deal matches are played (each seat plays the network's
card, the basic policy's or a random one: 70/15/15 %, so that the positions vary; contracts
by the basic bot), and at every card decision with a choice the network's softmax over the
legal cards (from the seat's own view) is the target of a multinomial logistic regression on
the features of those cards in the true deal (cross-entropy, Adam in numpy). A tenth of the
matches is held back to report how often the policy picks the network's card (and the basic
policy, for comparison). Keep the seeds apart from the benchmarks' (``bench/bots.py`` plays
seeds 1000 on, the cost tables' fit 3030 on).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import kingscourt
from kingscourt.games.king.bots.basic import KingBasicBot
from kingscourt.games.king.bots.learned import network
from kingscourt.games.king.bots.sim import (
    N_FEATURES,
    ROLLOUT_FEATURES,
    Deal,
    basic_card,
    card_features,
    hands_of,
)
from kingscourt.games.king.bots.strong import ROLLOUT_WEIGHTS
from kingscourt.games.king.cards import CARD_OF_TEXT, CARD_TEXT, parse_hand
from kingscourt.games.king.contracts import Contract

MOST = 13  # legal cards at most


def play_match(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One match's card decisions with a choice: per decision the contract, the features of
    each legal card (padded to :data:`MOST`), which are legal, the network's softmax over them
    and the basic policy's card (its index)."""
    game = kingscourt.load_game("king")
    net = network(game)
    basic = KingBasicBot(game, seed=seed)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    kinds, feats, masks, targets, habits = [], [], [], [], []
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        legal = view["legal"]
        if view["phase"] == "choose" or len(legal) == 1:
            state.apply(seat, basic.choose(view) if len(legal) > 1 else legal[0])
            continue
        cards = sorted(CARD_OF_TEXT[a.split()[1]] for a in legal)
        scores = net.scores(view).astype(np.float64)[cards]
        soft = np.exp(scores - scores.max())
        soft /= soft.sum()
        d = Deal.from_view(game.rules, view, hands_of([state.hand(s) for s in range(4)]))
        habit = basic_card(d, parse_hand([a.split()[1] for a in legal]))
        f = np.zeros((MOST, N_FEATURES))
        for i, c in enumerate(cards):
            f[i] = card_features(d, c, habit)
        m = np.zeros(MOST, bool)
        m[:len(cards)] = True
        t = np.zeros(MOST)
        t[:len(cards)] = soft
        kinds.append(d.kind)
        feats.append(f)
        masks.append(m)
        targets.append(t)
        habits.append(cards.index(habit))
        draw = rng.random()
        if draw < 0.70:
            pick = cards[int(np.argmax(scores))]
        elif draw < 0.85:
            pick = habit
        else:
            pick = rng.choice(cards)
        state.apply(seat, f"play {CARD_TEXT[pick]}")
    return (np.array(kinds), np.array(feats), np.array(masks), np.array(targets),
            np.array(habits))


def fit(kinds: np.ndarray, feats: np.ndarray, masks: np.ndarray, targets: np.ndarray,
        steps: int, lr: float, decay: float, seed: int) -> np.ndarray:
    """Per contract kind, the weights of a softmax over the legal cards' linear scores that
    fits ``targets`` (cross-entropy, Adam, full batch)."""
    rng = np.random.default_rng(seed)
    w = rng.normal(0, 0.01, (len(Contract), N_FEATURES))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    onehot = np.eye(len(Contract))[kinds]  # decisions × kinds
    n = len(kinds)
    for step in range(1, steps + 1):
        wk = w[kinds]  # decisions × features
        s = np.einsum("dcf,df->dc", feats, wk)
        s = np.where(masks, s, -np.inf)
        p = np.exp(s - s.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        diff = p - targets  # d loss / d score
        g_dk = np.einsum("dc,dcf->df", diff, feats) / n
        grad = onehot.T @ g_dk + decay * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return w


def report(w: np.ndarray, kinds: np.ndarray, feats: np.ndarray, masks: np.ndarray,
           targets: np.ndarray, habits: np.ndarray) -> dict[str, float]:
    s = np.where(masks, np.einsum("dcf,df->dc", feats, w[kinds]), -np.inf)
    teacher = np.where(masks, targets, -1.0).argmax(axis=1)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    ce = -(targets * np.log(np.where(masks, p, 1.0))).sum(axis=1).mean()
    return {"decisions": float(len(kinds)),
            "policy_top": float((s.argmax(axis=1) == teacher).mean()),
            "basic_top": float((habits == teacher).mean()),
            "cross_entropy": float(ce)}


def write(path: Path, w: np.ndarray, fit: dict[str, Any]) -> None:
    """The weights as JSON, a contract's row on a line."""
    rows = ",\n  ".join(json.dumps([round(float(x), 6) + 0.0 for x in row]) for row in w)
    path.write_text(
        f'{{\n "features": {json.dumps(list(ROLLOUT_FEATURES))},\n'
        f' "kinds": {json.dumps([c.info.id for c in Contract])},\n'
        f' "weights": [\n  {rows}\n ],\n "fit": {json.dumps(fit)}\n}}\n')


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--first", type=int, default=5000, help="the first match's seed")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--decay", type=float, default=1e-4, help="weight decay")
    ap.add_argument("--out", type=Path, default=ROLLOUT_WEIGHTS)
    args: Any = ap.parse_args(argv)
    t = time.perf_counter()
    seeds = list(range(args.first, args.first + args.matches))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        matches = list(pool.map(play_match, seeds))
    print(f"{args.matches} matches played [{time.perf_counter() - t:.0f} s]", flush=True)
    held = max(1, len(matches) // 10)

    def stack(part: list[Any]) -> list[np.ndarray]:
        return [np.concatenate([m[i] for m in part]) for i in range(5)]

    train, test = stack(matches[held:]), stack(matches[:held])
    w = fit(*train[:4], steps=args.steps, lr=args.lr, decay=args.decay, seed=0)
    fitted, held_out = report(w, *train), report(w, *test)
    print("fitted  ", fitted)
    print("held out", held_out)
    write(args.out, w, {"matches": args.matches, "first_seed": args.first,
                        "held_out": held_out})
    print(f"written {args.out} [{time.perf_counter() - t:.0f} s]")


if __name__ == "__main__":
    main()
