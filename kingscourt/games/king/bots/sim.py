"""The King bots' own deal simulator: one deal of play on bit masks, fast enough to play out
thousands of deals per decision.

The engine's :class:`~kingscourt.games.king.state.KingState` is the truth; this is the bots'
copy of the play rules for searching sampled worlds, kept deliberately small: the hands, the
open trick and the deal's points, with the obligations of docs/rules.md (King) in the engine's
cascade order (``follow-suit``, ``must-beat``, ``give-up-penalty-card``, ``must-trump``,
``discard-penalty-card``, ``hearts-not-broken``, ``trump-not-broken``) taken from the table
rules through :func:`~kingscourt.games.king.rules.duties`. ``tests/king/test_bot_sim.py``
plays random deals in both and checks that the legal cards and the points agree at every
step.

A :class:`Deal` is built from a seat's view and the four hands of one sampled world
(:meth:`Deal.from_view`), or for a contract not yet chosen from the hands of a deal's start
(:meth:`Deal.start`). Cards are ``suit * 13 + rank`` as in :mod:`...games.king.cards`.
"""

from __future__ import annotations

import math
import random
from typing import Final

from ....engine import JSON
from ..cards import CARD_OF_TEXT, HEART_MASK, SUIT_MASK, parse_hand
from ..contracts import CONTRACT_OF_ID, CONTRACTS, Contract, deal_total
from ..rules import KingRules, duties

