"""Duplicate games: every seeded game (for King a whole match of 20 deals, for the other games a
whole game) is played once per distinct rotation of the bots through the seats, so the luck of
the cards cancels out; statistics are taken over seeds, the pairing unit, with Student's t
interval for their number (a line-up with equal bots has rotations that seat them alike: each
distinct seating is played once)."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from scipy.stats import t as t_dist  # type: ignore[import-untyped]

from .checks import check_run
from .match import GameResult, play_game

#: what one pairing unit is, for labels: every seed is a full game of the game
UNIT = "game"


@dataclass(frozen=True, slots=True)
class BotResult:
    bot: str
    games: int
    mean: float
    ci95: float
    win_rate: float
    decisions: int
    ms_per_decision: float


@dataclass(frozen=True, slots=True)
class Margin:
    """Mean score of ``bot`` minus that of ``versus`` per duplicate deal."""

    bot: str
    versus: str
    deals: int
    mean: float
    ci95: float

    @property
    def significant(self) -> bool:
        return abs(self.mean) > self.ci95


@dataclass(frozen=True, slots=True)
class ArenaResult:
    game: str
    rules: dict[str, Any]
    bots: list[str]
    deals: int
    seed: int
    results: list[BotResult]
    margins: list[Margin]
    games: list[GameResult]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "rules": self.rules, "bots": self.bots, "deals": self.deals,
            "seed": self.seed,
            "results": [asdict(r) for r in self.results],
            "margins": [dict(asdict(m), significant=m.significant) for m in self.margins],
            "games": [asdict(g) for g in self.games],
        }


def ci95(values: list[float]) -> float:
    """Half-width of the 95% confidence interval of the mean (Student's t, n - 1 degrees)."""
    if len(values) < 2:
        return math.inf
    n = len(values)
    return float(t_dist.ppf(0.975, n - 1)) * statistics.stdev(values) / math.sqrt(n)


def rotations(bots: list[str]) -> list[int]:
    """The rotations that seat the bots differently (equal bots make some of them the same)."""
    n = len(bots)
    seen: dict[tuple[str, ...], int] = {}
    for r in range(n):
        seen.setdefault(tuple(bots[(s - r) % n] for s in range(n)), r)
    return sorted(seen.values())


def _task(args: tuple[str, dict[str, Any], list[str], int, int]) -> GameResult:
    return play_game(*args)


def run_arena(game: str, bots: list[str], deals: int, seed: int = 0,
              rules: dict[str, Any] | None = None, jobs: int = 1,
              progress: Callable[[GameResult], None] | None = None) -> ArenaResult:
    """Plays ``deals`` duplicate games from ``seed``; ``progress`` hears of each game as it ends
    (with ``jobs`` > 1 in the order they end). Raises :class:`~.checks.ArenaError` (a
    ValueError) before playing for an input it refuses."""
    rules = rules or {}
    check_run(game, bots, deals, seed, rules, jobs)
    tasks = [(game, rules, bots, seed + d, r) for d in range(deals) for r in rotations(bots)]
    games: list[GameResult] = []

    def collect(results: Iterator[GameResult]) -> None:
        for g in results:
            games.append(g)
            if progress:
                progress(g)

    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            collect(f.result() for f in as_completed([pool.submit(_task, t) for t in tasks]))
    else:
        collect(map(_task, tasks))
    games.sort(key=lambda g: (g.seed, g.rotation))
    return summarize(game, rules, bots, deals, seed, games)


def summarize(game: str, rules: dict[str, Any], bots: list[str], deals: int, seed: int,
              games: list[GameResult]) -> ArenaResult:
    labels = list(dict.fromkeys(bots))
    per_deal: dict[str, dict[int, list[float]]] = {b: defaultdict(list) for b in labels}
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    decisions: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    for g in games:
        for s, label in enumerate(g.seating):
            per_deal[label][g.seed].append(g.scores[s])
            seats[label] += 1
            decisions[label] += g.decisions[s]
            seconds[label] += g.seconds[s]
            if s in g.winners:
                wins[label] += 1 / len(g.winners)
    results = []
    for label in labels:
        means = [statistics.mean(v) for v in per_deal[label].values()]
        results.append(BotResult(
            bot=label, games=seats[label], mean=statistics.mean(means) if means else 0.0,
            ci95=ci95(means), win_rate=wins[label] / seats[label] if seats[label] else 0.0,
            decisions=decisions[label],
            ms_per_decision=1000 * seconds[label] / decisions[label] if decisions[label] else 0.0))
    margins = []
    first = labels[0]
    for other in labels[1:]:
        diffs = [statistics.mean(per_deal[first][d]) - statistics.mean(per_deal[other][d])
                 for d in per_deal[first] if d in per_deal[other]]
        margins.append(Margin(first, other, len(diffs),
                              statistics.mean(diffs) if diffs else 0.0, ci95(diffs)))
    return ArenaResult(game, rules, bots, deals, seed, results, margins, games)
