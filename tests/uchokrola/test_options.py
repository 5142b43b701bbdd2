"""The legal actions in parts (games/uchokrola/options.py), as the browser's board reads them:
for every legal action of random games, the parts say the same action as its text (the
notation renders the text back from them), so the board needs no grammar of its own."""

from __future__ import annotations

import random

import kingscourt
from kingscourt.games.uchokrola.options import UchoOption, options


def text_of(o: UchoOption) -> str:
    """The action's text written again from its parts alone (the notation's forms)."""
    verb = o["verb"]
    if verb == "look":
        return f"look at {'prestige ' if o['pile'] else ''}{o['seat']}"
    if verb == "use":
        head = f"use {o['character']}"
        detail = o["detail"]
        if detail is None:
            return head
        if detail == "bury":
            return f"{head}: bury -> {o['target']}"
        return f"{head}: {o['card'] if detail == 'card' else detail}"
    if verb == "take" and o["card"] is None and o["seat"] is not None:
        return f"take from {o['seat']}"
    name = o["card"] if o["card"] is not None else o["character"]
    text = verb if name is None else f"{verb} {name}"
    if o["slot"] is not None:
        text += f" {'from' if verb in ('take', 'discard') else 'at'} {o['seat']}:{o['slot']}"
    if o["target"] is not None:
        text += f" -> {o['target']}"
    return text


def test_every_legal_action_in_parts_says_the_same_action() -> None:
    verbs: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = kingscourt.load_game("uchokrola").new_state(players=rng.choice([2, 3, 4, 5, 6]),
                                                             seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            parts = options(state.game.notation, legal)  # type: ignore[attr-defined]
            assert [o["action"] for o in parts] == list(legal)
            for o in parts:
                assert text_of(o) == o["action"], o
                verbs.add(o["verb"])
            state.apply(seat, rng.choice(legal))
    assert {"choose", "draw", "play", "pass", "end turn", "take", "look"} <= verbs, verbs
