"""Turkish King — 4 players, 20 deals, six penalty contracts and trump.

Rulebook: "Wie spielt man King?" (German), with the decisions of ``docs/rules.md`` (King).
Decisions taken where they are silent:

- Seats and order: seat ``i+1 (mod 4)`` plays after seat ``i`` (the rulebook's "to the
  right", counter-clockwise); the chooser of deal ``d`` is ``first + d (mod 4)`` where
  ``first`` holds 2♦ (7♦ by table rule) in the first deal. The chooser leads.
- Points per unit are docs/rules.md's standard values (El −50/trick, Kupa −30/heart, Erkek
  −60/K or J, Kız −100/Q, Rıfkı −320, Son İki −180/trick of the last two, trump +50/trick).
- Play obligations are one cascade in docs/rules.md's order with rule ids ``follow-suit``,
  ``must-beat``, ``give-up-penalty-card``, ``discard-penalty-card``, ``must-trump``,
  ``hearts-not-broken``, ``trump-not-broken``; a rule that would leave no card (or that
  does not narrow the hand) does not apply. ``must-beat`` asks for a led-suit card above the
  trick's winning card only; there is no obligation to over-trump.
- Hearts are broken only by a heart discarded on another suit; trumps only by a trump played
  on another suit. A deal of Kupa, Erkek, Kız or Rıfkı ends with the trick that takes the
  last penalty card.
- Choosing: ``contract-closed`` (a penalty contract played twice, trump 8 times) is checked
  before ``choice-limit`` (standard: 3 penalty + 2 trump per player; short game 2 + 1), then
  ``penalty-first`` (extra table rule). Other refusals: ``not-your-turn``, ``not-in-hand``,
  ``wrong-phase`` (a card during the choice, or a choice during play), ``game-over``.
- The last trick (``last_trick`` in the view) is the last closed trick, kept until the next
  trick closes, across the deal boundary ("Außerdem siehst du auf dem Bildschirm immer: … den
  Letzten Stich"): after a deal ends, early on the K♥ or after 13 tricks, the next deal's
  chooser still sees the trick that ended it; ``tricks`` lists this deal's tricks only.
- King: all 13 tricks of a trump deal; reported as a ``king`` event and listed in the view.
  With the extra table rule ``king_ends_game``, 10 tricks in a row or 11 in all make King and
  the game ends at once, with that trick (the tricks left are not played and score nothing),
  the King maker winning whatever the scores.
- King points (the platform's ranking total) are defined in :mod:`.ranking`.
- Randomness: the hands of every deal are shuffled, deal after deal, from one
  ``random.Random(seed)`` stream per match (clones share it copy-on-write); the seed never
  appears in a view. An explicit ``deal=`` fixes the first deal only, and the stream then
  deals the second.
"""

from __future__ import annotations

from typing import Any

from ...engine import build_rules
from .cards import card, parse_hand, texts
from .contracts import CONTRACTS, Contract, deal_total
from .game import KingGame
from .phases import Phase
from .rules import KingRules
from .state import KingState


def make_game(**rules: Any) -> KingGame:
    return KingGame(build_rules(KingRules, "king", rules))


__all__ = [
    "CONTRACTS",
    "Contract",
    "KingGame",
    "KingRules",
    "KingState",
    "Phase",
    "card",
    "deal_total",
    "make_game",
    "parse_hand",
    "texts",
]
