"""``sample_world(view, rng)`` for King: a full state consistent with one seat's view.

Bots search over such worlds, so they never hold the true state. What a view proves about
the hidden hands, replayed trick by trick from the view's public history:

- a player who did not follow suit holds no card of the led suit;
- void in a trump deal, a player who played no trump holds no trump (``must-trump``);
- void in a penalty contract, a player who discarded no penalty card holds none
  (``discard-penalty-card``; under "any heart" in Rıfkı a non-heart proves no K♥);
- following in Erkek/Kız/Rıfkı below a higher card, a player who gave up no penalty card
  holds no penalty card of that suit below it (``give-up-penalty-card``);
- under ``must-beat``, a player who played under the trick holds nothing of the led suit
  above it;
- a lead that breaks a lead ban proves the leader held nothing else;
- in the first deal, the first chooser holds 2♦ (7♦) unless it has been played.

The sampled hands are then given back their played cards, the deal is started again from
those hands and the view's own actions are replayed through ``apply``, so the world is
consistent with the view by construction (a refusal there would be a bug in sampling). The
last trick of the deal before, which the view still shows, and a finished game's last deal
are public and are copied from the view.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import JSON
from .cards import ALL, CARD_OF_TEXT, HEART_MASK, SUIT_MASK, parse_hand
from .contracts import CONTRACT_OF_ID, CONTRACTS, Contract
from .rules import duties
from .state import CARD_OF_FIRST, CHOOSE, OVER, PLAY_ACTIONS, KingState

if TYPE_CHECKING:
    from .game import KingGame


def _plays(view: JSON) -> list[tuple[int, list[tuple[int, int]]]]:
    """The deal's tricks as (leader, [(seat, card), ...]), the open trick last."""
    out = []
    for t in view["tricks"]:
        out.append((t["leader"], [(s, CARD_OF_TEXT[c]) for s, c in t["cards"]]))
    if view["trick"]["cards"]:
        out.append((view["trick"]["leader"],
                    [(s, CARD_OF_TEXT[c]) for s, c in view["trick"]["cards"]]))
    return out


def _trick_of(trick: JSON) -> tuple[int, tuple[int, ...], int]:
    """A closed trick of a view as the state keeps it: (leader, cards in play order, winner)."""
    return (trick["leader"], tuple(CARD_OF_TEXT[c] for _s, c in trick["cards"]), trick["winner"])


def lacks(game: KingGame, view: JSON) -> list[int]:
    """Per seat, the cards the view proves that seat does not hold now."""
    lack = [0, 0, 0, 0]
    contract_id = view["contract"]
    if contract_id is None:
        return lack
    contract = CONTRACT_OF_ID.get(contract_id, Contract.TRUMP)
    info = CONTRACTS[contract]
    trump = "SHDC".index(view["trump"]) if view["trump"] else -1
    pen = info.penalty_cards
    d = duties(game.rules, contract)
    beat, heart_ban, trump_ban = d.must_beat, d.heart_ban, d.trump_ban
    hearts_broken = trump_broken = False
    for _leader, plays in _plays(view):
        lead_seat, lead = plays[0]
        suit = lead // 13
        # a lead that a ban forbids proves the leader held only that suit
        if heart_ban and not hearts_broken and suit == 1:
            lack[lead_seat] |= ALL & ~HEART_MASK
        if trump_ban and not trump_broken and suit == trump:
            lack[lead_seat] |= ALL & ~SUIT_MASK[trump]
        win = lead
        for seat, c in plays[1:]:
            s = c // 13
            led_mask = SUIT_MASK[suit]
            if s == suit:
                trumped = win // 13 != suit
                beaten = False
                if beat and not trumped:
                    if c < win:
                        lack[seat] |= led_mask & ~((2 << win) - 1)
                    else:
                        beaten = True
                if info.give_up and not beaten and not (pen >> c & 1 and c < win):
                    lack[seat] |= led_mask & pen & ((1 << win) - 1)
                if not trumped and c > win:
                    win = c
            else:
                lack[seat] |= led_mask
                if trump >= 0:
                    if s != trump:
                        lack[seat] |= SUIT_MASK[trump]
                    elif win // 13 != trump or c > win:
                        win = c
                    trump_broken = trump_broken or s == trump
                elif pen:
                    if d.any_heart:
                        if s != 1:
                            lack[seat] |= pen
                    elif not pen >> c & 1:
                        lack[seat] |= pen
                if s == 1:
                    hearts_broken = True
    return lack


