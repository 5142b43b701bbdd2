"""The rules help for players: how this table plays where the rulebook leaves room.

The same decisions as the package docstring (and docs/rules.md), written for the player at
the table rather than for the developer; the terminal shows them on ``?``.
"""

from __future__ import annotations

from ...i18n import N_

#: How to write an action in the terminal (the options listed are always written this way;
#: seats are counted from 1 there, as people count them: the terminal converts).
NOTATION = (
    N_("Seats are numbers from 1. A card displayed beside a character is named by its place "
    "SEAT:SLOT, slot 1 lying nearest the character (the oldest): take Faux pas from 2:1."),
    N_("Play an intrigue card with its target, then pay: play Faux pas -> 2, then pay Menuet "
    "(the card displayed beside your own character as the cost)."),
)

#: The rule decisions of this table, one sentence each.
DECISIONS = (
    N_("Besides the rulebook's five actions you may play Menuet or Knucie from your hand: it is "
    "displayed beside your own character and its effect performed."),
    N_("Whenever another player displays a card beside your character you are asked to riposte "
    "or pass, also when you hold no Kąśliwa riposta (then pass is your only answer): being "
    "asked tells nobody what your hand holds. The chain goes on while each answered player "
    "ripostes; the card that started it takes effect after the chain."),
    N_("Nobody is asked or spared a question because of hidden cards: the Menuet keep and the "
    "hand-limit discard are asked even when the cards are identical, and an ability is asked "
    "whenever its public condition holds (end turn then remains an answer)."),
    N_("\"The player next to you\" is your left or right neighbour, as you choose; with 2 "
    "players, the opponent. Effects are performed by the player who played the card."),
    N_("Savoir-vivre: the card taken from the discard pile is kept, or displayed beside any "
    "character; a displayed intrigue or buffoonery card's effect may then be performed or "
    "skipped. The Savoir-vivre goes onto the discard pile."),
    N_("Podpicie, Baronowa du Vallon and Markiz de Callières never pick a Podpicie (it would "
    "only ask the same question again)."),
    N_("Knucie takes from a player who holds a card. If it finds a special or Ucho króla card, "
    "its victim takes a random card from the hand of a player of their choice."),
    N_("Abilities are used after the action, each character once a turn, when its condition "
    "is met. Markiz de Callières, after riposting in another player's turn, acts at the end "
    "of that turn, before the limits."),
    N_("Biskup Vannes performs the effect of the cost card too (an intrigue card, Menuet or "
    "Knucie), paying one special card or any two cards from the hand."),
    N_("Hrabia de Guiche draws 2 more characters, face up, from those not dealt and those the "
    "other players turned down (never his own), has their abilities too, and scores −5."),
    N_("Baron de Chantal: 1 to 3 displayed cards of one colour (blue buffoonery, red intrigue, "
    "green special; Ucho króla has no colour). Markiza d'Arquien may look through any "
    "prestige pile, her own too. Madame du Barry's Menuet and Zdradzone sekrety work also "
    "when performed through another card."),
    N_("End of every turn: each player above 5 cards in hand discards down to 5 (the acting "
    "player first; you choose which, the last discarded lies on top); then every display of "
    "more than 3 cards moves its oldest cards face down to its prestige pile."),
    N_("The first time the deck runs out, the top discard stays and the rest is shuffled into a "
    "new deck. The game ends at the end of the turn in which it runs out the second time "
    "(Quick variant: the first). A draw that finds no card is skipped; a discard pile taken "
    "empty restarts from the deck's top card."),
    N_("Score: your prestige pile. The most prestige wins; a tie goes to more Ucho króla cards "
    "in the pile; still tied, the win is shared. Kokieteria adds up a team's prestige."),
    N_("Hands and prestige piles are secret (their sizes are public); the discard pile is face "
    "up; what Fraszka, Menuet or Markiza d'Arquien shows you is shown to you alone."),
)
