"""Generic conformance checks every game must pass (used by tests/test_conformance.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import kingscourt
from kingscourt.engine import State


def json_round(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def random_playout(state: State, rng: random.Random, max_steps: int = 100_000,
                   checks: bool = True) -> int:
    """Plays random legal actions to the end, checking the contract at every step."""
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, "game not over but nobody to move"
        for seat in range(state.num_players):
            if seat not in movers:
                assert state.legal_actions(seat) == [], f"seat {seat} not to move has actions"
        for seat in list(movers):
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} to move has no legal action"
            if checks:
                view = state.view(seat)
                assert json_round(view) == view, "view is not JSON-ready"
                assert view["legal"] == [str(a) for a in legal], "view['legal'] != legal_actions"
                assert view["over"] is False
                for a in legal:
                    assert state.check(seat, a) is None, f"{a} is listed legal but check refuses it"
            action = rng.choice(legal)
            state.apply(seat, action)
            steps += 1
            assert steps < max_steps, "game does not end"
    assert state.to_move() == []
    assert state.view(None)["over"] is True
    return steps


def check_record_roundtrip(state: State) -> None:
    again = kingscourt.replay(json_round(state.record()))
    for seat in [None, *range(state.num_players)]:
        assert again.view(seat) == state.view(seat), f"replay differs for seat {seat}"
    assert again.scores() == state.scores()


def check_clone_independent(state: State, rng: random.Random) -> None:
    if state.is_over():
        return
    before = state.view(None)
    twin = state.clone()
    seat = twin.to_move()[0]
    twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    assert state.view(None) == before, "applying to a clone changed the original"
    third = state.clone()
    assert third.view(None) == before


def check_sample_world(game: kingscourt.Game, state: State, rng: random.Random) -> None:
    for seat in range(state.num_players):
        view = state.view(seat)
        world = game.sample_world(json_round(view), rng)
        assert world.view(seat) == view, f"sampled world is inconsistent with seat {seat}'s view"


def _scribble(obj: Any) -> None:
    """Changes every dict and list inside ``obj`` in place."""
    if isinstance(obj, dict):
        for value in list(obj.values()):
            _scribble(value)
        obj["scribbled"] = True
    elif isinstance(obj, list):
        for value in obj:
            _scribble(value)
        obj.append("scribbled")


def check_views_share_nothing(state: State) -> None:
    """Editing a view changes neither the state nor any other view (nothing mutable is shared)."""
    seats: list[int | None] = [None, *range(state.num_players)]
    before = [json.dumps(state.view(s), sort_keys=True) for s in seats]
    for seat in seats:
        _scribble(state.view(seat))
        after = [json.dumps(state.view(s), sort_keys=True) for s in seats]
        assert after == before, f"editing seat {seat}'s view changed a view"


# --- secrets: what a seat may not know is drawn again, and its view must not change ----------
#
# Each game names its hidden parts here (tests may read a state's insides; nothing else does).
# ``rehide(state, seat, rng, mode)`` returns a twin in which everything ``seat`` may not know
# is drawn again (``None``: the spectator, who knows no hand): other seats' cards dealt again
# with the same sizes, the draw pile reordered, Menuet's cards of another seat replaced. Only
# what the public actions prove about a hidden card is kept (a seat paying for an intrigue
# holds it). The twin then recomputes everything from there: who is asked, the question, the
# legal answers; nothing is copied from the pending question. Its view for ``seat`` must be
# the view of the state itself. ``mode`` is ``"shuffle"`` (hidden cards dealt at random) or
# ``"cluster"`` (identical hidden cards dealt side by side: a hand or Menuet's four of one
# kind, the positions where a question asked only "while the cards differ" would show).
MODES = ("shuffle", "cluster")


def _deal_pool(pool: list[Any], rng: random.Random, mode: str) -> None:
    if mode == "cluster":
        pool.sort()
        k = rng.randrange(len(pool)) if pool else 0
        pool[:] = pool[k:] + pool[:k]
    else:
        rng.shuffle(pool)


def _redeal(hands: list[list[Any]], keep: set[int | None], rng: random.Random,
            extra: list[Any] | None = None, mode: str = "shuffle") -> list[Any]:
    """Deals the cards of every hand not in ``keep`` (and ``extra``) again, sizes kept; in
    place. Returns what is left for ``extra``."""
    pool = [c for s, h in enumerate(hands) if s not in keep for c in h] + list(extra or [])
    _deal_pool(pool, rng, mode)
    for s, h in enumerate(hands):
        if s not in keep:
            h[:] = pool[:len(h)]
            del pool[:len(h)]
    return pool


def _rehide_king(state: Any, seat: int | None, rng: random.Random, mode: str) -> Any:
    twin = state.clone()
    hands = [[b for b in range(52) if h >> b & 1] for h in twin._hands]
    _redeal(hands, {seat}, rng, mode=mode)
    twin._hands = [sum(1 << b for b in h) for h in hands]
    twin._lm = -1  # the legal cards are computed again, from the new hands
    return twin


def _rehide_kukakoenig(state: Any, seat: int | None, rng: random.Random, mode: str) -> Any:
    twin = state.clone()
    # the pile's order and the cards counted out unseen are nobody's to know
    pool = twin._pile + twin._unseen
    _deal_pool(pool, rng, mode)
    twin._pile, twin._unseen = pool[:len(twin._pile)], pool[len(twin._pile):]
    # a pick stays with its picker until the reveal
    for other, row in list(twin._picks.items()):
        rows = [i for i, r in enumerate(twin._rows) if r and i != row]
        if other != seat and rows:
            twin._picks[other] = rng.choice(rows)
    return twin


def _rehide_uchokrola(state: Any, seat: int | None, rng: random.Random, mode: str) -> Any:
    from kingscourt.games.uchokrola.cards import Kind
    from kingscourt.games.uchokrola.effects import DISCARD_LOOKED
    from kingscourt.games.uchokrola.tasks import Shown
    from kingscourt.games.uchokrola.turn import PAY_COST, PAYS

    twin = state.clone()
    if not any(twin.options):  # characters chosen: the cards are dealt
        known = {seat}
        top = None if twin.over else twin.stack[-1]
        if top is not None and top.seat == seat and top.kind.shows is Shown.HAND:
            known.add(top.a)  # Fraszka shows that hand to the one who plays it
        # Menuet's cards, unseen by the others (but while they are discarded, face up)
        looked = (twin.looked_by not in known and twin.looked
                  and (top is None or top.kind is not DISCARD_LOOKED))
        extra = [c for c in twin.deck if c != twin.marker] + (twin.looked if looked else [])
        pool = [c for s, h in enumerate(twin.hands) if s not in known for c in h] + extra
        _deal_pool(pool, rng, mode)
        # what the public actions prove: an intrigue being paid for is in its player's hand
        # with a card to pay with; Biskup Vannes paying alone pays with a special card
        need: list[int] = []
        if top is not None and top.seat not in known and top.kind is PAY_COST:
            pool.remove(top.a)
            need = [top.a, next(c for c in pool if twin.cs.kind(c) in PAYS)]
            pool.remove(need[1])
        elif (top is not None and top.seat not in known and top.kind.id == "biskup-pay"
              and top.n == 2 and len(twin.hands[top.seat]) == 1):
            need = [next(c for c in pool if twin.cs.kind(c) is Kind.SPECIAL)]
            pool.remove(need[0])
        for s, h in enumerate(twin.hands):
            if s not in known:
                size = len(h)
                mine = need if top is not None and s == top.seat else []
                h[:] = mine + pool[:size - len(mine)]
                del pool[:size - len(mine)]
        if looked:
            size = len(twin.looked)
            twin.looked[:] = pool[:size]
            del pool[:size]
        spots = [i for i, c in enumerate(twin.deck) if c != twin.marker]
        for i, c in zip(spots, pool, strict=True):
            twin.deck[i] = c
    # nothing of the pending question is kept: the twin asks again from what it holds
    twin._legal, twin._legal_set = [], frozenset()
    twin.over = False
    twin.advance()
    return twin


REHIDE = {"king": _rehide_king, "kukakoenig": _rehide_kukakoenig, "uchokrola": _rehide_uchokrola}


def check_secrets_kept(state: State, rng: random.Random) -> int:
    """No view (a seat's or the spectator's) shows another seat's hidden card, the pile's order or
    another seat's pending pick, nor depends on them through whom a question is put, the question
    or its answers: drawing them again and asking again changes no view of a seat that may not
    know. Returns how many twins were compared."""
    rehide = REHIDE[state.game.name]
    twins = 0
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        for mode in MODES:
            other = rehide(state, seat, rng, mode)
            seen = other.view(seat)
            twins += 1
            differ = sorted(k for k in view if view[k] != seen.get(k))
            assert not differ, (f"seat {seat}'s view shows something it may not know ({mode}): "
                                f"{differ}")
    return twins
