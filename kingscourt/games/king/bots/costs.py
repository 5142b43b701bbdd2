"""What a King chooser gives up by spending a contract now: the continuation-value table.

Every player chooses 3 penalty contracts and 2 trump deals (the standard limit), five turns
in a game. Naming a contract now leaves the seat without it for its remaining turns, when a
hand may come that suits it better. The table holds ``V(p, q, open)``: the margin a seat
expects from its remaining turns when it has ``p`` penalty and ``q`` trump choices left and
``open`` is the set of penalty contracts it may still name (a 6-bit mask by
:class:`~kingscourt.games.king.contracts.Contract` value), each future hand random and each
choice made the same way. At a choice, contract ``K`` is worth its simulated margin in this
deal plus ``V`` of the state it leaves; its *opportunity cost* is how far that ``V`` falls
short of the best one left by any open contract (:func:`opportunity_costs`).

The table is estimated by simulation over random hands (``python -m tools.king_costs --hands
3000``, the builder, outside the runtime package): for each random hand, every contract's
margin for the chooser is the mean over re-deals of the other three hands of the deal played
out by the basic policy (:func:`.sim.play_out`, the same estimator the strong bot uses at the
table), trump taking its best suit; then ``V`` follows by dynamic programming over the sampled hands,
``V(p, q, open) = mean over hands of max over K (margin(K) + E V(next state))``. The other
seats' choices close contracts between the seat's turns: the next state's ``open`` loses each
contract with the chance measured for that contract and turn in games of the basic bot
(``--closing-games``; :func:`expected`, e.g. El Almaz 11% after the first turn, 69% after the
fourth, Rıfkı 0% and 27%). Built for the default table rules.

**The other seats' deals.** Under the standard limit every penalty contract is played exactly
twice in a game (6 × 2 = 12 deals, 3 for each of the four seats) and every seat plays exactly
two trump deals, so a seat that names a penalty contract takes that deal away from the other
seats: one of its deals on defence becomes one as chooser. What the seat makes on defence
depends a great deal on the contract (a strong player avoids the last two tricks of Son İki
whoever named it, but El Almaz named for a hand that takes no trick leaves the defenders the
tricks), so naming ``K`` is worth ``margin(K) − D(K)``, where ``D(K)`` is the seat's mean
margin in deals another seat chose ``K`` (:func:`defence`; 0 for trump, whose count per seat is
fixed). ``D`` is measured in full games of the strong bot in one seat against the basic bot in
the others (``--defence-games``), and the dynamic programming above values hands by
``margin − D`` too. This is the rulebook's "judging the points by one's own column only"
(Häufige Fehler) carried over the whole game.

**The seat's own play.** The margins above are simulated with the basic policy in every seat,
the chooser's included, but the strong bot plays its own hand much better, and by how much
depends on the contract and the hand: in Son İki it avoids the last two tricks whatever it
holds, in Kupa Almaz a hand full of hearts still costs it less than the simulation says. So
the simulated margin ``m`` of contract ``K`` for the chooser is mapped to the margin the
strong bot makes, ``a(K) + b(K)·m + Σ c_i(K)·f_i(hand)`` (:func:`own_margin`), where the
``f_i`` are a few counts read from the hand (:data:`FEATURES`, :func:`hand_features`: its
aces and kings, queens and jacks, low cards, hearts, longest suit, short suits and the king of
hearts), fitted by least squares on random first deals: for each contract (trump in the suit
the simulation prefers), ``m`` from the bot's own simulation, the chooser's hand and the
margin of the deal then played by the strong bot as chooser against the basic bot
(``--calibration-deals``). The simulated margin alone says little of some contracts (in Son
İki its slope was 0.011); the fit reads the hand's counts too, and keeps per contract its R²
and how far its values spread over hands (``calibration_quality`` in the data file). The
dynamic programming uses the mapped margins too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..cards import HEARTS, RANKS
from ..contracts import CONTRACTS, PENALTY_CONTRACTS, Contract
from .sim import TRUMP

DATA = Path(__file__).resolve().parent / "data" / "king_contract_costs.json"
PENALTIES = tuple(int(c) for c in PENALTY_CONTRACTS)
ALL_OPEN = (1 << len(PENALTIES)) - 1
#: the kinds of a sampled hand's margins: the six penalty contracts, then trump (best suit)
KINDS = (*PENALTIES, TRUMP)


def key(p: int, q: int, open_mask: int) -> str:
    return f"{p},{q},{open_mask}"


@cache
def _data() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


@dataclass(frozen=True)
class Tables:
    """A cost-table file's parts the strong bot reads: the committed file's (:data:`DATA`), or
    another's, to measure a refit against them before it replaces them."""

    values: dict[str, float]
    calibration: dict[str, list[float]]
    defence: dict[str, float]
    closing: Closing


@cache
def read(path: Path) -> Tables:
    """The tables in the file at ``path`` (as ``python -m tools.king_costs --out`` writes)."""
    with path.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return Tables(data["values"], data["calibration"], data["defence"],
                  as_closing(data.get("closing")))


