"""A scenario per card effect, written in the game's notation (Simplified: no abilities)."""

from __future__ import annotations

from collections import Counter

from .helpers import hand, legal, mover, play, position


def test_draw_takes_one_card_or_two_from_an_empty_hand() -> None:
    st = position(hands=[[], ["Menuet"]], deck=["Faux pas", "Fraszka", "Menuet", "Knucie"])
    play(st, "draw")
    assert hand(st, 0) == Counter({"Faux pas": 1, "Fraszka": 1})
    play(st, "draw")
    assert hand(st, 1) == Counter({"Menuet": 2})


def test_faux_pas_the_performer_draws_two() -> None:
    st = position(hands=[["Faux pas", "Menuet"], ["Ucho króla"]],
                  deck=["Fraszka", "Knucie", "Podpicie"])
    play(st, "play Faux pas -> 1")
    assert legal(st) == ["pay Menuet"]
    play(st, "pay Menuet")
    assert st.view(None)["displays"] == [["Menuet"], ["Faux pas"]]
    play(st, "pass")  # seat 1 is asked whether to riposte, holding none
    assert hand(st, 0) == Counter({"Fraszka": 1, "Knucie": 1})
    assert mover(st) == 1 and st.view(1)["phase"] == "action"


def test_rozrzutnosc_takes_the_top_discard() -> None:
    st = position(hands=[["Rozrzutność", "Podpicie"], []], discard=["Menuet", "Knucie"])
    play(st, "play Rozrzutność -> 1", "pay Podpicie", "pass")
    assert hand(st, 0) == Counter({"Knucie": 1})
    assert st.view(None)["discard"] == ["Menuet"]


def test_rozrzutnosc_taking_the_last_discard_starts_a_new_pile_from_the_deck() -> None:
    st = position(hands=[["Rozrzutność", "Podpicie"], ["Ucho króla"]], discard=["Knucie"],
                  deck=["Menuet", "Fraszka", "Fraszka"])
    play(st, "play Rozrzutność -> 1", "pay Podpicie", "pass")
    assert hand(st, 0) == Counter({"Knucie": 1})
    assert st.view(None)["discard"] == ["Menuet"]
    assert st.view(None)["deck_size"] == 2


def test_rozwiazlosc_takes_any_displayed_card() -> None:
    st = position(4, hands=[["Rozwiązłość", "Podpicie"], [], [], []],
                  displays=[[], [], ["Kuzyneczka", "Menuet"], []])
    play(st, "play Rozwiązłość -> 1", "pay Podpicie", "pass")
    assert "take Menuet from 2:2" in legal(st)
    assert "take Podpicie from 0:1" in legal(st)  # own display too
    play(st, "take Menuet from 2:2")
    assert hand(st, 0) == Counter({"Menuet": 1})
    assert st.view(None)["displays"][2] == ["Kuzyneczka"]


def test_zdradzone_sekrety_displays_negative_cards_and_discards_the_rest() -> None:
    st = position(3, hands=[["Zdradzone sekrety", "Podpicie"], [], []],
                  deck=["Faux pas", "Fraszka", "Knucie", "Menuet", "Menuet"])
    play(st, "play Zdradzone sekrety -> 1", "pay Podpicie", "pass")
    assert st.view(None)["revealed"] == ["Faux pas", "Fraszka", "Knucie"]
    assert set(legal(st)) == {f"display {c} -> {t}" for c in ("Faux pas", "Knucie")
                              for t in range(3)}
    play(st, "display Knucie -> 2", "pass", "display Faux pas -> 2", "pass")
    # Fraszka (positive) is discarded by itself
    v = st.view(None)
    assert v["displays"][2] == ["Knucie", "Faux pas"]
    assert v["discard"][-1] == "Fraszka"
    assert v["revealed"] == []


def test_podpicie_performs_a_neighbours_card_but_never_another_podpicie() -> None:
    st = position(4, hands=[["Podpicie", "Menuet"], [], [], []],
                  displays=[[], ["Faux pas", "Podpicie"], ["Maskarada"], ["Rozrzutność"]],
                  deck=["Knucie", "Knucie", "Fraszka"], discard=["Kuzyneczka"])
    play(st, "play Podpicie -> 2", "pay Menuet", "pass")
    # seat 2 (not a neighbour of 0) and Podpicie are not offered
    assert legal(st) == ["perform Rozrzutność", "perform Faux pas"]
    play(st, "perform Faux pas")
    assert hand(st, 0) == Counter({"Knucie": 2})


