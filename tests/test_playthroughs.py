"""The golden playthroughs still hold: regenerate with ``.venv/bin/python -m tests.playthrough
--write`` after a deliberate change to rules, views or notation, and read the diff."""

from __future__ import annotations

import difflib

import pytest

from tests.playthrough import GAMES, path_of, playthrough


@pytest.mark.parametrize("name", list(GAMES))
def test_the_seeded_game_plays_as_its_golden_playthrough(name: str) -> None:
    golden = path_of(name).read_text(encoding="utf-8")
    now = playthrough(name)
    if now != golden:
        diff = difflib.unified_diff(golden.splitlines(), now.splitlines(), "golden", "now", lineterm="", n=2)
        pytest.fail(f"{name} plays differently from {path_of(name)} (regenerate with "
                    "`.venv/bin/python -m tests.playthrough --write` if deliberate):\n"
                    + "\n".join(list(diff)[:40]))
