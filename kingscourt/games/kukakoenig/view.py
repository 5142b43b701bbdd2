"""What one seat of Ku-Ka-König may know.

Secret: the order of the pile, which cards lie face down in the box, and a pending pick (seen
by its own seat only, as ``my_pick``; the others see only *that* the seat has picked, in
``picked``), the seed. Everything else is public: rows, collections, the face-up box, the log
of reveals, takes, collisions, refills and scorings. A view is a fresh copy: it shares nothing
mutable with the state or another view.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, cast

from .cards import names, sorted_names
from .view_types import KukakoenigOpenView, KukakoenigView, LogEvent, Scoring

if TYPE_CHECKING:
    from .state import KukakoenigState


def view(st: KukakoenigState, seat: int | None) -> KukakoenigView:
    mine = st._picks.get(seat) if seat is not None else None
    return {
        "game": st.game.name,
        "players": st._n,
        "seat": seat,
        "round": st._round,
        "half": st._half,
        "last_round": st._last,
        "call": st._call,
        "phase": "over" if st._over else "pick",
        "rows": [names(r) for r in st._rows],
        "collections": [sorted_names(c) for c in st._colls],
        "pile": len(st._pile),
        "box": sorted_names(st._box),
        "box_unseen": len(st._unseen),
        "choosers": [] if st._over else st._choosers[:],
        # Who has picked is public; which row stays with the picker until the reveal.
        "picked": sorted(st._picks),
        "to_move": st.to_move(),
        "my_pick": None if mine is None else mine + 1,
        "received": [st._received(s) for s in range(st._n)],
        # fresh copies: a view shares nothing mutable with the state or another view (the
        # state keeps them as JSON objects of the types named here)
        "scorings": cast(list[Scoring], copy.deepcopy(st._scorings)),
        "log": cast(list[LogEvent], copy.deepcopy(st._log)),
        "legal": [str(a) for a in st.legal_actions(seat)] if seat is not None else [],
        "over": st._over,
        "scores": st.scores(),
        "winners": st.winners(),
    }


def open_view(st: KukakoenigState) -> KukakoenigOpenView:
    """Every secret open, for the replay of a finished game (never for a game being played):
    the spectator's view plus ``picks`` (each seat's pending pick, a row from 1, or None),
    ``pile_cards`` (the pile, top card first), ``box_unseen_cards`` (face down in the box)
    and ``open``."""
    return {**view(st, None),
            "picks": [None if s not in st._picks else st._picks[s] + 1 for s in range(st._n)],
            "pile_cards": names(st._pile[::-1]),
            "box_unseen_cards": sorted_names(st._unseen),
            "open": True}
