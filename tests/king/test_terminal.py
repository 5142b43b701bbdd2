"""The terminal client, driven through the `kingscourt` command with scripted input."""

from __future__ import annotations

import io
from collections.abc import Iterator

from rich.console import Console
from typer.testing import CliRunner

import kingscourt
from kingscourt.cli import app
from kingscourt.games.king import terminal


def test_a_whole_game_through_the_command() -> None:
    result = CliRunner().invoke(app, ["play", "king", "--seed", "3", "--seat", "2"],
                                input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Game over. Winner:" in result.output
    assert "Choose the contract:" in result.output
    assert "Deal 20 scored" in result.output


def _first_restricted_seed() -> tuple[int, str]:
    """A seed whose first human decision (seat 1) is a play with a card it may not play."""
    for seed in range(100):
        game = kingscourt.load_game("king")
        state = game.new_state(seed=seed)
        bots = {s: kingscourt.bots.load("basic", game, seed=seed * 10 + s) for s in (0, 2, 3)}
        while state.to_move() != [1]:
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state.view(seat)))
        view = state.view(1)
        if view["phase"] == "play":
            banned = [c for c in view["hand"] if f"play {c}" not in view["legal"]]
            if banned:
                return seed, banned[0]
    raise AssertionError("no such seed")


def test_illegal_entry_prints_the_rule_and_changes_nothing() -> None:
    seed, banned = _first_restricted_seed()
    answers: Iterator[str] = iter([banned, "zz", "t", "c", "l", "r", "?", "q"])
    out = io.StringIO()
    console = Console(file=out, width=100)
    state = terminal.play(seat=1, bots="basic", players=None, seed=seed, options={},
                          console=console, input_fn=lambda _prompt: next(answers))
    text = out.getvalue()
    violation = state.check(1, f"play {banned}")
    assert violation is not None
    assert violation.message in text.replace("\n", " ") or violation.rule in text
    assert "is not an action" in text or "King actions are" in text
    assert "Choices and scores" in text and "Played this deal" in text
    assert "Must beat" in text
    assert state.to_move() == [1]  # nothing was played for the human
    assert banned in state.view(1)["hand"]


def test_king_is_celebrated() -> None:
    ui = terminal.KingTerminal(Console(file=io.StringIO(), width=80), 0, input)
    out = ui.console.file
    ui.show_events([kingscourt.Event("king", 2, {"deal": 4, "tricks": 13})])
    assert "KING!" in out.getvalue() and "Seat 3 took 13 tricks" in out.getvalue()


def test_bad_options_are_reported() -> None:
    result = CliRunner().invoke(app, ["play", "king", "--rule", "must_beat=sometimes"])
    assert result.exit_code != 0
    assert "must_beat" in result.output


def _as_first_chooser(answers: list[str], **options: object) -> tuple[kingscourt.State, str, int]:
    """Plays the terminal as the seat that chooses the first deal, with scripted answers."""
    seat = kingscourt.load_game("king", **options).new_state(seed=4).to_move()[0]
    it = iter(answers)
    out = io.StringIO()
    state = terminal.play(seat=seat, bots="basic", players=None, seed=4, options=dict(options),
                          console=Console(file=out, width=120), input_fn=lambda _p: next(it))
    return state, out.getvalue(), seat


def test_trump_is_typed_as_it_is_listed() -> None:
    state, text, seat = _as_first_chooser(["trump S", "q"])
    assert "trump S" in text  # the listed form
    assert state.view(seat)["choices"] == [
        {"deal": 1, "seat": seat, "contract": "trump", "trump": "S"}]
    state, _text, seat = _as_first_chooser(["el-almaz", "q"])
    assert state.view(seat)["contract"] == "el-almaz"


def test_the_banner_counts_the_deals_of_the_game_in_play() -> None:
    _state, text, _seat = _as_first_chooser(["q"], short_game=True)
    assert "King — 12 deals" in text and "20 deals" not in text
    _state, text, _seat = _as_first_chooser(["q"])
    assert "King — 20 deals" in text


def _status(state: kingscourt.State) -> str:
    ui = terminal.KingTerminal(Console(file=io.StringIO(), width=120), 0, input)
    ui.status(state.view(0))
    return " ".join(ui.console.file.getvalue().split())


def test_the_status_shows_the_deal_points_and_the_card_winning_the_open_trick() -> None:
    from .scenario import play, start
    from .test_play_rules import RUFF

    # hearts are trump: seat 1 ruffs AS with 8H, which wins the trick so far
    state = start(RUFF, "trump H", "AS 8H")
    text = _status(state)
    assert "winning: 8♥ (Seat 2)" in text  # seats printed from 1
    assert "Points this deal: You +0 Seat 2 +0 Seat 3 +0 Seat 4 +0" in text
    # seat 1 took that trick (+50) and leads 3C; seat 2's AC wins so far
    play(state, "2H 2S 3C AC")
    text = _status(state)
    assert "Points this deal: You +0 Seat 2 +50 Seat 3 +0 Seat 4 +0" in text
    assert "winning: A♣ (Seat 3)" in text
    play(state, "8C 2D")  # the trick closes: nothing is winning until the next lead
    assert "winning" not in _status(state)


def test_the_rules_are_told_in_words() -> None:
    game = kingscourt.load_game("king", heart_lead_ban="all-penalty", rifki_void="any-heart")
    ui = terminal.KingTerminal(Console(file=io.StringIO(), width=300), 0, input)
    ui.rules(game.new_state(seed=1).view(0))
    told = [line.split(" — ")[0] for line in ui.console.file.getvalue().splitlines() if " — " in line]
    assert "Heart lead ban: in every penalty contract" in told
    assert "Void in Rıfkı: discard any heart" in told
    assert not any(code in line for line in told for code in ("all-penalty", "any-heart", "2D"))
