"""King for the research bridges (OpenSpiel, PettingZoo): its 62 action numbers, its length,
when it is zero-sum, its compact information string, its table as text and its chance model
(every deal dealt card by card; a history resampled uniformly among those a seat cannot tell
apart).

Action numbers: ``play 2S`` … ``play AC`` are ``0..51`` (the card's number, ``suit * 13 +
rank``, suits S H D C), ``choose el-almaz`` … ``choose son-iki`` ``52..57``, ``choose trump
S|H|D|C`` ``58..61``.
"""

from __future__ import annotations

import copyreg
import random
from typing import Any

from ...engine import JSON, Game, State
from ...engine.dealing import deal_uniformly
from ...interop.chance import Draw, Step
from ...interop.vocabulary import Vocabulary
from .cards import CARD_TEXT
from .contracts import CONTRACTS, PENALTY_CONTRACTS, Contract
from .state import CARD_OF_FIRST, KingState, Table, table_of
from .world import lacks


def texts() -> list[str]:
    out = [f"play {t}" for t in CARD_TEXT]
    out += [f"choose {c.info.id}" for c in PENALTY_CONTRACTS]
    out += [f"choose trump {s}" for s in "SHDC"]
    return out


VOCABULARY = Vocabulary(texts())


def vocabulary(game: Game) -> Vocabulary:
    return VOCABULARY


def max_length(game: Game, max_moves: int) -> int:
    """A choice and 52 cards per deal."""
    return int(game.rules.deals) * 53


def deal_length(game: Game, max_moves: int) -> int:
    """One deal: a choice and 52 cards."""
    return 53


#: the contracts of one deal (``king_deal``'s parameter ``contract``), as the choice's words
DEAL_CONTRACTS = tuple(t.removeprefix("choose ") for t in texts() if t.startswith("choose "))


def zero_sum(game: Game) -> bool:
    """King's 20 deals under the standard choice limit hand out −5200 and +5200 in all."""
    r: Any = game.rules
    return bool(r.choice_limit == "standard" and not r.short_game and not r.king_ends_game)


def compact(view: JSON, history: bool = True) -> str:
    """A seat's view as one line with everything it holds."""
    trick = " ".join(c for _s, c in view["trick"]["cards"])
    tricks = "/".join(f"{t['leader']}:" + " ".join(c for _s, c in t["cards"])
                      for t in view["tricks"])
    hand = " ".join(view.get("hand", []))
    return (f"seat {view['seat']} deal {view['deal']} {view['phase']} chooser {view['chooser']} "
            f"{view['contract']} {view['trump']} | hand {hand} | trick {view['trick']['leader']}:"
            f"{trick} | tricks {tricks} | scores {view['scores']} | choices "
            + ",".join(f"{c['seat']}{c['contract']}{c['trump'] or ''}" for c in view["choices"]))


def _hand(cards: list[str]) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for c in cards:
        by_suit[c[-1]].append(c[:-1])
    return "  ".join(f"{s}: {' '.join(r) or '-'}" for s, r in by_suit.items())


def render(v: JSON) -> list[str]:
    """The table as a view shows it, in lines of text."""
    contract = v["contract"] or "(choosing)"
    trump = f" · trump {v['trump']}" if v["trump"] else ""
    head = f"King · deal {v['deal']}/{v['deals']}"
    if v["chooser"] is not None:
        head += f" · {contract}{trump} · chooser player_{v['chooser']}"
    lines = [head]
    lines.append("  " + "   ".join(
        f"player_{s}: {v['scores'][s]:+d} ({v['tricks_taken'][s]} tricks, "
        f"{v['deal_points'][s]:+d})" for s in range(4)))
    trick = ", ".join(f"player_{s} {c}" for s, c in v["trick"]["cards"])
    lines.append(f"  trick: {trick or '-'}")
    if v["seat"] is not None:
        lines.append(f"  hand of player_{v['seat']}: {_hand(v.get('hand', []))}")
    return lines


