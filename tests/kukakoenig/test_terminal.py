"""The terminal client plays a whole game from typed answers (piped, not a terminal)."""

from __future__ import annotations

import itertools

import pytest
from typer.testing import CliRunner

from kingscourt.cli import app
from kingscourt.games.kukakoenig import terminal as client
from tests.terminal_input import play_typed


def answers(*extra: str) -> str:
    # some nonsense first, then the rows in turn: refused ones are asked again
    return "\n".join([*extra, *itertools.islice(itertools.cycle("12345678"), 400)]) + "\n"


def run(monkeypatch: pytest.MonkeyPatch, text: str, **kwargs: object) -> str:
    return play_typed(monkeypatch, client.play, text, **kwargs)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_in_the_terminal(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    text = run(monkeypatch, answers("?", "row 99", "banana"), players=players, seed=players,
               bots="basic")
    assert "Ku –" in text and "Ka –" in text and "König!" in text
    assert "Pick one of the rows" in text  # the nonsense was refused
    assert "What each category scores" in text and "red-cross cards (church" in text
    assert "Collision on row" in text
    assert "First scoring" in text and "Second scoring" in text
    for key in ("Kings", "Churches", "Victory points", "Knights", "Animals", "Farmer & co."):
        assert key in text
    assert "Game over" in text


def test_quitting_leaves_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    text = run(monkeypatch, "q\n", players=3, seed=1, bots="random")
    assert "You leave the table." in text and "Game over" not in text


def test_end_of_input_leaves_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    text = run(monkeypatch, "1\n", players=2, seed=1, bots="random")
    assert "You leave the table." in text


def test_kingscourt_play_kukakoenig_plays_a_full_game() -> None:
    result = CliRunner().invoke(app, ["play", "kukakoenig", "--players", "3", "--seed", "7",
                                      "--seat", "1"], input=answers())
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Second scoring" in result.output


def test_a_bad_seat_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="seat"):
        run(monkeypatch, "", players=2, seat=2, seed=1)
