"""King's tensors, from one seat's view (``docs/tensors.md`` has the same tables).

Seat axes (size 4) are relative: 0 is the observer, 1 the seat after it (it plays next),
2 the seat opposite, 3 the seat before it. Cards are numbered as the action
numbers (``suit * 13 + rank``, suits S H D C, ranks 2..A: ``2S`` = 0 … ``AC`` = 51);
contracts in the order el-almaz, kupa-almaz, erkek-almaz, kiz-almaz, rifki, son-iki, trump.
Points are in units of 650 (a trump deal's total; a deal's penalties are of that order).

- **observation**: what the seat sees now: its hand, the cards each seat played in this
  deal (and the current trick), the tricks and points of this deal, the match scores, the
  contract, whose turn, the contracts still open and each seat's quota.
- **information state**: the whole match as the seat knows it: its hand as this deal
  began, this deal's tricks in order (who led, who played what), the current trick, and
  every earlier deal's chooser, contract and points (the choice and score tables). Earlier
  deals' cards are left out: each deal is dealt anew, so they tell nothing of the future.
"""

from __future__ import annotations

from ...engine import JSON, Game
from ...interop.tensors import Array, Layout, Piece, one_hot, relative
from .cards import CARD_OF_TEXT, SUITS
from .contracts import CONTRACT_OF_ID, CONTRACTS, Contract

SEATS = 4
CARDS = 52
TRICKS = 13
MAX_DEALS = 20
UNIT = 650.0
CONTRACT_IDS = tuple(CONTRACTS[c].id for c in Contract)
PHASES = ("choose", "play", "over")
_S = "per relative seat (0 = the observer)"

_COMMON = (
    Piece("phase", (3,), "one-hot: choose, play, over"),
    Piece("deal", (MAX_DEALS,), "one-hot: this deal's number − 1 (the last deal once over)"),
    Piece("chooser", (SEATS,), "one-hot relative seat that chooses (chose) this deal's contract"),
    Piece("to_move", (SEATS,), "one-hot relative seat to move (none once over)"),
    Piece("contract", (7,), "one-hot: this deal's contract, once chosen"),
    Piece("trump", (4,), "one-hot: the trump suit S H D C of a trump deal"),
    Piece("broken", (2,), "hearts broken, a trump played on another suit (0/1)"),
    Piece("tricks_taken", (SEATS,), f"tricks taken this deal / 13, {_S}"),
    Piece("deal_points", (SEATS,), f"points of this deal / 650, {_S}"),
    Piece("scores", (SEATS,), f"match totals / 650 (a deal's points count once it is "
                                 f"scored), {_S}"),
    Piece("open_contracts", (7,), "plays left of each contract / its limit (2, trump 8)"),
    Piece("quota_left", (SEATS, 2), f"penalty contracts and trump deals each seat may still "
                                    f"choose / its quota (0 under choice_limit=free), {_S}"),
)

OBSERVATION = Layout((
    Piece("hand", (CARDS,), "own hand (1 per card held)"),
    Piece("trick", (SEATS, CARDS), f"the current trick: the card each seat put in it, {_S}"),
    Piece("trick_leader", (SEATS,), "one-hot relative seat that led the current trick"),
    Piece("played", (SEATS, CARDS), f"cards played in this deal (current trick too), {_S}"),
    *_COMMON,
))

INFORMATION_STATE = Layout((
    Piece("hand", (CARDS,), "own hand now"),
    Piece("dealt", (CARDS,), "own hand as this deal began"),
    Piece("leaders", (TRICKS, SEATS), "per trick of this deal in order (current one "
                                      "included): one-hot relative seat that led it"),
    Piece("plays", (TRICKS, SEATS, CARDS), "per trick of this deal in order: the card each "
                                           "relative seat played to it"),
    *_COMMON,
    Piece("history", (MAX_DEALS, SEATS + 7 + 4 + SEATS),
          "per finished deal: one-hot relative chooser (4), contract (7), trump suit (4), "
          "points of each relative seat / 650 (4)"),
    Piece("kings", (SEATS,), f"Kings made (13 tricks of a trump deal), {_S}"),
))