def table() -> dict[str, float]:
    """``V`` by :func:`key`, from the committed data file."""
    values: dict[str, float] = _data()["values"]
    return values


#: what the own-play fit reads from a hand besides its simulated margin
FEATURES = ("aces_kings", "queens_jacks", "low", "hearts", "longest", "short", "rifki")
_RIFKI = 13 * HEARTS + RANKS.index("K")


def hand_features(hand: int) -> tuple[float, ...]:
    """:data:`FEATURES` of a hand (a card mask): aces and kings, queens and jacks, cards 2 to 6,
    hearts, the longest suit's length, suits of at most one card, the king of hearts (0/1)."""
    lengths = [(hand >> (13 * s) & 0x1FFF).bit_count() for s in range(4)]
    by_rank = [sum(hand >> (13 * s + r) & 1 for s in range(4)) for r in range(13)]
    return (float(by_rank[11] + by_rank[12]), float(by_rank[9] + by_rank[10]),
            float(sum(by_rank[:5])), float(lengths[HEARTS]), float(max(lengths)),
            float(sum(n <= 1 for n in lengths)), float(hand >> _RIFKI & 1))


def own_margin(kind: int, simulated: float, features: Sequence[float] = (),
               fitted: dict[str, list[float]] | None = None) -> float:
    """The margin the strong bot makes as chooser of ``kind`` on a hand whose simulated margin
    (basic play in every seat) is ``simulated`` and whose :func:`hand_features` are
    ``features`` (from ``fitted``, by default the committed fit: ``[a, b, c_1, …]``; a fit of
    ``[a, b]`` alone reads no feature)."""
    coefs = (fitted if fitted is not None else _data()["calibration"])[CONTRACTS[Contract(kind)].id]
    a, b, *c = coefs
    if c and len(features) != len(c):
        raise ValueError(f"the own-play fit reads {len(c)} features of the hand, "
                         f"not {len(features)}")
    return float(a + b * simulated + sum(ci * f for ci, f in zip(c, features, strict=False)))


def defence(kind: int, values: dict[str, float] | None = None) -> float:
    """``D(kind)``: the seat's mean margin in a deal another seat chose ``kind`` (from
    ``values``, by default the committed table; trump 0)."""
    if kind == TRUMP:
        return 0.0
    table_d: dict[str, float] = values if values is not None else _data()["defence"]
    return float(table_d[CONTRACTS[Contract(kind)].id])


def value(p: int, q: int, open_mask: int, values: dict[str, float] | None = None) -> float:
    """``V(p, q, open)`` (from ``values``, by default the committed table); 0 once no choice
    is left."""
    if p <= 0 and q <= 0:
        return 0.0
    found = values if values is not None else table()
    return found[key(max(0, min(3, p)), max(0, min(2, q)), open_mask & ALL_OPEN)]


def opportunity_costs(p: int, q: int, open_mask: int, kinds: list[int],
                      values: dict[str, float] | None = None,
                      closing: Closing | None = None) -> dict[int, float]:
    """For each of ``kinds`` (those the seat may name now): how much less its remaining turns
    are expected to bring after spending it than after the cheapest of them to spend (the
    contracts the other seats close before the seat's next turn foreseen by ``closing``, by
    default the committed rates)."""
    rates = closing if closing is not None else committed_closing()
    turn = 6 - (p + q)
    left = {k: (expected(p, q - 1, open_mask, turn, rates, values) if k == TRUMP
                else expected(p - 1, q, open_mask & ~(1 << k), turn, rates, values))
            for k in kinds}
    top = max(left.values())
    return {k: top - v for k, v in left.items()}


#: per own turn 1–4 and penalty contract (by value): the chance that the other seats close
#: that contract, open at the seat's turn and not named by it, before the seat's next turn
Closing = tuple[tuple[float, ...], ...]
NO_CLOSING: Closing = tuple((0.0,) * len(PENALTIES) for _ in range(4))


def as_closing(rows: list[list[float]] | None) -> Closing:
    """Closing rates as stored (a list of rows; none: nothing closes) as :data:`Closing`."""
    return tuple(tuple(r) for r in rows) if rows else NO_CLOSING


def committed_closing() -> Closing:
    return as_closing(_data().get("closing"))


def expected(p: int, q: int, base: int, turn: int, closing: Closing,
             values: dict[str, float] | None = None) -> float:
    """The expected ``V(p, q, ·)`` at the seat's next turn when ``base`` is what its own
    choice at turn ``turn`` leaves open: each of those contracts closed meanwhile by the other
    seats with the chance ``closing`` gives it, independently."""
    if p <= 0 and q <= 0:
        return 0.0
    rates = closing[turn - 1] if 1 <= turn <= len(closing) else (0.0,) * len(PENALTIES)
    bits = [k for k in range(len(PENALTIES)) if base >> k & 1 and rates[k] > 0]
    total = 0.0
    for pick in range(1 << len(bits)):
        chance = 1.0
        mask = base
        for j, k in enumerate(bits):
            if pick >> j & 1:
                chance *= rates[k]
                mask &= ~(1 << k)
            else:
                chance *= 1 - rates[k]
        if chance:
            total += chance * value(p, q, mask, values)
    return total
