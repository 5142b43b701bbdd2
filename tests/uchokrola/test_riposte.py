"""Kąśliwa riposta: chains of 1 to 3, and the triggering effect performed after the chain."""

from __future__ import annotations

from collections import Counter

import pytest

from .helpers import hand, legal, mover, play, position

R = "Kąśliwa riposta"


def attack(rip0: int, rip1: int):  # type: ignore[no-untyped-def]
    """Seat 0 plays Faux pas at seat 1; each holds the given number of ripostes."""
    st = position(hands=[["Faux pas", "Menuet"] + [R] * rip0, [R] * rip1 + ["Fraszka"]],
                  deck=["Knucie", "Podpicie", "Kuzyneczka"])
    play(st, "play Faux pas -> 1", "pay Menuet")
    return st


def test_without_a_riposte_in_hand_the_question_is_asked_with_pass_only() -> None:
    st = attack(0, 0)
    assert mover(st) == 1 and st.view(1)["phase"] == "riposte"
    assert legal(st) == ["pass"]
    assert hand(st, 0)["Knucie"] == 0  # not yet performed
    play(st, "pass")
    assert hand(st, 0) == Counter({"Knucie": 1, "Podpicie": 1})  # Faux pas performed
    assert mover(st) == 1 and st.view(1)["phase"] == "action"


def test_pass_then_the_effect_runs() -> None:
    st = attack(0, 1)
    assert mover(st) == 1 and legal(st) == ["riposte", "pass"]
    assert hand(st, 0)["Knucie"] == 0  # not yet performed
    play(st, "pass")
    assert hand(st, 0) == Counter({"Knucie": 1, "Podpicie": 1})


@pytest.mark.parametrize(("rip0", "rip1", "length"), [(0, 1, 1), (1, 1, 2), (1, 2, 3)])
def test_chain_then_the_triggering_effect(rip0: int, rip1: int, length: int) -> None:
    st = attack(rip0, rip1)
    for i in range(length):
        assert mover(st) == (1 if i % 2 == 0 else 0)
        assert legal(st) == ["riposte", "pass"]
        assert hand(st, 0)["Knucie"] == 0  # Faux pas waits for the whole chain
        play(st, "riposte")
    # the last player answered holds no riposte: asked all the same, with pass only (seat 1,
    # Fraszka left), unless its hand is empty (seat 0, every card played): then the window
    # passes unasked
    if length % 2 == 0:
        assert mover(st) == 1 and legal(st) == ["pass"]
        assert hand(st, 0)["Knucie"] == 0
        play(st, "pass")
    else:
        assert st.view(None)["phase"] != "riposte"
    v = st.view(None)
    assert v["displays"][0].count(R) == (length + 1) // 2
    assert v["displays"][1].count(R) == length // 2
    assert hand(st, 0)["Knucie"] == 1
    log = st.view(0)["log"]
    last_riposte = max(i for i, line in enumerate(log) if f"displays {R}" in line)
    draw = max(i for i, line in enumerate(log) if "draws 2 cards" in line)
    assert draw > last_riposte


def test_chain_stops_when_the_answered_player_passes() -> None:
    st = attack(1, 2)
    play(st, "riposte", "pass")
    assert hand(st, 0) == Counter({R: 1, "Knucie": 1, "Podpicie": 1})
    assert st.view(None)["displays"][1] == ["Faux pas"]


def test_riposte_answers_every_display_by_another_player() -> None:
    # Anielskie głosy displays beside seat 1, who answers before the second display.
    st = position(hands=[["Anielskie głosy", "Faux pas", "Menuet"], [R]])
    play(st, "play Anielskie głosy", "display Faux pas -> 1")
    assert mover(st) == 1 and legal(st) == ["riposte", "pass"]
    play(st, "riposte")
    assert st.view(None)["displays"][0] == ["Anielskie głosy", R]
    assert mover(st) == 0 and legal(st) == ["pass"]  # the riposte beside seat 0 asks it
    play(st, "pass")
    assert mover(st) == 0 and "display Menuet -> 1" in legal(st)


def test_kuzyneczka_owners_answer_beside_the_player_in_turn_order() -> None:
    st = position(3, hands=[["Kuzyneczka"], [R], [R]],
                  displays=[[], ["Faux pas"], ["Menuet"]], start=0)
    play(st, "play Kuzyneczka", "swap Faux pas at 1:1", "with Menuet at 2:1")
    assert mover(st) == 1
    play(st, "riposte")
    assert mover(st) == 2  # seat 0, its hand empty, lets the riposte beside it pass unasked
    play(st, "riposte")
    assert st.view(None)["displays"][0] == ["Kuzyneczka", R, R]


def test_riposte_cannot_be_played_as_an_action() -> None:
    st = position(hands=[[R], []])
    err = st.check(0, f"play {R}")
    assert err is not None and err.rule == "riposte-in-reply"
