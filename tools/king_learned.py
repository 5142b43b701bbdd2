"""Trains the ``learned`` King bot's network (``kingscourt/games/king/bots/data/
king_learned.npz``, read by :mod:`kingscourt.games.king.bots.learned`) in two steps:

    python -m tools.king_learned data --matches 80 --jobs 2 --out /tmp/king_cards.npz
    python -m tools.king_learned train /tmp/king_cards.npz [--epochs 12] [--hidden 256,256]

(the shipped weights: ``data --matches 160``, seeds 0-159, and ``train`` with the defaults).

``data`` plays 20-deal matches in which one or two seats are the strong bot (its served work
budget, deterministic: the match's seed) and the others the basic bot, and records each of the
strong seats' card decisions with more than one legal card: the network's input
(:func:`~kingscourt.games.king.bots.learned.features`, from the seat's view alone) and the
strong bot's value of every legal card (its expected margin at the end of the deal). With
``--student`` those seats play the learned bot's card instead, so that the data holds the
positions its own play reaches (DAgger; 40 such matches added to the 160 measured no better).
``train`` fits the network by distillation (cross-entropy against the softmax of the values at
:data:`TEMPERATURE` points, over the legal cards only) with Adam in numpy, holds back a tenth
of the matches to report how often it picks the strong bot's card, and writes the weights.
Keep the data's seeds apart from the benchmark's (``bench/bots.py`` plays seeds 1000 on).
"""

from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import kingscourt
from kingscourt.bots import load
from kingscourt.games.king.bots.basic import KingBasicBot
from kingscourt.games.king.bots.learned import (
    TEMPERATURE,
    WEIGHTS,
    KingLearnedBot,
    Net,
    card_features,
    features,
    input_offsets,
    weights_digest,
)
from kingscourt.games.king.cards import CARD_OF_TEXT
from kingscourt.interop.tensors import encoder

#: the strong bot's served work budget (the manifest's ``play_budgets``, without the clock)
TEACHER = {"iterations": 640, "chain": 960, "choice_worlds": 3000}