# ---------------------------------------------------------------------------- chance
#: one deal: 52 cards, one chance node each, card ``i`` to seat ``i % 4`` (as Hearts deals)
_DEAL = (Draw(tuple(range(52)), 52),)
_TRUMP_ID = CONTRACTS[Contract.TRUMP].id


def _hands(order: list[int]) -> list[int]:
    hands = [0, 0, 0, 0]
    for i, c in enumerate(order):
        hands[i & 3] |= 1 << c
    return hands


class KingChance:
    """King's chance model: each deal's 52 cards, dealt one chance node each before the deal's
    choice (:mod:`kingscourt.interop.chance`)."""

    outcomes = 52

    def __init__(self, game: Game, players: int) -> None:
        self.game = game

    def describe(self, outcome: int) -> str:
        return f"deal {CARD_TEXT[outcome]}"

    def opening(self) -> tuple[Draw, ...]:
        return _DEAL

    def start(self, drawn: list[list[int]]) -> State:
        state = KingState(self.game, 0, _hands(drawn[0]), {})  # type: ignore[arg-type]
        state._sampled = True  # its deals come from chance nodes: no record replays them
        return state

    def pending(self, inner: State) -> tuple[Draw, ...]:
        state: Any = inner
        if state._hands[0] != -1:
            return ()
        state._hands = [0, 0, 0, 0]  # a view shows no card until the deal is dealt
        return _DEAL

    def resume(self, inner: State, drawn: list[list[int]]) -> None:
        state: Any = inner
        state._hands = _hands(drawn[0])
        state._lm = -1

    def resample(self, history: list[Step], player: int,
                 rng: random.Random) -> list[Step] | None:
        return self._resample(history, player, rng, None)

    def _resample(self, history: list[Step], player: int, rng: random.Random,
                  fixed: int | None) -> list[Step]:
        """Every deal's hidden cards (the other seats' cards not played, the current deal's
        included) drawn uniformly among those consistent with what ``player`` saw: its own
        hands, every card played, and what the play proves (:func:`.world.lacks`; the first
        chooser held the opening card); each hand's order among its positions in the deal
        uniformly. Moves stay as they were. ``fixed``: the action number of a choice made
        before the first deal's play (one deal of a given contract), by its first chooser."""
        deals: list[tuple[list[int], list[Step]]] = []
        for p, a in history:
            if p < 0:
                if not deals or deals[-1][1]:
                    deals.append(([], []))
                deals[-1][0].append(a)
            else:
                deals[-1][1].append((p, a))
        opener = CARD_OF_FIRST[self.game.rules.first_chooser]
        orders = []
        for d, (order, moves) in enumerate(deals):
            if d == 0 and fixed is not None:
                moves = [(order.index(opener) % 4, fixed), *moves]
            orders.append(self._redeal(d, order, moves, player, rng))
        out: list[Step] = []
        for order, (_old, moves) in zip(orders, deals, strict=True):
            out += [(-1, c) for c in order]
            out += moves
        return out

    def _redeal(self, d: int, order: list[int], moves: list[Step], player: int,
                rng: random.Random) -> list[int]:
        if len(order) < 52:
            raise ValueError("resample_from_infostate in the middle of a deal's dealing")
        hands = _hands(order)
        played = [0, 0, 0, 0]
        view: JSON = {"contract": None, "trump": None, "tricks": [],
                      "trick": {"leader": -1, "cards": []}}
        chooser = -1
        trick: list[list[Any]] = []
        for p, a in moves:
            if a >= 52:
                chooser = p
                if a >= 58:
                    view["contract"], view["trump"] = _TRUMP_ID, "SHDC"[a - 58]
                else:
                    view["contract"] = PENALTY_CONTRACTS[a - 52].info.id
                continue
            played[p] |= 1 << a
            trick.append([p, CARD_TEXT[a]])
            if len(trick) == 4:
                view["tricks"].append({"leader": trick[0][0], "cards": trick})
                trick = []
        if trick:
            view["trick"] = {"leader": trick[0][0], "cards": trick}
        lack = lacks(self.game, view)  # type: ignore[arg-type]
        hidden = [s for s in range(4) if s != player]
        allowed = {c: [s for s in hidden if not lack[s] >> c & 1]
                   for s in hidden for c in range(52) if (hands[s] & ~played[s]) >> c & 1}
        opener = CARD_OF_FIRST[self.game.rules.first_chooser]
        if d == 0 and opener in allowed:
            # the first chooser held the opening card in deal 1
            allowed[opener] = [chooser] if chooser in hidden else []
        need = {s: (hands[s] & ~played[s]).bit_count() for s in hidden}
        owner = deal_uniformly(sorted(allowed), need, allowed.__getitem__, rng)
        new = [hands[player] if s == player else played[s] for s in range(4)]
        for c, s in owner.items():
            new[s] |= 1 << c
        out = [0] * 52
        for s in range(4):
            cards = [c for c in range(52) if new[s] >> c & 1]
            rng.shuffle(cards)
            out[s::4] = cards
        return out


