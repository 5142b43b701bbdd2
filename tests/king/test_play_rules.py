"""A scenario for every play obligation (in docs/rules.md's order), each from an explicit deal.

An illegal card is refused with the rule's id and message, and changes nothing."""

from __future__ import annotations

import pytest

import kingscourt
from kingscourt.games.king import KingState

from .scenario import BASE, cards, legal, start

# Seat 0 holds 2D and 3C; seat 1 has no clubs; seat 2 holds AC and 2C.
TRUMPED = [
    "AKQJT9876..2.543",
    "543.AKQJT98.AKQ.",
    "2.765.JT98.AKQJ2",
    ".432.76543.T9876",
]
# Seat 0: spades A-3 and 2D; seats 1 and 2 hold no spade; seat 2's only heart is 2H.
RUFF = [
    "AKQJT9876543..2.",
    ".AKQJT98.AKQJ.32",
    ".2.T98765.AKQJT9",
    "2.76543.43.87654",
]
# Seat 0 leads AD, seat 3 (void in diamonds, no K♥) may break hearts, seat 0 then leads AH;
# seat 1 holds KH QH JH and no spade.
RIFKI = [
    "AKQJT9876.A.A2.2",
    ".KQJ.KQJT.AKQJT9",
    "5432..9876543.87",
    ".T98765432..6543",
]


