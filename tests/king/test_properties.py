"""Properties over many seeded games: zero sums, contract totals, early ends, replay,
secrecy of hands, sampled worlds, and the lead-ban exceptions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingscourt
from kingscourt.games.king import CONTRACTS, KingState, deal_total, parse_hand
from kingscourt.games.king.contracts import CONTRACT_OF_ID

RULE_SETS: list[dict[str, Any]] = [
    {},
    {"must_beat": "all", "heart_lead_ban": "all-penalty", "rifki_void": "any-heart"},
    {"must_beat": "trump", "trump_lead_after_break": True, "choice_limit": "free"},
    {"short_game": True, "penalty_first": True, "first_chooser": "7D"},
    {"king_ends_game": True},
]


def random_game(seed: int, rules: dict[str, Any]) -> tuple[KingState, list[kingscourt.Event]]:
    state = kingscourt.load_game("king", **rules).new_state(seed=seed)
    rng = random.Random(seed)
    events: list[kingscourt.Event] = []
    while not state.is_over():
        seat = state.to_move()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, events


@pytest.mark.parametrize("rules", RULE_SETS)
def test_finished_games_sum_to_zero_and_deals_to_their_table_value(rules: dict[str, Any]) -> None:
    for seed in range(25):
        state, _events = random_game(seed, rules)
        table = state.view(None)["score_table"]
        full_game = len(table) == 20
        if full_game:
            # 12 penalty deals (each contract twice) balance 8 trump deals exactly
            assert sum(state.scores()) == 0
        else:  # the short game, or King ending the game: the sum is what was dealt out
            assert sum(state.scores()) == sum(sum(r["points"]) for r in table)
        for i, row in enumerate(table):
            if i == len(table) - 1 and rules.get("king_ends_game") and state.view(None)["kings"]:
                # King ends the game at once: the tricks left are not played
                assert 0 < sum(row["points"]) <= deal_total(CONTRACT_OF_ID[row["contract"]])
                continue
            assert sum(row["points"]) == deal_total(CONTRACT_OF_ID[row["contract"]])
        assert [sum(col) for col in zip(*(r["points"] for r in table), strict=True)] == state.scores()
        if not (rules.get("king_ends_game") and state.view(None)["kings"]):
            assert len(table) == (12 if rules.get("short_game") else 20)
        assert state.winners() and all(w in range(4) for w in state.winners())


def test_card_contracts_end_with_the_last_penalty_card() -> None:
    seen_early = 0
    for seed in range(30):
        state = kingscourt.load_game("king").new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            before = state.view(None)
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            scored = [e for e in events if e.kind == "deal-scored"]
            if not scored:
                continue
            contract = CONTRACT_OF_ID[scored[0].data["contract"]]
            tricks = scored[0].data["tricks"]
            pen = CONTRACTS[contract].penalty_cards
            if not pen:
                assert tricks == 13
                continue
            # every penalty card was played, the last one in the final trick
            played = parse_hand(before["played"]) | parse_hand(
                [c for _s, c in before["trick"]["cards"]]) | (1 << kingscourt.games.king.card(
                    events[0].data["card"]))
            assert pen & ~played == 0
            last_trick = parse_hand([c for _s, c in before["trick"]["cards"]]) | (
                1 << kingscourt.games.king.card(events[0].data["card"]))
            assert pen & last_trick
            seen_early += tricks < 13
    assert seen_early > 20


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), cut=st.integers(0, 900), rules=st.sampled_from(RULE_SETS))
def test_replay_reproduces_every_seat_view(seed: int, cut: int, rules: dict[str, Any]) -> None:
    state = kingscourt.load_game("king", **rules).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = json.loads(json.dumps(state.record()))
    again = kingscourt.replay(record)
    for seat in (None, 0, 1, 2, 3):
        assert again.view(seat) == state.view(seat)


def test_explicit_deal_is_in_the_record() -> None:
    from .scenario import BASE

    state = kingscourt.load_game("king").new_state(seed=5, deal=BASE)
    state.apply(0, "choose rifki")
    record = state.record()
    assert record["setup"]["deal"][0] == " ".join(state.hand(0))
    assert kingscourt.replay(record).view(0) == state.view(0)


def test_a_record_that_does_not_replay_names_the_step() -> None:
    state, _ = random_game(1, {})
    record = state.record()
    record["actions"][5] = [record["actions"][5][0], "play ZZ"]
    with pytest.raises(kingscourt.ReplayError, match="record action 5"):
        kingscourt.replay(record)
    record = state.record()
    record["actions"][3][0] = (record["actions"][3][0] + 1) % 4
    with pytest.raises(kingscourt.ReplayError, match="record action 3"):
        kingscourt.replay(record)
    with pytest.raises(kingscourt.ReplayError, match="game"):
        kingscourt.replay({"actions": []})
    with pytest.raises(kingscourt.ReplayError, match="chess"):
        kingscourt.replay({"game": "chess", "actions": []})


def _strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(_strings(v) for v in obj.values()), *(_strings(k) for k in obj))
    if isinstance(obj, list):
        return set().union(*(_strings(v) for v in obj)) if obj else set()
    return set()


@pytest.mark.slow
def test_no_view_holds_another_seats_card() -> None:
    for seed in range(4):
        state = kingscourt.load_game("king").new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            hands = [set(state.hand(s)) for s in range(4)]
            for viewer in (None, 0, 1, 2, 3):
                view = state.view(viewer)
                del view["rules"]  # table settings such as first_chooser="2D" name no holding
                if not view["tricks"]:
                    del view["last_trick"]  # the deal before's last trick: its cards, not these
                words = _strings(view)
                for owner in range(4):
                    if owner == viewer:
                        continue
                    leaked = hands[owner] & words
                    leaked |= {c for c in hands[owner] for w in words if w == f"play {c}"}
                    assert not leaked, f"seat {viewer} sees {leaked} of seat {owner}"
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_view_holds_own_hand_and_the_digital_table() -> None:
    state = kingscourt.load_game("king").new_state(seed=12)
    seat = state.to_move()[0]
    view = state.view(seat)
    assert view["hand"] == state.hand(seat)
    for key in ("trick", "last_trick", "contract", "trump", "open_contracts", "choices",
                "score_table", "played", "to_move", "legal", "over", "scores", "hand_sizes"):
        assert key in view
    spectator = state.view(None)
    assert "hand" not in spectator and spectator["legal"] == []
    assert {k: v for k, v in view.items() if k not in ("hand", "legal", "seat")} == {
        k: v for k, v in spectator.items() if k not in ("legal", "seat")}


@pytest.mark.parametrize("rules", RULE_SETS[:3])
def test_sampled_worlds_are_consistent_and_do_not_copy_the_truth(rules: dict[str, Any]) -> None:
    game = kingscourt.load_game("king", **rules)
    differs = 0
    for seed in range(12):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for step in range(700):
            if state.is_over():
                break
            seat = state.to_move()[0]
            if step % 23 == 0:
                for viewer in range(4):
                    view = json.loads(json.dumps(state.view(viewer)))
                    world = game.sample_world(view, random.Random(step))
                    assert world.view(viewer) == view
                    assert world.hand(viewer) == state.hand(viewer)
                    for other in range(4):
                        assert len(world.hand(other)) == len(state.hand(other))
                    differs += any(world.hand(o) != state.hand(o) for o in range(4)
                                   if o != viewer)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert differs > 100


def test_sampled_worlds_respect_revealed_voids() -> None:
    from .scenario import start

    # seat 3 (void in diamonds) discards a heart on AD: no world may give seat 3 a diamond
    state = start(["AKQJT9876.A.A2.2", ".KQJ.KQJT.AKQJT9", "5432..9876543.87",
                   ".T98765432..6543"], "kupa-almaz", "AD TD 3D 2H")
    view = state.view(0)
    game = state.game
    for i in range(50):
        world = game.sample_world(view, random.Random(i))
        assert not any(c.endswith("D") for c in world.hand(3))
        # Kupa: seat 3 discarded a heart while void, as it must; seat 1 followed suit
        assert world.view(0) == view


def test_first_chooser_keeps_the_two_of_diamonds_in_sampled_worlds() -> None:
    game = kingscourt.load_game("king")
    state = game.new_state(seed=21)
    chooser = state.to_move()[0]
    viewer = (chooser + 1) % 4
    for i in range(30):
        world = game.sample_world(state.view(viewer), random.Random(i))
        assert "2D" in world.hand(chooser)


def test_leader_with_only_hearts_may_lead_them() -> None:
    """Scans seeded games for a leader holding only hearts before hearts are broken."""
    found = 0
    game = kingscourt.load_game("king", heart_lead_ban="all-penalty")
    for seed in range(400):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            view = state.view(seat)
            if (view["phase"] == "play" and not view["trick"]["cards"]
                    and not view["hearts_broken"] and view["contract"] != "trump"):
                hand = view["hand"]
                only_hearts = all(c.endswith("H") for c in hand)
                leads_heart = any(a.endswith("H") for a in view["legal"])
                assert leads_heart == only_hearts
                found += only_hearts
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if found >= 3:
            break
    assert found >= 1


def test_clones_share_the_deal_stream_copy_on_write() -> None:
    """Every deal's cards depend on the seed alone: clones played differently, and the
    original after them, deal the same next hands."""
    game = kingscourt.load_game("king")
    state = game.new_state(seed=44)
    twin = state.clone()
    for s, pick in ((state, 0), (twin, -1)):
        while s.view(None)["deal"] == 1:
            seat = s.to_move()[0]
            s.apply(seat, s.legal_actions(seat)[pick])
    assert [state.hand(p) for p in range(4)] == [twin.hand(p) for p in range(4)]
    third = game.new_state(seed=44)
    rng = random.Random(3)
    while third.view(None)["deal"] == 1:
        seat = third.to_move()[0]
        third.apply(seat, rng.choice(third.legal_actions(seat)))
    assert [third.hand(p) for p in range(4)] == [state.hand(p) for p in range(4)]
    assert [game.new_state(seed=45).hand(p) for p in range(4)] != [
        game.new_state(seed=44).hand(p) for p in range(4)]
