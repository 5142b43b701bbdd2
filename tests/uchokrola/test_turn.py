"""End-of-turn limits, the deck running out (twice), the end, and refusals by rule id."""

from __future__ import annotations

from collections import Counter

import pytest

import kingscourt

from .helpers import hand, legal, mover, play, position


def test_hand_limit_in_turn_order_from_the_acting_player_each_choosing() -> None:
    st = position(3, start=1,
                  hands=[["Faux pas"] * 5 + ["Menuet"],
                         ["Fraszka", "Menuet", "Knucie", "Podpicie", "Kuzyneczka"],
                         ["Faux pas"] + ["Fraszka"] * 6],
                  deck=["Rozrzutność", "Maskarada", "Maskarada"])
    play(st, "draw")
    assert mover(st) == 1 and st.view(1)["phase"] == "hand-limit"
    play(st, "discard Kuzyneczka")
    assert mover(st) == 2
    play(st, "discard Fraszka", "discard Faux pas")  # the last lies on top
    assert st.view(None)["discard"][-1] == "Faux pas"
    assert mover(st) == 0
    play(st, "discard Menuet")
    assert [len(h) for h in st.hands] == [5, 5, 5]
    assert st.view(None)["turn"] == 2


def test_hand_limit_with_identical_cards_is_asked_all_the_same() -> None:
    # skipping it would tell the table that the hand holds six copies of one card
    st = position(hands=[["Faux pas"] * 5, ["Ucho króla"]], deck=["Faux pas", "Menuet", "Menuet"])
    play(st, "draw")
    assert mover(st) == 0 and st.view(0)["phase"] == "hand-limit"
    assert legal(st) == ["discard Faux pas"]
    play(st, "discard Faux pas")
    assert hand(st, 0) == Counter({"Faux pas": 5})
    assert mover(st) == 1


def test_display_limit_moves_the_oldest_cards_face_down_to_prestige() -> None:
    st = position(hands=[["Anielskie głosy", "Menuet", "Knucie"], []],
                  displays=[["Faux pas", "Fraszka"], []])
    play(st, "play Anielskie głosy", "display Menuet -> 0")
    assert len(st.view(None)["displays"][0]) == 4  # more than 3 during the turn
    play(st, "display Knucie -> 0")
    v = st.view(0)
    assert v["displays"][0] == ["Anielskie głosy", "Menuet", "Knucie"]
    assert v["prestige"][0] == ["Fraszka", "Faux pas"]
    assert st.view(1)["prestige"][0] is None and st.view(1)["prestige_sizes"][0] == 2
    assert "Fraszka" not in " ".join(st.view(1)["log"][-3:])


def test_the_deck_runs_out_twice_and_the_game_ends_after_that_turn() -> None:
    st = position(hands=[["Menuet"], ["Menuet"]], deck=["Faux pas"],
                  discard=["Fraszka", "Knucie", "Podpicie"])
    play(st, "draw")
    v = st.view(None)
    assert v["exhaustions"] == 1 and v["discard"] == ["Podpicie"]
    assert v["deck_size"] == 2 and not st.is_over()
    play(st, "draw")  # seat 1
    play(st, "draw")  # seat 0 takes the last card: the second time
    assert st.view(None)["ending"] and st.is_over()
    assert st.to_move() == [] and st.legal_actions(0) == []
    with pytest.raises(kingscourt.GameOver):
        st.apply(1, "draw")
    end = st.view(1)
    assert end["over"] and end["prestige"][0] is not None and end["scores"] is not None


def test_draws_after_the_last_card_find_nothing_and_the_turn_still_ends() -> None:
    st = position(hands=[["Faux pas", "Menuet"], []], deck=["Fraszka"], discard=[])
    play(st, "play Faux pas -> 1", "pay Menuet", "pass")
    # the only card left is drawn, and the discard pile was empty: no reshuffle possible
    assert hand(st, 0) == Counter({"Fraszka": 1})
    assert st.is_over()


def test_quick_variant_ends_at_the_first_exhaustion() -> None:
    st = position(hands=[[], []], deck=["Faux pas", "Fraszka"], quick=True,
                  discard=["Menuet", "Knucie"])
    play(st, "draw")
    assert st.is_over() and st.view(None)["exhaustions"] == 1


def test_scores_and_the_ucho_krola_tie_break() -> None:
    st = position(3, hands=[[], [], []], deck=["Fraszka"], quick=True, discard=["Menuet"],
                  prestige=[["Ucho króla"], ["Kuzyneczka", "Podszepty", "Fraszka"],
                            ["Faux pas"]])
    play(st, "draw")
    assert st.scores() == [5, 5, -1]
    assert st.winners() == [0]


def test_refusals_name_the_rule_and_leave_the_state_unchanged() -> None:
    st = position(3, hands=[["Faux pas", "Fraszka", "Ucho króla"], [], []])
    before = st.view(None)
    cases = {
        "play Faux pas -> 1": "intrigue-cost",
        "play Faux pas": "needs-target",
        "play Menuet": "not-in-hand",
        "play Ucho króla": "ucho-pair",
        "play Fraszka -> 1": "no-target",
        "riposte": "wrong-prompt",
    }
    for text, rule in cases.items():
        with pytest.raises(kingscourt.IllegalAction) as err:
            st.apply(0, text)
        assert err.value.rule == rule, text
    with pytest.raises(kingscourt.NotYourTurn):
        st.apply(1, "draw")
    with pytest.raises(kingscourt.MalformedAction):
        st.apply(0, "play Joker")
    with pytest.raises(kingscourt.MalformedAction):
        st.apply(0, "dance")
    assert st.view(None) == before
    assert st.check(0, "draw") is None


def test_intrigue_cannot_target_oneself() -> None:
    st = position(hands=[["Faux pas", "Menuet"], []])
    assert legal(st) == ["draw", "play Faux pas -> 1", "play Menuet"]
    err = st.check(0, "play Faux pas -> 0")
    assert err is not None and err.rule == "needs-target"


def test_a_seat_written_oddly_is_malformed_not_a_broken_rule() -> None:
    st = position(3, hands=[["Faux pas", "Fraszka"], ["Menuet"], []],
                  displays=[[], ["Knucie"], []])
    before = st.view(None)
    for text in ("play Faux pas -> 01", "play Faux pas -> +1", "play Faux pas -> \u0661",
                 "play Faux pas -> 1.0"):
        with pytest.raises(kingscourt.MalformedAction):
            st.check(0, text)
        with pytest.raises(kingscourt.MalformedAction):
            st.apply(0, text)
    assert st.view(None) == before
    # well written, the same action is refused for the rule it breaks
    err = st.check(0, "play Faux pas -> 1")
    assert err is not None and err.rule == "intrigue-cost"
    err = st.check(0, "play Faux pas -> 7")
    assert err is not None and err.rule == "no-such-seat"
    st = position(3, hands=[["Podszepty"], [], []], displays=[[], ["Knucie"], []])
    play(st, "play Podszepty")
    for text in ("take Knucie from 1:01", "take Knucie from 01:1"):
        with pytest.raises(kingscourt.MalformedAction):
            st.check(0, text)
    assert st.check(0, "take Knucie from 1:1") is None
