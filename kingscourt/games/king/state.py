"""One match of King: 20 deals (12 in the short game), the whole truth of each.

The hot path (``legal_actions`` / ``apply`` during play) works on bit masks; the legality of
a card is one cascade of rule blocks (:meth:`KingState._cascade`) in the order of
docs/rules.md (King), used both for the legal set and for naming the rule that refuses a card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ...engine import (
    JSON,
    Action,
    Event,
    GameOver,
    IllegalAction,
    State,
    Violation,
    make_record,
)
from ...engine.contract import _text
from ...engine.errors import GAME_OVER, not_your_turn
from . import refusals
from .cards import ALL, CARD_TEXT, HEART_MASK, SUIT_MASK, SUITS, card, texts
from .contracts import CONTRACT_OF_ID, CONTRACTS, PENALTY_CONTRACTS, Contract
from .notation import ACTION_OF_CODE, CHOOSE_ACTIONS, CODE, SUIT_ACTIONS, TRUMP_ACTIONS, actions_of, parse
from .phases import CHOOSE, OVER, PHASE_NAMES, PLAY
from .ranking import king_points
from .refusals import DISCARD, FOLLOW, GIVE_UP, HEARTS_BAN, MUST_BEAT, MUST_TRUMP, TRUMP_BAN
from .rules import KingRules, duties
from .view import view
from .view_types import KingView

if TYPE_CHECKING:
    from .game import KingGame


# The contracts by number (Contract's values, trump 6), as plain values for the hot path.
_TRUMP: Final = 6
_SON_IKI: Final = 5
assert (int(Contract.TRUMP), int(Contract.SON_IKI)) == (_TRUMP, _SON_IKI)
_IDS: Final = tuple(CONTRACTS[c].id for c in Contract)
_MAX_PLAYS: Final = tuple(CONTRACTS[c].max_plays for c in Contract)
_PENALTY_CARDS: Final = tuple(CONTRACTS[c].penalty_cards for c in Contract)
_PER_UNIT: Final = tuple(CONTRACTS[c].per_unit for c in Contract)
_GIVES_UP: Final = tuple(CONTRACTS[c].give_up for c in Contract)
_CHOOSE_LIST: Final = tuple(CHOOSE_ACTIONS[c] for c in PENALTY_CONTRACTS)  # by number 0..5
assert [int(c) for c in PENALTY_CONTRACTS] == list(range(6))
# the refusals of a choice (KingState._choice_refusal)
_CLOSED: Final = 1
_TRUMP_QUOTA: Final = 2
_PENALTY_QUOTA: Final = 3
_PENALTY_FIRST: Final = 4


class Table:
    """What a game's table rules fix for every deal, as plain values read once per game
    (not once per choice): the choice limits, the match's length, the first chooser's card
    and each contract's play duties."""

    def __init__(self, rules: KingRules) -> None:
        self.standard = rules.choice_limit == "standard"
        self.quota_penalty, self.quota_trump = rules.quota
        self.penalty_first = rules.penalty_first
        self.king_ends = rules.king_ends_game
        self.deals = rules.deals
        self.opener = CARD_OF_FIRST[rules.first_chooser]
        #: per contract: (must-beat, hearts-not-broken, trump-not-broken, any heart in Rıfkı)
        self.duties: list[tuple[bool, bool, bool, bool]] = []
        for c in Contract:
            d = duties(rules, c)
            self.duties.append((d.must_beat, d.heart_ban, d.trump_ban, d.any_heart))


_TABLES: Final[dict[KingRules, Table]] = {}  # at most one per distinct set of table rules


def table_of(rules: KingRules) -> Table:
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = Table(rules)
    return table

_PLAYED_EVENTS: Final = [[Event("played", seat, {"card": t}) for t in CARD_TEXT] for seat in range(4)]
_TRICK_EVENTS: Final = [[Event("trick", w, {"leader": leader}) for leader in range(4)] for w in range(4)]


