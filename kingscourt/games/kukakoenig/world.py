"""Sampled worlds: a full state consistent with one seat's view (for bots that search).

What the seat cannot see is drawn by ``rng``: the order of the draw pile and which cards lie
face down in the box (the cards counted out unseen, and after the box was shuffled in, what
is left of it). The other seats' pending picks are not in the view; where the view says a
seat has picked, the world gives it a row drawn by ``rng`` among the rows that hold cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import JSON
from .cards import IDS_OF_TYPE, TYPES, allocate
from .state import KukakoenigState

if TYPE_CHECKING:
    from .game import KukakoenigGame


def sample_world(game: KukakoenigGame, view: JSON, rng: random.Random) -> KukakoenigState:
    players = int(view["players"])
    used = [0] * len(TYPES)
    rows = [allocate(r, used) for r in view["rows"]]
    colls = [allocate(c, used) for c in view["collections"]]
    box = allocate(view["box"], used)
    # Every card of the set not in sight is in the pile or face down in the box.
    hidden = [c for k in range(len(TYPES)) for c in IDS_OF_TYPE[k][used[k]:]]
    pile_size, unseen_size = int(view["pile"]), int(view["box_unseen"])
    if len(hidden) != pile_size + unseen_size:
        raise ValueError(f"view shows {pile_size} + {unseen_size} hidden cards, "
                         f"but {len(hidden)} cards of the set are not in sight")
    rng.shuffle(hidden)
    world = KukakoenigState(game, players, rng.getrandbits(48), [], [], {})
    world._replayable = False
    world._rows = rows
    world._pile = hidden[:pile_size]
    world._unseen = hidden[pile_size:]
    world._colls = colls
    world._box = box
    world._round = int(view["round"])
    world._half = int(view["half"])
    world._last = bool(view["last_round"])
    world._call = int(view["call"])
    world._over = bool(view["over"])
    world._choosers = list(view["choosers"])
    world._taken = {r - 1: s for s, r in enumerate(view["received"]) if r is not None}
    world._scorings = list(view["scorings"])
    world._log = list(view["log"])
    seat = view["seat"]
    open_rows = [i for i, r in enumerate(rows) if r]
    for s in view["picked"]:
        if s == seat:
            world._picks[s] = int(view["my_pick"]) - 1
        else:
            world._picks[s] = rng.choice(open_rows)
    return world