def chance(game: Game, players: int) -> KingChance:
    return KingChance(game, players)


class KingDealChance(KingChance):
    """One deal of King (``king_deal``): its 52 cards dealt one chance node each; the first
    chooser (who holds the opening card) chooses the contract, or the parameter
    ``contract`` fixes it (one of :data:`DEAL_CONTRACTS`: ``rifki``, ``trump H`` …), chosen
    before the play begins. The game ends after the deal."""

    def __init__(self, game: Game, players: int, contract: str = "") -> None:
        super().__init__(game, players)
        if contract and contract not in DEAL_CONTRACTS:
            raise ValueError(f"contract: one of {', '.join(DEAL_CONTRACTS)} (or empty: the "
                             f"first chooser chooses), got {contract!r}")
        self.contract = contract
        self.fixed = VOCABULARY.id(f"choose {contract}") if contract else None
        table: Any = Table(game.rules)
        table.deals = 1
        self.table = table

    def start(self, drawn: list[list[int]]) -> State:
        state: Any = super().start(drawn)
        state._t = self.table
        if self.contract:
            seat = state.to_move()[0]
            state.apply(seat, self.game.parse_action(f"choose {self.contract}"))
        return state  # type: ignore[no-any-return]

    def pending(self, inner: State) -> tuple[Draw, ...]:
        return ()

    def resample(self, history: list[Step], player: int,
                 rng: random.Random) -> list[Step] | None:
        return self._resample(history, player, rng, self.fixed)


def deal_chance(game: Game, players: int, contract: str = "") -> KingDealChance:
    return KingDealChance(game, players, contract)


def deal_zero_sum(game: Game) -> bool:
    """One deal is never zero-sum: a penalty contract hands out its penalty, trump its
    tricks."""
    return False


# A compiled King state (mypyc) pickles as its attributes, set again on a fresh state; the
# table of its rules is rebuilt from them.
def _restore(game: Game, attrs: dict[str, Any], deals: int) -> KingState:
    state: Any = game.new_state(seed=0)
    for name, value in attrs.items():
        setattr(state, name, value)
    state._t = table_of(game.rules)
    if deals != state._t.deals:  # one deal of King
        state._t = Table(game.rules)
        state._t.deals = deals
    return state  # type: ignore[no-any-return]


def _reduce(state: KingState) -> tuple[Any, ...]:
    names = getattr(type(state), "__mypyc_attrs__", ())
    attrs = {n: getattr(state, n) for n in names if n not in ("game", "_t", "__dict__")}
    table: Any = state._t
    return (_restore, (state.game, attrs, table.deals))


if hasattr(KingState, "__mypyc_attrs__"):
    copyreg.pickle(KingState, _reduce)
