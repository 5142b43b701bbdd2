"""Golden playthroughs, in the manner of OpenSpiel's: one seeded game of each game, written step
by step (the seats to move, a digest of every view, the legal actions, the action taken), so that
any change to rules, views or notation shows up as a readable diff of ``tests/playthroughs/``.

Regenerate them after a deliberate change, and read the diff before committing it::

    .venv/bin/python -m tests.playthrough --write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import kingscourt

HERE = Path(__file__).parent / "playthroughs"

#: name -> (load_game keywords, new_state keywords); one seeded game each
GAMES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "king": ({}, {"seed": 1}),
    "kukakoenig": ({}, {"players": 3, "seed": 1}),
    "uchokrola": ({}, {"players": 4, "seed": 1}),
}


def digest(view: Any) -> str:
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def playthrough(name: str) -> str:
    """The playthrough of ``name``'s seeded game, as text; actions drawn by a seeded RNG."""
    rules, setup = GAMES[name]
    state = kingscourt.load_game(name, **rules).new_state(**setup)
    rng = random.Random(f"playthrough/{name}")
    seats: list[int | None] = [None, *range(state.num_players)]
    args = ", ".join([repr(name), *(f"{k}={v!r}" for k, v in rules.items())])
    lines = [f"# {name}: load_game({args}).new_state("
             + ", ".join(f"{k}={v!r}" for k, v in setup.items()) + ")",
             "# regenerate: .venv/bin/python -m tests.playthrough --write",
             "# per step: seats to move; view digests (spectator '-', then each seat); the acting"
             " seat's legal actions; the action"]
    step = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        action = rng.choice(legal)
        views = "  ".join(f"{'-' if s is None else s}:{digest(state.view(s))}" for s in seats)
        lines += [f"step {step}  to_move {movers}",
                  f"  views  {views}",
                  f"  legal  {' | '.join(legal)}",
                  f"  action {seat}: {action}"]
        state.apply(seat, action)
        step += 1
    views = "  ".join(f"{'-' if s is None else s}:{digest(state.view(s))}" for s in seats)
    lines += [f"end  after {step} steps", f"  views  {views}",
              f"  scores {state.scores()}  winners {state.winners()}"]
    return "\n".join(lines) + "\n"


def path_of(name: str) -> Path:
    return HERE / f"{name}.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite tests/playthroughs/*.txt")
    args = parser.parse_args()
    for name in GAMES:
        text = playthrough(name)
        if args.write:
            path_of(name).write_text(text, encoding="utf-8")
            print(f"wrote {path_of(name)} ({text.count(chr(10))} lines)")
        else:
            same = path_of(name).exists() and path_of(name).read_text(encoding="utf-8") == text
            print(f"{name}: {'unchanged' if same else 'DIFFERS'}")


if __name__ == "__main__":
    main()
