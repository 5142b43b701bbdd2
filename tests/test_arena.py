"""The arena: duplicate deals, statistics, JSON and plot, through the library and the command."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingscourt.arena import run_arena
from kingscourt.arena.duplicate import ci95, rotations
from kingscourt.arena.match import parse_bot
from kingscourt.cli import app


def test_every_bot_sits_in_every_seat_of_every_deal() -> None:
    result = run_arena("king", ["basic", "random", "random", "random"], deals=2, seed=3)
    assert len(result.games) == 8
    for seed in (3, 4):
        seats_of_basic = {g.seating.index("basic") for g in result.games if g.seed == seed}
        assert seats_of_basic == {0, 1, 2, 3}
    basic, rand = result.results
    assert (basic.bot, basic.games, rand.games) == ("basic", 8, 24)
    assert basic.mean > rand.mean
    margin = result.margins[0]
    assert (margin.bot, margin.versus, margin.deals) == ("basic", "random", 2)
    assert margin.mean == pytest.approx(basic.mean - rand.mean)
    assert 0 <= rand.win_rate <= basic.win_rate <= 1
    json.dumps(result.to_json())


def test_parallel_jobs_give_the_same_results() -> None:
    one = run_arena("king", ["basic", "random", "basic", "random"], deals=1, seed=1)
    two = run_arena("king", ["basic", "random", "basic", "random"], deals=1, seed=1, jobs=2)
    assert [g.scores for g in one.games] == [g.scores for g in two.games]
    assert len(one.games) == 2  # the two distinct seatings of this line-up


def test_confidence_interval_is_students_t_for_the_number_of_games() -> None:
    # t(0.975, 1) = 12.706..., t(0.975, 5) = 2.5706...: far wider than 1.96 for few games
    assert ci95([1.0, 3.0]) == pytest.approx(12.7062047 * math.sqrt(2) / math.sqrt(2))
    six = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert ci95(six) == pytest.approx(2.5705818 * statistics.stdev(six) / math.sqrt(6))
    assert ci95([5.0]) == math.inf


def test_rotations_that_seat_equal_bots_alike_are_played_once() -> None:
    assert rotations(["strong", "basic", "basic", "basic"]) == [0, 1, 2, 3]
    assert rotations(["strong", "basic", "strong", "basic"]) == [0, 1]
    assert rotations(["basic"] * 4) == [0]
    result = run_arena("king", ["basic", "random", "basic", "random"], deals=1, seed=2)
    assert len(result.games) == 2
    assert len({g.seating for g in result.games}) == 2


def test_bot_budgets_parse() -> None:
    assert parse_bot("strong:iterations=400,seconds=0.5") == ("strong", {"iterations": 400,
                                                                          "seconds": 0.5})
    with pytest.raises(ValueError, match="name=value"):
        parse_bot("strong:fast")


@pytest.mark.slow
def test_arena_command_json_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "king.png"
    result = CliRunner().invoke(app, ["arena", "king", "--bots", "basic,random,random,random",
                                      "--games", "1", "--json", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["game"] == "king" and len(data["games"]) == 4
    assert {r["bot"] for r in data["results"]} == {"basic", "random"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_command_refuses_unknown_bots() -> None:
    result = CliRunner().invoke(app, ["arena", "king", "--bots", "genius,random,random,random"])
    assert result.exit_code != 0
    assert "genius" in result.output
