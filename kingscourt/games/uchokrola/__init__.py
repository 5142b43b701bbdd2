"""Ucho Króla (Konrad Perzyna, G3 2014) — 2 to 6 courtiers scheme for the King's ear.

Rulebook: the English rulebook of Ucho Króla (Polish card names), with
the decisions of ``docs/rules.md`` (Ucho Króla: deck of 120 cards and its values in
``cards.json``; colours; Menuet and Knucie as actions; who acts; riposte chains; limits; deck
exhaustion; scoring; hidden information).

Layout (the same file names in every game): ``rules.py`` (the variants as table rules),
``cards.py`` and ``cards.json`` (the card data), ``tasks.py`` (the task stack and the
declarations: task kinds, card effects, abilities), ``turn.py`` (the turn's own questions),
``effects.py`` (one :class:`~.tasks.CardEffect` per card effect: play, refusal, perform,
questions, narration), ``abilities.py`` (one :class:`~.tasks.Ability` per character),
``registry.py`` (wires them explicitly; card files are read against it), ``refusals.py``,
``notation.py``, ``view.py``, ``world.py``, ``state.py``, ``game.py``.

Principle: whether a seat is asked a question depends only on what every seat may know.
A question skipped or asked because of hidden cards would tell the table what a hand holds,
so the owner of the character beside which another player displayed a card is always asked
to riposte (``pass`` the only answer without a Kąśliwa riposta), and so on along the chain;
the Menuet keep is asked even when the cards are identical, the end-of-turn hand-limit
discard even when the hand holds identical cards, and the ability phase whenever an ability's
public condition holds, even if the hand does not allow it (``end turn`` the only answer:
Hrabia de La Fare, Markiza d'Arquien, Biskup Vannes with one card that is not special).
Only what is public may decide: hand sizes, displays, the discard pile, this turn's flags.

The converse: a seat is never asked a question whose only answer public information already
forces. Such a question is answered for it at once, always, so that not being asked tells
nothing either: a seat with an empty hand takes ``draw``, its only action, and draws 2
(narrated as if it had answered; a hand that offers no play is asked all the same); a
riposte window of a seat with an empty hand passes (told to that seat as its own pass would
be, to no one else); the ability phase is not opened when the only abilities that would be
asked regardless are Hrabia de La Fare without a discard pile or with fewer than 2 cards in
hand, and Markiza d'Arquien with fewer than 2 cards in hand (their only answer ``end
turn``); and a choice among public options that leaves one is made for the seat and
narrated as if answered: whose hand Fraszka looks at, Maskarada and Knucie take from, whose
prestige pile Markiza d'Arquien looks through, the displayed card that Rozwiązłość or
Podszepty take, Podpicie performs or Kuzyneczka swaps with.

Further decisions taken where both are silent:

- Set-up follows the rulebook's order: characters are dealt (2 each, 1 with 6 players, or 1
  when the card file holds too few) and chosen one player after another from the start
  player, each choice secret until all have chosen; then Hrabia de Guiche draws 2 (face up)
  from the undealt characters and those the *other* players turned down, never his own
  (Setup 1); hands of 5 are dealt and the deck's top card starts the discard pile. The
  start player and the favourite (Faworyt króla) are drawn at random.
- Seat ``i+1`` plays after seat ``i`` (clockwise); "the player next to you" is either
  neighbour (with 2 players, the opponent); every choice is a prompt of its own.
- Playing an intrigue card is two answers: ``play Faux pas -> 2`` then ``pay Menuet`` (the
  card displayed beside one's own character). A riposte window opens after every display
  beside another player's character by someone else (the played intrigue, Savoir-vivre's
  card, Anielskie głosy, Zdradzone sekrety, a riposte); Kuzyneczka opens one for each other
  owner of a swapped card. The owner is asked whether or not they hold a riposte.
- Savoir-vivre: the taken card is kept or displayed beside any character; a displayed
  intrigue or buffoonery card's effect is then optional ("you may", as the card says). The
  Savoir-vivre itself goes onto the discard pile, so it is no displayed special card.
- Podpicie, Baronowa du Vallon and Markiz de Callières may not pick a Podpicie: performing it
  would only ask the same question again (an endless loop, never a different outcome).
- Knucie's target must hold a card; "another player's hand" of its fallback is any player
  but the target, chosen by the target. Fraszka looks at another player's hand.
- Abilities are used in an ability phase after the action (the rulebook's turn order:
  action, ability, limits), each character once a turn, conditions from this turn's public
  flags: Bragelonne (an intrigue card displayed by the acting player anywhere), Vardes (a
  special card displayed by the acting player: the intrigue's cost, Menuet, Knucie, a
  riposte in their own turn, Savoir-vivre's card), Markiz (Savoir-vivre played as the action;
  in another player's turn after riposting there, at that turn's end before the limits, as
  the card says), Baronowa and Biskup (an intrigue card as the action). Biskup Vannes performs
  the cost card's effect (offered when it has one: an intrigue card, Menuet or Knucie, and
  only while it is still displayed: "the effect of both displayed cards"; one taken back into
  a hand or discarded by the intrigue card's effect is not performed, wherever a swap put it
  it is), paying one special card or any two cards; with one card left the phase is asked whatever
  that card is. Baron de Chantal: 1–3 displayed cards of one
  colour (Ucho króla has none). Markiza d'Arquien may look through any pile, her own too.
- Madame du Barry keeps 2 of Menuet's 4 cards and reveals 5 with Zdradzone sekrety whenever
  she performs them (also through Knucie, Podpicie, Biskup Vannes).
- Hrabia de La Fare and Markiza d'Arquien are asked at every ability phase (``end turn``
  always offered) where the hand size (and for La Fare the discard pile) allows a pair to
  be shown, so that skipping the question does not tell the table their hand holds no pair;
  other abilities are asked when their public condition holds.
- Simplified variant: no abilities at all; Hrabia de Guiche draws no extras and loses no
  prestige. Open variant: one unchosen character goes into the middle of the deck after the
  deal; when it comes to the top it is set aside (no card effect can take it) and prestige
  (Hrabia de Guiche's −5 included) is announced; at the first exhaustion prestige is
  announced again and the card goes back into the middle of the new deck. With Faworyt
  króla the leader of a count becomes the favourite (the present favourite keeps the title
  on a tie; else the first tied player from the acting one); two actions a turn are fixed
  at the turn's start. Kokieteria: teams are seats ``s mod k`` (pairs of 6: 0-3, 1-4, 2-5;
  of 4: 0-2, 1-3; triples: evens and odds); ``scores()`` gives each seat its team's total.
- The deck runs out the moment its last card is taken; a reshuffle that yields no card counts
  as running out again. Draws that find no card are skipped. Discards are face up and public
  (Menuet's and Zdradzone sekrety's discards included); cards leaving a display for a prestige
  pile are not named in the narration. Several discards at once: the player orders them
  (the last lies on top); Menuet's and Zdradzone sekrety's cards, public once discarded,
  are asked only while they differ, the hand limit always.
- Displayed cards are named by place in actions: ``take Faux pas from 2:1`` (seat 2, slot 1
  closest to the character, the oldest). Seats are 0-based.
- ``sample_world`` deals hidden cards anew (sizes kept) until the pending question has an
  answer for the player to move; earlier private glimpses are not used to constrain it.
- ``view["scores"]`` is ``None`` until the end (totals are secret; the Open variant's counts
  are in ``view["announced"]``).
"""

from __future__ import annotations

from typing import Any

from ...engine import build_rules
from .cards import DEFAULT_CARDS, CardSet, CardType, Colour, Kind
from .game import UchoGame
from .registry import REGISTRY, Registry
from .rules import UchoRules
from .state import UchoState


def make_game(cards: str | None = None, **variants: Any) -> UchoGame:
    """``load_game("uchokrola", quick=True, teams="pairs", cards=PATH)``."""
    rules = build_rules(UchoRules, "uchokrola", variants)
    if cards is not None and not isinstance(cards, str):
        raise ValueError(f"cards: a path to a card file, got {cards!r}")
    return UchoGame(rules, REGISTRY.load_cards(cards), REGISTRY, cards)


def load_cards(path: str | None = None) -> CardSet:
    """The card set of ``path`` (default: the bundled ``cards.json``), read against the
    game's registry."""
    return REGISTRY.load_cards(path)


__all__ = [
    "DEFAULT_CARDS",
    "REGISTRY",
    "CardSet",
    "CardType",
    "Colour",
    "Kind",
    "Registry",
    "UchoGame",
    "UchoRules",
    "UchoState",
    "load_cards",
    "make_game",
]
