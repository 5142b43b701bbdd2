"""What one seat may know (docs/rules.md, Ucho Króla, hidden information).

Secret: other hands (sizes are public), prestige piles (sizes public, content to the owner and
to everyone at the end), the deck and where the Open variant's character card lies in it,
Menuet's cards (to their taker), what Fraszka or Markiza d'Arquien showed (to the looker),
the characters dealt before they are revealed, the seed. Everything else is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine import rules_dict
from .tasks import Shown
from .view_types import StackEntry, UchoOpenView, UchoRulesView, UchoView

if TYPE_CHECKING:
    from .state import UchoState


def view(st: UchoState, seat: int | None) -> UchoView:
    n = st.n
    own = seat is not None and 0 <= seat < n
    me = seat if seat is not None and own else -1
    cs = st.cs

    def names(cards: list[int]) -> list[str]:
        return [cs.types[c].name for c in cards]

    top = st.stack[-1] if st.stack and not st.over else None
    shown: list[str] | None = None
    if top is not None and top.seat == me:
        if top.kind.shows is Shown.HAND:
            shown = names(sorted(st.hands[top.a]))
        elif top.kind.shows is Shown.PRESTIGE:
            shown = names(sorted(st.prestige[top.a]))
    looked = st.looked_by if st.looked else -1
    return {
        "game": "uchokrola",
        "players": n,
        "seat": seat,
        "rules": cast(UchoRulesView, rules_dict(st.rules)),
        "phase": "over" if top is None else top.kind.id,
        "question": "" if top is None else top.kind.question,
        "to_move": st.to_move(),
        "turn": st.acting,
        "turn_number": st.turn_no,
        "start": st.start,
        "favourite": st.favourite,
        "teams": st.teams() if st.rules.teams != "none" else [],
        "choosing": any(st.options),
        "chosen": [c >= 0 for c in st.chosen],
        "character_options": names(st.options[me]) if own else [],
        "my_choice": (cs.types[st.chosen[me]].name
                      if own and st.chosen[me] >= 0 and not st.characters[me] else None),
        "characters": [names(c) for c in st.characters],
        "hand": names(sorted(st.hands[me])) if own else [],
        "hand_sizes": [len(h) for h in st.hands],
        "displays": [names(d) for d in st.displays],
        "prestige": [names(sorted(p)) if st.over or s == me else None
                     for s, p in enumerate(st.prestige)],
        "prestige_sizes": [len(p) for p in st.prestige],
        "deck_size": len(st.deck),
        "out_size": len(st.out),
        "discard": names(st.discard),
        "limbo": names(st.limbo),
        "revealed": names(st.revealed),
        "looked_by": looked,
        "looked": names(sorted(st.looked)) if own and looked == me else [],
        "looked_size": len(st.looked),
        "shown": shown,
        "marker": (cs.types[st.marker].name
                   if st.marker >= 0 and not st.marker_in_deck else None),
        "marker_in_deck": st.marker_in_deck,
        "exhaustions": st.exhaustions,
        "ending": st.ending,
        "announced": None if st.announced is None else list(st.announced),
        "flags": {
            "intrigue": st.f_intrigue,
            "special": st.f_special,
            "savoir": st.f_savoir,
            "intrigue_action": st.f_intrigue_action,
            "cost": None if st.cost < 0 else cs.types[st.cost].name,
            "cost_at": None if st.cost < 0 else list(st.cost_at),
            "used": names(sorted(st.used)),
            "markiz": sorted(st.markiz),
        },
        "stack": [cast(StackEntry, t.to_json()) for t in st.stack],
        "log": st.log_for(seat if own else None),
        "legal": list(st.legal_texts()) if top is not None and top.seat == me else [],
        "over": st.over,
        "scores": st.scores() if st.over else None,
        "prestige_totals": [st.prestige_total(s) for s in range(n)] if st.over else None,
        "winners": st.winners(),
    }


def open_view(st: UchoState) -> UchoOpenView:
    """Every secret open, for the replay of a finished game (never for a game being played):
    the spectator's view plus ``hands`` and ``prestige`` of every seat, each seat's
    ``character_choices`` (the characters offered to it) and ``chosen_characters`` (chosen in
    secret, None until then), Menuet's ``looked`` cards, the ``deck`` (top card first), and
    ``open``."""
    cs = st.cs

    def names(cards: list[int]) -> list[str]:
        return [cs.types[c].name for c in cards]

    v = view(st, None)
    v["prestige"] = [names(sorted(p)) for p in st.prestige]
    v["looked"] = names(sorted(st.looked))
    return {**v,
            "hands": [names(sorted(h)) for h in st.hands],
            "character_choices": [names(o) for o in st.options],
            "chosen_characters": [cs.types[c].name if c >= 0 else None for c in st.chosen],
            "deck": names(st.deck[::-1]),
            "open": True}