class KingState(State):
    """A King match. Build it with ``load_game("king").new_state(...)``."""

    __slots__ = (
        "_any_heart",
        "_beat",
        "_choices",
        "_chooser",
        "_contract",
        "_deal",
        "_first",
        "_give_up",
        "_hands",
        "_heart_ban",
        "_hearts_broken",
        "_kings",
        "_lead_suit",
        "_leader",
        "_lm",
        "_log",
        "_pen",
        "_pen_left",
        "_phase",
        "_played",
        "_played_count",
        "_points",
        "_prior_trick",
        "_rng",
        "_rng_shared",
        "_run",
        "_sampled",
        "_score_table",
        "_seat_counts",
        "_seed",
        "_setup",
        "_streak",
        "_t",
        "_taken",
        "_totals",
        "_trick",
        "_tricks",
        "_trump",
        "_trump_ban",
        "_trump_broken",
        "_turn",
        "_unit",
        "_win_card",
        "_win_seat",
        "game",
    )

    game: KingGame

    def __init__(self, game: KingGame, seed: int, first_hands: list[int] | None,
                 setup: JSON, *, clone_of: KingState | None = None) -> None:
        if clone_of is not None:
            self._copy(clone_of)
            return
        self.game = game
        self._seed = seed
        # one random stream per match deals every hand; clones share it copy-on-write
        self._rng = random.Random(seed)
        self._rng_shared = False
        self._setup = setup
        self._sampled = False
        self._log: list[int] = []  # seat << 8 | action code
        self._totals = [0, 0, 0, 0]
        self._score_table: list[JSON] = []
        self._choices: list[JSON] = []
        self._kings: list[JSON] = []
        self._played_count = [0] * 7
        self._seat_counts = [[0, 0] for _ in range(4)]
        self._deal = 0
        # the last trick of the deal before this one: still the view's last_trick until this
        # deal's first trick closes
        self._prior_trick: tuple[int, tuple[int, ...], int] | None = None
        hands = first_hands if first_hands is not None else self._deal_hands()
        self._t = table_of(game.rules)
        opener = 1 << self._t.opener
        self._first = next(s for s in range(4) if hands[s] & opener)
        self._begin_deal(hands)

    @classmethod
    def resume(cls, game: KingGame, *, seed: int, deal: int, first: int, hands: list[int],
               totals: list[int], score_table: list[JSON], choices: list[JSON],
               kings: list[JSON], prior_trick: tuple[int, tuple[int, ...], int] | None = None,
               ) -> KingState:
        """A match that begins deal ``deal`` (0-based) with ``hands`` (bit masks, the cards
        each seat holds as the deal begins), after the public history of the deals before it:
        ``totals``, ``score_table``, ``choices`` and ``kings`` as a view shows them, ``first``
        the seat that chose first in deal 1, ``prior_trick`` the last trick of the deal before.
        Later deals are drawn from ``seed``. Sampled worlds start here; such a match has no
        record that replays (its first deals were never dealt)."""
        state = cls(game, seed, list(hands), {})
        state._sampled = True
        state._deal = deal
        state._first = first
        state._totals = list(totals)
        state._score_table = [dict(r, points=list(r["points"])) for r in score_table]
        state._kings = [dict(k) for k in kings]
        state._choices = [dict(c) for c in choices]
        for row in choices:
            chosen = CONTRACT_OF_ID[row["contract"]]
            state._played_count[chosen] += 1
            state._seat_counts[row["seat"]][1 if chosen is Contract.TRUMP else 0] += 1
        state._prior_trick = prior_trick
        state._begin_deal(list(hands))
        return state

    # ------------------------------------------------------------------ dealing
    def _deal_hands(self) -> list[int]:
        """The next deal's hands, drawn from the match's random stream (seeded by the match
        seed, which no view shows). Deals are drawn in order, each once."""
        rng = self._rng
        if self._rng_shared:  # a clone shares the stream: take a copy before drawing
            rng = random.Random()
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._rng_shared = False
        deck = shuffled_pack(rng)
        return [sum(deck[0:13]), sum(deck[13:26]), sum(deck[26:39]), sum(deck[39:52])]

    def _begin_deal(self, hands: list[int]) -> None:
        self._hands = hands if hands is not _UNDEALT else list(_UNDEALT)
        self._phase = CHOOSE
        self._chooser = self._turn = (self._first + self._deal) % 4
        self._contract = -1
        self._trump = -1
        self._pen = self._pen_left = self._unit = 0
        self._give_up = self._beat = self._heart_ban = self._trump_ban = False
        self._any_heart = False
        self._trick: list[int] = []
        self._leader = self._lead_suit = self._win_seat = self._win_card = -1
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._played = 0
        self._hearts_broken = self._trump_broken = False
        self._taken = [0, 0, 0, 0]
        self._points = [0, 0, 0, 0]
        self._streak = [0, 0, 0, 0]   # longest run of consecutive tricks per seat
        self._run = (-1, 0)           # (seat, length) of the current run
        self._lm = -1

    # ------------------------------------------------------------------ contract
    @property
    def num_players(self) -> int:
        return 4

    def to_move(self) -> list[int]:
        return [self._turn] if self._phase != OVER else []

    # The engine's public methods, with its guard in front (a seat that is a plain int 0..3
    # and an action that is text pass at once; anything else goes through State._seat and
    # _text, which name what is wrong): the hot path, one call instead of two.
    def legal_actions(self, seat: object) -> list[Action]:
        """Every legal action of ``seat`` now (empty when the seat is not to move)."""
        if type(seat) is not int or not 0 <= seat < 4:
            seat = self._seat(seat)
        return self._legal_actions(seat)

    def apply(self, seat: object, action: object) -> list[Event]:
        """Play the action; raises IllegalAction (state unchanged) if it is not legal."""
        if type(seat) is not int or not 0 <= seat < 4:
            seat = self._seat(seat)
        if not isinstance(action, str):
            action = _text(action)
        return self._apply(seat, action)

    def is_over(self) -> bool:
        return self._phase == OVER

    def scores(self) -> list[int]:
        return list(self._totals)

    def winners(self) -> list[int]:
        if self._phase != OVER:
            return []
        if self._t.king_ends and self._kings:
            return [self._kings[-1]["seat"]]
        return super().winners()

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat != self._turn or self._phase == OVER:
            return []
        if self._phase == PLAY:
            lm = self._lm
            if lm < 0:
                lm = self._lm = self._cascade(None)
            top = (lm.bit_length() - 1) // 13
            if not lm & ~SUIT_MASK[top]:  # one suit: the common case when following
                return list(SUIT_ACTIONS[top][lm >> (13 * top)])
            return actions_of(lm)
        return self._legal_choices()

    def _check(self, seat: int, action: Action | str) -> Violation | None:
        code = parse(action)
        if self._phase == OVER:
            return GAME_OVER
        if seat != self._turn:
            return not_your_turn(seat, self.to_move()).violation
        if self._phase == PLAY:
            if code >= 52:
                return refusals.wrong_phase_play()
            if not self._hands[seat] >> code & 1:
                return refusals.not_in_hand(code)
            steps: list[tuple[str, int]] = []
            self._cascade(steps)
            for rule, allowed in steps:
                if not allowed >> code & 1:
                    return Violation(rule, refusals.card_rule(rule, self))
            return None
        if code < 52:
            return refusals.wrong_phase_choose(seat)
        return self._choice_violation(seat, code)

    def _apply(self, seat: int, action: Action | str) -> list[Event]:
        code = CODE.get(action)
        if code is None:
            code = parse(action)
        if code < 52 and self._phase == PLAY and seat == self._turn:
            lm = self._lm
            if lm < 0:
                lm = self._cascade(None)
            if lm >> code & 1:
                return self._play(seat, code)
        elif (code >= 100 and self._phase == CHOOSE and seat == self._turn
              and self._choice_violation(seat, code) is None):
            return self._choose(seat, code)
        v = self.check(seat, action)
        assert v is not None, "an action refused by apply must be refused by check"
        if v.rule == "game-over":
            raise GameOver(v)
        if v.rule == "not-your-turn":
            raise not_your_turn(seat, self.to_move())
        raise IllegalAction(v)

    # ------------------------------------------------------------------ choosing
    def _choice_refusal(self, seat: int, c: int) -> int:
        """``0`` if ``seat`` may choose contract ``c`` (0..6, trump 6) now, else the rule that
        refuses it, checked in this order: contract-closed (a penalty contract played twice,
        trump 8 times), choice-limit (standard: 3 penalty contracts and 2 trump deals per
        player), penalty-first (extra table rule: the first four deals are penalty contracts)."""
        if self._played_count[c] >= _MAX_PLAYS[c]:
            return _CLOSED
        t = self._t
        if t.standard:
            if c == _TRUMP:
                if self._seat_counts[seat][1] >= t.quota_trump:
                    return _TRUMP_QUOTA
            elif self._seat_counts[seat][0] >= t.quota_penalty:
                return _PENALTY_QUOTA
        if t.penalty_first and c == _TRUMP and self._deal < 4:
            return _PENALTY_FIRST
        return 0

    def _choice_violation(self, seat: int, code: int) -> Violation | None:
        c = code - 100 if code < 200 else _TRUMP
        refusal = self._choice_refusal(seat, c)
        if refusal == 0:
            return None
        if refusal == _CLOSED:
            return refusals.contract_closed(CONTRACTS[Contract(c)])
        if refusal == _TRUMP_QUOTA:
            return refusals.trump_quota_used(self._t.quota_trump)
        if refusal == _PENALTY_QUOTA:
            return refusals.penalty_quota_used(self._t.quota_penalty)
        return refusals.penalty_first()

    def _legal_choices(self) -> list[Action]:
        seat = self._turn
        out = [_CHOOSE_LIST[c] for c in range(6) if self._choice_refusal(seat, c) == 0]
        if self._choice_refusal(seat, _TRUMP) == 0:
            out.extend(TRUMP_ACTIONS)
        return out

    def _ensure_hands(self) -> None:
        if self._hands == _UNDEALT:
            self._hands = self._deal_hands()

    def _choose(self, seat: int, code: int) -> list[Event]:
        self._ensure_hands()
        c = code - 100 if code < 200 else _TRUMP
        self._contract = c
        self._trump = code - 200 if c == _TRUMP else -1
        self._pen = self._pen_left = _PENALTY_CARDS[c]
        self._unit = _PER_UNIT[c]
        self._give_up = _GIVES_UP[c]
        self._beat, self._heart_ban, self._trump_ban, self._any_heart = self._t.duties[c]
        self._played_count[c] += 1
        self._seat_counts[seat][1 if c == _TRUMP else 0] += 1
        trump = SUITS[self._trump] if c == _TRUMP else None
        contract_id = _IDS[c]
        self._choices.append({"deal": self._deal + 1, "seat": seat, "contract": contract_id,
                              "trump": trump})
        self._phase = PLAY
        self._leader = seat
        self._lm = -1
        self._log.append(seat << 8 | code)
        return [Event("chosen", seat, {"contract": contract_id, "trump": trump})]

    # ------------------------------------------------------------------ playing
    def _cascade(self, steps: list[tuple[str, int]] | None) -> int:
        """The cards the player to move may play: each block is one rule of docs/rules.md (King),
        in its order; ``steps`` (when given) receives (rule, cards still allowed) per block
        that restricted the choice."""
        hand = self._hands[self._turn]
        if self._trick:
            lead = self._lead_suit
            led = hand & SUIT_MASK[lead]
            if led:
                # follow-suit: hold the led suit, play it
                allowed = led
                if steps is not None and led != hand:
                    steps.append((FOLLOW, led))
                win = self._win_card
                # must-beat (Überstechpflicht, when on for this contract): play a led-suit card
                # that beats the trick, if you hold one; a trumped trick cannot be beaten so.
                if self._beat and win // 13 == lead:
                    beats = led & ~((2 << win) - 1)
                    if beats:
                        if steps is not None and beats != led:
                            steps.append((MUST_BEAT, beats))
                        return beats
                # give-up-penalty-card (Erkek, Kız, Rıfkı): a higher card of the led suit lies
                # in the trick: play your lower penalty card of that suit.
                if self._give_up:
                    below = led & self._pen & ((1 << win) - 1)
                    if below:
                        if steps is not None and below != led:
                            steps.append((GIVE_UP, below))
                        return below
                return allowed
            # void in the led suit
            if self._trump >= 0:
                # must-trump: void, hold a trump, play one (even one that cannot win)
                trumps = hand & SUIT_MASK[self._trump]
                if trumps:
                    if steps is not None and trumps != hand:
                        steps.append((MUST_TRUMP, trumps))
                    return trumps
                return hand
            pen = hand & self._pen
            if pen:
                # discard-penalty-card: void, hold a penalty card of this contract, discard it
                # (Rıfkı with "Bei Rıfkı ohne Farbe" = any heart: any heart will do)
                if self._any_heart:
                    pen = hand & HEART_MASK
                if steps is not None and pen != hand:
                    steps.append((DISCARD, pen))
                return pen
            return hand
        # leading
        allowed = hand
        # hearts-not-broken: no heart lead until a heart was discarded, unless only hearts
        if self._heart_ban and not self._hearts_broken:
            rest = allowed & ~HEART_MASK
            if rest and rest != allowed:
                allowed = rest
                if steps is not None:
                    steps.append((HEARTS_BAN, allowed))
        # trump-not-broken (table rule): no trump lead until a trump fell on another suit
        if self._trump_ban and not self._trump_broken:
            rest = allowed & ~SUIT_MASK[self._trump]
            if rest and rest != allowed:
                allowed = rest
                if steps is not None:
                    steps.append((TRUMP_BAN, allowed))
        return allowed

    def _play(self, seat: int, c: int) -> list[Event]:
        bit = 1 << c
        self._hands[seat] ^= bit
        self._played |= bit
        self._log.append(seat << 8 | c)
        self._lm = -1
        trick = self._trick
        if trick:
            s = c // 13
            lead = self._lead_suit
            if s == lead:
                win = self._win_card
                if c > win and win // 13 == lead:
                    self._win_card = c
                    self._win_seat = seat
            else:
                if s == 1:
                    self._hearts_broken = True
                if s == self._trump:
                    self._trump_broken = True
                    win = self._win_card
                    if win // 13 != s or c > win:
                        self._win_card = c
                        self._win_seat = seat
            trick.append(c)
            if len(trick) == 4:
                return self._close_trick([_PLAYED_EVENTS[seat][c]])
        else:
            self._leader = self._win_seat = seat
            self._lead_suit = c // 13
            self._win_card = c
            trick.append(c)
        self._turn = (seat + 1) & 3
        return [_PLAYED_EVENTS[seat][c]]

    def _close_trick(self, events: list[Event]) -> list[Event]:
        w = self._win_seat
        cards = tuple(self._trick)
        self._tricks.append((self._leader, cards, w))
        self._trick = []
        self._taken[w] += 1
        n = len(self._tricks)
        if self._pen:
            hit = self._pen_left & ((1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
                                    | (1 << cards[3]))
            if hit:
                self._points[w] += self._unit * hit.bit_count()
                self._pen_left ^= hit
        elif self._contract != _SON_IKI or n >= 12:
            self._points[w] += self._unit
        run_seat, run = self._run
        run = run + 1 if run_seat == w else 1
        self._run = (w, run)
        if run > self._streak[w]:
            self._streak[w] = run
        events.append(_TRICK_EVENTS[w][self._leader])
        self._turn = self._leader = w
        self._lead_suit = self._win_card = self._win_seat = -1
        # table rule "King ends the game": 10 tricks in a row or 11 in one trump deal end the
        # game at once; the tricks left are not played and score nothing
        if (n == 13 or (self._pen and not self._pen_left)
                or (self._t.king_ends and self._contract == _TRUMP
                    and (run >= 10 or self._taken[w] >= 11))):
            self._end_deal(events)
        return events

    def _end_deal(self, events: list[Event]) -> None:
        t = self._t
        points = list(self._points)
        for s in range(4):
            self._totals[s] += points[s]
        trump = SUITS[self._trump] if self._trump >= 0 else None
        self._score_table.append({"deal": self._deal + 1, "chooser": self._chooser,
                                  "contract": _IDS[self._contract], "trump": trump,
                                  "points": points})
        events.append(Event("deal-scored", None, {"deal": self._deal + 1,
                                                  "contract": _IDS[self._contract],
                                                  "points": points,
                                                  "tricks": len(self._tricks)}))
        ends_game = False
        if self._contract == _TRUMP:
            for s in range(4):
                king = self._taken[s] == 13
                if t.king_ends and (self._streak[s] >= 10 or self._taken[s] >= 11):
                    king = ends_game = True
                if king:
                    self._kings.append({"deal": self._deal + 1, "seat": s,
                                        "tricks": self._taken[s]})
                    events.append(Event("king", s, {"deal": self._deal + 1,
                                                    "tricks": self._taken[s]}))
        self._deal += 1
        if self._deal >= t.deals or ends_game:
            self._phase = OVER
            self._hands = [0, 0, 0, 0]  # cards left after an early end are not played
            self._lm = -1
            events.append(Event("game-over", None, {"scores": list(self._totals),
                                                    "winners": self.winners()}))
            return
        self._prior_trick = self._tricks[-1]
        # the next deal's hands are drawn when first needed: a search that stops at the
        # end of this deal never pays for the shuffle
        self._begin_deal(_UNDEALT)

    # ------------------------------------------------------------------ views and records
    def _view(self, seat: int | None) -> KingView:
        if self._phase == CHOOSE:
            self._ensure_hands()
        return view(self, seat)

    def results(self) -> list[JSON]:
        """Besides score and win, each seat's Kings made and its King points (ranking.py)."""
        out = super().results()
        points = king_points(self.scores(), self._kings) if self._phase == OVER else [0.0] * 4
        for r in out:
            r["kings"] = sum(1 for k in self._kings if k["seat"] == r["seat"])
            r["king_points"] = points[r["seat"]]
        return out

    def record(self) -> JSON:
        if self._sampled:
            raise ValueError("a sampled world has no record: it was built from a view")
        return make_record(self.game, 4, self._seed, dict(self._setup),
                           [(e >> 8, ACTION_OF_CODE[e & 255]) for e in self._log])

    def clone(self) -> KingState:
        return KingState(self.game, self._seed, None, self._setup, clone_of=self)

    def _copy(self, src: KingState) -> None:
        """Become a copy of ``src`` (``clone``: an explicit copy, which a compiled class needs and
        which is also the fastest in Python)."""
        self.game = src.game
        self._seed = src._seed
        self._rng = src._rng
        src._rng_shared = self._rng_shared = True
        self._setup = src._setup
        self._sampled = src._sampled
        self._first = src._first
        self._deal = src._deal
        self._phase = src._phase
        self._chooser = src._chooser
        self._turn = src._turn
        self._contract = src._contract
        self._t = src._t
        self._trump = src._trump
        self._pen = src._pen
        self._pen_left = src._pen_left
        self._give_up = src._give_up
        self._beat = src._beat
        self._heart_ban = src._heart_ban
        self._trump_ban = src._trump_ban
        self._leader = src._leader
        self._lead_suit = src._lead_suit
        self._win_seat = src._win_seat
        self._win_card = src._win_card
        self._played = src._played
        self._hearts_broken = src._hearts_broken
        self._trump_broken = src._trump_broken
        self._run = src._run
        self._lm = src._lm
        self._unit = src._unit
        self._any_heart = src._any_heart
        self._prior_trick = src._prior_trick
        self._hands = list(src._hands)
        self._trick = list(src._trick)
        self._tricks = list(src._tricks)
        self._taken = list(src._taken)
        self._points = list(src._points)
        self._streak = list(src._streak)
        self._totals = list(src._totals)
        self._played_count = list(src._played_count)
        self._seat_counts = [list(p) for p in src._seat_counts]
        self._log = list(src._log)
        # the tables below only ever grow by appending fresh entries: share the entries
        self._score_table = list(src._score_table)
        self._choices = list(src._choices)
        self._kings = list(src._kings)

    def __repr__(self) -> str:
        phase = PHASE_NAMES[self._phase]
        contract = CONTRACTS[Contract(self._contract)].id if self._contract >= 0 else "-"
        deal = self._deal + 1 if self._phase != OVER else len(self._score_table)
        return (f"<KingState deal {deal}/{self.game.rules.deals} {phase} "
                f"{contract} to_move={self.to_move()} scores={self._totals}>")

    # ------------------------------------------------------------------ helpers for tests/bots
    def play_out_deal(self, rand: Callable[[], float]) -> None:
        """Play uniformly random legal actions to the end of the deal in progress (or of the
        game): each one ``legal_actions(seat)[int(rand() * len(legal))]``, the same actions as
        that loop through the public methods, without building the lists of cards (a search's
        rollout)."""
        deal = self._deal
        while self._deal == deal and self._phase != OVER:
            seat = self._turn
            if self._phase == PLAY:
                lm = self._lm
                if lm < 0:
                    lm = self._cascade(None)
                # the legal actions list the cards in ascending order: take the k-th lowest
                k = int(rand() * (_POPCOUNT[lm & 0x1FFF] + _POPCOUNT[lm >> 13 & 0x1FFF]
                                  + _POPCOUNT[lm >> 26 & 0x1FFF] + _POPCOUNT[lm >> 39]))
                while k:
                    lm &= lm - 1
                    k -= 1
                self._play(seat, (lm & -lm).bit_length() - 1)
            else:
                choices = self._legal_choices()
                self._choose(seat, CODE[choices[int(rand() * len(choices))]])

    def hand(self, seat: int) -> list[str]:
        """The cards of ``seat`` (the true state: never give this to a bot or a client)."""
        if self._phase == CHOOSE:
            self._ensure_hands()
        return texts(self._hands[seat])

    @property
    def deal_number(self) -> int:
        """0-based index of the deal in progress (``deals`` once the game is over)."""
        return self._deal

    @property
    def contract(self) -> Contract | None:
        return Contract(self._contract) if self._contract >= 0 else None


_BITS: Final = tuple(1 << c for c in range(52))
_POPCOUNT: Final = tuple(m.bit_count() for m in range(8192))  # cards in a 13-bit suit mask


def shuffled_pack(rng: random.Random) -> list[int]:
    """The 52 card bits in the order ``rng.shuffle(list(_BITS))`` leaves them, by the same
    draws: CPython's shuffle (Fisher-Yates from the top, each index drawn by ``getrandbits``
    with rejection, as ``Random._randbelow`` does), without its Python-level call per card."""
    deck = list(_BITS)
    getrandbits = rng.getrandbits
    for i in range(51, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck

_UNDEALT: Final = [-1, -1, -1, -1]  # hands of a deal not drawn yet (see _ensure_hands)
CARD_OF_FIRST: Final = {t: card(t) for t in ("2D", "7D")}  # the table rule first_chooser


def check_deal(hands: list[int]) -> None:
    """A deal is four hands of 13 that together hold the whole pack once."""
    if len(hands) != 4:
        raise ValueError(f"a King deal has 4 hands, got {len(hands)}")
    seen = 0
    for i, h in enumerate(hands):
        if h.bit_count() != 13:
            raise ValueError(f"hand {i} holds {h.bit_count()} cards; every hand holds 13")
        if seen & h:
            raise ValueError(f"hand {i} repeats {' '.join(texts(seen & h))}")
        seen |= h
    assert seen == ALL
