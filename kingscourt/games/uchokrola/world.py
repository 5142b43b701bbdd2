"""``sample_world``: a full state drawn from one seat's view alone.

Public zones and the task stack are copied; the seat's own cards and what it is being shown
are placed as seen; every other card is dealt at random into the hidden places (other hands,
other prestige piles, Menuet's cards of another player, the deck), respecting what the pending
question needs (a player paying for an intrigue holds it and a card to pay with; a riposte
window, the Menuet keep, the hand-limit discard and the ability phase are asked whatever the
hidden cards are, or passed unasked by public information alone, so they constrain nothing).
Earlier glimpses (an old Fraszka) are not used.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ...engine import JSON
from .state import UchoState
from .tasks import Shown, Task
from .turn import PAY_COST, PAYS

if TYPE_CHECKING:
    from .game import UchoGame


def sample_world(game: UchoGame, view: JSON, rng: random.Random, tries: int = 200
                 ) -> UchoState:
    """Deal the hidden cards until the player to move has an answer to the pending question
    (Markiza d'Arquien's discard needs a card other than Ucho króla in the pile she looks
    through); ``tries`` bounds the search."""
    for _ in range(tries - 1):
        st = _sample(game, view, rng)
        if st.over or st.legal_texts():
            return st
    return _sample(game, view, rng)


def _sample(game: UchoGame, view: JSON, rng: random.Random) -> UchoState:
    cs = game.cards
    n = int(view["players"])
    seat = view["seat"]
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError("sample_world needs a player's view (seat 0..n-1)")

    def ids(names: list[str]) -> list[int]:
        return [cs.by_name[x] for x in names]

    st = UchoState(game, n, rng.getrandbits(62))
    st.displays = [ids(d) for d in view["displays"]]
    st.discard = ids(view["discard"])
    st.limbo = ids(view["limbo"])
    st.revealed = ids(view["revealed"])
    st.characters = [ids(c) for c in view["characters"]]
    st.hands[seat] = ids(view["hand"])
    over = bool(view["over"])
    for s, pile in enumerate(view["prestige"]):
        if pile is not None:
            st.prestige[s] = ids(pile)
    st.stack = [Task.from_json(t, game.registry.kinds) for t in view["stack"]]
    st.acting, st.turn_no, st.start = view["turn"], view["turn_number"], view["start"]
    st.favourite = view["favourite"]
    st.exhaustions, st.ending, st.over = view["exhaustions"], view["ending"], over
    st.announced = None if view["announced"] is None else list(view["announced"])
    flags = view["flags"]
    st.f_intrigue, st.f_special = flags["intrigue"], flags["special"]
    st.f_savoir, st.f_intrigue_action = flags["savoir"], flags["intrigue_action"]
    st.cost = -1 if flags["cost"] is None else cs.by_name[flags["cost"]]
    if flags.get("cost_at") is not None:
        st.cost_at = (flags["cost_at"][0], flags["cost_at"][1])
    st.used = frozenset(ids(flags["used"]))
    st.markiz = frozenset(flags["markiz"])
    st.looked_by = view["looked_by"]
    if st.looked_by == seat:
        st.looked = ids(view["looked"])
    top = st.stack[-1] if st.stack and not over else None
    if top is not None and view["shown"] is not None:
        if top.kind.shows is Shown.HAND:
            st.hands[top.a] = ids(view["shown"])
        elif top.kind.shows is Shown.PRESTIGE:
            st.prestige[top.a] = ids(view["shown"])

    # the cards nobody at this seat can see
    known = Counter(c for zone in (*st.displays, *st.hands, *st.prestige, st.discard,
                                   st.limbo, st.revealed, st.looked) for c in zone)
    pool: list[int] = []
    for c, copies in Counter(cs.all_cards()).items():
        missing = copies - known[c]
        if missing < 0:
            raise ValueError(f"the view shows more {cs.name(c)} than the deck holds")
        pool.extend([c] * missing)
    rng.shuffle(pool)

    def reserve(s: int, card: int) -> None:
        pool.remove(card)
        st.hands[s].append(card)

    # (A riposte window is asked whatever the hand holds, so it needs no riposte here.)
    if (top is not None and top.seat != seat and st.hands[top.seat] == []
            and top.kind is PAY_COST):
        reserve(top.seat, top.a)
        payable = [c for c in pool if cs.kind(c) in PAYS]
        reserve(top.seat, payable[0])
    for s in range(n):
        if s != seat:
            need = view["hand_sizes"][s] - len(st.hands[s])
            st.hands[s].extend(pool[:need])
            del pool[:need]
            if view["prestige"][s] is None:
                need = view["prestige_sizes"][s] - len(st.prestige[s])
                st.prestige[s].extend(pool[:need])
                del pool[:need]
    if st.looked_by >= 0 and st.looked_by != seat:
        st.looked = pool[:view["looked_size"]]
        del pool[:view["looked_size"]]
    st.out = pool[:view["out_size"]]
    del pool[:view["out_size"]]
    st.deck = pool

    # characters: dealt options while choosing, the box, the Open variant's card in the deck
    chars = Counter(cs.characters())
    chars.subtract(c for cc in st.characters for c in cc)
    st.options[seat] = ids(view["character_options"])
    chars.subtract(st.options[seat])
    if view["marker"] is not None:
        st.marker = cs.by_name[view["marker"]]
        chars[st.marker] -= 1
    unseen = sorted(chars.elements())
    rng.shuffle(unseen)
    if view["choosing"]:
        per = len(st.options[seat])
        for s in range(n):
            if s != seat:
                st.options[s] = sorted(unseen[:per])
                del unseen[:per]
    for s, chosen in enumerate(view["chosen"]):
        if chosen:
            st.chosen[s] = (cs.by_name[view["my_choice"]] if s == seat and view["my_choice"]
                            else st.options[s][0] if st.options[s] else st.characters[s][0])
    if view["marker_in_deck"]:
        st.marker = unseen.pop()
        st.marker_in_deck = True
        st.deck.insert(rng.randrange(len(st.deck)) if st.deck else 0, st.marker)
    st.box = sorted(unseen)
    if len(st.deck) != view["deck_size"]:
        raise ValueError("the view's card counts do not add up")

    # the narration this seat heard, and the question now asked
    for text in view["log"]:
        st.say(text, to=seat)
    if top is not None:
        assert top.kind.options is not None
        st._legal = top.kind.options(st, top)
        st._legal_set = frozenset(st._legal)
    return st
