"""Action numbers mean the same action in every process (issue 20: Ucho Króla's numbers were
handed out in the order first met)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import kingscourt
from kingscourt.games.uchokrola.research import SLOTS as UCHO_SLOTS
from kingscourt.interop.vocabulary import vocabulary

ROOT = Path(__file__).resolve().parents[2]

_DIGEST = """
import hashlib, json, kingscourt
from kingscourt.interop.vocabulary import vocabulary
texts = {n: list(vocabulary(kingscourt.load_game(n)).texts) for n in ("uchokrola", "king", "kukakoenig")}
print(hashlib.sha256(json.dumps(texts).encode()).hexdigest())
"""


def _python(code: str, stdin: str = "") -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="random")
    done = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120, check=True)
    return done.stdout.strip()


def test_two_fresh_processes_number_the_actions_alike() -> None:
    here = hashlib.sha256(json.dumps(
        {n: list(vocabulary(kingscourt.load_game(n)).texts)
         for n in ("uchokrola", "king", "kukakoenig")}).encode()).hexdigest()
    assert _python(_DIGEST) == _python(_DIGEST) == here


def test_every_legal_action_has_a_number() -> None:
    game = kingscourt.load_game("uchokrola", favourite=True, open=True)
    vocab = vocabulary(game)
    widest = 0
    for seed in range(6):
        state = game.new_state(players=2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            assert all(a in vocab.ids for a in legal), [a for a in legal if a not in vocab.ids]
            widest = max([widest, *(len(d) for d in state.view(None)["displays"])])
            state.apply(seat, rng.choice(legal))
    assert widest < UCHO_SLOTS
    assert vocabulary(kingscourt.load_game("uchokrola")) is vocab  # one card file, one list
    with pytest.raises(ValueError, match="outside"):
        vocab.id(f"take Faux pas from 2:{UCHO_SLOTS + 1}")


def test_the_numbers_follow_the_card_file(tmp_path: Path) -> None:
    from kingscourt.games.uchokrola.cards import DEFAULT_CARDS

    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    data["cards"].reverse()
    path = tmp_path / "reversed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    ours = vocabulary(kingscourt.load_game("uchokrola"))
    theirs = vocabulary(kingscourt.load_game("uchokrola", cards=str(path)))
    assert set(ours.texts) == set(theirs.texts) and ours.texts != theirs.texts


_REPLAY = """
import json, sys, pyspiel
import kingscourt.interop.openspiel
data = json.loads(sys.stdin.read())
state = pyspiel.load_game("python_kingscourt_uchokrola", {"players": 3}).new_initial_state()
for a in data["actions"]:
    state.apply_action(a)
print(json.dumps([state.information_state_string(p) for p in range(3)]))
"""


def test_a_saved_action_list_replays_in_a_fresh_process() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import kingscourt.interop.openspiel  # noqa: F401

    state = pyspiel.load_game("python_kingscourt_uchokrola", {"players": 3}).new_initial_state()
    rng = random.Random(4)
    actions = []
    for _ in range(250):
        if state.is_terminal():
            break
        a = rng.choice(state.legal_actions())
        actions.append(a)
        state.apply_action(a)
    expected = [state.information_state_string(p) for p in range(3)]
    got = json.loads(_python(_REPLAY, json.dumps({"actions": actions})))
    assert got == expected
