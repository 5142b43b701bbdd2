"""Simultaneous picks stay secret until the reveal; sampled worlds hide what a seat cannot see."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import kingscourt
from kingscourt.engine import Event
from kingscourt.games.kukakoenig import KukakoenigState
from kingscourt.games.kukakoenig.cards import CARD_NAME

from .helpers import GAME, call, mid_game

PLAYERS = [2, 3, 4]


def others(state: KukakoenigState, seat: int) -> str:
    views = [state.view(s) for s in [None, *range(state.num_players)] if s != seat]
    return json.dumps(views, sort_keys=True)


@pytest.mark.parametrize(("players", "earlier"), [(2, 0), (3, 0), (3, 1), (4, 0), (4, 2)])
def test_a_pending_pick_changes_no_other_view(players: int, earlier: int) -> None:
    state = mid_game(players)
    for seat in state.to_move()[:earlier]:  # some have picked already
        state.apply(seat, state.legal_actions(seat)[-1])
    me = state.to_move()[0]
    seen: set[str] = set()
    legal = state.legal_actions(me)
    assert len(legal) > 1
    for action in legal:
        twin = state.clone()
        events = twin.apply(me, action)
        assert events == [Event("picked", me, {})]  # that it picked, not which row
        assert twin.view(me)["my_pick"] == int(action.split()[1])
        assert all(twin.view(s)["my_pick"] == state.view(s)["my_pick"]
                   for s in range(players) if s != me)
        assert twin.view(None)["picked"] == sorted([*state.view(None)["picked"], me])
        seen.add(others(twin, me))
    assert len(seen) == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_the_reveal_names_every_pick_at_once(players: int) -> None:
    state = mid_game(players)
    picks = {s: int(state.legal_actions(s)[0].split()[1]) for s in state.to_move()}
    events = call(state, picks)
    reveals = [e for e in events if e.kind == "reveal"]
    assert len(reveals) == 1 and events.index(reveals[0]) == len(picks)
    assert reveals[0].data["picks"] == [{"seat": s, "row": r} for s, r in sorted(picks.items())]


def test_bots_decide_the_same_whatever_was_picked_before_them() -> None:
    state = mid_game(3)
    bot = kingscourt.bots.load("basic", GAME, seed=4)
    choices = set()
    for action in state.legal_actions(0):
        twin = state.clone()
        twin.apply(0, action)
        choices.add(kingscourt.bots.load("basic", GAME, seed=4).choose(twin.view(1)))
    assert len(choices) == 1
    assert bot.choose(state.view(1)) in state.view(1)["legal"]


@pytest.mark.parametrize("players", PLAYERS)
def test_sampled_worlds_match_the_view_and_hide_the_rest(players: int) -> None:
    state = mid_game(players, seed=3)
    movers = state.to_move()
    state.apply(movers[0], state.legal_actions(movers[0])[0])
    truth = state.card_places()
    hidden_truth = Counter(CARD_NAME[c] for c in truth["pile"] + truth["box-unseen"])
    me = movers[1]
    view = json.loads(json.dumps(state.view(me)))
    piles, other_picks = set(), set()
    for i in range(30):
        world = GAME.sample_world(view, random.Random(i))
        assert world.view(me) == view
        places = world.card_places()  # type: ignore[attr-defined]
        assert Counter(CARD_NAME[c] for c in places["pile"] + places["box-unseen"]) == hidden_truth
        piles.add(tuple(places["pile"]))
        other_picks.add(world._picks[movers[0]])  # type: ignore[attr-defined]
    assert len(piles) > 1
    assert len(other_picks) > 1  # the other seat's pick is drawn, not known


def test_my_own_pending_pick_is_in_my_world() -> None:
    state = mid_game(3)
    state.apply(2, "row 2") if "row 2" in state.legal_actions(2) else state.apply(
        2, state.legal_actions(2)[0])
    view = state.view(2)
    world = GAME.sample_world(view, random.Random(0))
    assert world.view(2)["my_pick"] == view["my_pick"] is not None


def test_a_sampled_world_is_no_game_record() -> None:
    state = mid_game(2)
    world = GAME.sample_world(state.view(0), random.Random(0))
    with pytest.raises(kingscourt.ReplayError):
        kingscourt.replay(world.record())


def test_sampled_worlds_play_on_to_the_end() -> None:
    state = mid_game(4, seed=5)
    state.apply(2, state.legal_actions(2)[0])
    for i in range(5):
        world = GAME.sample_world(state.view(1), random.Random(i))
        rng = random.Random(i)
        while not world.is_over():
            seat = rng.choice(world.to_move())
            world.apply(seat, rng.choice(world.legal_actions(seat)))
        places = world.card_places()  # type: ignore[attr-defined]
        assert sorted(c for cards in places.values() for c in cards) == list(range(112))
        assert world.winners()
