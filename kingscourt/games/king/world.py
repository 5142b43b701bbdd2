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

The hidden cards are dealt by :func:`...engine.dealing.deal_uniformly`: uniformly among all
deals that give every seat its hand size and no seat a card the view proves it lacks, so the
bots' beliefs are not skewed (χ² against an enumeration in ``tests/king/test_world_uniform.py``).
The sampled hands are then given back their played cards, the deal is started through
:meth:`KingState.resume` with the public history of the deals before it, and the view's own
actions are replayed through ``apply``, so the world is consistent with the view by
construction (a refusal there would be a bug in sampling). The last trick of the deal before,
which the view still shows until this deal's first trick closes, is public and is passed on.
A finished game is rebuilt from the start of its last deal, every seat drawing the cards an
early end left unplayed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import JSON
from ...engine.dealing import deal_uniformly
from .cards import ALL, CARD_OF_TEXT, HEART_MASK, SUIT_MASK, parse_hand
from .contracts import CONTRACT_OF_ID, CONTRACTS, Contract
from .notation import PLAY_ACTIONS
from .rules import duties
from .state import CARD_OF_FIRST, KingState

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


def sample_world(game: KingGame, view: JSON, rng: random.Random) -> KingState:
    seat = view["seat"]
    if seat is None:
        raise ValueError("sample_world needs a seat's view, not the spectator's")
    over = view["over"]
    played = parse_hand(view["played"])
    plays = _plays(view)
    played_by = [0, 0, 0, 0]
    for _leader, ps in plays:
        for s, c in ps:
            played_by[s] |= 1 << c
    # A finished game is rebuilt from its last deal's start: the cards an early end left in
    # the hands are nobody's to know then (the view shows no hand), so every seat draws them.
    deal_no = len(view["score_table"]) - 1 if over else view["deal"] - 1
    my_hand = 0 if over else parse_hand(view["hand"])
    if over:
        need = [13 - played_by[s].bit_count() for s in range(4)]
        hidden_from = list(range(4))
    else:
        need = list(view["hand_sizes"])
        need[seat] = 0
        hidden_from = [s for s in range(4) if s != seat]
    lack = lacks(game, view)
    first_card = CARD_OF_FIRST[game.rules.first_chooser]
    unknown = ALL & ~my_hand & ~played
    allowed = {c: [s for s in hidden_from if not lack[s] >> c & 1] for c in range(52)
               if unknown >> c & 1}
    first = (view["chooser"] - deal_no) % 4 if not over else _first_chooser(view)
    if deal_no == 0 and first_card in allowed:
        # the first chooser held the opening card (2♦, or 7♦ by table rule) in deal 1
        allowed[first_card] = [first] if first in hidden_from else []
    owner = deal_uniformly(list(allowed), {s: need[s] for s in hidden_from}, allowed.__getitem__, rng)
    hands = [0, 0, 0, 0]
    for c, s in owner.items():
        hands[s] |= 1 << c
    hands[seat] |= my_hand
    initial = [hands[s] | played_by[s] for s in range(4)]

    last = deal_no + 1  # the deal being played (or, over, the one that ended the game)
    score_table = [r for r in view["score_table"] if r["deal"] < last]
    totals = [sum(r["points"][s] for r in score_table) for s in range(4)]
    state = KingState.resume(
        game, seed=rng.getrandbits(48), deal=deal_no, first=first, hands=initial, totals=totals,
        score_table=score_table, choices=[c for c in view["choices"] if c["deal"] < last],
        kings=[k for k in view["kings"] if k["deal"] < last],
        # last_trick outlives its deal: the view shows it until the next trick closes
        prior_trick=(_trick_of(view["last_trick"])
                     if view["last_trick"] and not view["tricks"] else None))
    for row in view["choices"]:
        if row["deal"] == last:
            text = f"choose trump {row['trump']}" if row["trump"] else f"choose {row['contract']}"
            state.apply(row["seat"], text)
    for _leader, ps in plays:
        for s, card in ps:
            state.apply(s, PLAY_ACTIONS[card])
    return state


def _first_chooser(view: JSON) -> int:
    """Who chose first in deal 1, from a finished game's score table (choosers rotate)."""
    row = view["score_table"][0]
    return int(row["chooser"])
