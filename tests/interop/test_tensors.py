"""The tensors of the research bridges: seat-relative, built from one seat's view only, the
layouts documented in docs/tensors.md as the code has them."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import kingscourt
from kingscourt.interop.tensors import encoder
from kingscourt.interop.tensors.__main__ import tables

ROOT = Path(__file__).resolve().parents[2]


def _tensor(game: kingscourt.Game, view: dict[str, object], info: bool) -> dict[str, np.ndarray]:
    enc = encoder(game)
    layout = enc.information_state_layout if info else enc.observation_layout
    flat, pieces = layout.allocate()
    (enc.information_state if info else enc.observation)(view, pieces)
    assert flat.shape == (layout.size,) and np.isfinite(flat).all()
    return {"flat": flat, **pieces}


def _random_state(name: str, moves: int, seed: int, **kw: object) -> kingscourt.State:
    game = kingscourt.load_game(name)
    state = game.new_state(seed=seed, **kw)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_docs_hold_the_layouts_as_the_code_has_them() -> None:
    doc = (ROOT / "docs" / "tensors.md").read_text(encoding="utf-8")
    assert tables() in doc


@pytest.mark.parametrize("name", ["king", "kukakoenig", "uchokrola"])
def test_a_tensor_depends_only_on_what_the_seat_may_know(name: str) -> None:
    """Worlds drawn from a seat's view differ in every hidden card, not in its tensors."""
    kw = {"players": 3} if name != "king" else {}
    state = _random_state(name, 40, 3, **kw)
    seat = state.to_move()[0]
    view = state.view(seat)
    rng = random.Random(1)
    for info in (False, True):
        mine = _tensor(state.game, view, info)["flat"]
        for _ in range(3):
            world = state.game.sample_world(view, rng)
            again = _tensor(state.game, world.view(seat), info)["flat"]
            assert np.array_equal(mine, again)


@pytest.mark.parametrize("name", ["king", "kukakoenig", "uchokrola"])
def test_the_spectator_has_no_tensor(name: str) -> None:
    state = _random_state(name, 5, 1)
    with pytest.raises(ValueError, match="seat"):
        _tensor(state.game, state.view(None), False)


def test_king_tensors_are_seat_relative_with_the_own_hand_first() -> None:
    state = _random_state("king", 1 + 6, 5)  # a choice, then six cards of the first trick
    game = state.game
    for seat in range(4):
        view = state.view(seat)
        obs = _tensor(game, view, False)
        hand = obs["hand"].nonzero()[0]
        assert sorted(hand) == sorted(kingscourt.games.king.cards.CARD_OF_TEXT[c]
                                      for c in view["hand"])
        # row r of `played` is the seat r places after the observer
        for t in view["tricks"] + [view["trick"]]:
            for s, c in t["cards"]:
                r = (s - seat) % 4
                assert obs["played"][r, kingscourt.games.king.cards.CARD_OF_TEXT[c]] == 1
        assert obs["to_move"][(state.to_move()[0] - seat) % 4] == 1


def test_king_information_state_covers_the_whole_match() -> None:
    from kingscourt.games.king.cards import CARD_OF_TEXT

    game = kingscourt.load_game("king")
    state = game.new_state(seed=9)
    rng = random.Random(9)
    dealt: dict[int, list[str]] = {}
    while len(state.view(None)["score_table"]) < 2:  # two deals scored, the third begun
        if state.view(None)["phase"] == "choose":
            dealt = {s: state.view(s)["hand"] for s in range(4)}
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for _ in range(6):
        if state.view(None)["phase"] == "choose":
            dealt = {s: state.view(s)["hand"] for s in range(4)}
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move()[0]
    view = state.view(seat)
    info = _tensor(game, view, True)
    assert sorted(info["dealt"].nonzero()[0]) == sorted(CARD_OF_TEXT[c] for c in dealt[seat])
    played = sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"]["cards"])
    assert info["plays"].sum() == played
    for i, row in enumerate(view["score_table"]):
        h = info["history"][i]
        assert h[(row["chooser"] - seat) % 4] == 1
        assert h[4 + ["el-almaz", "kupa-almaz", "erkek-almaz", "kiz-almaz", "rifki", "son-iki",
                      "trump"].index(row["contract"])] == 1
        assert np.allclose(h[15:19] * 650, [row["points"][(seat + r) % 4] for r in range(4)])
    assert not info["history"][len(view["score_table"]):].any()
    assert np.allclose(info["scores"] * 650, [view["scores"][(seat + r) % 4] for r in range(4)])


def test_kukakoenig_observation_puts_the_own_collection_first() -> None:
    state = _random_state("kukakoenig", 12, 4, players=3)
    game = state.game
    views = [state.view(s) for s in range(3)]
    obs = [_tensor(game, v, False) for v in views]
    names = kingscourt.games.kukakoenig.NAMES
    for seat in range(3):
        for r in range(3):
            coll = views[seat]["collections"][(seat + r) % 3]
            assert obs[seat]["collections"][r].sum() == len(coll)
            for k, n in enumerate(names):
                assert obs[seat]["collections"][r, k] == coll.count(n)
        assert not obs[seat]["collections"][3].any()  # no fourth seat at a table of three
    assert any(views[0]["collections"][s] != views[0]["collections"][0] for s in (1, 2))
    assert not np.array_equal(obs[0]["flat"], obs[1]["flat"])
    # rows from the outermost card inwards; and every card is counted once
    for r, row in enumerate(views[0]["rows"]):
        for pos, name in enumerate(reversed(row)):
            assert obs[0]["rows"][r, pos, names.index(name)] == 1
    total = (obs[0]["collections"].sum() + obs[0]["rows"].sum() + obs[0]["box"].sum()
             + obs[0]["unseen"].sum())
    assert total == sum(t.copies for t in kingscourt.games.kukakoenig.TYPES)


def test_uchokrola_observation_is_seat_relative() -> None:
    state = _random_state("uchokrola", 80, 2, players=4)
    game = state.game
    for seat in range(4):
        view = state.view(seat)
        obs = _tensor(game, view, False)
        assert obs["hand"].sum() == len(view["hand"])
        for r in range(4):
            assert obs["display_counts"][r].sum() == len(view["displays"][(seat + r) % 4])
            assert obs["hand_sizes"][r] * 10 == pytest.approx(view["hand_sizes"][(seat + r) % 4])
        assert not obs["hand_sizes"][4:].any()
