"""The two halves (rulebook, "End of the First Round of Play", "End of the Game"): the first
scoring after the first complete round in which someone holds 13+ cards, red-cross cards
back to the box, the last round when the pile runs out (the box shuffled in), winners."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import kingscourt
from kingscourt.games.kukakoenig import NAMES, TYPES, KukakoenigState, score

from .helpers import GAME, all_views, call, deck, first, kinds, new, rest_of_set

KEPT = {t.name for t in TYPES if t.kept}


def shuffled_set(seed: int) -> list[str]:
    cards = rest_of_set([])
    random.Random(seed).shuffle(cards)
    return cards


def rows_of(state: KukakoenigState) -> list[list[str]]:
    rows: list[list[str]] = state.view(None)["rows"]
    return rows


def small_round(state: KukakoenigState, big: int) -> list[kingscourt.Event]:
    """Both seats collide twice on the first row with cards, then seat ``big`` takes a full
    row and the other the one card left: 3 cards for ``big``, 1 for the other."""
    r = next(i for i, row in enumerate(rows_of(state)) if row) + 1
    call(state, {0: r, 1: r})
    call(state, {0: r, 1: r})
    full = next(i for i, row in enumerate(rows_of(state)) if len(row) == 3) + 1
    return call(state, {big: full, 1 - big: r})


def test_first_half_ends_after_the_round_in_which_someone_holds_13() -> None:
    state = new(2, shuffled_set(5)[:80])
    for _ in range(4):
        events = small_round(state, big=0)
    assert [len(c) for c in state.view(None)["collections"]] == [12, 4]
    assert "scoring" not in kinds(events) and state.view(None)["half"] == 1
    # Round 5: seat 0 gets the single card (13), seat 1 a full row (7).
    before = [list(c) for c in state.view(None)["collections"]]
    r = next(i for i, row in enumerate(rows_of(state)) if row) + 1
    call(state, {0: r, 1: r})
    call(state, {0: r, 1: r})
    single = rows_of(state)[r - 1]
    full = next(i for i, row in enumerate(rows_of(state)) if len(row) == 3) + 1
    triple = rows_of(state)[full - 1]
    events = call(state, {0: r, 1: full})
    held = [sorted(before[0] + single), sorted(before[1] + triple)]
    assert [len(c) for c in held] == [13, 7]
    # The round ends with the refill, then the first scoring, then the red crosses go back.
    assert kinds(events)[-5:] == ["round-end", "refill", "scoring", "returned", "round-start"]
    scoring = first(events, "scoring").data
    assert scoring["name"] == "first" and scoring["sheets"] == score(held)
    view = state.view(None)
    assert view["half"] == 2
    assert view["scorings"] == [{"name": "first", "round": 5, "sheets": score(held)}]
    assert view["scores"] == [s["total"] for s in score(held)]
    for seat in (0, 1):
        assert Counter(view["collections"][seat]) == Counter(c for c in held[seat] if c in KEPT)
    returned = [c for h in held for c in h if c not in KEPT]
    assert first(events, "returned").data["cards"] == [
        sorted((c for c in h if c not in KEPT), key=NAMES.index) for h in held]
    burnt = [e["burnt"] for e in view["log"] if e["kind"] == "collision"]
    assert Counter(view["box"]) == Counter(burnt) + Counter(returned)


def test_second_half_cards_join_the_kept_ones_and_both_scorings_add_up() -> None:
    state = GAME.new_state(players=3, seed=21)
    rng = random.Random(2)
    kept_after_first: list[Counter[str]] | None = None
    while not state.is_over():
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(None)
        if kept_after_first is None and view["half"] == 2:
            kept_after_first = [Counter(c) for c in view["collections"]]
            assert all(set(c) <= KEPT for c in kept_after_first)
    assert kept_after_first is not None
    view = state.view(None)
    assert [s["name"] for s in view["scorings"]] == ["first", "second"]
    assert view["scorings"][1]["sheets"] == score(view["collections"])
    for seat in range(3):
        assert not kept_after_first[seat] - Counter(view["collections"][seat])
    totals = [a["total"] + b["total"] for a, b in zip(*(s["sheets"] for s in view["scorings"]),
                                                        strict=True)]
    assert view["scores"] == state.scores() == totals
    assert view["winners"] == [s for s in range(3) if totals[s] == max(totals)]
    assert view["over"] and state.to_move() == [] and view["legal"] == []


def test_pile_running_out_exactly_makes_the_next_round_the_last() -> None:
    state = new(2, deck(fill=18 + 6))
    events = call(state, {0: 1, 1: 2})
    assert "last-round" in kinds(events) and "box-shuffled" not in kinds(events)
    assert state.view(None)["last_round"] and state.view(None)["pile"] == 0
    events = call(state, {0: 1, 1: 2})
    assert kinds(events)[-3:] == ["round-end", "scoring", "game-over"]
    assert "refill" not in kinds(events)  # nothing is refilled after the last round
    assert state.is_over()


def test_the_box_is_shuffled_in_when_the_pile_cannot_fill_the_rows() -> None:
    cards = deck(fill=18 + 10)
    state = new(2, cards)
    call(state, {0: 1, 1: 2})
    call(state, {0: 1, 1: 1})  # one collision: a burnt card in the box
    events = call(state, {0: 1, 1: 2})
    assert kinds(events)[-5:] == ["round-end", "box-shuffled", "refill", "last-round",
                                  "round-start"]
    shuffled = first(events, "box-shuffled").data["cards"]
    assert shuffled == 112 - 28 + 1
    view = state.view(None)
    assert [len(r) for r in view["rows"]] == [3] * 6
    assert view["pile"] == 0 and view["box"] == []
    assert view["box_unseen"] == shuffled - 2  # rows 1 and 2 needed 6, the pile held 4
    assert view["rows"][1][0] == cards[-1]  # the pile's last card, then two from the box
    assert view["last_round"]
    call(state, {0: 3, 1: 4})
    assert state.is_over()


def test_box_shuffle_is_fixed_by_the_seed() -> None:
    def play(seed: int) -> object:
        state = new(2, deck(fill=18 + 4), seed=seed)
        call(state, {0: 1, 1: 2})
        call(state, {0: 1, 1: 2})
        return all_views(state)

    assert play(1) == play(1)
    assert any(play(1) != play(s) for s in (2, 3, 4))


def test_a_game_that_ends_before_the_first_scoring_is_scored_once() -> None:
    state = new(2, deck(fill=18 + 6))
    call(state, {0: 1, 1: 2})
    events = call(state, {0: 3, 1: 4})
    view = state.view(None)
    assert [s["name"] for s in view["scorings"]] == ["final"]
    assert view["scores"] == [s["total"] for s in score(view["collections"])]
    assert first(events, "game-over").data == {"scores": view["scores"],
                                               "winners": view["winners"]}


def test_ties_share_the_win() -> None:
    cards = deck("sheep horse pig", "sheep horse pig", "king king king", "king king king",
                 "knight knight knight", "knight knight knight",
                 pile="cow goat goose cow goat goose")
    state = new(2, cards)
    call(state, {0: 1, 1: 2})
    call(state, {0: 1, 1: 2})
    assert state.is_over()
    assert state.scores()[0] == state.scores()[1] and state.winners() == [0, 1]


def test_nothing_can_be_played_after_the_end() -> None:
    state = new(2, deck(fill=18 + 6))
    call(state, {0: 1, 1: 2})
    call(state, {0: 1, 1: 2})
    before = all_views(state)
    with pytest.raises(kingscourt.GameOver) as over:
        state.apply(0, "row 3")
    assert over.value.rule == "game-over"
    assert state.check(1, "row 3") == over.value.violation
    assert all_views(state) == before


def test_a_last_round_without_two_rows_of_cards_ends_at_once() -> None:
    # Unreachable with 112 cards in practice; forced here by moving the box into a collection.
    state = new(2, deck(fill=18 + 2))
    for r in range(1, 5):
        for _ in range(3):
            call(state, {0: r, 1: r})  # rows 1-4 burnt out
    state.apply(0, "row 5")
    state._colls[1] += state._box + state._unseen
    state._box, state._unseen = [], []
    events = state.apply(1, "row 6")
    # seat 1 now holds 100+ cards: the first half ends too
    assert kinds(events)[kinds(events).index("round-end"):] == [
        "round-end", "refill", "last-round", "scoring", "returned", "round-start",
        "empty-handed", "round-end", "scoring", "game-over"]
    assert first(events, "refill").data["rows"] == [{"row": 1, "cards": deck(fill=20)[18:]}]
    assert first(events, "empty-handed").data == {"seats": [0, 1]}
    assert state.is_over()
    assert [s["name"] for s in state.view(None)["scorings"]] == ["first", "second"]
