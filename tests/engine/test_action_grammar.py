"""One action grammar per game: the game's notation module (its manifest's ``notation``) reads
and writes every legal action, and the server's replay words (:func:`kingscourt.server.text.
words.describe`, over the manifest's ``words``) word every one of them with the game's own
phrases, never the fallback ``{who}: {action}``. Random playouts over a few seeds and player
counts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import kingscourt
from kingscourt.engine import GameSpec, resolve, specs
from kingscourt.i18n import Msg

SEEDS = range(3)
#: actions looked at per playout (King's 20 deals are long: its grammar repeats after one)
LIMIT = 400


def _actions(game_spec: GameSpec, seed: int) -> Iterator[tuple[kingscourt.Game, int, str]]:
    game = kingscourt.load_game(game_spec.name)
    players = game_spec.min_players + seed % (game_spec.max_players - game_spec.min_players + 1)
    state = game.new_state(players=players if game.min_players != game.max_players else None,
                           seed=seed)
    rng = random.Random(seed)
    for _ in range(LIMIT):
        if state.is_over():
            return
        seat = rng.choice(state.to_move())
        legal = state.legal_actions(seat)
        for action in legal:
            yield game, len(state.scores()), str(action)
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("game_spec", specs(), ids=lambda s: s.name)
def test_every_legal_action_reads_writes_and_is_worded(game_spec: GameSpec) -> None:
    from kingscourt.server.text.words import describe

    notation = resolve(game_spec.notation)
    names = {s: f"P{s}" for s in range(game_spec.max_players)}
    seen = 0
    for seed in SEEDS:
        for game, players, text in _actions(game_spec, seed):
            parsed = notation.read(game, text)
            assert notation.write(game, parsed) == text
            assert game.parse_action(text) == text
            said = describe(game_spec.name, 0, text, names.__getitem__, players)
            assert isinstance(said, Msg), text
            assert said.render("en") != f"P0: {text}", text
            assert "{" not in said.render("de"), text
            seen += 1
    assert seen > 10


@pytest.mark.parametrize("game_spec", specs(), ids=lambda s: s.name)
def test_a_text_of_no_game_is_not_worded_as_one(game_spec: GameSpec) -> None:
    describe = resolve(game_spec.words)
    assert describe("dance 7", "P0", str, 4) is None


def test_ucho_krolas_one_word_moves_are_the_notations() -> None:
    from kingscourt.games.uchokrola import notation, words

    assert set(words.ONE_WORD) == notation.WORDS
