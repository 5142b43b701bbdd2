"""Whether a seat is asked depends only on what every seat may know (docs/rules.md).

Each case is a pair of positions that differ only in cards one seat keeps hidden; after the
same public moves, every other seat's view and the spectator's view are identical, the seat
to move and the question asked included. Also Hrabia de Guiche's extra characters (Setup 1).
"""

from __future__ import annotations

import random

import pytest

import kingscourt
from kingscourt.games.uchokrola import UchoState

from .helpers import legal, mover, play, position

R = "Kąśliwa riposta"


def same_for_the_others(a: UchoState, b: UchoState, secret: int) -> None:
    """Every seat but ``secret``, and the spectator, sees ``a`` and ``b`` alike."""
    assert a.to_move() == b.to_move()
    for seat in [None, *range(a.n)]:
        if seat != secret:
            assert a.view(seat) == b.view(seat), f"seat {seat} can tell the positions apart"


def test_the_riposte_window_is_asked_whether_or_not_a_riposte_is_held() -> None:
    hands = [["Faux pas", "Menuet"], [], ["Fraszka"]]
    deck = ["Knucie", "Podpicie", "Kuzyneczka", "Maskarada"]
    a = position(3, hands=[hands[0], [R, "Fraszka"], hands[2]], deck=deck)
    b = position(3, hands=[hands[0], ["Podszepty", "Fraszka"], hands[2]], deck=deck)
    same_for_the_others(a, b, secret=1)
    for st in (a, b):
        play(st, "play Faux pas -> 1", "pay Menuet")
    same_for_the_others(a, b, secret=1)
    assert mover(a) == 1 and a.view(None)["phase"] == "riposte"
    assert legal(a) == ["riposte", "pass"] and legal(b) == ["pass"]
    for st in (a, b):
        play(st, "pass")
    same_for_the_others(a, b, secret=1)
    assert a.view(None)["phase"] == "action" and mover(a) == 1


def test_the_riposte_chain_asks_the_player_answered_whatever_they_hold() -> None:
    deck = ["Knucie", "Podpicie", "Kuzyneczka", "Maskarada"]
    a = position(3, hands=[["Faux pas", "Menuet", R], [R], []], deck=deck)
    b = position(3, hands=[["Faux pas", "Menuet", "Fraszka"], [R], []], deck=deck)
    for st in (a, b):
        play(st, "play Faux pas -> 1", "pay Menuet", "riposte")
    same_for_the_others(a, b, secret=0)
    assert mover(a) == 0 and a.view(None)["phase"] == "riposte"
    assert legal(b) == ["pass"]


def test_the_menuet_keep_is_asked_even_when_the_four_cards_are_identical() -> None:
    rest = ["Fraszka", "Maskarada", "Kuzyneczka"]
    a = position(3, hands=[["Menuet"], [], []], deck=[*["Faux pas"] * 4, *rest])
    b = position(3, hands=[["Menuet"], [], []],
                 deck=["Faux pas", "Knucie", "Podpicie", "Rozrzutność", *rest])
    for st in (a, b):
        play(st, "play Menuet")
    same_for_the_others(a, b, secret=0)
    assert mover(a) == 0 and a.view(None)["phase"] == "menuet-keep"
    assert legal(a) == ["keep Faux pas"]


def test_the_hand_limit_discard_is_asked_even_when_the_hand_holds_identical_cards() -> None:
    deck = ["Faux pas", "Fraszka", "Maskarada"]
    a = position(3, hands=[["Faux pas"] * 5, ["Fraszka"], ["Fraszka"]], deck=deck)
    b = position(3, hands=[["Faux pas"] * 4 + ["Menuet"], ["Fraszka"], ["Fraszka"]], deck=deck)
    for st in (a, b):
        play(st, "draw")
    same_for_the_others(a, b, secret=0)
    assert mover(a) == 0 and a.view(None)["phase"] == "hand-limit"
    assert legal(a) == ["discard Faux pas"]
    for st in (a, b):
        play(st, "discard Faux pas")
    same_for_the_others(a, b, secret=0)
    assert a.view(None)["turn"] == 1


