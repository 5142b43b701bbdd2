"""The registry of Ucho Króla, wired here and nowhere else: the turn's task kinds
(:mod:`.turn`), every card effect (:mod:`.effects`) and every ability (:mod:`.abilities`), each
declared in one place with the task kinds it asks.

A card file is read against it (each card's effect id must be registered for the card's
kind; the effects the rules name must be there), and a game looks up, per card, how it is
played, what performing it does and its ability.

Adding a card: a line of ``cards.json`` (or of another card file) and its
:class:`~.tasks.CardEffect` (or :class:`~.tasks.Ability`) in :data:`~.effects.EFFECTS`
(:data:`~.abilities.ABILITIES`); a card known only to one test is registered with
:meth:`Registry.register` and removed again with :meth:`Registry.unregister`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from . import abilities, effects, turn
from .cards import CardSet, Kind, parse_cards, read_card_file
from .tasks import Ability, CardEffect, Perform, Play, TaskKind


class Registry:
    """Task kinds by id, card effects and abilities by effect id."""

    def __init__(self, kinds: Iterable[TaskKind], card_effects: Iterable[CardEffect],
                 character_abilities: Iterable[Ability]) -> None:
        self.kinds: dict[str, TaskKind] = {}
        self.effects: dict[str, CardEffect] = {}
        self.abilities: dict[str, Ability] = {}
        for kind in kinds:
            self._add_kind(kind)
        for effect in card_effects:
            self.register(effect)
        for ability in character_abilities:
            self.register(ability)

    def _add_kind(self, kind: TaskKind) -> None:
        if self.kinds.get(kind.id, kind) is not kind:
            raise ValueError(f"task kind {kind.id!r} is declared twice")
        self.kinds[kind.id] = kind

    def register(self, entry: CardEffect | Ability) -> None:
        """Add a card effect or an ability with the task kinds it asks."""
        if entry.id in self.effects or entry.id in self.abilities:
            raise ValueError(f"effect {entry.id!r} is registered twice")
        for kind in entry.tasks:
            self._add_kind(kind)
        if isinstance(entry, CardEffect):
            if entry.kind is Kind.CHARACTER:
                raise ValueError(f"effect {entry.id!r}: a character's effect is an Ability")
            self.effects[entry.id] = entry
        else:
            self.abilities[entry.id] = entry

    def unregister(self, id: str) -> None:
        """Remove the card effect or ability ``id`` and the task kinds it asks."""
        entry = self.effects.pop(id, None) or self.abilities.pop(id)
        for kind in entry.tasks:
            del self.kinds[kind.id]

    def effects_of_kind(self) -> dict[Kind, frozenset[str]]:
        """The effect ids each kind of card may carry."""
        out = {kind: frozenset(e.id for e in self.effects.values() if e.kind is kind)
               for kind in Kind}
        out[Kind.CHARACTER] = frozenset(self.abilities)
        return out

    def required(self) -> tuple[str, ...]:
        """The effect ids the rules name: every card file has each exactly once."""
        return tuple(e.id for e in self.effects.values() if e.required)

    def load_cards(self, path: str | Path | None = None) -> CardSet:
        """The card set of ``path`` (default: the bundled ``cards.json``), checked against
        the registry."""
        data, source = read_card_file(path)
        return parse_cards(data, source, self.effects_of_kind(), self.required())

    def per_card(self, cards: CardSet) -> tuple[tuple[Play, ...], tuple[Perform | None, ...],
                                                tuple[Ability | None, ...]]:
        """For each card of ``cards`` (by index): how it is played (characters: never), what
        performing it does, its ability."""
        never = Play(turn.never, None, turn.not_an_option)
        plays, performs, owned = [], [], []
        for t in cards.types:
            effect = self.effects.get(t.effect)
            plays.append(never if effect is None else effect.play)
            performs.append(None if effect is None else effect.perform)
            owned.append(self.abilities.get(t.effect))
        return tuple(plays), tuple(performs), tuple(owned)


#: The game's registry, wired explicitly.
REGISTRY = Registry(turn.KINDS, effects.EFFECTS, abilities.ABILITIES)
