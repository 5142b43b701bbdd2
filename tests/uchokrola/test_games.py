"""Whole seeded games: all 120 cards conserved, every game ends, replay is exact, secrets
stay with their seat, and sampled worlds agree with the view they come from."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import kingscourt
from kingscourt.games.uchokrola import UchoState
from kingscourt.games.uchokrola.tasks import Shown
from kingscourt.games.uchokrola.turn import PAY_COST, RIPOSTE

VARIANTS: list[dict[str, Any]] = [
    {}, {"simplified": True}, {"quick": True}, {"open": True}, {"favourite": True},
    {"open": True, "favourite": True, "quick": True}, {"teams": "pairs"},
    {"teams": "triples", "open": True},
]


def counts_of(st: UchoState) -> Counter[int]:
    c: Counter[int] = Counter()
    for zone in (*st.hands, *st.displays, *st.prestige, st.deck, st.discard, st.limbo,
                 st.revealed, st.looked, st.out, *st.characters, *st.options, st.box):
        c.update(zone)
    if st.marker >= 0 and not st.marker_in_deck:
        c[st.marker] += 1
    return c


def cases() -> list[tuple[int, dict[str, Any]]]:
    out = []
    for variant in VARIANTS:
        for n in range(2, 7):
            if variant.get("teams") == "pairs" and n not in (4, 6):
                continue
            if variant.get("teams") == "triples" and n != 6:
                continue
            out.append((n, variant))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), cases())
def test_seeded_games_conserve_all_cards_end_and_replay(players: int,
                                                       variant: dict[str, Any]) -> None:
    game = kingscourt.load_game("uchokrola", **variant)
    for seed in range(3):
        st = game.new_state(players=players, seed=seed)
        assert isinstance(st, UchoState)
        full = Counter({i: t.copies for i, t in enumerate(st.cs.types)})
        assert sum(full.values()) == 120
        rng = random.Random(seed)
        steps = 0
        while not st.is_over():
            assert counts_of(st) == full
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            assert legal, "a seat to move always has a legal action"
            st.apply(seat, rng.choice(legal))
            steps += 1
            assert steps < 20_000
        assert counts_of(st) == full
        assert st.view(None)["exhaustions"] == (1 if variant.get("quick") else 2)
        again = kingscourt.replay(json.loads(json.dumps(st.record())))
        for seat in [None, *range(players)]:
            assert again.view(seat) == st.view(seat)


def hidden_shuffle(st: UchoState, seat: int, rng: random.Random) -> UchoState:
    """The same position with every card ``seat`` cannot see dealt anew (sizes kept)."""
    twin = st.clone()
    others = [s for s in range(st.n) if s != seat]
    zones = [twin.hands[s] for s in others]
    if not st.over:
        zones += [twin.prestige[s] for s in others]
    if twin.looked_by != seat:
        zones.append(twin.looked)
    deck = [c for c in twin.deck if not (twin.marker_in_deck and c == twin.marker)]
    pool = [c for z in zones for c in z] + deck
    rng.shuffle(pool)
    for z in zones:
        k = len(z)
        z[:] = pool[:k]
        del pool[:k]
    marker_at = [i for i, c in enumerate(twin.deck) if twin.marker_in_deck and c == twin.marker]
    twin.deck = pool
    for i in marker_at:
        twin.deck.insert(min(i, max(len(twin.deck) - 1, 0)), twin.marker)
    return twin


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_view_does_not_change_when_cards_hidden_from_it_change(players: int) -> None:
    game = kingscourt.load_game("uchokrola", open=True)
    st = game.new_state(players=players, seed=21)
    assert isinstance(st, UchoState)
    rng = random.Random(4)
    steps = 0
    while not st.is_over() and steps < 400:
        top = st.stack[-1]
        for seat in range(players):
            looking = top.seat == seat and top.kind.shows is not Shown.NOTHING
            if looking or (top.kind is RIPOSTE and top.seat != seat):
                continue  # the seat is shown that hand / the riposte question is public
            if top.kind is PAY_COST and top.seat != seat:
                continue
            twin = hidden_shuffle(st, seat, rng)
            assert twin.view(seat) == st.view(seat), f"seat {seat} sees a hidden card"
        s = st.to_move()[0]
        st.apply(s, rng.choice(st.legal_actions(s)))
        steps += 1


def test_private_narration_stays_with_its_seat_and_the_seed_never_leaves() -> None:
    st = kingscourt.load_game("uchokrola", simplified=True).new_state(
        players=3, seed=987654321, characters=[["Madame du Barry"], ["Biskup Vannes"],
                                               ["Baron de Chantal"]],
        hands=[["Menuet", "Fraszka"], ["Ucho króla"], []],
        deck=["Zdradzone sekrety", "Knucie", "Rozwiązłość", "Podpicie", "Faux pas"],
        discard=["Maskarada"])
    st.apply(0, "play Menuet")
    st.apply(0, "keep Knucie")
    for seat in (1, 2):
        text = json.dumps(st.view(seat), ensure_ascii=False)
        assert "You see" not in text and "You keep" not in text
        assert "987654321" not in text
    assert any("You keep Knucie" in line for line in st.view(0)["log"])
    assert st.view(1)["hand"] == ["Ucho króla"] and st.view(2)["hand"] == []
    assert st.view(None)["hand"] == [] and st.view(None)["prestige"] == [None] * 3


@pytest.mark.parametrize(("players", "variant"), [(3, {}), (5, {"open": True}),
                                                   (4, {"teams": "pairs", "quick": True})])
def test_sampled_worlds_reproduce_the_view_and_play_on(players: int,
                                                       variant: dict[str, Any]) -> None:
    game = kingscourt.load_game("uchokrola", **variant)
    st = game.new_state(players=players, seed=8)
    rng = random.Random(8)
    steps = 0
    while not st.is_over():
        if steps % 3 == 0:
            for seat in range(players):
                view = json.loads(json.dumps(st.view(seat)))
                world = game.sample_world(view, rng)
                assert world.view(seat) == view
                mover = world.to_move()[0]
                assert world.legal_actions(mover)
                world.apply(mover, rng.choice(world.legal_actions(mover)))
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        steps += 1


def test_a_game_from_an_explicit_position_replays_from_its_record() -> None:
    game = kingscourt.load_game("uchokrola", favourite=True)
    st = game.new_state(players=3, seed=4, characters=[["Hrabia de Guiche", "Markiz de Callières",
                                                        "Biskup Vannes"], ["Madame du Barry"],
                                                       ["Baron de Chantal"]],
                        hands=[["Kuzyneczka", "Faux pas", "Menuet"], ["Kąśliwa riposta"], []],
                        favourite=2, start=1)
    rng = random.Random(4)
    while not st.is_over():
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    record = json.loads(json.dumps(st.record()))
    assert record["setup"]["favourite"] == 2
    again = kingscourt.replay(record)
    assert all(again.view(s) == st.view(s) for s in (None, 0, 1, 2))
