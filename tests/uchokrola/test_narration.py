"""The narration tells events in the order they happen, in plain English."""

from __future__ import annotations

import re

from .helpers import play, position


def after(log: list[str], first: str, then: str) -> bool:
    """Whether a line containing ``then`` follows the line containing ``first``."""
    i = next(i for i, line in enumerate(log) if first in line)
    return any(then in line for line in log[i + 1:])


def test_a_new_discard_pile_is_told_after_the_take_that_emptied_the_pile() -> None:
    st = position(hands=[["Rozrzutność", "Podpicie"], []], discard=["Knucie"],
                  deck=["Menuet", "Fraszka", "Fraszka"])
    play(st, "play Rozrzutność -> 1", "pay Podpicie", "pass")
    log = st.view(None)["log"]
    assert after(log, "takes Knucie from the discard pile", "Menuet starts a new discard pile")
    assert not after(log, "Menuet starts a new discard pile", "takes Knucie from the discard")


def test_an_ability_emptying_the_discard_pile_is_told_before_the_new_pile() -> None:
    # Knucie takes Menuet, which is discarded onto the empty pile; Vardes buries it
    st = position(chars=[["Hrabina de Vardes"], ["Madame du Barry"]], simplified=False,
                  hands=[["Knucie"], ["Menuet"]], discard=[],
                  deck=["Fraszka", "Podszepty", "Podszepty", "Podszepty"])
    play(st, "play Knucie -> 1", "use Hrabina de Vardes: bury -> 1")
    log = st.view(None)["log"]
    assert after(log, "throws Menuet into", "Fraszka starts a new discard pile"), log
    st = position(chars=[["Hrabina de Bragelonne"], ["Madame du Barry"]], simplified=False,
                  hands=[["Faux pas", "Menuet"], []], discard=["Knucie"],
                  deck=["Podszepty"] * 4)
    play(st, "play Faux pas -> 1", "pay Menuet", "pass",
         "use Hrabina de Bragelonne: take discard")
    log = st.view(None)["log"]
    assert after(log, "takes Knucie from the discard pile", "starts a new discard pile"), log


def no_bad_plural(log: list[str]) -> None:
    assert not [line for line in log if re.search(r"\b1 (\w+ )?cards\b", line)], log


def test_one_card_is_one_card() -> None:
    # Menuet finds one card left
    st = position(hands=[["Menuet"], []], deck=["Faux pas"], discard=["Podszepty"])
    play(st, "play Menuet")
    log = st.view(None)["log"]
    assert any("takes 1 card from the top of the deck" in line for line in log), log
    no_bad_plural(log)
    # Maskarada finds one card in the victim's hand
    st = position(hands=[["Maskarada"], ["Menuet"]], deck=["Fraszka"] * 3)
    play(st, "play Maskarada")
    log = st.view(None)["log"]
    assert any("takes 1 random card from" in line for line in log), log
    no_bad_plural(log)
    # the reshuffled deck holds one card
    st = position(hands=[["Menuet"], ["Menuet"]], deck=["Faux pas"],
                  discard=["Fraszka", "Knucie"])
    play(st, "draw")
    log = st.view(None)["log"]
    assert any("a new deck of 1 card;" in line for line in log), log
    no_bad_plural(log)


def test_a_deck_running_out_with_no_discard_pile_says_so() -> None:
    st = position(hands=[["Faux pas", "Menuet"], []], deck=["Fraszka"], discard=[])
    play(st, "play Faux pas -> 1", "pay Menuet", "pass")
    log = st.view(None)["log"]
    assert "There is no discard pile to shuffle into a new deck." in log
    assert not [line for line in log if "nothing starts" in line], log
