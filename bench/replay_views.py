"""Benchmark (not a test): what one replay costs the server (kingscourt/server/live/replay.py).

For one random full game of each game: the time to rebuild its replay (the engine's replay of
the record, a checkpoint every EVERY versions) and the time of one uncached view at every
version (a checkpoint's clone and at most EVERY - 1 actions), each seat's and the open one in
turn: the median and the slowest.

    .venv/bin/python bench/replay_views.py
"""

from __future__ import annotations

import random
import statistics
import time

import kingscourt
from kingscourt.server.live.replay import EVERY, build
from kingscourt.server.store.store import History, SeatData

GAMES = (("king", 4), ("kukakoenig", 4), ("uchokrola", 4))


def main() -> None:
    print(f"checkpoint every {EVERY} versions")
    for name, players in GAMES:
        game = kingscourt.load_game(name)
        state = game.new_state(players=players, seed=3)
        rng = random.Random(1)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        record = state.record()
        seats = [SeatData(s, "bot", "random", None, "Bot (random)", True) for s in range(players)]
        history = History("finished", name, seats, record, ["bot"] * len(record["actions"]), None)
        start = time.perf_counter()
        replay = build("bench", history)
        built = time.perf_counter() - start
        times = []
        for version in range(replay.last + 1):
            seat_or_open = version % (players + 1)
            start = time.perf_counter()
            replay.view(version, seat_or_open if seat_or_open < players else None)
            times.append(time.perf_counter() - start)
        print(f"{name:11s} {replay.last:5d} actions: rebuilt in {built * 1000:6.1f} ms; one view "
              f"p50 {statistics.median(times) * 1000:.2f} ms, slowest {max(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
