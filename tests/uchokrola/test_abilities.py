"""A scenario per character ability."""

from __future__ import annotations

from collections import Counter

import kingscourt

from .helpers import hand, legal, mover, play, position

R = "Kąśliwa riposta"


def at(chars: list[str], **kw):  # type: ignore[no-untyped-def]
    return position(len(chars), chars=[[c] for c in chars], simplified=False, **kw)


def test_bragelonne_after_displaying_an_intrigue_card_once_a_turn() -> None:
    st = at(["Hrabina de Bragelonne", "Madame du Barry"],
            hands=[["Faux pas", "Menuet"], ["Ucho króla"]], deck=["Fraszka"] * 4,
            discard=["Knucie"])
    play(st, "play Faux pas -> 1", "pay Menuet", "pass")
    assert legal(st) == ["use Hrabina de Bragelonne: draw",
                         "use Hrabina de Bragelonne: take discard", "end turn"]
    play(st, "use Hrabina de Bragelonne: take discard")
    assert hand(st, 0)["Knucie"] == 1
    assert mover(st) == 1  # used once: the ability phase is over


def test_no_ability_without_its_condition_and_none_when_simplified() -> None:
    st = at(["Hrabina de Bragelonne", "Madame du Barry"],
            hands=[["Faux pas", "Menuet"], ["Ucho króla"]])
    play(st, "draw")
    assert mover(st) == 1
    st = position(chars=[["Hrabina de Bragelonne"], ["Madame du Barry"]],
                  hands=[["Faux pas", "Menuet"], ["Ucho króla"]], simplified=True)
    play(st, "play Faux pas -> 1", "pay Menuet", "pass")
    assert mover(st) == 1 and st.view(1)["phase"] == "action"


def test_vardes_after_a_special_card_draws_or_buries_the_top_discard() -> None:
    st = at(["Hrabina de Vardes", "Madame du Barry"], hands=[["Knucie"], ["Menuet"]],
            discard=["Faux pas"], deck=["Fraszka"] * 4)
    play(st, "play Knucie -> 1")  # Menuet taken and discarded; seat 0 has no card to take
    assert legal(st) == ["use Hrabina de Vardes: draw", "use Hrabina de Vardes: bury -> 0",
                         "use Hrabina de Vardes: bury -> 1", "end turn"]
    top = st.view(None)["discard"][-1]
    play(st, "use Hrabina de Vardes: bury -> 1")
    assert st.view(1)["prestige"][1] == [top]


def test_vardes_cannot_bury_an_ucho_krola() -> None:
    st = at(["Hrabina de Vardes", "Madame du Barry"], hands=[["Knucie"], ["Ucho króla"]],
            discard=["Faux pas"])
    play(st, "play Knucie -> 1")  # the Ucho króla taken is discarded on top
    assert st.view(None)["discard"][-1] == "Ucho króla"
    assert legal(st) == ["use Hrabina de Vardes: draw", "end turn"]


def test_markiz_after_savoir_vivre_performs_a_neighbours_card() -> None:
    st = at(["Markiz de Callières", "Madame du Barry"], hands=[["Savoir-vivre"], []],
            discard=["Menuet"], displays=[[], ["Faux pas"]], deck=["Knucie", "Knucie", "Fraszka"])
    play(st, "play Savoir-vivre", "keep Menuet")
    assert legal(st) == ["use Markiz de Callières: Faux pas", "end turn"]
    play(st, "use Markiz de Callières: Faux pas")
    assert hand(st, 0) == Counter({"Menuet": 1, "Knucie": 2})


def test_markiz_at_the_end_of_another_turn_after_riposting() -> None:
    st = at(["Madame du Barry", "Markiz de Callières"],
            hands=[["Faux pas", "Menuet"], [R]], displays=[["Rozrzutność"], []],
            discard=["Knucie"], deck=["Fraszka"] * 4)
    play(st, "play Faux pas -> 1", "pay Menuet", "riposte")
    # seat 0, its hand empty, lets the riposte pass unasked; its turn ends: Markiz is asked
    # before the limits
    assert mover(st) == 1 and st.view(1)["phase"] == "markiz-end-of-turn"
    assert legal(st) == ["use Markiz de Callières: Rozrzutność", "pass"]
    play(st, "use Markiz de Callières: Rozrzutność")
    assert hand(st, 1) == Counter({"Knucie": 1})
    assert st.view(None)["turn"] == 1