def test_fraszka_looks_at_a_hand_then_takes_an_ucho_krola() -> None:
    st = position(3, hands=[["Fraszka"], ["Ucho króla", "Faux pas"], ["Menuet"]])
    play(st, "play Fraszka")
    assert legal(st) == ["look at 1", "look at 2"]
    play(st, "look at 1")
    assert st.view(0)["shown"] == ["Faux pas", "Ucho króla"]
    assert st.view(2)["shown"] is None
    assert legal(st) == ["take Ucho króla", "draw"]
    play(st, "take Ucho króla")
    assert hand(st, 0) == Counter({"Ucho króla": 1})
    assert hand(st, 1) == Counter({"Faux pas": 1})


def test_fraszka_without_an_ucho_only_draws() -> None:
    st = position(hands=[["Fraszka"], ["Faux pas"]], deck=["Menuet"] + ["Fraszka"] * 3)
    play(st, "play Fraszka")  # the only other hand: looked at unasked
    assert st.view(0)["shown"] == ["Faux pas"] and legal(st) == ["draw"]
    play(st, "draw")
    assert hand(st, 0) == Counter({"Menuet": 1})


def test_anielskie_glosy_displays_two_cards_without_their_effects() -> None:
    st = position(hands=[["Anielskie głosy", "Faux pas", "Menuet"], ["Ucho króla"]])
    deck = st.view(None)["deck_size"]
    play(st, "play Anielskie głosy", "display Faux pas -> 1", "pass", "display Menuet -> 0")
    v = st.view(None)
    assert v["displays"] == [["Anielskie głosy", "Menuet"], ["Faux pas"]]
    assert v["deck_size"] == deck  # Faux pas did not make anyone draw
    assert mover(st) == 1


def test_anielskie_glosy_may_stop_after_one_card() -> None:
    st = position(hands=[["Anielskie głosy", "Faux pas", "Menuet"], []])
    play(st, "play Anielskie głosy", "display Faux pas -> 1", "pass")
    assert "done" in legal(st)
    play(st, "done")
    assert hand(st, 0) == Counter({"Menuet": 1})


def test_maskarada_takes_two_random_cards_and_the_victim_draws_one() -> None:
    st = position(hands=[["Maskarada"], ["Faux pas", "Menuet", "Knucie"]],
                  deck=["Podpicie"] + ["Fraszka"] * 3)
    play(st, "play Maskarada")  # the only other hand: taken from unasked
    assert sum(hand(st, 0).values()) == 2
    assert hand(st, 1)["Podpicie"] == 1 and sum(hand(st, 1).values()) == 2
    assert hand(st, 0) + hand(st, 1) == Counter(
        {"Faux pas": 1, "Menuet": 1, "Knucie": 1, "Podpicie": 1})


def test_podszepty_takes_from_own_or_a_neighbours_display_only() -> None:
    st = position(4, hands=[["Podszepty"], [], [], []],
                  displays=[[], ["Faux pas"], ["Menuet"], ["Knucie"]])
    play(st, "play Podszepty")
    assert legal(st) == ["take Podszepty from 0:1", "take Faux pas from 1:1",
                         "take Knucie from 3:1"]
    play(st, "take Knucie from 3:1")
    assert hand(st, 0) == Counter({"Knucie": 1})
    assert st.view(None)["displays"][3] == []


def test_zalotne_rozmowy_discards_up_to_two_displayed_cards_in_order() -> None:
    st = position(3, hands=[["Zalotne rozmowy"], ["Ucho króla"], ["Ucho króla"]],
                  displays=[[], ["Faux pas", "Menuet"], ["Knucie"]])
    play(st, "play Zalotne rozmowy", "discard Menuet from 1:2", "discard Knucie from 2:1")
    v = st.view(None)
    assert v["displays"] == [["Zalotne rozmowy"], ["Faux pas"], []]
    assert v["discard"][-2:] == ["Menuet", "Knucie"]


