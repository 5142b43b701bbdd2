"""Ku-Ka-König in the terminal teaches: ``?`` (and the start) tell what each category of the
scoring sheet scores, with the engine's numbers, and beside each open row what it would add to
the player's points."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import kingscourt
from kingscourt.games.kukakoenig import terminal as client
from kingscourt.games.kukakoenig.scoring import (
    CHURCH_POINTS,
    KING_CAP,
    animal_points,
    farm_points,
    kings_points,
    score,
)
from kingscourt.terminal import speaking
from tests.terminal_input import play_typed


def run(monkeypatch: pytest.MonkeyPatch, typed: list[str], lang: str = "en") -> str:
    with speaking(lang):
        return play_typed(monkeypatch, client.play, "\n".join(typed), width=120, players=3,
                          seed=5, bots="basic")


def test_help_lists_what_each_category_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["?", "q"])
    helped = said.split("each call, every player picks a row")[1]
    lines = [" ".join(line.split()) for line in helped.splitlines()]
    kings = "/".join(str(kings_points(k)) for k in range(1, 8))
    assert kings == "0/1/4/9/16/25/36" and kings_points(8) == KING_CAP
    assert f"Kings {kings} for 1 to 7 kings; never more than {KING_CAP}" in lines
    assert (f"Churches {CHURCH_POINTS} for the most churches (everyone tied for the most "
            "scores it; no church, no points)") in lines
    assert "Victory points the number printed on each card (2, 3, 4)" in lines
    assert "Knights 1 per knight; 2 per knight for the most knights (ties too)" in lines
    animals = "/".join(str(animal_points(n)) for n in range(1, 6))
    assert f"Animals each kind on its own: {animals} for 1 to 5 of a kind" in lines
    assert (f"Farmer & co. Farmer + Farmer's wife: {farm_points(1, 1, 0)}; Farmer + Farmer's "
            f"wife + Farmhouse: {farm_points(1, 1, 1)}") in lines


def test_the_start_shows_the_scoring_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["q"], "de")
    lines = [" ".join(line.split()) for line in said.splitlines()]
    assert "Was jede Kategorie zählt" in lines
    assert "Könige 0/1/4/9/16/25/36 für 1 bis 7 Könige; nie mehr als 36" in lines
    assert "Tiere jede Art für sich: 1/3/6/10/15 für 1 bis 5 derselben Art" in lines


def test_each_open_row_says_what_it_is_worth_to_you(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["q"])
    view = kingscourt.load_game("kukakoenig").new_state(players=3, seed=5).view(0)
    table = said.split("worth to you")[1].split("Pile:")[0].splitlines()[1:]
    assert len(table) == len(view["rows"])
    for i, (line, row) in enumerate(zip(table, view["rows"], strict=True), 1):
        worth = score([row, [], []])[0]["total"]  # nobody holds a card yet
        assert line.split()[0] == str(i) and line.split()[-1] == f"{worth:+d}", line
    assert "“worth to you”: how your points would change" not in said  # that is ?'s


def test_worth_counts_the_rivals_majorities() -> None:
    view = {"seat": 0, "collections": [["knight"], ["knight", "knight"], []]}
    # a second knight draws level with the rival's two: 1 point becomes 2 per knight, 4
    assert client.worth(view, ["knight"]) == 4 - 1
    assert client.worth(view, ["church"]) == CHURCH_POINTS
    view["collections"][1].append("church")
    assert client.worth(view, ["church"]) == CHURCH_POINTS  # a tie scores too


def test_a_row_taken_by_you_says_so_in_german() -> None:
    view = kingscourt.load_game("kukakoenig").new_state(players=3, seed=5).view(0)
    view |= {"received": [2, 3, None], "legal": []}
    out = io.StringIO()
    with speaking("de"):
        client.show_table(Console(file=out, width=100, color_system=None), view,
                          client.Seats(0, 3))
    said = out.getvalue()
    assert "von dir genommen" in said and "genommen von Bot 2" in said
    assert "genommen von Du" not in said