def test_du_barry_keeps_two_with_menuet_and_reveals_five_with_zdradzone() -> None:
    st = at(["Madame du Barry", "Hrabia de La Fare"], hands=[["Menuet"], []],
            deck=["Faux pas", "Knucie", "Fraszka", "Podpicie", "Menuet"])
    play(st, "play Menuet", "keep Knucie", "keep Fraszka")
    assert hand(st, 0) == Counter({"Knucie": 1, "Fraszka": 1})
    st = at(["Madame du Barry", "Hrabia de La Fare"],
            hands=[["Zdradzone sekrety", "Podpicie"], []],
            deck=["Faux pas", "Fraszka", "Fraszka", "Fraszka", "Knucie", "Menuet"])
    play(st, "play Zdradzone sekrety -> 1", "pay Podpicie", "pass")
    assert len(st.view(None)["revealed"]) == 5


def test_baronowa_after_an_intrigue_performs_a_neighbours_card() -> None:
    st = at(["Baronowa du Vallon", "Madame du Barry"], hands=[["Rozrzutność", "Menuet"], []],
            displays=[[], ["Faux pas"]], discard=["Knucie", "Fraszka"],
            deck=["Podpicie", "Podpicie", "Menuet"])
    play(st, "play Rozrzutność -> 1", "pay Menuet", "pass")
    assert legal(st) == ["use Baronowa du Vallon: Rozrzutność",
                         "use Baronowa du Vallon: Faux pas", "end turn"]
    play(st, "use Baronowa du Vallon: Faux pas")
    assert hand(st, 0) == Counter({"Fraszka": 1, "Podpicie": 2})


def test_la_fare_swaps_one_of_two_identical_cards_with_the_top_discard() -> None:
    st = at(["Hrabia de La Fare", "Madame du Barry"], hands=[["Faux pas", "Faux pas"], []],
            discard=["Menuet"], deck=["Fraszka"] * 4)
    play(st, "draw")
    assert legal(st) == ["use Hrabia de La Fare: Faux pas", "end turn"]
    play(st, "use Hrabia de La Fare: Faux pas")
    assert hand(st, 0) == Counter({"Faux pas": 1, "Menuet": 1, "Fraszka": 1})
    assert st.view(None)["discard"][-1] == "Faux pas"


def test_biskup_performs_the_cost_card_too_paying_a_special_card() -> None:
    st = at(["Biskup Vannes", "Madame du Barry"],
            hands=[["Rozrzutność", "Faux pas", "Knucie", "Fraszka"], []],
            discard=["Menuet", "Podpicie"], deck=["Kuzyneczka", "Kuzyneczka", "Fraszka"])
    play(st, "play Rozrzutność -> 1", "pay Faux pas", "pass")
    assert hand(st, 0)["Podpicie"] == 1
    play(st, "use Biskup Vannes")
    assert legal(st) == ["discard Fraszka", "discard Podpicie", "discard Knucie"]
    play(st, "discard Knucie")  # a special card pays alone; Faux pas is performed
    assert hand(st, 0) == Counter({"Fraszka": 1, "Podpicie": 1, "Kuzyneczka": 2})


def test_biskup_paying_two_cards() -> None:
    st = at(["Biskup Vannes", "Madame du Barry"],
            hands=[["Rozrzutność", "Rozwiązłość", "Fraszka"], []],
            discard=["Menuet", "Podpicie"], displays=[[], ["Kuzyneczka"]])
    play(st, "play Rozrzutność -> 1", "pay Rozwiązłość", "pass", "use Biskup Vannes",
         "discard Fraszka", "discard Podpicie")
    assert st.view(0)["phase"] == "rozwiazlosc"  # the cost card's effect now runs
    play(st, "take Kuzyneczka from 1:1")
    assert hand(st, 0) == Counter({"Kuzyneczka": 1})


def test_guiche_draws_two_more_characters_and_loses_five() -> None:
    for seed in range(200):
        st = kingscourt.load_game("uchokrola").new_state(players=3, seed=seed)
        while st.view(None)["choosing"]:
            s = st.to_move()[0]
            pick = [a for a in st.legal_actions(s) if "Guiche" in a] or st.legal_actions(s)
            st.apply(s, pick[0])
        chars = st.view(None)["characters"]
        owners = [s for s, c in enumerate(chars) if c[0] == "Hrabia de Guiche"]
        if owners:
            assert len(chars[owners[0]]) == 3
            assert all(len(c) == 1 for s, c in enumerate(chars) if s != owners[0])
            break
    else:
        raise AssertionError("no seed dealt Hrabia de Guiche")
    st = position(chars=[["Hrabia de Guiche", "Baron de Chantal", "Biskup Vannes"],
                         ["Madame du Barry"]], prestige=[["Kuzyneczka"], ["Fraszka"]],
                  simplified=False)
    assert st.prestige_total(0) == 3 - 5 and st.prestige_total(1) == 1
    st = position(chars=[["Hrabia de Guiche"], ["Madame du Barry"]],
                  prestige=[["Kuzyneczka"], []], simplified=True)
    assert st.prestige_total(0) == 3


