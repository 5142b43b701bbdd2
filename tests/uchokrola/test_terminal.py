"""The terminal client: questions told from the player's side, help for players, a whole
game from typed answers (piped, not a terminal)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import kingscourt
from kingscourt.games.uchokrola import UchoGame
from kingscourt.games.uchokrola import terminal as client
from tests.terminal_input import play_typed

from .helpers import play, position

R = "Kąśliwa riposta"


def game() -> UchoGame:
    g = kingscourt.load_game("uchokrola")
    assert isinstance(g, UchoGame)
    return g


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, color_system=None), out


def test_the_riposte_question_says_which_card_was_displayed_and_by_whom() -> None:
    st = position(hands=[["Faux pas", "Menuet"], ["Fraszka"]])
    play(st, "play Faux pas -> 1", "pay Menuet")
    said = client.question(st.view(1), game())
    assert said == ("Madame du Barry (seat 1) displayed Faux pas beside your character: "
                    "pass (you hold no Kąśliwa riposta)")
    st = position(hands=[["Faux pas", "Menuet", "Fraszka"], [R]])
    play(st, "play Faux pas -> 1", "pay Menuet", "riposte")
    said = client.question(st.view(0), game())
    assert said == (f"Hrabia de La Fare (seat 2) displayed {R} beside your character: "
                    "pass (you hold no Kąśliwa riposta)")
    st = position(hands=[["Faux pas", "Menuet", R], [R]])
    play(st, "play Faux pas -> 1", "pay Menuet", "riposte")
    assert client.question(st.view(0), game()).endswith("beside your character: riposte or pass")


def test_the_riposte_question_after_kuzyneczka_names_the_card_swapped_in() -> None:
    st = position(3, hands=[["Kuzyneczka"], [R], []],
                  displays=[[], ["Faux pas"], ["Menuet"]])
    play(st, "play Kuzyneczka", "swap Faux pas at 1:1", "with Menuet at 2:1")
    said = client.question(st.view(1), game())
    assert said.startswith("Madame du Barry (seat 1) swapped Menuet in (Kuzyneczka) beside "
                           "your character")


def test_the_savoir_vivre_questions_name_savoir_vivre() -> None:
    st = position(hands=[["Savoir-vivre"], []], discard=["Menuet", "Faux pas"])
    play(st, "play Savoir-vivre")
    assert "Savoir-vivre" in st.view(0)["question"]
    assert client.question(st.view(0), game()) == (
        "Savoir-vivre: keep Faux pas, or display it beside a character")
    play(st, "display Faux pas -> 1", "pass")
    assert client.question(st.view(0), game()) == (
        "Savoir-vivre: perform the effect of Faux pas, or skip it")


def test_markiz_options_say_beside_whom_the_card_lies() -> None:
    st = position(3, chars=[["Markiz de Callières"], ["Madame du Barry"], ["Baron de Chantal"]],
                  simplified=False, hands=[["Savoir-vivre"], [], []], discard=["Menuet"],
                  displays=[[], ["Faux pas"], ["Fraszka", "Faux pas"]])
    play(st, "play Savoir-vivre", "keep Menuet")
    view = st.view(0)
    assert "use Markiz de Callières: Fraszka" in view["legal"]
    out = [client.explain(view, game(), t) for t in view["legal"]]
    assert ("use Markiz de Callières: Faux pas  (Faux pas beside Madame du Barry (seat 2) and "
            "Baron de Chantal (seat 3))") in out
    assert "use Markiz de Callières: Fraszka  (Fraszka beside Baron de Chantal (seat 3))" in out
    assert "end turn" in out


def test_help_is_for_the_player_not_the_developer(monkeypatch: pytest.MonkeyPatch) -> None:
    st = kingscourt.load_game("uchokrola", quick=True).new_state(players=3, seed=2)
    view = st.view(st.to_move()[0])
    answers = iter(["?", "1"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    con, out = console()
    assert client.ask(view, con, game()) == (view["legal"][0], view["legal"][0])
    text = out.getvalue()
    assert "Quick variant: on" in text and "Simplified variant: off" in text
    assert "How this table plays" in text and "also when you hold no Kąśliwa riposta" in text
    assert "take Faux pas from 2:1" in text
    for developer in ("sample_world", "``", "view[", "Seat ``i+1``", "(see :"):
        assert developer not in text


def test_before_the_first_turn_nothing_says_turn_0() -> None:
    st = kingscourt.load_game("uchokrola").new_state(players=3, seed=29)
    view = st.view(st.to_move()[0])
    assert view["phase"] == "choose-character"
    con, out = console()
    client.render(view, {}, con)
    text = out.getvalue()
    assert "choosing characters" in text
    assert not re.search(r"\bturn 0\b", text, re.I)
    assert "0 cards" in text and "1 cards" not in text


def run(monkeypatch: pytest.MonkeyPatch, text: str, **kwargs: object) -> str:
    return play_typed(monkeypatch, client.play, text, width=200, **kwargs)


def test_a_whole_game_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    text = run(monkeypatch, "\n".join(["?", "play Faux pas -> 01", *["1"] * 3000]),
               seat=0, bots="basic", players=3, seed=5, options={"quick": True})
    assert "How this table plays" in text
    assert "is not an action" in text  # the odd seat number is refused as malformed
    assert "The King's ear goes to" in text
    assert not re.search(r"\bturn 0\b", text, re.I)
    assert not re.search(r"\b1 (\w+ )?cards\b", text)


def test_the_terminal_counts_seats_from_1_both_ways() -> None:
    st = position(3, hands=[["Kuzyneczka"], [], []], displays=[[], ["Faux pas"], ["Menuet"]])
    play(st, "play Kuzyneczka")
    view = st.view(0)
    assert "swap Faux pas at 1:1" in view["legal"]  # the engine's seat 1: the second seat
    listed = [client.explain(view, game(), t) for t in view["legal"]]
    assert "swap Faux pas at 2:1" in listed and "swap Menuet at 3:1" in listed
    # what the player types is the engine's action, one seat lower; no seat 0 or 4
    assert client.typed("play Faux pas -> 2", 3) == "play Faux pas -> 1"
    assert client.typed("take Faux pas from 3:1", 3) == "take Faux pas from 2:1"
    assert client.typed("look at prestige 1", 3) == "look at prestige 0"
    assert client.shown("swap Menuet at 1:1") == "swap Menuet at 2:1"
    for bad in ("play Faux pas -> 0", "play Faux pas -> 4"):
        with pytest.raises(kingscourt.MalformedAction, match="the seats are 1 to 3"):
            client.typed(bad, 3)
    assert client.typed("play Faux pas -> 01", 3) == "play Faux pas -> 01"  # the engine's to refuse


def test_table_rules_are_told_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    st = kingscourt.load_game("uchokrola", teams="pairs").new_state(players=4, seed=2)
    view = st.view(st.to_move()[0])
    con, out = console()
    client.rules_help(view, con)
    assert "Kokieteria (teams): pairs" in out.getvalue()
