"""The King strong bot's inferred worlds (:meth:`KingStrongBot._chained`): drawn by Metropolis
over card swaps, in proportion to how likely each world makes the other seats' plays and the
chooser's contract under the basic policy, and never against what the view proves."""

from __future__ import annotations

import random
import statistics

import pytest

import kingscourt
from kingscourt.games.king.bots.strong import KingStrongBot
from kingscourt.games.king.bots.worlds import Worlds
from kingscourt.games.king.cards import parse_hand
from kingscourt.games.king.world import lacks


def _positions(game: kingscourt.Game, games: int, others: str = "basic"
               ) -> list[tuple[dict[str, object], list[int]]]:
    """Views of seat 0 (a basic bot) part-way through deals against ``others``, with the true
    hands."""
    out = []
    for g in range(games):
        state = game.new_state(seed=400 + g)
        bots = [kingscourt.bots.load("basic" if s == 0 else others, game, seed=g * 4 + s)
                for s in range(4)]
        while not state.is_over() and len(out) < 6 * (g + 1):
            seat = state.to_move()[0]
            view = state.view(seat)
            if seat == 0 and view["phase"] == "play" and len(view["tricks"]) in (3, 6, 9):
                out.append((view, [parse_hand(state.view(s)["hand"]) for s in range(4)]))
            state.apply(seat, bots[seat].choose(view))
    return out


def _chain_mean(bot: KingStrongBot, view: dict[str, object], rng: random.Random) -> float:
    """The mean log-likelihood of the chain's worlds (``bot._worlds`` set for ``view``)."""
    drawn = bot._chained(view, rng, 4, None)
    assert drawn is not None  # positions part-way through a deal leave swaps to make
    return statistics.mean(bot._log_weight(view, h) for h, _w in drawn)


def test_chained_worlds_are_consistent_with_the_view() -> None:
    game = kingscourt.load_game("king")
    bot = KingStrongBot(game, seed=2, iterations=400)
    for view, _true in _positions(game, 2):
        seat = view["seat"]
        bot._worlds = Worlds(bot.king, view)
        lack = lacks(game, view)
        played = parse_hand(view["played"])  # type: ignore[arg-type]
        drawn = bot._chained(view, random.Random(1), 4, None)
        assert drawn  # positions part-way through a deal leave swaps to make
        for hands, weight in drawn:
            assert weight == 1.0
            assert hands[seat] == parse_hand(view["hand"])  # type: ignore[arg-type]
            assert [h.bit_count() for h in hands] == view["hand_sizes"]
            assert sum(hands) | played == (1 << 52) - 1 and not any(h & played for h in hands)
            assert all(not hands[s] & lack[s] for s in range(4))


@pytest.mark.slow
def test_chained_worlds_explain_the_plays_better_than_uniform_ones() -> None:
    """Against basic players the chain's worlds are far likelier than uniform draws, and the
    true world is at least as likely as the chain's typical world."""
    game = kingscourt.load_game("king")
    bot = KingStrongBot(game, seed=3, iterations=400)
    gains, true_vs_chain = [], []
    for view, true in _positions(game, 3):
        bot._worlds = Worlds(bot.king, view)
        rng = random.Random(7)
        uniform = statistics.mean(bot._log_weight(view, bot._hands(view, rng))
                                  for _ in range(100))
        chained = _chain_mean(bot, view, rng)
        gains.append(chained - uniform)
        true_vs_chain.append(bot._log_weight(view, true) - chained)
    assert statistics.mean(gains) > 3.0  # e-folds of likelihood gained per position
    assert statistics.median(true_vs_chain) > -1.0


def _gain(bot: KingStrongBot, view: dict[str, object]) -> float:
    """e-folds of likelihood the chain's worlds gain over uniform ones."""
    bot._worlds = Worlds(bot.king, view)
    rng = random.Random(5)
    uniform = statistics.mean(bot._log_weight(view, bot._hands(view, rng)) for _ in range(60))
    return _chain_mean(bot, view, rng) - uniform


@pytest.mark.slow
def test_seats_that_do_not_play_like_the_basic_bot_weigh_less() -> None:
    """Each seat's error rate is integrated out: the plays of random seats pull the worlds far
    less than the same number of plays by basic seats, and a random seat's deviations do not
    make the true world unlikely."""
    game = kingscourt.load_game("king")
    bot = KingStrongBot(game, seed=4, iterations=400)
    late = [p for p in _positions(game, 3) if len(p[0]["tricks"]) >= 6]  # type: ignore[arg-type]
    wild = [p for p in _positions(game, 3, "random")
            if len(p[0]["tricks"]) >= 6]  # type: ignore[arg-type]
    basic_gain = statistics.mean(_gain(bot, v) for v, _t in late)
    random_gain = statistics.mean(_gain(bot, v) for v, _t in wild)
    assert basic_gain > 3 * random_gain
    true_vs_chain = []
    for view, true in wild:
        bot._worlds = Worlds(bot.king, view)
        chained = _chain_mean(bot, view, random.Random(2))
        true_vs_chain.append(bot._log_weight(view, true) - chained)
    assert statistics.median(true_vs_chain) > -3.0


def test_the_chain_is_reproducible_and_optional() -> None:
    game = kingscourt.load_game("king")
    view, _true = _positions(game, 1)[-1]
    picks = []
    for _ in range(2):
        bot = KingStrongBot(game, seed=11, iterations=200)
        picks.append(bot.analyse(view))
    assert picks[0] == picks[1]
    plain = KingStrongBot(game, seed=11, iterations=200, chain=0)
    assert plain.choose(view) in view["legal"]  # type: ignore[operator]