class Encoder:
    observation_layout = OBSERVATION
    information_state_layout = INFORMATION_STATE

    def __init__(self, game: Game) -> None:
        self.game = game

    def observation(self, view: JSON, out: dict[str, Array]) -> None:
        me = _seat(view)
        _hand(view, out["hand"])
        trick = view["trick"]
        if trick["cards"]:
            out["trick_leader"][relative(trick["leader"], me, SEATS)] = 1.0
        for s, c in trick["cards"]:
            out["trick"][relative(s, me, SEATS), CARD_OF_TEXT[c]] = 1.0
        played = out["played"]
        for t in view["tricks"]:
            for s, c in t["cards"]:
                played[relative(s, me, SEATS), CARD_OF_TEXT[c]] = 1.0
        for s, c in trick["cards"]:
            played[relative(s, me, SEATS), CARD_OF_TEXT[c]] = 1.0
        _common(view, me, out, self.game.rules.quota)

    def information_state(self, view: JSON, out: dict[str, Array]) -> None:
        me = _seat(view)
        _hand(view, out["hand"])
        dealt = out["dealt"]
        dealt[:] = out["hand"]
        tricks = [*view["tricks"], view["trick"]] if view["trick"]["cards"] else view["tricks"]
        for i, t in enumerate(tricks):
            out["leaders"][i, relative(t["leader"], me, SEATS)] = 1.0
            for s, c in t["cards"]:
                out["plays"][i, relative(s, me, SEATS), CARD_OF_TEXT[c]] = 1.0
                if s == me:
                    dealt[CARD_OF_TEXT[c]] = 1.0
        _common(view, me, out, self.game.rules.quota)
        history = out["history"]
        for i, row in enumerate(view["score_table"]):
            h = history[i]
            h[relative(row["chooser"], me, SEATS)] = 1.0
            h[SEATS + CONTRACT_IDS.index(row["contract"])] = 1.0
            if row["trump"]:
                h[SEATS + 7 + SUITS.index(row["trump"])] = 1.0
            for s, p in enumerate(row["points"]):
                h[SEATS + 11 + relative(s, me, SEATS)] = p / UNIT
        for k in view["kings"]:
            out["kings"][relative(k["seat"], me, SEATS)] += 1.0


def _seat(view: JSON) -> int:
    seat = view["seat"]
    if seat is None:
        raise ValueError("a tensor is seen from a seat: the spectator's view has none")
    return int(seat)


def _hand(view: JSON, out: Array) -> None:
    for c in view.get("hand", []):
        out[CARD_OF_TEXT[c]] = 1.0


def _common(view: JSON, me: int, out: dict[str, Array], quota_of: tuple[int, int]) -> None:
    over = view["over"]
    out["phase"][PHASES.index(view["phase"])] = 1.0
    out["deal"][min(view["deal"], MAX_DEALS) - 1] = 1.0
    if view["chooser"] is not None:
        out["chooser"][relative(view["chooser"], me, SEATS)] = 1.0
    for s in view["to_move"]:
        out["to_move"][relative(s, me, SEATS)] = 1.0
    if view["contract"]:
        out["contract"][CONTRACT_OF_ID[view["contract"]]] = 1.0
    one_hot(out["trump"], SUITS.index(view["trump"]) if view["trump"] else None)
    out["broken"][0] = float(view["hearts_broken"])
    out["broken"][1] = float(view["trump_broken"])
    for s in range(SEATS):
        r = relative(s, me, SEATS)
        if not over:
            out["tricks_taken"][r] = view["tricks_taken"][s] / TRICKS
            out["deal_points"][r] = view["deal_points"][s] / UNIT
        out["scores"][r] = view["scores"][s] / UNIT
    for i, cid in enumerate(CONTRACT_IDS):
        out["open_contracts"][i] = view["open_contracts"][cid] / CONTRACTS[Contract(i)].max_plays
    quota = view["quota_left"]
    if quota is not None:
        penalties, trumps = quota_of
        for s, (p, t) in enumerate(quota):
            r = relative(s, me, SEATS)
            out["quota_left"][r, 0] = p / penalties
            out["quota_left"][r, 1] = t / trumps
