"""The browser client's pure modules (plural rules, layout maths, replay stepping, Ucho
Króla's options in words) under Node's own test runner: ``node --test tests/js``; and Ucho
Króla's board wording every action the server parses. Skipped, with the reason, where
``node`` is missing; no browser is needed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_node_unit_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the client's unit tests need Node.js (node on the PATH)")
    run = subprocess.run([node, "--test", str(ROOT / "tests" / "js")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout


#: labels every option read from stdin with the board's own words (games/uchokrola/web/options.js)
LABEL = """
import { register } from "node:module";
import { pathToFileURL } from "node:url";
register("./tests/js/hooks.mjs", pathToFileURL("./"));
const { groupOptions, optionLabel } = await import("/games/uchokrola/options.js");
let input = "";
for await (const chunk of process.stdin) input += chunk;
const who = (s) => `Seat ${s + 1}`;
const out = JSON.parse(input).map((options) => groupOptions(options).map(({ single, targets }) =>
  single ? [optionLabel(single, who)]
    : [optionLabel(targets[0], who), ...targets.map((o) => who(o.target))]));
process.stdout.write(JSON.stringify(out));
"""


def test_ucho_krolas_board_words_every_option_the_server_parses() -> None:
    """Random games' legal actions, parsed by the game's notation on the server side
    (options.py), worded by the board's options.js: every action has words, none shows the
    notation (no ``->``, no ``seat:slot``), and the targets are named."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("the client's unit tests need Node.js (node on the PATH)")
    import random

    import kingscourt
    from kingscourt.games.uchokrola.options import options

    batches = []
    for seed in range(6):
        rng = random.Random(seed)
        state = kingscourt.load_game("uchokrola").new_state(players=rng.choice([2, 3, 4, 5]),
                                                             seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            batches.append(options(state.game.notation, legal))  # type: ignore[attr-defined]
            state.apply(seat, rng.choice(legal))
    run = subprocess.run([node, "--input-type=module", "-e", LABEL], cwd=ROOT, check=False,
                         input=json.dumps(batches), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = json.loads(run.stdout)
    assert len(lines) == len(batches)
    for batch, said in zip(batches, lines, strict=True):
        words = [w for line in said for w in line]
        assert sum(len(line) - 1 if len(line) > 1 else 1 for line in said) == len(batch)
        for w in words:
            assert w and "->" not in w and not re.search(r"\d:\d", w), w