def play_match(seed: int, student: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One match: the inputs, the values (NaN where illegal) and the match of each decision.
    With ``student`` the recorded seats play the learned bot's card (the strong bot still
    values every legal one), so the data holds the positions the network's own play reaches
    (DAgger)."""
    game = kingscourt.load_game("king")
    learner = KingLearnedBot(game, seed=seed) if student else None
    enc = encoder(game)
    habits = KingBasicBot(game, seed=0)
    state = game.new_state(seed=seed)
    strong = {seed % 4} | ({(seed + 2) % 4} if seed % 2 else set())
    bots = [load("strong", game, seed=seed * 10 + s, **TEACHER) if s in strong
            else load("basic", game, seed=seed * 10 + s) for s in range(4)]
    xs, vs = [], []
    while not state.is_over():
        seat = state.to_move()[0]
        view = state.view(seat)
        if seat in strong and view["phase"] == "play" and len(view["legal"]) > 1:
            analysis = bots[seat].analyse(view)  # type: ignore[attr-defined]
            values = np.full(52, np.nan, np.float32)
            for a, v in analysis.values:
                values[CARD_OF_TEXT[a.split()[1]]] = v
            xs.append(features(view, enc, habits))
            vs.append(values)
            action = learner.card(view) if learner is not None else analysis.preferred
        else:
            action = bots[seat].choose(view)
        state.apply(seat, action)
    return np.array(xs), np.array(vs), np.full(len(xs), seed, np.int32)


def data(matches: int, first: int, jobs: int, out: Path, student: bool) -> None:
    start = time.perf_counter()
    xs, vs, ms = [], [], []
    seeds = range(first, first + matches)
    with ProcessPoolExecutor(jobs) as pool:
        for i, (x, v, m) in enumerate(pool.map(play_match, seeds, [student] * matches)):
            xs.append(x)
            vs.append(v)
            ms.append(m)
            print(f"match {i + 1}/{matches}: {len(x)} decisions, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
            if (i + 1) % 8 == 0 or i + 1 == matches:
                np.savez_compressed(out, x=np.concatenate(xs), v=np.concatenate(vs),
                                    match=np.concatenate(ms))


def _targets(v: np.ndarray, temperature: float) -> np.ndarray:
    z = np.where(np.isnan(v), -np.inf, v / temperature)
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    out: np.ndarray = p / p.sum(axis=1, keepdims=True)
    return out


def _scores(params: dict[str, np.ndarray], x: np.ndarray, at: dict[str, int]) -> np.ndarray:
    net = Net(params, at)
    return np.concatenate([net.scores(x[a:a + 4096]) for a in range(0, len(x), 4096)])


def _legal_rows(x: np.ndarray, legal: np.ndarray, at: dict[str, int]) -> np.ndarray:
    """The card features of the legal cards only (decision by decision, cards in order): the
    network never scores an illegal card, and there are about eight times fewer legal ones."""
    rows = []
    for a in range(0, len(x), 2048):
        f = card_features(x[a:a + 2048], at)
        rows.append(f[legal[a:a + 2048]])
    return np.concatenate(rows)


def train(paths: list[Path], hidden: list[int], epochs: int, lr: float, seed: int,
          temperature: float, decay: float, weighted: bool, out: Path) -> None:
    at = input_offsets(encoder(kingscourt.load_game("king")))
    parts = [np.load(p) for p in paths]
    x = np.concatenate([d["x"] for d in parts]).astype(np.float32)
    v = np.concatenate([d["v"] for d in parts])
    match = np.concatenate([d["match"] for d in parts])
    target, legal = _targets(v, temperature), ~np.isnan(v)
    rng = np.random.default_rng(seed)
    matches = np.unique(match)
    held = np.isin(match, rng.permutation(matches)[: max(1, len(matches) // 10)])
    habit = x[held][:, at["habit"]:at["habit"] + 52]
    print(f"{len(x)} decisions from {len(matches)} matches, {held.sum()} held back; the basic "
          f"bot's card: {_report(v[held], habit)}")
    tx, tv, tl = x[~held], v[~held], legal[~held]
    rows = _legal_rows(tx, tl, at)  # rows of decision 0's legal cards, then decision 1's ...
    count = tl.sum(axis=1)
    first = np.concatenate([[0], np.cumsum(count)[:-1]])
    aims = target[~held][tl].astype(np.float32)  # each row's target probability
    sizes = [rows.shape[1], *hidden, 1]
    params: dict[str, np.ndarray] = {}
    for i, (a, b) in enumerate(itertools.pairwise(sizes)):
        params[f"w{i}"] = (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
        params[f"b{i}"] = np.zeros(b, np.float32)
    m = {k: np.zeros_like(p) for k, p in params.items()}
    s = {k: np.zeros_like(p) for k, p in params.items()}
    n_layers = len(sizes) - 1
    # a decision weighs by how much its choice matters (the spread of its cards' values)
    spread = np.nanmax(tv, axis=1) - np.nanmin(tv, axis=1)
    tw = (spread / spread.mean() if weighted else np.ones(len(tv))).astype(np.float32)
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(tx))
        rate = lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        for a in range(0, len(order), 256):
            idx = order[a:a + 256]
            n = count[idx]
            starts = np.concatenate([[0], np.cumsum(n)[:-1]])  # each decision's first row here
            pick = np.repeat(first[idx] - starts, n) + np.arange(n.sum())
            hs = Net(params, at).forward(rows[pick])
            logits = hs[-1][:, 0]
            top = np.maximum.reduceat(logits, starts)
            p = np.exp(logits - np.repeat(top, n))
            p /= np.repeat(np.add.reduceat(p, starts), n)
            g = ((p - aims[pick]) * np.repeat(tw[idx], n) / len(idx))[:, None]
            grads: dict[str, np.ndarray] = {}
            for i in reversed(range(n_layers)):
                grads[f"w{i}"] = hs[i].T @ g
                grads[f"b{i}"] = g.sum(axis=0)
                if i:
                    g = (g @ params[f"w{i}"].T) * (hs[i] > 0)
            step += 1
            for k in params:  # Adam, with decoupled weight decay on the weights
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                s[k] = 0.999 * s[k] + 0.001 * grads[k] ** 2
                mh = m[k] / (1 - 0.9 ** step)
                sh = s[k] / (1 - 0.999 ** step)
                if k.startswith("w"):
                    params[k] *= np.float32(1 - rate * decay)
                params[k] -= (rate * mh / (np.sqrt(sh) + 1e-8)).astype(np.float32)
        some = slice(0, 20000)
        trained = _report(tv[some], _scores(params, tx[some], at))
        kept = _report(v[held], _scores(params, x[held], at))
        print(f"epoch {epoch + 1}: train {trained}, held back {kept}", flush=True)
    np.savez_compressed(out, **params)  # type: ignore[arg-type]
    print(f"wrote {out} ({out.stat().st_size / 1e6:.2f} MB), sha256 {weights_digest(out)}")


def _report(v: np.ndarray, scores: np.ndarray) -> str:
    """How often the highest score is a card the strong bot values best (ties included), and
    the mean points it gives up against that card by the strong bot's values."""
    pick = np.where(np.isnan(v), -np.inf, scores).argmax(axis=1)
    chosen = v[np.arange(len(v)), pick]
    best = np.nanmax(v, axis=1)
    return f"best {np.mean(chosen >= best - 1e-6):.3f}, regret {np.mean(best - chosen):.2f}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data", help="play matches and record the strong bot's card values")
    d.add_argument("--matches", type=int, default=80)
    d.add_argument("--first", type=int, default=0, help="the first match's seed")
    d.add_argument("--jobs", type=int, default=2)
    d.add_argument("--out", type=Path, required=True)
    d.add_argument("--student", action="store_true",
                   help="the recorded seats play the shipped network's card (DAgger)")
    t = sub.add_parser("train", help="fit the network to recorded decisions")
    t.add_argument("data", type=Path, nargs="+")
    t.add_argument("--hidden", type=lambda s: [int(n) for n in s.split(",")], default=[256, 256])
    t.add_argument("--epochs", type=int, default=12)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--temperature", type=float, default=TEMPERATURE)
    t.add_argument("--decay", type=float, default=1e-4, help="weight decay")
    t.add_argument("--weighted", action="store_true",
                   help="each decision weighs by its values' spread (default: all the same; "
                        "it measured worse: +645 against +704 over 32 games)")
    t.add_argument("--out", type=Path, default=WEIGHTS)
    args: Any = ap.parse_args(argv)
    if args.cmd == "data":
        data(args.matches, args.first, args.jobs, args.out, args.student)
    else:
        train(args.data, args.hidden, args.epochs, args.lr, args.seed, args.temperature,
              args.decay, args.weighted, args.out)


if __name__ == "__main__":
    main()