TRUMP = int(Contract.TRUMP)
SON_IKI = int(Contract.SON_IKI)
EL_ALMAZ = int(Contract.EL_ALMAZ)
ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest card of a non-empty mask."""
    return mask.bit_length() - 1


def cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Deal:
    """One deal in play (or about to be played): everything the play rules and the score of
    the deal depend on."""

    __slots__ = (
        "any_heart",
        "beat",
        "ended",
        "give_up",
        "gone",
        "hands",
        "heart_ban",
        "hearts_broken",
        "kind",
        "king_ends",
        "lead",
        "leader",
        "pen",
        "pen_left",
        "points",
        "run",
        "run_seat",
        "taken",
        "trick",
        "trick_n",
        "tricks",
        "trump",
        "trump_ban",
        "trump_broken",
        "turn",
        "unit",
        "win_card",
        "win_seat",
    )

    def __init__(self) -> None:
        self.hands: list[int] = [0, 0, 0, 0]
        self.kind = -1
        self.trump = -1
        self.pen = self.pen_left = self.unit = 0
        self.beat = self.give_up = self.heart_ban = self.trump_ban = self.any_heart = False
        self.hearts_broken = self.trump_broken = False
        self.turn = self.leader = 0
        self.trick = 0          # cards of the open trick (mask)
        self.trick_n = 0        # how many lie in it
        self.lead = self.win_card = self.win_seat = -1
        self.tricks = 0         # closed tricks
        self.gone = 0           # cards of the closed tricks
        self.points = [0, 0, 0, 0]
        self.taken = [0, 0, 0, 0]
        # table rule "King ends the game": 10 tricks in a row or 11 in a trump deal end it
        self.king_ends = False
        self.run_seat = self.run = 0   # who took the last tricks, and how many in a row
        self.ended = False

    # ------------------------------------------------------------------ building
    def _contract(self, rules: KingRules, kind: int, trump: int) -> None:
        contract = Contract(kind)
        info = CONTRACTS[contract]
        d = duties(rules, contract)
        self.kind = kind
        self.trump = trump if kind == TRUMP else -1
        self.pen = self.pen_left = info.penalty_cards
        self.unit = info.per_unit
        self.give_up = info.give_up
        self.beat, self.heart_ban, self.trump_ban, self.any_heart = (
            d.must_beat, d.heart_ban, d.trump_ban, d.any_heart)
        self.king_ends = rules.king_ends_game and kind == TRUMP

    @classmethod
    def start(cls, rules: KingRules, hands: list[int], chooser: int, kind: int,
              trump: int = -1) -> Deal:
        """A deal about to be played: ``chooser`` named ``kind`` (trump in suit ``trump``)
        and leads."""
        d = cls()
        d._contract(rules, kind, trump)
        d.hands = list(hands)
        d.turn = d.leader = chooser
        return d

    @classmethod
    def from_view(cls, rules: KingRules, view: JSON, hands: list[int]) -> Deal:
        """The deal of a view in its play phase, the hidden hands taken from ``hands`` (one
        sampled world's, the view's seat's own included)."""
        d = cls()
        contract = CONTRACT_OF_ID[view["contract"]]
        trump = "SHDC".index(view["trump"]) if view["trump"] else -1
        d._contract(rules, int(contract), trump)
        d.hands = list(hands)
        gone = 0
        for t in view["tricks"]:
            for _s, c in t["cards"]:
                gone |= 1 << CARD_OF_TEXT[c]
        d.gone = gone
        d.pen_left = d.pen & ~gone
        d.tricks = len(view["tricks"])
        d.points = list(view["deal_points"])
        d.taken = list(view["tricks_taken"])
        for t in view["tricks"]:
            w = t["winner"]
            d.run = d.run + 1 if d.run and d.run_seat == w else 1
            d.run_seat = w
        d.hearts_broken = bool(view["hearts_broken"])
        d.trump_broken = bool(view["trump_broken"])
        played = view["trick"]["cards"]
        if played:
            d.leader = view["trick"]["leader"]
            first = CARD_OF_TEXT[played[0][1]]
            d.lead = first // 13
            d.win_card, d.win_seat = first, played[0][0]
            for s, text in played:
                c = CARD_OF_TEXT[text]
                d.trick |= 1 << c
                if c != first:
                    d._update_winner(s, c)
            d.trick_n = len(played)
            d.turn = (d.leader + d.trick_n) % 4
        else:
            d.leader = d.turn = view["to_move"][0] if view["to_move"] else view["chooser"]
            if view["tricks"]:
                d.leader = d.turn = view["tricks"][-1]["winner"]
        return d

    def copy(self) -> Deal:
        new = Deal()
        new.any_heart = self.any_heart
        new.beat = self.beat
        new.give_up = self.give_up
        new.gone = self.gone
        new.heart_ban = self.heart_ban
        new.hearts_broken = self.hearts_broken
        new.kind = self.kind
        new.lead = self.lead
        new.leader = self.leader
        new.pen = self.pen
        new.pen_left = self.pen_left
        new.trick = self.trick
        new.trick_n = self.trick_n
        new.tricks = self.tricks
        new.trump = self.trump
        new.trump_ban = self.trump_ban
        new.trump_broken = self.trump_broken
        new.turn = self.turn
        new.unit = self.unit
        new.king_ends = self.king_ends
        new.run_seat = self.run_seat
        new.run = self.run
        new.ended = self.ended
        new.win_card = self.win_card
        new.win_seat = self.win_seat
        new.hands = list(self.hands)
        new.points = list(self.points)
        new.taken = list(self.taken)
        return new

    # ------------------------------------------------------------------ rules
    @property
    def done(self) -> bool:
        return self.tricks == 13 or (self.pen != 0 and self.pen_left == 0) or self.ended

    def legal(self) -> int:
        """The cards the seat to move may play (mask), by the engine's cascade."""
        hand = self.hands[self.turn]
        if self.trick_n:
            lead = self.lead
            led = hand & SUIT_MASK[lead]
            if led:
                win = self.win_card
                if self.beat and win // 13 == lead:
                    beats = led & ~((2 << win) - 1)
                    if beats:
                        return beats
                if self.give_up:
                    below = led & self.pen & ((1 << win) - 1)
                    if below:
                        return below
                return led
            if self.trump >= 0:
                return hand & SUIT_MASK[self.trump] or hand
            pen = hand & self.pen
            if pen:
                return hand & HEART_MASK if self.any_heart else pen
            return hand
        allowed = hand
        if self.heart_ban and not self.hearts_broken:
            rest = allowed & ~HEART_MASK
            if rest:
                allowed = rest
        if self.trump_ban and not self.trump_broken:
            rest = allowed & ~SUIT_MASK[self.trump]
            if rest:
                allowed = rest
        return allowed

    def _update_winner(self, seat: int, c: int) -> None:
        s = c // 13
        if s == self.lead:
            win = self.win_card
            if c > win and win // 13 == s:
                self.win_card, self.win_seat = c, seat
        else:
            if s == 1:
                self.hearts_broken = True
            if s == self.trump:
                self.trump_broken = True
                win = self.win_card
                if win // 13 != s or c > win:
                    self.win_card, self.win_seat = c, seat

    def play(self, c: int) -> None:
        """The seat to move plays ``c`` (legal: not checked)."""
        seat = self.turn
        bit = 1 << c
        self.hands[seat] ^= bit
        if self.trick_n:
            self._update_winner(seat, c)
            self.trick |= bit
            self.trick_n += 1
            if self.trick_n == 4:
                self._close()
                return
        else:
            self.leader = self.win_seat = seat
            self.lead = c // 13
            self.win_card = c
            self.trick = bit
            self.trick_n = 1
        self.turn = (seat + 1) & 3

    def _close(self) -> None:
        w = self.win_seat
        cards_ = self.trick
        self.tricks += 1
        self.taken[w] += 1
        self.gone |= cards_
        if self.pen:
            hit = self.pen_left & cards_
            if hit:
                self.points[w] += self.unit * hit.bit_count()
                self.pen_left ^= hit
        elif self.kind != SON_IKI or self.tricks >= 12:
            self.points[w] += self.unit
        self.run = self.run + 1 if self.run and self.run_seat == w else 1
        self.run_seat = w
        if self.king_ends and (self.run >= 10 or self.taken[w] >= 11):
            self.ended = True
        self.turn = self.leader = w
        self.trick = self.trick_n = 0
        self.lead = self.win_card = self.win_seat = -1

    # ------------------------------------------------------------------ moves worth trying
    def distinct(self, legal: int) -> int:
        """One card of each set of legal cards that play alike in this world: cards of one
        suit with nothing between them but cards of the closed tricks or of the same hand,
        all penalty cards or none (the lowest stands for its set)."""
        hand = self.hands[self.turn]
        known = self.gone | hand
        pen = self.pen
        out = 0
        for s in range(4):
            sub = legal & SUIT_MASK[s]
            prev = -1
            while sub:
                low = sub & -sub
                c = low.bit_length() - 1
                sub ^= low
                if prev >= 0:
                    between = ((1 << c) - 1) & ~((2 << prev) - 1)
                    if (between & ~known) == 0 and (pen >> c & 1) == (pen >> prev & 1) \
                            and (between & pen & hand) == 0:
                        prev = c
                        continue
                out |= low
                prev = c
        return out


def hands_of(world_hand: list[list[str]]) -> list[int]:
    """Masks of four hands given as card texts (a sampled world's ``hand(seat)``)."""
    return [parse_hand(h) for h in world_hand]


def margins(points: list[int] | list[float]) -> list[float]:
    """Each seat's points minus the mean of the other three seats' points."""
    total = sum(points)
    return [p - (total - p) / 3 for p in points]


# ---------------------------------------------------------------------- the basic policy
def _min_rank(mask: int, trump: int = -1) -> int:
    """The card of ``mask`` with the lowest rank (non-trumps before trumps), the first suit
    on a tie: ``min(cards, key=(is trump, rank))`` over cards in S H D C order."""
    best = -1
    best_key = 99
    for s in range(4):
        sub = mask & SUIT_MASK[s]
        if sub:
            c = (sub & -sub).bit_length() - 1
            key = c - 13 * s + (13 if s == trump else 0)
            if key < best_key:
                best, best_key = c, key
    return best


def _max_rank(mask: int) -> int:
    """The card of ``mask`` with the highest rank, the first suit on a tie."""
    best = -1
    best_rank = -1
    for s in range(4):
        sub = mask & SUIT_MASK[s]
        if sub:
            c = sub.bit_length() - 1
            if c - 13 * s > best_rank:
                best, best_rank = c, c - 13 * s
    return best


ACES = sum(1 << (13 * s + ACE) for s in range(4))


def basic_card(d: Deal, legal: int) -> int:
    """The ``basic`` bot's card (:mod:`.basic`) for the seat to move in ``d``, on masks."""
    if d.kind == TRUMP:
        return _basic_trump(d, legal)
    return _basic_penalty(d, legal)


def _basic_trump(d: Deal, legal: int) -> int:
    trump = d.trump
    tmask = SUIT_MASK[trump]
    if not d.trick_n:
        aces = legal & ACES
        if aces:
            return (aces & -aces).bit_length() - 1
        trumps = legal & tmask
        if trumps.bit_count() >= 4:
            return trumps.bit_length() - 1
        return _min_rank(legal, trump)
    win = d.win_card
    ws = win // 13
    if ws == trump:
        winners = legal & tmask & ~((2 << win) - 1)
    else:
        winners = (legal & SUIT_MASK[ws] & ~((2 << win) - 1)) | (legal & tmask)
    if winners:
        pick = _min_rank(winners, trump)
        if d.trick_n == 3 or pick % 13 >= QUEEN or pick // 13 == trump:
            return pick
        return _max_rank(winners)
    return _min_rank(legal, trump)


def _basic_penalty(d: Deal, legal: int) -> int:
    pen = d.pen
    danger = legal & pen
    if not d.trick_n:
        safe = legal
        for s in range(4):
            if danger & SUIT_MASK[s]:
                safe &= ~SUIT_MASK[s]
        return _min_rank(safe or legal)
    lead = d.lead
    win = d.win_card
    following = legal & SUIT_MASK[lead]
    if following:
        losers = following & ((1 << win) - 1)
        if losers:
            return losers.bit_length() - 1
        if d.trick_n == 3:
            safe = following & ~pen
            return (safe or following).bit_length() - 1
        return (following & -following).bit_length() - 1
    if danger:
        return _max_rank(danger)
    best, key = -1, (-1, 0)
    for s in range(4):
        sub = legal & SUIT_MASK[s]
        if sub:
            c = sub.bit_length() - 1
            k = (c - 13 * s, -sub.bit_count())
            if k > key:
                best, key = c, k
    return best


# --- a learned rollout policy: a linear score per card on the deal's masks -----------------

#: the features :func:`card_features` gives each legal card, in order
ROLLOUT_FEATURES = (
    "rank", "trump", "heart", "leads", "follows", "last", "wins", "unseen_above",
    "unseen_below", "length", "higher", "penalty", "taken_penalty", "penalty_out",
    "later_void", "later_higher", "basic", "wins_last", "wins_late", "boss", "penalty_wins",
    "lowest", "suit_out",
)
N_FEATURES = len(ROLLOUT_FEATURES)
#: the penalty unit the features count in (Rıfkı's, the largest)
_PENALTY_SCALE = 1.0 / 320.0


def _wins_now(d: Deal, c: int) -> float:
    """1.0 when ``c`` would win the open trick as it stands (a lead always does), else 0.0."""
    if d.trick_n == 0:
        return 1.0
    suit = c // 13
    if suit == d.win_card // 13:
        return 1.0 if c > d.win_card else 0.0
    return 1.0 if d.trump >= 0 and suit == d.trump else 0.0


def _after(d: Deal, in_suit: int, above: int) -> int:
    """The seats still to play to the open trick after the seat to move that hold no card of
    ``in_suit`` (a suit's mask), plus 4 × those that hold one of ``above`` (its cards above
    the one played), in this world."""
    out = 0
    seat = d.turn
    for k in range(1, 4 - d.trick_n):
        other = d.hands[(seat + k) & 3]
        if not other & in_suit:
            out += 1
        elif other & above:
            out += 4
    return out


def card_features(d: Deal, c: int, habit: int) -> list[float]:
    """What the learned rollout policy scores a legal card ``c`` of the seat to move by, in this
    world (``habit``: the basic policy's card here): its rank, trump or heart, whether the seat
    leads, follows suit or plays last, whether it would win the trick as it stands, the cards
    above and below it in its suit that no seat has shown and the seat does not hold, the
    seat's length and higher cards in the suit, its penalty, the penalty it would take now,
    the penalty of its suit still out, the seats still to play to the trick that hold none of
    its suit or a higher card of it (in this world), whether the basic policy plays it, and
    whether it wins as the trick's last card or in the deal's last two tricks, whether no
    unseen card of its suit is higher, its penalty if it wins, whether it is the seat's lowest
    of its suit, and the unseen cards of its suit."""
    seat = d.turn
    hand = d.hands[seat]
    suit = c // 13
    in_suit = SUIT_MASK[suit]
    above_mask = in_suit & ~((2 << c) - 1)
    below_mask = in_suit & ((1 << c) - 1)
    unseen = in_suit & ~(d.gone | d.trick | hand)
    mine = hand & in_suit
    trump = d.trump
    scale = -d.unit * _PENALTY_SCALE if d.unit < 0 else 0.0
    n = d.trick_n
    wins = _wins_now(d, c)
    after = _after(d, in_suit, above_mask)
    later_void = float(after & 3)
    later_higher = float(after >> 2)
    return [
        (c % 13) / 12.0,
        1.0 if trump >= 0 and suit == trump else 0.0,
        1.0 if suit == 1 else 0.0,
        1.0 if n == 0 else 0.0,
        1.0 if n and suit == d.lead else 0.0,
        1.0 if n == 3 else 0.0,
        wins,
        (unseen & above_mask).bit_count() / 12.0,
        (unseen & below_mask).bit_count() / 12.0,
        mine.bit_count() / 13.0,
        (mine & above_mask).bit_count() / 12.0,
        scale * (d.pen >> c & 1),
        scale * wins * ((d.trick | (1 << c)) & d.pen).bit_count(),
        scale * (unseen & d.pen).bit_count(),
        later_void / 3.0,
        later_higher / 3.0,
        1.0 if c == habit else 0.0,
        wins if n == 3 else 0.0,
        wins if d.tricks >= 11 else 0.0,
        0.0 if unseen & above_mask else 1.0,
        scale * wins * (d.pen >> c & 1),
        0.0 if mine & below_mask else 1.0,
        unseen.bit_count() / 12.0,
    ]


class Policy:
    """One contract's rollout weights, one per feature of :data:`ROLLOUT_FEATURES` (held as
    attributes: unboxed floats in the compiled core, where a playout reads them for every
    card; the ones of features counted in twelfths hold the weight over 12)."""

    def __init__(self, w: list[float]) -> None:
        if len(w) != N_FEATURES:
            raise ValueError(f"{N_FEATURES} weights a contract, not {len(w)}")
        self.rank = w[0] / 12.0
        self.trump = w[1]
        self.heart = w[2]
        # leads (w[3]) and last (w[5]) are the same for every legal card: they choose nothing
        self.follows = w[4]
        self.wins = w[6]
        self.unseen_above = w[7] / 12.0
        self.unseen_below = w[8] / 12.0
        self.length = w[9] / 13.0
        self.higher = w[10] / 12.0
        self.penalty = w[11]
        self.taken_penalty = w[12]
        self.penalty_out = w[13]
        self.later_void = w[14] / 3.0
        self.later_higher = w[15] / 3.0
        self.basic = w[16]
        self.wins_last = w[17]
        self.wins_late = w[18]
        self.boss = w[19]
        self.penalty_wins = w[20]
        self.lowest = w[21]
        self.suit_out = w[22] / 12.0


#: the number of cards in each 13-bit mask of one suit's ranks (``int.bit_count`` is a method
#: call in the compiled core: this is a list lookup)
_POP13: Final = [bin(i).count("1") for i in range(1 << 13)]


def policies(weights: list[float]) -> list[Policy]:
    """The rollout policy of every contract kind from its weights, kind by kind."""
    if len(weights) != N_FEATURES * len(Contract):
        raise ValueError(f"{N_FEATURES} weights for each of {len(Contract)} contracts expected")
    return [Policy(weights[k * N_FEATURES:(k + 1) * N_FEATURES]) for k in range(len(Contract))]


def learned_card(d: Deal, legal: int, policy: list[Policy]) -> int:
    """The learned rollout policy's card for the seat to move: the legal card of the highest
    linear score over :func:`card_features` (``policy``: per contract kind, its weights; ties
    to the lower card). The features are computed here inline, the same as
    :func:`card_features` gives them (a test checks it): a playout calls this for every card."""
    habit = basic_card(d, legal)
    if legal & (legal - 1) == 0:
        return habit
    p = policy[d.kind]
    seat = d.turn
    hand = d.hands[seat]
    trump = d.trump
    n = d.trick_n
    pen = d.pen
    scale = -d.unit * _PENALTY_SCALE if d.unit < 0 else 0.0
    seen = d.gone | d.trick | hand
    in_trick = (d.trick & pen).bit_count()
    late = d.tricks >= 11
    lead = d.lead if n else -1
    pop = _POP13  # local names: a module's globals are looked up by name each time
    suit_masks = SUIT_MASK
    best = -1
    best_score = -1e300
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        suit = c // 13
        in_suit = suit_masks[suit]
        above_mask = in_suit & ~((2 << c) - 1)
        unseen = in_suit & ~seen
        mine = hand & in_suit
        is_pen = pen >> c & 1
        wins = _wins_now(d, c)
        after = _after(d, in_suit, above_mask)
        unseen_above = unseen & above_mask
        at = 13 * suit
        score = (p.rank * (c % 13) + p.wins * wins
                 + p.unseen_above * pop[unseen_above >> at]
                 + p.unseen_below * pop[(unseen & ~above_mask & ~low) >> at]
                 + p.length * pop[mine >> at] + p.higher * pop[(mine & above_mask) >> at]
                 + p.later_void * (after & 3) + p.later_higher * (after >> 2)
                 + p.suit_out * pop[unseen >> at])
        if scale:
            score += scale * (p.penalty * is_pen + p.taken_penalty * wins * (in_trick + is_pen)
                              + p.penalty_out * pop[(unseen & pen) >> at]
                              + p.penalty_wins * wins * is_pen)
        if trump >= 0 and suit == trump:
            score += p.trump
        if suit == 1:
            score += p.heart
        if suit == lead:
            score += p.follows
        if c == habit:
            score += p.basic
        if n == 3:
            score += p.wins_last * wins
        if late:
            score += p.wins_late * wins
        if not unseen_above:
            score += p.boss
        if not mine & ~above_mask & ~low:
            score += p.lowest
        if score > best_score:
            best, best_score = c, score
    return best


def play_out(d: Deal, policy: list[Policy] | None = None) -> None:
    """Every seat plays :func:`basic_card` to the end of the deal, or with ``policy`` the
    learned rollout policy's :func:`learned_card`."""
    if policy is None:
        while not d.done:
            d.play(basic_card(d, d.legal()))
    else:
        while not d.done:
            d.play(learned_card(d, d.legal(), policy))


def play_outs(base: Deal, moves: list[int], seat: int, policy: list[Policy] | None = None
              ) -> list[float]:
    """Each of ``moves`` played in a copy of ``base`` and the deal played out
    (:func:`play_out`, by ``policy`` if given): ``seat``'s margin at its end, per move."""
    out: list[float] = []
    for c in moves:
        d = base.copy()
        d.play(c)
        play_out(d, policy)
        out.append(margins(d.points)[seat])
    return out

# --- the likelihood of a world (the strong bot's world chains, :mod:`.strong`) ---------------

#: log(n − 1) for n legal cards: a card other than the basic policy's shares ε n − 1 ways
LOG_OTHERS = [0.0, 0.0] + [math.log(n - 1) for n in range(2, 14)]


def log_beta(x: float, y: float) -> float:
    """log B(x, y), the Beta function."""
    return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)