def _assign(cards: list[int], need: list[int], lack: list[int], seats: list[int],
            rng: random.Random) -> dict[int, int]:
    """card -> seat, each seat getting ``need[seat]`` cards it is not proven to lack; a random
    greedy pass repaired by augmenting paths (always succeeds when a solution exists)."""
    rng.shuffle(cards)
    holding: dict[int, list[int]] = {s: [] for s in seats}  # seat -> its cards so far

    def place(c: int, seen: set[int]) -> bool:
        options = [s for s in seats if not lack[s] >> c & 1]
        rng.shuffle(options)
        for s in options:
            if len(holding[s]) < need[s]:
                holding[s].append(c)
                return True
        # augmenting path: give c a seat whose card can move elsewhere
        for s in options:
            for other in list(holding[s]):
                if other in seen:
                    continue
                seen.add(other)
                holding[s].remove(other)
                holding[s].append(c)
                if place(other, seen):
                    return True
                holding[s].remove(c)
                holding[s].append(other)
        return False

    for c in cards:
        if not place(c, {c}):
            raise ValueError("no deal is consistent with this view")
    return {c: s for s, held in holding.items() for c in held}


def sample_world(game: KingGame, view: JSON, rng: random.Random) -> KingState:
    seat = view["seat"]
    if seat is None:
        raise ValueError("sample_world needs a seat's view, not the spectator's")
    my_hand = parse_hand(view["hand"])
    played = parse_hand(view["played"])
    plays = _plays(view)
    played_by = [0, 0, 0, 0]
    for _leader, ps in plays:
        for s, c in ps:
            played_by[s] |= 1 << c
    lack = lacks(game, view)
    first_card = CARD_OF_FIRST[game.rules.first_chooser]
    deal_no = view["deal"] - 1
    need = list(view["hand_sizes"])
    others = [s for s in range(4) if s != seat]
    unknown = ALL & ~my_hand & ~played
    pinned: dict[int, int] = {}
    if deal_no == 0 and view["phase"] != "over" and unknown >> first_card & 1:
        # the first chooser held the opening card (2♦, or 7♦ by table rule) in deal 1
        first = view["chooser"]
        if first != seat:
            pinned[first_card] = first
            need[first] -= 1
            unknown &= ~(1 << first_card)
    cards = [c for c in range(52) if unknown >> c & 1]
    owner = _assign(cards, need, lack, others, rng)
    owner.update(pinned)
    hands = [0, 0, 0, 0]
    for c, s in owner.items():
        hands[s] |= 1 << c
    hands[seat] = my_hand
    initial = [hands[s] | played_by[s] for s in range(4)]

    state = KingState(game, rng.getrandbits(48), None, {})
    state._sampled = True
    # public history of earlier deals, as the view shows it
    state._deal = deal_no
    state._totals = list(view["scores"])
    state._score_table = [dict(r, points=list(r["points"])) for r in view["score_table"]]
    state._kings = [dict(k) for k in view["kings"]]
    over = view["over"]
    current = [] if over else [c for c in view["choices"] if c["deal"] == deal_no + 1]
    earlier = [dict(c) for c in view["choices"] if over or c["deal"] <= deal_no]
    state._choices = earlier  # the current deal's choice is replayed below
    state._played_count = [0] * 7
    state._seat_counts = [[0, 0] for _ in range(4)]
    for row in earlier:
        chosen = CONTRACT_OF_ID[row["contract"]]
        state._played_count[chosen] += 1
        state._seat_counts[row["seat"]][chosen is Contract.TRUMP] += 1
    # last_trick outlives its deal: the view shows it until the next trick closes
    state._prior_trick = _trick_of(view["last_trick"]) if view["last_trick"] else None
    if over:
        # the last deal as the table saw it end (cards left after an early end stay unplayed)
        state._phase = OVER
        state._hands = [0, 0, 0, 0]
        state._deal = len(view["score_table"])
        state._tricks = [_trick_of(t) for t in view["tricks"]]
        state._taken = list(view["tricks_taken"])
        state._points = list(view["deal_points"])
        state._played = played
        state._hearts_broken = view["hearts_broken"]
        state._trump_broken = view["trump_broken"]
        return state
    state._first = (view["chooser"] - deal_no) % 4
    state._begin_deal(initial)
    assert state._phase == CHOOSE
    for row in current:
        text = f"choose trump {row['trump']}" if row["trump"] else f"choose {row['contract']}"
        state.apply(row["seat"], text)
    for _leader, ps in plays:
        for s, card in ps:
            state.apply(s, PLAY_ACTIONS[card])
    state._log = []
    return state
