"""Cards of a 52-card pack as integers and bit masks.

A card is ``suit * 13 + rank`` with suits ``S H D C`` (0..3) and ranks ``2..A`` (0..12), so
within a suit a higher number is a higher card. A set of cards is an ``int`` bit mask.
Text form: rank ``A K Q J T 9 … 2`` + suit ``S H D C`` (``QS``, ``TH``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

SUITS: Final = "SHDC"
RANKS: Final = "23456789TJQKA"
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")

ALL: Final = (1 << 52) - 1
SUIT_MASK: Final = tuple(0x1FFF << (13 * s) for s in range(4))
HEART_MASK: Final = SUIT_MASK[HEARTS]

CARD_TEXT: Final = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))
CARD_OF_TEXT: Final = {t: c for c, t in enumerate(CARD_TEXT)}


def card(text: str) -> int:
    """``card("QS")`` -> the card's number; ValueError naming the text otherwise."""
    c = CARD_OF_TEXT.get(text.strip().upper().replace("10", "T"))
    if c is None:
        raise ValueError(f"{text!r} is not a card (write rank A K Q J T 9..2 and suit S H D C)")
    return c


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def texts(mask: int) -> list[str]:
    """Card texts of a mask sorted for display: by suit S H D C, high cards first."""
    out: list[str] = []
    for s in range(4):
        sub = mask & SUIT_MASK[s]
        out.extend(CARD_TEXT[c] for c in reversed(cards_of(sub)))
    return out


def parse_hand(hand: str | Iterable[str]) -> int:
    """A mask from ``"AS KS 2D"``, ``["AS", "KS", "2D"]`` or the bridge PBN form
    ``"AK.QJ2.T.98765432"`` (spades.hearts.diamonds.clubs); duplicates are refused."""
    if isinstance(hand, str) and "." in hand and " " not in hand.strip():
        parts = hand.strip().split(".")
        if len(parts) != 4:
            raise ValueError(f"{hand!r}: a PBN hand has four suits separated by dots (S.H.D.C)")
        hand = [r + s for s, ranks in zip(SUITS, parts, strict=True) for r in ranks]
    items = hand.split() if isinstance(hand, str) else list(hand)
    m = 0
    for t in items:
        c = card(t)
        if m >> c & 1:
            raise ValueError(f"card {t} appears twice in one hand")
        m |= 1 << c
    return m