def test_biskup_vannes_is_asked_with_one_card_left_whatever_that_card_is() -> None:
    chars = [["Biskup Vannes"], ["Madame du Barry"], ["Baron de Chantal"]]
    deck = ["Fraszka", "Maskarada", "Kuzyneczka"]
    a = position(3, chars=chars, simplified=False, deck=deck,
                 hands=[["Podpicie", "Podpicie", "Menuet"], [], []])
    b = position(3, chars=chars, simplified=False, deck=deck,
                 hands=[["Podpicie", "Podpicie", "Faux pas"], [], []])
    for st in (a, b):
        play(st, "play Podpicie -> 1", "pay Podpicie", "pass")
    same_for_the_others(a, b, secret=0)
    assert mover(a) == 0 and a.view(None)["phase"] == "ability"
    assert legal(a) == ["use Biskup Vannes", "end turn"]
    assert legal(b) == ["end turn"]  # one card that is not special cannot pay
    for st in (a, b):
        play(st, "end turn")
    same_for_the_others(a, b, secret=0)


def test_sampled_worlds_do_not_put_a_riposte_into_the_hand_asked() -> None:
    st = position(3, hands=[["Faux pas", "Menuet"], ["Fraszka", "Podszepty"], ["Knucie"]])
    play(st, "play Faux pas -> 1", "pay Menuet")
    assert st.view(2)["phase"] == "riposte" and mover(st) == 1
    view = st.view(2)
    rng = random.Random(3)
    holds = set()
    for _ in range(40):
        world = st.game.sample_world(view, rng)
        assert world.view(2) == view
        assert world.legal_actions(1)
        holds.add(R in world.view(1)["hand"])
    assert False in holds  # seat 1 is asked holding a riposte or not: both are possible


# -- Setup 1: Hrabia de Guiche ---------------------------------------------------------------

def choose_guiche(players: int, seed: int) -> tuple[UchoState, list[list[str]]]:
    """Every seat keeps Hrabia de Guiche if dealt, else its first card; the cards dealt."""
    st = kingscourt.load_game("uchokrola").new_state(players=players, seed=seed)
    assert isinstance(st, UchoState)
    dealt = [[st.cs.name(c) for c in o] for o in st.options]
    while st.view(None)["choosing"]:
        s = st.to_move()[0]
        pick = [a for a in st.legal_actions(s) if "Guiche" in a] or st.legal_actions(s)
        st.apply(s, pick[0])
    return st, dealt


def test_guiche_never_draws_back_the_character_he_turned_down_seed_29() -> None:
    st, dealt = choose_guiche(3, 29)
    assert sorted(dealt[1]) == ["Hrabia de Guiche", "Hrabina de Vardes"]
    chars = st.view(None)["characters"][1]
    assert chars[0] == "Hrabia de Guiche" and len(chars) == 3
    assert "Hrabina de Vardes" not in chars


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_guiche_draws_from_the_undealt_and_the_others_rejects(players: int) -> None:
    seen = 0
    for seed in range(60):
        st, dealt = choose_guiche(players, seed)
        chars = st.view(None)["characters"]
        for s, mine in enumerate(chars):
            if mine[0] != "Hrabia de Guiche":
                continue
            seen += 1
            extras = mine[1:]
            assert len(extras) == 2
            assert not set(extras) & set(dealt[s])  # never his own rejected card
            chosen = {c[0] for c in chars}
            assert not set(extras) & chosen
    assert seen > 5


# The converse (the game's docstring): a question whose only answer public information forces
# is passed for the seat at once, unasked, the same way every time.
def test_an_empty_hand_is_not_asked_to_riposte() -> None:
    deck = ["Knucie", "Podpicie", "Kuzyneczka", "Maskarada"] * 2
    st = position(3, hands=[["Faux pas", "Menuet"], [], ["Fraszka"]], deck=deck)
    play(st, "play Faux pas -> 1", "pay Menuet")
    # seat 1 holds no card (its hand size is public): "pass" is its only answer, given for it
    assert st.view(None)["displays"][1] == ["Faux pas"]
    assert sorted(st.view(0)["hand"]) == ["Knucie", "Podpicie"]  # Faux pas performed
    # then its action, "draw" the only one, is taken for it too: seat 2 is asked
    assert st.view(None)["phase"] == "action" and mover(st) == 2
    assert st.view(None)["hand_sizes"] == [2, 2, 1]
    assert "You let it pass." in st.view(1)["log"]
    assert "You let it pass." not in st.view(None)["log"]  # told as an asked pass is


def test_an_empty_handed_seat_answered_in_a_chain_is_not_asked() -> None:
    deck = ["Knucie", "Podpicie", "Kuzyneczka", "Maskarada"] * 2
    st = position(3, hands=[["Faux pas", "Menuet"], [R], ["Fraszka"]], deck=deck)
    play(st, "play Faux pas -> 1", "pay Menuet", "riposte")
    assert st.view(None)["displays"][0] == ["Menuet", R]
    # seat 1, its hand empty after riposting, draws unasked: seat 2 is asked
    assert st.view(None)["phase"] == "action" and mover(st) == 2
    assert st.view(None)["hand_sizes"] == [2, 2, 1]


