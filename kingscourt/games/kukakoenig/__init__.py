"""Ku-Ka-König — 2 to 4 players pick rows of cards at the same moment, in two halves.

Rulebook: the Ku-Ka-König Rulebook (Reinhard Staupe, KENDi Games 2023), with the decisions
of ``docs/rules.md`` (Ku-Ka-König). Decisions taken where they are unclear:

- Card set: ``cards.csv`` (the table of docs/rules.md: copies and whether a type is kept or
  returned after the 1st scoring). A printed deck's numbers replace it without code.
- Table: rows 1..players+4 of three cards; 32 cards (2 players) or 10 (3 players) are
  counted out unseen into the box. The outermost card of a row is the one placed last.
  ``new_state`` takes ``players`` (4 if not given), ``seed`` and ``deck`` (the cards in play,
  top first; row 1 gets the first three); the cards of the set not in ``deck`` lie unseen in
  the box. ``deck`` holds exactly the rulebook's number for the player count (80, 102, 112);
  ``testing_deck``, a testing aid, takes a shorter deck that still fills the rows.
- A round is one or more calls of "Ku-Ka-König": every player picks in secret (``row N``);
  the picks are revealed together when the last one is in. A sole picker takes the whole
  row; each row picked by several loses its outermost card to the box. All colliders of a
  call (whatever row they collided on) pick again together, among the rows that still hold
  cards (a row taken this round is empty). Whenever two or more players still have to pick
  and at most one row holds cards, the round ends and they get nothing (this also ends a
  round that would start so, which only the last round can); the round still counts as
  complete.
- After the round, rows are topped up to three, row 1 first, the remaining cards staying
  beneath. When the pile runs out during the refill, the whole box (burnt, returned and
  unseen cards) is shuffled and completes the rows; what is left of it goes back face
  down. When the refill leaves the pile empty, the next round is the last; after the last
  round there is no refill.
- The first half ends after the first complete round (refill included) in which someone
  holds 13 or more cards: the first scoring, then the red-cross cards go to the box (face
  up, public). If the game ends before the first scoring (also when the last round is the
  one that would end the first half), one single scoring is made (named ``final``).
- Scoring as in the rulebook; majorities (churches, knights) need at least one card; farmer
  groups are counted for the best total. The total of both scorings decides; ties share the
  win.
- Secrecy: a pending pick is seen only by its seat (``my_pick``); other views say only
  *that* the seat has picked. Refusals: ``game-over``, ``already-picked``,
  ``not-your-turn``, ``no-such-row`` (``row 8`` at a table of 7 rows; ``row 9`` is no action
  at all), ``row-taken``, ``row-empty``.
- ``sample_world`` draws the pile's order and the face-down box cards; where the view says
  another seat has picked, the world gives that seat a row drawn at random among the rows
  with cards (its true pick is neither in the view nor in the world).
- Views carry the public log of the match (reveals, takes, collisions, refills, scorings),
  so that a sampled world and a replay reproduce a seat's view exactly.
- Randomness: the deal of a match with seed ``s`` is ``random.Random("kukakoenig:s:deal")``'s
  shuffle, the box's ``"kukakoenig:s:box"``; the seed and the pile's order never appear in a
  view.
"""

from __future__ import annotations

from typing import Any

from ...engine import build_rules
from .cards import NAMES, TYPES, CardType, Category
from .game import KukakoenigGame
from .rules import KukakoenigRules
from .scoring import KEYS, score, score_counts
from .state import KukakoenigState


def make_game(**rules: Any) -> KukakoenigGame:
    return KukakoenigGame(build_rules(KukakoenigRules, "kukakoenig", rules))


__all__ = [
    "KEYS",
    "NAMES",
    "TYPES",
    "CardType",
    "Category",
    "KukakoenigGame",
    "KukakoenigRules",
    "KukakoenigState",
    "make_game",
    "score",
    "score_counts",
]
