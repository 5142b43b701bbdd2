"""Ucho Króla for the research bridges (OpenSpiel, PettingZoo): its action numbers over a card
file, its length (a cut: nothing in the rules bounds a game), its table as text and its
chance model.

Action numbers: every text the notation (:mod:`.notation`) can write, over the game's card
file (its card and character names in the file's order) and seats ``0..5``, in the order of
:func:`texts`; places ``SEAT:SLOT`` go up to slot :data:`SLOTS`.
The numbers change only when the card file or the grammar does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine import JSON, Game, State
from ...interop.chance import Draw, Step, seed_draw, seed_of
from ...interop.vocabulary import Vocabulary
from .game import UchoGame, _deal
from .notation import WORDS
from .state import UchoState

#: Slots named in the action numbers (``take Faux pas from 2:16`` at most). A display holds at
#: most 3 cards between turns; one turn's plays, ripostes and effects add a few (9 at most in
#: 3,000 random games of 2 to 6 players). An action beyond it raises a ValueError naming it.
SLOTS = 16
SEATS = 6
#: the default cut (the longest of 3,000 random games had 551 moves)
MAX_MOVES = 2000


def texts(cards: Sequence[str], characters: Sequence[str]) -> list[str]:
    """Every action text of the grammar over ``cards`` (the card file's non-character names,
    in its order) and ``characters``: first the fixed words, then per verb."""
    seats = range(SEATS)
    out = sorted(WORDS)
    out += [f"choose {c}" for c in characters]
    out += [f"play {k}" for k in cards]
    out += [f"play {k} -> {s}" for k in cards for s in seats]
    for verb in ("pay", "keep", "perform", "discard", "take"):
        out += [f"{verb} {k}" for k in cards]
    out += [f"display {k} -> {s}" for k in cards for s in seats]
    out += [f"take from {s}" for s in seats]
    out += [f"look at {s}" for s in seats]
    out += [f"look at prestige {s}" for s in seats]
    for c in characters:
        out += [f"use {c}", f"use {c}: draw", f"use {c}: take discard"]
        out += [f"use {c}: bury -> {s}" for s in seats]
        out += [f"use {c}: {k}" for k in cards]
    for verb, word in (("take", "from"), ("discard", "from"), ("swap", "at"), ("with", "at")):
        out += [f"{verb} {k} {word} {s}:{slot}" for k in cards for s in seats
                for slot in range(1, SLOTS + 1)]
    return out


_CACHE: dict[tuple[tuple[str, str], ...], Vocabulary] = {}


def vocabulary(game: Game) -> Vocabulary:
    assert isinstance(game, UchoGame)
    types = game.cards.types
    key = tuple((t.name, t.kind.value) for t in types)
    v = _CACHE.get(key)
    if v is None:
        v = _CACHE[key] = Vocabulary(texts(
            [t.name for t in types if t.kind.value != "character"],
            [t.name for t in types if t.kind.value == "character"]))
    return v


def max_length(game: Game, max_moves: int) -> int:
    return max_moves


def render(v: JSON) -> list[str]:
    """The table as a view shows it, in lines of text."""
    lines = [f"Ucho Króla · turn {v['turn_number']} (player_{v['turn']}) · deck "
             f"{v['deck_size']} · discard top: {v['discard'][-1] if v['discard'] else '-'}"]
    for s in range(v["players"]):
        chars = ", ".join(v["characters"][s]) or "?"
        lines.append(f"  player_{s} [{chars}] hand {v['hand_sizes'][s]} · prestige pile "
                     f"{v['prestige_sizes'][s]} · displayed: {', '.join(v['displays'][s]) or '-'}")
    if v["seat"] is not None:
        lines.append(f"  hand of player_{v['seat']}: {', '.join(v['hand']) or '-'}")
    if v["question"]:
        lines.append(f"  question: {v['question']}")
    return lines


class _Drawn:
    """The set-up's random generator, answering with what chance nodes drew: each shuffle
    puts its list in the drawn order (the items not drawn after it, sorted), each
    ``randrange`` gives the next drawn number."""

    def __init__(self, orders: list[list[int]], numbers: list[int]) -> None:
        self.orders = orders
        self.numbers = numbers

    def shuffle(self, items: list[int]) -> None:
        order = self.orders.pop(0)
        rest = list(items)
        for c in order:
            rest.remove(c)
        items[:] = order + sorted(rest)

    def randrange(self, n: int) -> int:
        value = self.numbers.pop(0)
        assert 0 <= value < n
        return value


class UchoChance:
    """Ucho Króla's chance model (:mod:`kingscourt.interop.chance`): the set-up as the
    rulebook deals it, one chance node per item (each seat's characters to choose from, the
    deck top first, the first player, the favourite where the variant has one), then 8 bytes
    of seed for the chance events of play (a discard pile shuffled into a new deck, a card
    taken at random, the Open variant's marker)."""

    def __init__(self, game: Game, players: int) -> None:
        assert isinstance(game, UchoGame)
        self.game = game
        self.players = n = players
        chars = game.cards.characters()
        self.per = 2 if n < 6 and 2 * n <= len(chars) else 1
        seats = Draw(tuple(range(n)), 1)
        draws = [Draw(tuple(sorted(chars)), self.per * n),
                 Draw(tuple(sorted(game.cards.all_cards())), len(game.cards.all_cards())),
                 seats]
        if game.rules.favourite:
            draws.append(seats)
        draws.append(seed_draw())
        self._opening = tuple(draws)
        self.outcomes = max(256, len(game.cards.types))

    def describe(self, outcome: int) -> str:
        name = self.game.cards.types[outcome].name if outcome < len(self.game.cards.types) else ""
        return f"{name or 'number'} ({outcome})"

    def opening(self) -> tuple[Draw, ...]:
        return self._opening

    def start(self, drawn: list[list[int]]) -> State:
        chars, deck, *numbers, seed = drawn
        state = UchoState(self.game, self.players, seed_of(seed))
        source = _Drawn([chars, deck], [x[0] for x in numbers])
        draw: Any = lambda: source  # noqa: E731  (the set-up's one generator)
        state.rng = draw  # type: ignore[method-assign]
        try:
            _deal(state)
        finally:
            del state.rng
        state._rng_count = 1  # as the set-up of a seeded match leaves it
        state.advance()
        return state

    def pending(self, inner: State) -> tuple[Draw, ...]:
        return ()

    def resume(self, inner: State, drawn: list[list[int]]) -> None:
        raise AssertionError("Ucho Króla draws nothing after the opening")

    def resample(self, history: list[Step], player: int,
                 rng: random.Random) -> list[Step] | None:
        return None


def chance(game: Game, players: int) -> UchoChance:
    return UchoChance(game, players)