def test_chantal_with_displayed_cards_of_one_colour() -> None:
    st = at(["Baron de Chantal", "Madame du Barry"], hands=[[], []],
            displays=[["Faux pas", "Podpicie"], []], deck=["Fraszka"] * 5, discard=["Menuet"])
    play(st, "draw")
    assert legal(st) == ["use Baron de Chantal: draw", "use Baron de Chantal: take discard",
                         "end turn"]
    st = at(["Baron de Chantal", "Madame du Barry"], hands=[[], ["Ucho króla"]],
            displays=[["Faux pas", "Menuet"], []], deck=["Fraszka"] * 5)
    play(st, "draw")
    assert mover(st) == 1  # red and green: no ability


def test_markiza_discards_a_twin_then_a_card_from_a_prestige_pile() -> None:
    st = at(["Markiza d'Arquien", "Madame du Barry"], hands=[["Fraszka", "Fraszka"], []],
            prestige=[[], ["Ucho króla", "Faux pas"]], deck=["Menuet"] * 3)
    play(st, "draw")
    assert legal(st) == ["use Markiza d'Arquien: Fraszka", "end turn"]
    play(st, "use Markiza d'Arquien: Fraszka")
    # the only prestige pile that holds cards (public): looked through unasked
    assert "Markiza d'Arquien looks through Madame du Barry's prestige pile." in st.view(None)["log"]
    assert st.view(0)["shown"] == ["Faux pas", "Ucho króla"]
    assert st.view(1)["shown"] is None
    assert legal(st) == ["discard Faux pas"]  # never an Ucho króla
    play(st, "discard Faux pas")
    assert st.view(1)["prestige"][1] == ["Ucho króla"]


def test_la_fare_is_always_asked_so_the_table_learns_nothing_of_the_hand() -> None:
    st = at(["Hrabia de La Fare", "Madame du Barry"],
            hands=[["Faux pas", "Menuet"], ["Ucho króla"]], discard=["Knucie"],
            deck=["Fraszka"] * 4)
    play(st, "draw")
    assert legal(st) == ["end turn"]
    play(st, "end turn")
    assert mover(st) == 1


# Biskup Vannes: "you may perform the effect of both displayed cards." A cost card that the
# intrigue card's effect took off the display is no longer a displayed card.
def test_biskup_does_not_perform_a_cost_card_no_longer_displayed() -> None:
    st = at(["Biskup Vannes", "Madame du Barry"],
            hands=[["Rozwiązłość", "Menuet", "Fraszka"], ["Ucho króla"]],
            discard=["Podpicie"], displays=[[], ["Kuzyneczka"]], deck=["Fraszka"] * 5)
    play(st, "play Rozwiązłość -> 1", "pay Menuet", "pass")
    assert st.view(None)["flags"]["cost_at"] == [0, 0]
    assert "take Menuet from 0:1" in legal(st)
    play(st, "take Menuet from 0:1")  # Rozwiązłość takes the cost card back into the hand
    assert st.view(None)["flags"]["cost"] is None
    assert mover(st) == 1  # no ability phase: Biskup has no displayed cost card to perform
    assert hand(st, 0) == Counter({"Menuet": 1, "Fraszka": 1})


def test_biskup_performs_the_cost_card_still_displayed() -> None:
    st = at(["Biskup Vannes", "Madame du Barry"],
            hands=[["Rozwiązłość", "Menuet", "Fraszka", "Knucie"], []],
            discard=["Podpicie"], displays=[["Faux pas"], ["Kuzyneczka"]],
            deck=["Fraszka"] * 5)
    play(st, "play Rozwiązłość -> 1", "pay Menuet", "pass")
    assert st.view(None)["flags"]["cost_at"] == [0, 1]
    play(st, "take Faux pas from 0:1")  # an earlier card leaves: the cost card moves up
    assert st.view(None)["flags"]["cost_at"] == [0, 0]
    assert legal(st) == ["use Biskup Vannes", "end turn"]


def test_swapping_keeps_the_cost_card_displayed() -> None:
    st = at(["Biskup Vannes", "Madame du Barry"], hands=[[], []])
    st.displays = [[st.cs.by_name["Menuet"]], [st.cs.by_name["Faux pas"]]]
    st.cost, st.cost_at = st.cs.by_name["Menuet"], (0, 0)
    st.swap_displayed((1, 0), (0, 0))
    assert st.cost_at == (1, 0)
    assert st.take_displayed(0, 0) == st.cs.by_name["Faux pas"]
    assert st.cost_at == (1, 0)
    st.take_displayed(1, 0)
    assert st.cost == -1 and st.cost_at == (-1, -1)
