"""The ``basic`` level for Ucho Króla: a readable heuristic over the view alone.

It displays negative prestige beside the leader (the opponent with the best announced total,
else the biggest prestige pile), keeps positive cards near its own character, ripostes when
a negative card arrives (and passes when it holds no riposte: the only answer then),
collects Ucho króla pairs and plays them. Every legal answer gets a
score; the best wins, ties broken by the bot's own seeded RNG.
"""

from __future__ import annotations

from typing import Any

from ....bots.base import ViewBot
from ....engine import JSON, Game
from .. import UchoGame
from ..cards import Kind
from ..notation import Move

CHARACTER_TASTE = ("Hrabina de Bragelonne", "Baronowa du Vallon", "Hrabina de Vardes",
                   "Madame du Barry", "Baron de Chantal", "Hrabia de La Fare",
                   "Markiz de Callières", "Biskup Vannes", "Markiza d'Arquien",
                   "Hrabia de Guiche")


class UchokrolaBasicBot(ViewBot):
    game: UchoGame

    def __init__(self, game: Game, seed: int | None = None, **budget: Any) -> None:
        if not isinstance(game, UchoGame):
            raise ValueError("UchokrolaBasicBot plays Ucho Króla only")
        super().__init__(game, seed)
        self.cards = game.cards

    # what the view tells -------------------------------------------------------------------
    def _value(self, card: int) -> int:
        return self.cards.types[card].prestige

    def _friends(self, view: JSON) -> set[int]:
        me: int = view["seat"]
        for team in view["teams"]:
            if me in team:
                return set(team)
        return {me}

    def _leader(self, view: JSON) -> int:
        friends = self._friends(view)
        rivals = [s for s in range(view["players"]) if s not in friends]
        announced = view["announced"]

        def standing(s: int) -> tuple[int, int, int]:
            shown = sum(self._value(self.cards.by_name[c]) for c in view["displays"][s])
            return (announced[s] if announced else 0, view["prestige_sizes"][s], shown)
        return max(rivals, key=standing)

    # choosing ----------------------------------------------------------------------------
    def choose(self, view: JSON) -> str:
        legal = self.legal_of(view)
        if len(legal) == 1:
            return legal[0]
        leader = self._leader(view)
        friends = self._friends(view)
        scored = [(self._score(view, text, leader, friends), self.rng.random(), text)
                  for text in legal]
        return max(scored)[2]

    def _score(self, view: JSON, text: str, leader: int, friends: set[int]) -> float:
        move = self.game.notation.parse(text)
        hand = [self.cards.by_name[c] for c in view["hand"]]
        verb = move.verb
        value = self._value(move.card) if move.card >= 0 else 0
        ucho = self.cards.id("ucho_krola")
        riposta = self.cards.id("kasliwa_riposta")

        def side(seat: int) -> float:
            """+1 beside a friend, -1 beside a rival (the leader counts double)."""
            if seat in friends:
                return 1.0
            return -2.0 if seat == leader else -1.0

        if verb == "choose":
            name = self.cards.name(move.char)
            return -CHARACTER_TASTE.index(name) if name in CHARACTER_TASTE else -99
        if verb == "riposte":
            # the card that arrived beside us (the riposte window's task names it)
            kind, _, _, card, _ = view["stack"][-1]
            if kind != "riposte" or card < 0:
                return 1
            return 1 if self._value(card) < 0 else -1
        if verb in ("pass", "skip", "done", "end turn"):
            return 0
        if verb == "draw":
            return 0.5 if view["phase"] == "action" else 1
        if verb == "play":
            return self._score_play(view, move, hand, leader)
        if verb == "pay":
            # the cost lies beside our own character: a positive card, never the riposte
            return value - (5 if move.card == riposta else 0)
        if verb == "display":
            return value * side(move.seat)
        if verb == "keep":
            return 10 if move.card == ucho else abs(value)
        if verb == "perform":
            return 2
        if verb == "take":
            return 10
        if verb == "take-from":
            size: int = view["hand_sizes"][move.seat]
            return size + (0 if move.seat in friends else 2)
        if verb == "take-at":
            # off our own side: a negative card; off a rival's: a positive one
            return 1 - value if move.seat in friends else 1 + value
        if verb == "discard-at":
            return -value * side(move.seat)
        if verb == "swap-at":
            return -value * side(move.seat)
        if verb == "with-at":
            return value * -side(move.seat)
        if verb == "discard":
            return self._score_discard(view, move, hand)
        if verb == "look":
            return 2 if move.seat == leader else 1
        if verb == "look-prestige":
            return 2 if move.seat == leader else 0 if move.seat in friends else 1
        if verb == "use":
            if move.detail == "bury":
                top = view["discard"][-1] if view["discard"] else None
                top_value = self._value(self.cards.by_name[top]) if top else 0
                return 1 + top_value * side(move.seat)
            return 1.5
        return 0

    def _score_play(self, view: JSON, move: Move, hand: list[int], leader: int) -> float:
        kind = self.cards.kind(move.card)
        value = self._value(move.card)
        effect = self.cards.types[move.card].effect
        if kind is Kind.UCHO:
            return 20
        if kind is Kind.INTRIGUE:
            # negative prestige beside the leader
            return 5 - value + (3 if move.seat == leader else 0)
        if kind is Kind.BUFFOONERY:
            return 4 + value
        if effect == "menuet":
            return 3
        if effect == "knucie":
            return 2 + (1 if move.seat == leader else 0)
        if effect == "savoir_vivre":
            top = view["discard"][-1] if view["discard"] else None
            return 6 if top == self.cards.name(self.cards.id("ucho_krola")) else 1
        return 0

    def _score_discard(self, view: JSON, move: Move, hand: list[int]) -> float:
        if view["phase"] == "markiza-discard":
            return self._value(move.card)  # take the most prestige away
        # from one's own hand: keep Ucho króla and ripostes, drop the weakest card
        keep = {self.cards.id("ucho_krola"): 20, self.cards.id("kasliwa_riposta"): 8}
        return -keep.get(move.card, abs(self._value(move.card)))
