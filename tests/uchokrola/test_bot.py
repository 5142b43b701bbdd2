"""The basic bot: legal answers from the view alone, and the heuristics it promises."""

from __future__ import annotations

import kingscourt

from .helpers import play, position


def bot():  # type: ignore[no-untyped-def]
    return kingscourt.bots.load("basic", kingscourt.load_game("uchokrola"), seed=1)


def test_basic_bots_finish_games_with_legal_actions() -> None:
    for players in (2, 4, 6):
        game = kingscourt.load_game("uchokrola", open=True)
        st = game.new_state(players=players, seed=players)
        bots = [kingscourt.bots.load("basic", game, seed=s) for s in range(players)]
        steps = 0
        while not st.is_over():
            seat = st.to_move()[0]
            view = st.view(seat)
            action = bots[seat].choose(view)
            assert action in view["legal"]
            st.apply(seat, action)
            steps += 1
            assert steps < 5000


def test_plays_an_ucho_krola_pair() -> None:
    st = position(hands=[["Ucho króla", "Ucho króla", "Fraszka", "Faux pas", "Menuet"], []])
    assert bot().choose(st.view(0)) == "play Ucho króla"


def test_displays_negative_prestige_beside_the_leader() -> None:
    st = position(3, hands=[["Zdradzone sekrety", "Fraszka", "Menuet"], [], []],
                  prestige=[[], [], ["Fraszka", "Fraszka"]])
    assert bot().choose(st.view(0)) == "play Zdradzone sekrety -> 2"


def test_ripostes_when_a_negative_card_arrives() -> None:
    st = position(hands=[["Faux pas", "Menuet"], ["Kąśliwa riposta"]])
    play(st, "play Faux pas -> 1", "pay Menuet")
    assert bot().choose(st.view(1)) == "riposte"


def test_keeps_positive_cards_near_its_own_character() -> None:
    st = position(3, hands=[["Anielskie głosy", "Kuzyneczka", "Faux pas"], [], []],
                  prestige=[[], ["Fraszka"], []])
    play(st, "play Anielskie głosy")
    b = bot()
    play(st, b.choose(st.view(0)))
    play(st, b.choose(st.view(0)))
    displays = st.view(None)["displays"]
    assert "Kuzyneczka" in displays[0] and displays[1] == ["Faux pas"]


def test_ripostes_at_the_negative_card_swapped_in_not_at_the_last_one() -> None:
    st = position(3, hands=[["Kuzyneczka"], ["Kąśliwa riposta"], []],
                  displays=[[], ["Kuzyneczka", "Fraszka"], ["Zdradzone sekrety"]],
                  deck=["Maskarada"] * 4)
    play(st, "play Kuzyneczka", "swap Kuzyneczka at 1:1", "with Zdradzone sekrety at 2:1")
    assert st.view(None)["displays"][1] == ["Zdradzone sekrety", "Fraszka"]
    assert bot().choose(st.view(1)) == "riposte"


def test_passes_when_it_holds_no_riposte() -> None:
    st = position(hands=[["Faux pas", "Menuet"], ["Fraszka", "Podszepty"]])
    play(st, "play Faux pas -> 1", "pay Menuet")
    view = st.view(1)
    assert view["phase"] == "riposte" and view["legal"] == ["pass"]
    assert bot().choose(view) == "pass"