class ChoiceModel:
    """How likely a chooser's hand makes the contract it named: a softmax over the basic bot's
    estimates (:func:`hand_value`) of the options open to it (``kinds`` and ``trumps``, the
    named one at ``target``), ``temperature`` points per e-fold. Kept per hand: a world chain
    proposes the same chooser's hand again and again."""

    def __init__(self, kinds: list[int], trumps: list[int], target: int,
                 temperature: float) -> None:
        self.kinds = kinds
        self.trumps = trumps
        self.target = target
        self.temperature = temperature
        self.options = len(kinds)
        self._seen: dict[int, float] = {}

    def softmax(self, hand: int) -> float:
        found = self._seen.get(hand)
        if found is not None:
            return found
        scores = [hand_value(hand, self.kinds[i], self.trumps[i]) / self.temperature
                  for i in range(self.options)]
        target = scores[self.target] if self.target >= 0 else 0.0
        top = max(scores)
        total = 0.0
        for x in scores:
            total += math.exp(x - top)
        chance = math.exp(target - top) / total
        self._seen[hand] = chance
        return chance


class WorldFit:
    """How likely (log) a world makes what one seat's view shows, under the basic bot played
    with an unknown error rate ε per seat (the strong bot's world inference: its docstring
    says why). Built once per view: the plays (``seats``, ``played``), the cards each seat
    played (``played_by``), the deal's chooser and contract, the seat ``me`` that sees, the
    Beta prior on ε (``prior_miss``, ``prior_keep``) and the chooser's :class:`ChoiceModel`
    (None when ``me`` chose)."""

    def __init__(self, rules: KingRules, seats: list[int], played: list[int],
                 played_by: list[int], chooser: int, kind: int, trump: int, me: int,
                 prior_miss: float, prior_keep: float, choice: ChoiceModel | None) -> None:
        self.seats = seats
        self.played = played
        self.played_by = played_by
        self.chooser = chooser
        self.me = me
        self.prior_miss = prior_miss
        self.prior_keep = prior_keep
        self.log_beta_prior = log_beta(prior_miss, prior_keep)
        self.choice = choice
        #: the deal at its start with no hands: each world copies it (the duties of its
        #: contract are read from the table rules once)
        self.blank = Deal.start(rules, [0, 0, 0, 0], chooser, kind, trump)

    def log_weight(self, hands: list[int], with_choice: bool = True) -> float:
        """The world of the hidden ``hands`` (the cards still held): every other seat's card
        (the basic policy's with chance 1 − ε, another legal card with ε shared out), each
        seat's ε integrated out (beta-binomial), and, unless ``with_choice`` is False, the
        chooser's contract (the softmax model with chance 1 − ε, any open option with ε)."""
        start = [hands[s] | self.played_by[s] for s in range(4)]
        keep = [0, 0, 0, 0]
        miss = [0, 0, 0, 0]
        d = self.blank.copy()
        d.hands = start[:]  # the deal takes its cards out as they are played
        logw = 0.0
        me = self.me
        seats = self.seats
        played = self.played
        for i in range(len(played)):
            s = seats[i]
            c = played[i]
            if s != me:
                legal = d.legal()
                n = legal.bit_count()
                if n > 1:
                    if basic_card(d, legal) == c:
                        keep[s] += 1
                    else:
                        miss[s] += 1
                        logw -= LOG_OTHERS[n]
            d.play(c)
        a = self.prior_miss
        b = self.prior_keep
        for s in range(4):
            if s != me and keep[s] + miss[s]:
                logw += log_beta(a + miss[s], b + keep[s]) - self.log_beta_prior
        choice = self.choice
        if choice is not None and with_choice:
            ch = self.chooser
            err = (a + miss[ch]) / (a + b + miss[ch] + keep[ch])
            logw += math.log((1 - err) * choice.softmax(start[ch]) + err / choice.options)
        return logw

    def step(self, hands: list[int], lw: float, hidden: list[int], seats: list[int],
             may: list[int], rng: random.Random) -> tuple[list[int], float, bool]:
        """One try of a Metropolis chain over the worlds (``hands``, of log weight ``lw``):
        two hidden cards drawn at random (``hidden``, held among ``seats``) change hands when
        each may be in the other's (``may``: per card, the seats that may hold it), and the
        swap is kept with chance min(1, its likelihood ratio). Returns the chain's hands and
        log weight after the try, and whether a swap was weighed (a try that draws two cards
        of one hand, or a swap the view forbids, weighs nothing)."""
        c1 = hidden[_below(rng, len(hidden))]
        c2 = hidden[_below(rng, len(hidden))]
        i = j = -1
        for s in seats:
            if hands[s] >> c1 & 1:
                i = s
                break
        for s in seats:
            if hands[s] >> c2 & 1:
                j = s
                break
        if i == j or not (may[c1] >> j & 1 and may[c2] >> i & 1):
            return hands, lw, False
        new = list(hands)
        both = (1 << c1) | (1 << c2)
        new[i] ^= both
        new[j] ^= both
        lw2 = self.log_weight(new)
        if lw2 >= lw or rng.random() < math.exp(lw2 - lw):
            return new, lw2, True
        return hands, lw, True