def test_kuzyneczka_swaps_two_displayed_cards() -> None:
    st = position(3, hands=[["Kuzyneczka"], [], []],
                  displays=[[], ["Faux pas", "Menuet"], ["Knucie"]])
    play(st, "play Kuzyneczka", "swap Menuet at 1:2")
    assert "with Menuet at 1:2" not in legal(st)
    play(st, "with Knucie at 2:1")
    assert st.view(None)["displays"] == [["Kuzyneczka"], ["Faux pas", "Knucie"], ["Menuet"]]


def test_savoir_vivre_swaps_with_the_discard_and_displays_with_optional_effect() -> None:
    st = position(hands=[["Savoir-vivre"], []], discard=["Menuet", "Faux pas"],
                  deck=["Knucie", "Knucie", "Fraszka"])
    play(st, "play Savoir-vivre")
    assert st.view(None)["discard"] == ["Menuet", "Savoir-vivre"]
    assert legal(st) == ["keep Faux pas", "display Faux pas -> 0", "display Faux pas -> 1"]
    play(st, "display Faux pas -> 1", "pass")
    assert legal(st) == ["perform Faux pas", "skip"]
    play(st, "perform Faux pas")
    assert hand(st, 0) == Counter({"Knucie": 2})


def test_savoir_vivre_may_keep_the_card() -> None:
    st = position(hands=[["Savoir-vivre"], []], discard=["Ucho króla"])
    play(st, "play Savoir-vivre", "keep Ucho króla")
    assert hand(st, 0) == Counter({"Ucho króla": 1})


def test_ucho_krola_needs_a_pair_one_to_prestige_one_to_discard() -> None:
    st = position(hands=[["Ucho króla"], []])
    assert "play Ucho króla" not in legal(st)
    st = position(hands=[["Ucho króla", "Ucho króla"], []])
    play(st, "play Ucho króla")
    v = st.view(0)
    assert v["prestige"][0] == ["Ucho króla"] and v["discard"][-1] == "Ucho króla"
    assert st.view(1)["prestige"][0] is None and st.view(1)["prestige_sizes"][0] == 1


def test_menuet_keeps_one_of_four_and_discards_the_rest_in_chosen_order() -> None:
    st = position(hands=[["Menuet"], ["Ucho króla"]],
                  deck=["Faux pas", "Knucie", "Faux pas", "Podpicie", "Fraszka"])
    play(st, "play Menuet")
    assert st.view(0)["looked"] == ["Faux pas", "Faux pas", "Podpicie", "Knucie"]
    assert st.view(1)["looked"] == [] and st.view(1)["looked_size"] == 4
    play(st, "keep Knucie")
    assert legal(st) == ["discard Faux pas", "discard Podpicie"]
    play(st, "discard Podpicie")  # the two Faux pas follow by themselves
    assert st.view(None)["discard"][-3:] == ["Podpicie", "Faux pas", "Faux pas"]
    assert hand(st, 0) == Counter({"Knucie": 1})


def test_knucie_performs_a_taken_intrigue_then_discards_it() -> None:
    st = position(hands=[["Knucie"], ["Faux pas"]], deck=["Menuet", "Menuet", "Fraszka"])
    play(st, "play Knucie -> 1")
    assert hand(st, 0) == Counter({"Menuet": 2})
    assert st.view(None)["discard"][-1] == "Faux pas"
    assert st.view(None)["limbo"] == []


def test_knucie_on_a_special_card_discards_it_and_the_victim_takes_from_another() -> None:
    st = position(3, hands=[["Knucie", "Podpicie"], ["Menuet"], ["Fraszka"]])
    play(st, "play Knucie -> 1")
    assert st.view(None)["discard"][-1] == "Menuet"
    assert mover(st) == 1 and legal(st) == ["take from 0", "take from 2"]
    play(st, "take from 0")
    assert hand(st, 1) == Counter({"Podpicie": 1})


def test_knucie_needs_a_target_with_cards() -> None:
    st = position(hands=[["Knucie"], []])
    assert legal(st) == ["draw"]
    err = st.check(0, "play Knucie -> 1")
    assert err is not None and err.rule == "knucie-target"
