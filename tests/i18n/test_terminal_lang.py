"""The terminal speaks ``--lang`` (or ``KINGSCOURT_LANG``), English otherwise."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kingscourt.cli import app


def _game(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(app, ["play", "king", "--seed", "3", "--seat", "2", *args],
                                input="1\n" * 400, env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("args", "env", "said", "not_said"), [
    (["--lang", "de"], None, ["Wähle das Spiel:", "Spiel vorbei."], ["Choose the contract:"]),
    ([], {"KINGSCOURT_LANG": "tr"}, ["Sözleşmeyi seç:"], ["Choose the contract:"]),
    (["--lang", "pl"], {"KINGSCOURT_LANG": "de"}, ["Wybierz kontrakt:"], ["Wähle das Spiel:"]),
    (["--lang", "xx"], None, ["Choose the contract:", "Game over. Winner:"], []),
])
@pytest.mark.slow
def test_the_terminal_speaks_the_chosen_language(args: list[str], env: dict[str, str] | None,
                                                 said: list[str], not_said: list[str]) -> None:
    out = _game(*args, env=env)
    for text in said:
        assert text in out, text
    for text in not_said:
        assert text not in out, text
    # the contract names stay Turkish in every language
    assert any(name in out for name in ("El Almaz", "Kupa Almaz", "Kız Almaz", "Rıfkı"))


def test_after_a_german_game_the_next_one_is_english_again() -> None:
    _game("--lang", "de")
    assert "Choose the contract:" in _game(env={"KINGSCOURT_LANG": ""})