def test_la_fare_and_arquien_are_not_asked_when_the_hand_size_rules_out_a_pair() -> None:
    for char in ("Hrabia de La Fare", "Markiza d'Arquien"):
        chars = [[char], ["Madame du Barry"]]
        deck = ["Fraszka", "Maskarada", "Kuzyneczka", "Knucie"]
        # an empty hand draws 2 (unasked, its only action): asked, whether or not they are a
        # pair
        a = position(2, chars=chars, simplified=False, deck=deck, hands=[[], []])
        play(a, "draw")
        assert a.view(None)["phase"] == "ability" and legal(a)[-1] == "end turn"
        # two cards left after the action: asked; one card left: no pair is possible
        b = position(2, chars=chars, simplified=False, deck=deck,
                     hands=[["Kuzyneczka", "Knucie", "Fraszka"], []])
        play(b, "play Kuzyneczka")
        assert b.view(None)["hand_sizes"][0] == 2 and b.view(None)["phase"] == "ability"
        assert legal(b)[-1] == "end turn"
        c = position(2, chars=chars, simplified=False, deck=deck,
                     hands=[["Kuzyneczka", "Knucie"], ["Menuet"]])
        play(c, "play Kuzyneczka")
        assert c.view(None)["hand_sizes"][0] == 1
        assert c.view(None)["phase"] == "action" and mover(c) == 1
    # La Fare also needs a discard pile to swap with
    d = position(2, chars=[["Hrabia de La Fare"], ["Madame du Barry"]], simplified=False,
                 deck=["Fraszka", "Fraszka", "Kuzyneczka"], discard=[], hands=[[], ["Menuet"]])
    play(d, "draw")
    assert d.view(None)["discard"] == [] and mover(d) == 1


def test_a_choice_among_public_options_that_leaves_one_is_made_unasked() -> None:
    # two players: Fraszka can look only at the other hand; three: the question is put
    two = position(2, hands=[["Fraszka"], ["Faux pas"]], deck=["Menuet"] * 3)
    play(two, "play Fraszka")
    assert two.view(None)["phase"] == "fraszka-take" and two.view(0)["shown"] == ["Faux pas"]
    three = position(3, hands=[["Fraszka"], ["Faux pas"], ["Knucie"]], deck=["Menuet"] * 3)
    play(three, "play Fraszka")
    assert three.view(None)["phase"] == "fraszka-look"
    assert legal(three) == ["look at 1", "look at 2"]
    # Maskarada with one other seat takes from it unasked, told as if answered
    mask = position(2, hands=[["Maskarada"], ["Faux pas", "Menuet"]], deck=["Knucie"] * 3)
    play(mask, "play Maskarada")
    assert mask.view(None)["hand_sizes"] == [2, 1]


def test_an_empty_hand_draws_unasked_as_if_it_had_answered_draw() -> None:
    deck = ["Knucie", "Podpicie", "Kuzyneczka", "Maskarada", "Menuet"]
    st = position(2, hands=[["Fraszka"], []], deck=deck)
    play(st, "draw")
    # seat 1's only action is "draw" (its hand size is public): taken for it at once,
    # narrated as its answer would be
    assert mover(st) == 0 and st.view(None)["hand_sizes"] == [2, 2]
    assert "Hrabia de La Fare draws 2 cards." in st.view(None)["log"]
    assert "You draw Podpicie, Kuzyneczka." in st.view(1)["log"]
    # a hand whose cards offer no play is asked all the same: "draw" alone, but from hidden
    # cards
    lone = position(2, hands=[["Faux pas"], []], deck=deck)
    assert mover(lone) == 0 and legal(lone) == ["draw"]


def test_the_favourite_with_an_empty_hand_draws_unasked_then_is_asked() -> None:
    game = kingscourt.load_game("uchokrola", favourite=True, simplified=True)
    st = game.new_state(players=2, seed=3, characters=[["Madame du Barry"], ["Biskup Vannes"]],
                        hands=[[], ["Fraszka"]], favourite=0, start=0,
                        deck=["Knucie", "Podpicie", "Kuzyneczka", "Maskarada"])
    assert isinstance(st, UchoState)
    # the first action draws 2 for the favourite; the second is asked (2 cards in hand)
    assert mover(st) == 0 and st.view(None)["hand_sizes"] == [2, 1]
    assert st.view(None)["phase"] == "action" and "draw" in legal(st)
