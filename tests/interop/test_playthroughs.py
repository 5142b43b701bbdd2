"""OpenSpiel's playthroughs of our games, committed as OpenSpiel commits its own: a test
replays each and compares it with the file, so a change of the games' strings, tensors,
chance outcomes or action numbers shows in review.

Regenerate them after an intended change:

    .venv/bin/python tests/interop/test_playthroughs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra 'openspiel')")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import kingscourt.interop.openspiel  # noqa: F401

HERE = Path(__file__).resolve().parent / "playthroughs"
#: one file per game, short enough to read: one deal of King in Rıfkı, Ku-Ka-König for two,
#: Ucho Króla for two cut at 40 moves
GAMES = {
    "kingscourt_king_deal.txt": "python_kingscourt_king_deal(contract=rifki)",
    "kingscourt_kukakoenig.txt": "python_kingscourt_kukakoenig(players=2)",
    "kingscourt_uchokrola.txt": "python_kingscourt_uchokrola(max_moves=40,players=2)",
}


def _flags() -> None:
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()


@pytest.mark.parametrize("filename", sorted(GAMES))
def test_the_playthrough_is_current(filename: str) -> None:
    _flags()
    expected, actual = generate_playthrough.replay(str(HERE / filename))
    assert actual == expected, f"regenerate: {sys.executable} {__file__}"


def test_every_game_has_a_playthrough() -> None:
    names = {g.partition("(")[0].removeprefix("python_") for g in GAMES.values()}
    assert names == {f"kingscourt_{n}" for n in ("king_deal", "kukakoenig", "uchokrola")}
    assert sorted(p.name for p in HERE.glob("*.txt")) == sorted(GAMES)


def main() -> None:
    _flags()
    HERE.mkdir(exist_ok=True)
    for filename, game in GAMES.items():
        text = generate_playthrough.playthrough(game, action_sequence=None, seed=1,
                                                alsologtostdout=False)
        (HERE / filename).write_text(text, encoding="utf-8")
        print(f"{filename}: {len(text):,} characters")


if __name__ == "__main__":
    main()
