"""Benchmark (not a test): King's speed against OpenSpiel's C++ Hearts, compiled and pure.

Measured in one run, in interleaved slices so that the machine's load falls on every side
alike: random play, in actions per second (a seat's decisions: a card, a pass, a contract;
chance nodes are not counted, but their time is) and in deals per second, of

- **Hearts**: OpenSpiel's C++ ``hearts`` driven from the plainest Python loop
  (``random.choice`` over ``legal_actions()`` / ``chance_outcomes()``, ``apply_action``), the
  reference (its 52 cards dealt by chance nodes, 12 passed cards and 52 played a deal);
- **King, public API**: random full 20-deal matches through ``to_move`` / ``legal_actions``
  / ``apply`` (a choice and 52 cards a deal, the cards dealt inside the engine);
- **King, pyspiel wrapper**: random full matches through ``pyspiel.load_game(
  "python_kingscourt_king")`` driven by the same loop as Hearts (its 52 cards a deal dealt
  by chance nodes, as Hearts deals);
- **pybind floor**: a Python pyspiel game shaped as King (20 deals of 52 chance nodes and 47
  moves, King's mean in random play) that does nothing but copy lists made beforehand, driven
  by the same loop: what any Python game costs through pybind (the C++ ``apply_action`` calls
  back into Python twice, ``current_player`` and ``_apply_action``), the wrapper's ceiling;

and the strong bot's search iterations per second (``StrongBot`` on a fixed set of King
positions), each with the compiled core (``make`` builds it, see ``kingscourt/_compiled.py``)
and with the pure-Python package (``KINGSCOURT_PURE=1``). Each side runs in its own worker
process; every round measures each of them for ``--slice`` seconds in turn (Hearts before and
after the others), and the report gives per-round ratios as median [min–max].

    .venv/bin/python bench/king_engine.py [--rounds 5] [--slice 1.0] [--also DIR]

``--also DIR`` adds another checkout of kingscourt (run pure), e.g. an older commit, to
compare before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- worker side
def _spiel_deals(game: Any, seconds: float, seed: int,
                 deals_per_game: int) -> tuple[int, int, float]:
    """Random games of an OpenSpiel game from a Python loop: (deals, actions, elapsed)."""
    import random

    rng = random.Random(seed)
    choice = rng.choice
    deals = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                actions += 1
        deals += deals_per_game
    return deals, actions, time.process_time() - start


#: King's moves per deal in random play (944 a 20-deal match: penalty deals end early)
FLOOR_MOVES = 47


class _Floor:
    """The pybind floor: a Python pyspiel game shaped as King (20 deals of 52 chance nodes,
    as King deals, and :data:`FLOOR_MOVES` moves) whose own work is nothing but copying lists
    made beforehand: what ``apply_action`` through pybind into any Python game costs, with the
    same loop as Hearts and King."""

    def __init__(self) -> None:
        import pyspiel

        outcomes = [[(c, 1.0 / n) for c in range(52 - n, 52)] if n else []
                    for n in range(53)]
        legal = list(range(7))
        king = pyspiel.load_game("python_kingscourt_king")
        deal = 52 + FLOOR_MOVES

        class State(pyspiel.State):  # type: ignore[misc]
            def __init__(self) -> None:
                super().__init__(king)
                self.step = 0

            def current_player(self) -> int:
                return -1 if self.step % deal < 52 else 0

            def is_chance_node(self) -> bool:
                return self.step % deal < 52

            def is_terminal(self) -> bool:
                return self.step >= 20 * deal

            def chance_outcomes(self) -> list[tuple[int, float]]:
                return outcomes[52 - self.step % deal].copy()

            def legal_actions(self) -> list[int]:
                return legal.copy()

            def _apply_action(self, action: int) -> None:
                self.step += 1

        self.new_initial_state = State


def _king_api(seconds: float, seed: int) -> tuple[int, int, float]:
    """Random full King matches through the public API: (deals, actions, elapsed)."""
    import random

    import kingscourt

    game = kingscourt.load_game("king")
    rng = random.Random(seed)
    choice = rng.choice
    per_game = game.rules.deals
    deals = actions = 0
    start = time.process_time()
    match = seed * 100_000
    while time.process_time() - start < seconds:
        state = game.new_state(seed=match)
        match += 1
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, choice(state.legal_actions(seat)))
            actions += 1
        deals += per_game
    return deals, actions, time.process_time() - start


class _Bot:
    """StrongBot decisions on fixed King positions, round-robin: iterations per second."""

    def __init__(self) -> None:
        import random

        import kingscourt
        from kingscourt.bots.ismcts import StrongBot

        game = kingscourt.load_game("king")
        rng = random.Random(5)
        state = game.new_state(seed=3)
        self.views: list[Any] = []
        while len(self.views) < 12:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                self.views.append(state.view(seat))
            state.apply(seat, rng.choice(legal))
        self.bot = StrongBot(game, seed=1, iterations=200)
        self.next = 0

    def run(self, seconds: float) -> tuple[int, int, float]:
        iterations = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.bot.choose(self.views[self.next % len(self.views)])
            self.next += 1
            iterations += self.bot.last_iterations
        return iterations, iterations, time.process_time() - start


def worker() -> None:
    """Answer {"task", "seconds"} lines on stdin with {"count", "actions", "elapsed"} lines."""
    import pyspiel

    import kingscourt
    import kingscourt.interop.openspiel  # registers the wrapper

    try:
        from kingscourt import _compiled
        compiled, reason = _compiled.ACTIVE, _compiled.REASON
    except ImportError:  # a checkout from before the compiled core
        compiled, reason = False, "none in this checkout"

    deals = kingscourt.load_game("king").rules.deals
    tasks: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        "hearts": lambda s, k: _spiel_deals(pyspiel.load_game("hearts"), s, k, 1),
        "api": _king_api,
        "wrapper": lambda s, k: _spiel_deals(pyspiel.load_game("python_kingscourt_king"), s, k,
                                             deals),
        "floor": lambda s, k: _spiel_deals(_Floor(), s, k, 20),
    }
    bot: _Bot | None = None
    print(json.dumps({"compiled": compiled, "reason": reason,
                      "where": str(Path(kingscourt.__file__).parent)}), flush=True)
    for n, line in enumerate(sys.stdin):
        ask = json.loads(line)
        if ask["task"] == "bot":
            bot = bot or _Bot()
            count, actions, elapsed = bot.run(ask["seconds"])
        else:
            count, actions, elapsed = tasks[ask["task"]](ask["seconds"], n)
        print(json.dumps({"count": count, "actions": actions, "elapsed": elapsed}), flush=True)


# ---------------------------------------------------------------- driver side
class Worker:
    def __init__(self, label: str, root: Path, pure: bool) -> None:
        env = dict(os.environ, PYTHONPATH=str(root))
        env.pop("KINGSCOURT_PURE", None)
        if pure:
            env["KINGSCOURT_PURE"] = "1"
        self.label = label
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], cwd=root, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.info = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"worker {self.label} died")
        out: dict[str, Any] = json.loads(line)
        return out

    def rate(self, task: str, seconds: float) -> tuple[float, float]:
        """(deals or iterations, actions) per second."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"task": task, "seconds": seconds}) + "\n")
        self.proc.stdin.flush()
        got = self._read()
        elapsed = float(got["elapsed"])
        return float(got["count"]) / elapsed, float(got["actions"]) / elapsed

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def spread(values: list[float], fmt: str = "{:.2f}") -> str:
    return f"{fmt.format(statistics.median(values))} [{fmt.format(min(values))}–{fmt.format(max(values))}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    ap.add_argument("--slice", type=float, default=1.0, help="seconds per measurement")
    ap.add_argument("--also", type=Path, help="another kingscourt checkout to compare (pure)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker()
        return
    workers = [Worker("compiled", REPO, pure=False)]
    if workers[0].info["compiled"]:
        workers.append(Worker("pure", REPO, pure=True))
    else:
        workers[0].label = "pure"
    if args.also:
        workers.append(Worker(f"{args.also}", args.also.resolve(), pure=True))
    ref = workers[0]
    print(f"kingscourt at {ref.info['where']}; compiled core: {ref.info['reason']}")
    print(f"{args.rounds} rounds, {args.slice:.1f} s per measurement, interleaved")
    hearts: list[float] = []
    hearts_actions: list[float] = []
    rates: dict[tuple[str, str, str], list[float]] = {}
    ratios: dict[tuple[str, str, str], list[float]] = {}
    for _ in range(args.rounds):
        before = ref.rate("hearts", args.slice)
        got = {(w.label, task): w.rate(task, args.slice)
               for task in ("api", "wrapper", "bot") for w in workers}
        got[(ref.label, "floor")] = ref.rate("floor", args.slice)
        after = ref.rate("hearts", args.slice)
        h = ((before[0] + after[0]) / 2, (before[1] + after[1]) / 2)
        hearts.append(h[0])
        hearts_actions.append(h[1])
        for (label, task), (per_deal, per_action) in got.items():
            for unit, value, ref_value in (("deal", per_deal, h[0]),
                                           ("action", per_action, h[1])):
                rates.setdefault((label, task, unit), []).append(value)
                ratios.setdefault((label, task, unit), []).append(value / ref_value)
        for task in ("api", "wrapper", "bot"):
            for w in workers[1:]:
                ratios.setdefault((w.label, task, "/" + ref.label), []).append(
                    got[(ref.label, task)][0] / got[(w.label, task)][0])
    for w in workers:
        w.close()
    print(f"Hearts (OpenSpiel C++, Python loop): {spread(hearts_actions, '{:.0f}')} actions/s, "
          f"{spread(hearts, '{:.0f}')} deals/s")
    for task, what in (("api", "King, public API"), ("wrapper", "King, pyspiel wrapper")):
        for w in workers:
            print(f"{what:22s} {w.label:9s}: "
                  f"{spread(rates[(w.label, task, 'action')], '{:.0f}')} actions/s = "
                  f"{spread(ratios[(w.label, task, 'action')])} × Hearts; "
                  f"{spread(rates[(w.label, task, 'deal')], '{:.0f}')} deals/s = "
                  f"{spread(ratios[(w.label, task, 'deal')])} × Hearts")
    print(f"{'pybind floor':22s} {'':9s}: "
          f"{spread(rates[(ref.label, 'floor', 'action')], '{:.0f}')} actions/s = "
          f"{spread(ratios[(ref.label, 'floor', 'action')])} × Hearts; "
          f"{spread(rates[(ref.label, 'floor', 'deal')], '{:.0f}')} deals/s = "
          f"{spread(ratios[(ref.label, 'floor', 'deal')])} × Hearts")
    for w in workers:
        print(f"{'StrongBot search':22s} {w.label:9s}: "
              f"{spread(rates[(w.label, 'bot', 'deal')], '{:.0f}')} iterations/s")
    print(f"side by side ({ref.label}), × Hearts per action | per deal:")
    for task, what in (("api", "public API"), ("wrapper", "pyspiel wrapper"),
                       ("floor", "pybind floor")):
        print(f"  {what:16s} {spread(ratios[(ref.label, task, 'action')])} | "
              f"{spread(ratios[(ref.label, task, 'deal')])}")
    for w in workers[1:]:
        print(f"{ref.label} / {w.label}: " + ", ".join(
            f"{task} {spread(ratios[(w.label, task, '/' + ref.label)])}×"
            for task in ("api", "wrapper", "bot")))


if __name__ == "__main__":
    main()
