"""The seven contracts of King: six penalty contracts and trump (Koz).

Point values per unit are docs/rules.md's (King; the rulebook gives totals only: six penalty
contracts together are −2600, a trump deal +650).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ...i18n import N_
from .cards import HEART_MASK, SUIT_MASK, card


class Contract(IntEnum):
    EL_ALMAZ = 0
    KUPA_ALMAZ = 1
    ERKEK_ALMAZ = 2
    KIZ_ALMAZ = 3
    RIFKI = 4
    SON_IKI = 5
    TRUMP = 6

    @property
    def info(self) -> ContractInfo:
        return CONTRACTS[self]

    @property
    def is_penalty(self) -> bool:
        return self is not Contract.TRUMP


def _ranks(*ranks: str) -> int:
    m = 0
    for r in ranks:
        for s in "SHDC":
            m |= 1 << card(r + s)
    return m


@dataclass(frozen=True, slots=True)
class ContractInfo:
    id: str            # text form: `choose kiz-almaz`
    name: str          # as printed in the rulebook
    german: str        # the rulebook's one-line description
    per_unit: int      # points per trick / penalty card
    unit: str          # what is counted
    #: the contract's penalty cards (0 for trick contracts); the deal ends early once all
    #: of them are taken (docs/rules.md, King: Kupa, Erkek, Kız, Rıfkı).
    penalty_cards: int
    #: `give-up-penalty-card` applies (Erkek Almaz, Kız Almaz, Rıfkı).
    give_up: bool
    max_plays: int
    #: the rulebook's description in English (``german`` is the rulebook's own words)
    about: str = ""


CONTRACTS: dict[Contract, ContractInfo] = {
    Contract.EL_ALMAZ: ContractInfo("el-almaz", "El Almaz", "keine Stiche", -50, N_("trick"),
                                    0, False, 2, about=N_("no tricks")),
    Contract.KUPA_ALMAZ: ContractInfo("kupa-almaz", "Kupa Almaz", "keine Herzen", -30,
                                      N_("heart"), HEART_MASK, False, 2, about=N_("no hearts")),
    Contract.ERKEK_ALMAZ: ContractInfo("erkek-almaz", "Erkek Almaz", "keine Könige und Buben",
                                       -60, N_("king or jack"), _ranks("K", "J"), True, 2,
                                       about=N_("no kings or jacks")),
    Contract.KIZ_ALMAZ: ContractInfo("kiz-almaz", "Kız Almaz", "keine Damen", -100,
                                     N_("queen"), _ranks("Q"), True, 2, about=N_("no queens")),
    Contract.RIFKI: ContractInfo("rifki", "Rıfkı", "nicht den Herzkönig", -320,
                                 N_("king of hearts"), 1 << card("KH"), True, 2,
                                 about=N_("not the king of hearts")),
    Contract.SON_IKI: ContractInfo("son-iki", "Son İki", "nicht die letzten zwei Stiche", -180,
                                   N_("one of the last two tricks"), 0, False, 2,
                                   about=N_("not the last two tricks")),
    # the name as printed (King's names stay Turkish; each language glosses "Trumpf" its way)
    Contract.TRUMP: ContractInfo("trump", N_("Koz (trump)"), "Stiche machen", 50, N_("trick"),
                                 0, False, 8, about=N_("take tricks")),
}

PENALTY_CONTRACTS = tuple(c for c in Contract if c.is_penalty)
CONTRACT_OF_ID = {info.id: c for c, info in CONTRACTS.items()}


def deal_total(contract: Contract) -> int:
    """What one deal of the contract hands out in all (−650 for El Almaz, +650 for trump)."""
    info = contract.info
    if info.penalty_cards:
        return info.per_unit * info.penalty_cards.bit_count()
    if contract is Contract.SON_IKI:
        return info.per_unit * 2
    return info.per_unit * 13


assert sum(deal_total(c) for c in PENALTY_CONTRACTS) == -2600  # the rulebook's total
assert SUIT_MASK[1] == HEART_MASK