def refused(state: KingState, seat: int, action: str, rule: str) -> str:
    before = [state.view(s) for s in (None, 0, 1, 2, 3)]
    violation = state.check(seat, action)
    assert violation is not None and violation.rule == rule
    with pytest.raises(kingscourt.IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.rule == rule
    assert info.value.message == violation.message
    assert [state.view(s) for s in (None, 0, 1, 2, 3)] == before, "a refusal changed the state"
    return violation.message


# --- follow-suit ---------------------------------------------------------------------------
def test_follow_suit() -> None:
    state = start(BASE, "el-almaz", "4S")
    assert legal(state) == cards("KS QS 3S 2S")
    msg = refused(state, 1, "play KD", "follow-suit")
    assert msg == "You hold a spade: you must follow suit."


def test_void_may_play_anything_in_el_almaz_and_son_iki() -> None:
    for contract in ("el-almaz", "son-iki"):
        state = start(RUFF, contract, "AS")
        assert legal(state) == sorted(state.hand(1))


# --- must-beat -----------------------------------------------------------------------------
def test_must_beat_in_every_deal() -> None:
    state = start(BASE, "el-almaz", "5S", must_beat="all")
    assert legal(state) == cards("KS QS")
    msg = refused(state, 1, "play 2S", "must-beat")
    assert "beats 5S" in msg


def test_must_beat_only_in_trump_deals() -> None:
    assert legal(start(BASE, "el-almaz", "5S", must_beat="trump")) == cards("KS QS 3S 2S")
    assert legal(start(BASE, "trump D", "5S", must_beat="trump")) == cards("KS QS")
    assert legal(start(BASE, "trump D", "5S")) == cards("KS QS 3S 2S")  # default: none


def test_must_beat_lapses_when_no_card_beats() -> None:
    state = start(BASE, "el-almaz", "AS", must_beat="all")
    assert legal(state) == cards("KS QS 3S 2S")


def test_must_beat_does_not_apply_to_a_trumped_trick() -> None:
    state = start(TRUMPED, "trump H", "3C 8H", must_beat="all")
    assert legal(state) == cards("AC KC QC JC 2C")
    untrumped = start(TRUMPED, "el-almaz", "3C 8H", must_beat="all")
    assert legal(untrumped) == cards("AC KC QC JC")
    refused(untrumped, 2, "play 2C", "must-beat")


# --- give-up-penalty-card ------------------------------------------------------------------
@pytest.mark.parametrize(("contract", "expected", "other"), [
    ("kiz-almaz", "QS", "KS"),
    ("erkek-almaz", "KS", "QS"),
])
def test_give_up_penalty_card(contract: str, expected: str, other: str) -> None:
    state = start(BASE, contract, "AS")
    assert legal(state) == [expected]
    msg = refused(state, 1, f"play {other}", "give-up-penalty-card")
    assert "AS lies in the trick" in msg


def test_give_up_only_below_the_highest_card() -> None:
    # 4S led: seat 1's QS is higher than everything in the trick, no duty to play it
    state = start(BASE, "kiz-almaz", "4S")
    assert legal(state) == cards("KS QS 3S 2S")


def test_give_up_rifki() -> None:
    state = start(RIFKI, "rifki", "AD TD 3D 2H AH")
    assert legal(state) == ["KH"]
    refused(state, 1, "play QH", "give-up-penalty-card")
    state.apply(1, "play KH")
    state.apply(2, "play 5S")
    assert state.view(None)["phase"] == "play"
    state.apply(3, "play TH")
    # the trick with the K♥ is taken: Rıfkı ends at once (docs/rules.md, King)
    view = state.view(None)
    assert view["score_table"][0]["points"] == [-320, 0, 0, 0]
    assert view["deal"] == 2 and view["phase"] == "choose"


def test_no_give_up_in_kupa_almaz() -> None:
    state = start(RIFKI, "kupa-almaz", "AD TD 3D 2H AH")
    assert legal(state) == cards("KH QH JH")


# --- discard-penalty-card ------------------------------------------------------------------
@pytest.mark.parametrize(("contract", "rules", "expected"), [
    ("kupa-almaz", {}, "KH QH JH"),
    ("erkek-almaz", {}, "KH JH KD JD KC JC"),
    ("kiz-almaz", {}, "QH QD QC"),
    ("rifki", {}, "KH"),
    ("rifki", {"rifki_void": "any-heart"}, "KH QH JH"),
])
def test_discard_penalty_card(contract: str, rules: dict[str, str], expected: str) -> None:
    state = start(RIFKI, contract, "AS", **rules)
    assert legal(state) == cards(expected)
    msg = refused(state, 1, "play 9C", "discard-penalty-card")
    assert msg.startswith("You cannot follow suit and hold a")


def test_no_penalty_card_left_frees_the_discard() -> None:
    # seat 3 holds no queen: void in diamonds it may discard anything
    state = start(RIFKI, "kiz-almaz", "AD QD 3D")
    assert legal(state) == sorted(state.hand(3))


# --- must-trump ----------------------------------------------------------------------------
def test_must_trump_even_when_it_cannot_win() -> None:
    state = start(RUFF, "trump H", "AS")
    assert legal(state) == cards("AH KH QH JH TH 9H 8H")
    refused(state, 1, "play AD", "must-trump")
    state.apply(1, "play AH")
    assert legal(state) == ["2H"]  # 2H cannot beat AH: still a duty
    msg = refused(state, 2, "play AC", "must-trump")
    assert msg == "You cannot follow suit: you must play a trump (hearts)."


def test_trick_goes_to_the_highest_trump() -> None:
    state = start(RUFF, "trump H", "AS 8H 2H 2S")
    assert state.view(None)["last_trick"]["winner"] == 1
    assert state.view(None)["tricks_taken"] == [0, 1, 0, 0]


# --- hearts-not-broken ---------------------------------------------------------------------
@pytest.mark.parametrize(("contract", "rules", "banned"), [
    ("kupa-almaz", {}, True),
    ("rifki", {}, True),
    ("kiz-almaz", {}, False),
    ("kiz-almaz", {"heart_lead_ban": "all-penalty"}, True),
    ("el-almaz", {"heart_lead_ban": "all-penalty"}, True),
    ("trump S", {"heart_lead_ban": "all-penalty"}, False),
])
def test_hearts_not_broken(contract: str, rules: dict[str, str], banned: bool) -> None:
    state = start(RIFKI, contract, **rules)
    if banned:
        assert "AH" not in legal(state)
        msg = refused(state, 0, "play AH", "hearts-not-broken")
        assert "Hearts are not broken" in msg
    else:
        assert "AH" in legal(state)


def test_a_discarded_heart_breaks_hearts() -> None:
    state = start(RIFKI, "kupa-almaz", "AD TD 3D")
    assert not state.view(None)["hearts_broken"]
    state.apply(3, "play 2H")  # void in diamonds: a heart is discarded
    assert state.view(None)["hearts_broken"]
    assert "AH" in legal(state)


# --- trump-not-broken ----------------------------------------------------------------------
def test_trump_not_broken_table_rule() -> None:
    state = start(RUFF, "trump S", trump_lead_after_break=True)
    assert legal(state) == ["2D"]
    msg = refused(state, 0, "play AS", "trump-not-broken")
    assert "Trumps are not broken" in msg
    assert "AS" in legal(start(RUFF, "trump S"))  # off by default


def test_trump_ruff_breaks_trumps() -> None:
    # seat 0 leads 2D; seat 3 follows 4D ... then a ruff on diamonds breaks trumps
    state = start(RUFF, "trump C", "2D AD", trump_lead_after_break=True)
    assert not state.view(None)["trump_broken"]
    state.apply(2, "play 9D")
    state.apply(3, "play 4D")
    assert not state.view(None)["trump_broken"]
    # seat 1 leads KD: seat 3 has 3D; seat 0 void in diamonds and clubs may play anything
    state.apply(1, "play KD")
    state.apply(2, "play 8D")
    state.apply(3, "play 3D")
    state.apply(0, "play AS")
    state.apply(1, "play QD")
    state.apply(2, "play 7D")
    assert legal(state) == cards("8C 7C 6C 5C 4C")  # seat 3: void in diamonds, must trump
    state.apply(3, "play 4C")
    assert state.view(None)["trump_broken"]


# --- the seat and the card -----------------------------------------------------------------
def test_not_your_turn() -> None:
    state = start(BASE, "el-almaz")
    before = state.view(None)
    with pytest.raises(kingscourt.NotYourTurn) as info:
        state.apply(2, "play JS")
    assert info.value.rule == "not-your-turn"
    assert "seat 1 to move" in info.value.message  # seat 0, as people count it
    assert state.view(None) == before
    assert state.legal_actions(2) == []


def test_not_in_hand() -> None:
    state = start(BASE, "el-almaz")
    msg = refused(state, 0, "play KS", "not-in-hand")
    assert msg == "You do not hold KS."


def test_wrong_phase() -> None:
    state = start(BASE)
    refused(state, 0, "play 2D", "wrong-phase")
    state.apply(0, "choose el-almaz")
    refused(state, 0, "choose kiz-almaz", "wrong-phase")


def test_game_over() -> None:
    state = kingscourt.load_game("king").new_state(seed=3)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    with pytest.raises(kingscourt.GameOver) as info:
        state.apply(0, "play 2S")
    assert info.value.rule == "game-over"
    assert state.check(1, "choose el-almaz") is not None


def test_legal_set_and_check_agree_on_every_card() -> None:
    """The legal list is the single source of truth: check() refuses exactly the others."""
    state = kingscourt.load_game("king", must_beat="all").new_state(seed=8)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal_set = {str(a) for a in state.legal_actions(seat)}
        if state.view(None)["phase"] == "play":
            for c in state.hand(seat):
                assert (state.check(seat, f"play {c}") is None) == (f"play {c}" in legal_set)
        state.apply(seat, sorted(legal_set)[0])