def _below(rng: random.Random, n: int) -> int:
    """A random integer in [0, n), as ``rng.randrange(n)`` draws it (the same bits)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


# --- the basic bot's estimate of a contract for a hand (:mod:`.basic`), on masks -------------

#: a suit's ranks as 13 bits: the low cards (2 to 7) and the high ones (queen, king, ace)
_LOW_RANKS = (1 << 6) - 1
_HIGH_RANKS = (1 << QUEEN) | (1 << KING) | (1 << ACE)
KUPA_ALMAZ = int(Contract.KUPA_ALMAZ)
ERKEK_ALMAZ = int(Contract.ERKEK_ALMAZ)
RIFKI = int(Contract.RIFKI)
#: per contract kind: the points of a unit, and an even share (a quarter) of the deal's total
_PER_UNIT = [CONTRACTS[Contract(k)].per_unit for k in range(len(Contract))]
_SHARE = [deal_total(Contract(k)) / 4 for k in range(len(Contract))]


def trick_estimate(hand: int, trump: int) -> float:
    """Tricks a hand (a card mask) may take with ``trump`` (a suit, or −1: none): honours with
    their guards, and long trumps."""
    tricks = 0.0
    for s in range(4):
        ranks = hand >> (13 * s) & 0x1FFF
        n = ranks.bit_count()
        if ranks >> ACE & 1:
            tricks += 1.0
        if ranks >> KING & 1 and n >= 2:
            tricks += 0.7
        if ranks >> QUEEN & 1 and n >= 3:
            tricks += 0.4
        if s == trump:
            tricks += max(0, n - 3) * 0.9 + (0.3 if ranks >> JACK & 1 else 0)
        elif trump >= 0 and n <= 1:
            tricks += 0.3 * (2 - n)  # a short side suit lets trumps ruff
    return tricks


def penalty_estimate(hand: int, kind: int) -> float:
    """Expected penalty units a hand (a card mask) takes in a penalty contract (rough)."""
    suits = [hand >> (13 * s) & 0x1FFF for s in range(4)]
    low = 0
    high = 0
    for r in suits:
        low += (r & _LOW_RANKS).bit_count()
        high += (r & _HIGH_RANKS).bit_count()
    if kind == EL_ALMAZ:
        return max(0.5, 3.25 + 0.6 * (high - 3) - 0.25 * (low - 5))
    if kind == SON_IKI:
        return max(0.1, 0.5 + 0.2 * (high - 3) - 0.1 * (low - 5))
    hearts = suits[1]
    if kind == KUPA_ALMAZ:
        high_hearts = (hearts >> JACK).bit_count()
        shortest = min(suits[0].bit_count(), suits[2].bit_count(), suits[3].bit_count())
        return max(0.5, 3.25 + 0.8 * high_hearts - 0.3 * (hearts.bit_count() - high_hearts)
                   + (0.5 if shortest == 0 else 0) - 0.2 * (low - 5))
    if kind == RIFKI:
        if hearts >> KING & 1:
            guard = hearts.bit_count() - 1
            return 0.8 if guard <= 1 else 0.55 if guard <= 3 else 0.35
        return 0.2 if hearts.bit_count() >= 3 else 0.3
    targets = [KING, JACK] if kind == ERKEK_ALMAZ else [QUEEN]
    risk = 0.0
    for ranks in suits:
        for t in targets:
            if ranks >> t & 1:
                below = (ranks & ((1 << t) - 1)).bit_count()
                risk += 0.9 if below == 0 else 0.6 if below <= 2 else 0.35
    per = 8 if kind == ERKEK_ALMAZ else 4
    return risk + (per / 4) * 0.4


def hand_value(hand: int, kind: int, trump: int = -1) -> float:
    """The basic bot's estimate of a contract for a hand (a card mask): the points it expects
    to take measured against an even share of the deal's total (trump in suit ``trump``)."""
    if kind == TRUMP:
        return 50 * trick_estimate(hand, trump) - _SHARE[kind]
    return _PER_UNIT[kind] * penalty_estimate(hand, kind) - _SHARE[kind]
