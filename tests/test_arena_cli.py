"""The arena command refuses bad input in one line before it plays, keeps --json clean and says
what to install when its extra is missing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kingscourt.arena import ArenaError, run_arena
from kingscourt.arena.match import split_bots
from kingscourt.cli import app

BASIC4 = "basic,random,random,random"

#: (arguments after ``arena``, what the one line must say: the input and what is allowed)
REFUSED = [
    (["chess"], ["'chess'", "king, kukakoenig, uchokrola"]),
    (["king", "--bots", "basic,random,random"], ["--bots", "basic,random,random",
                                                 "4 players, not 3"]),
    (["kukakoenig", "--bots", "basic"], ["--bots", "2 to 4 players, not 1"]),
    (["uchokrola", "--bots", ",".join(["basic"] * 7)], ["--bots", "2 to 6 players, not 7"]),
    (["uchokrola", "--bots", "basic,random,random", "-r", "teams=pairs"],
     ["--bots", "Kokieteria in pairs needs 4 or 6 players"]),
    (["king", "--bots", "strong:iterations=abc,basic,basic,basic"],
     ["strong:iterations=abc", "iterations takes a whole number", "'abc'"]),
    (["kukakoenig", "--bots", "strong:iterations=1.5,basic"], ["iterations takes a whole number"]),
    (["king", "--bots", "strong:foo=3,basic,basic,basic"],
     ["strong:foo=3", "no budget 'foo'", "iterations, seconds"]),
    (["king", "--bots", "basic:iterations=9," + BASIC4[6:]], ["no budget 'iterations'",
                                                              "it takes no budget"]),
    (["kukakoenig", "--bots", "strong:seconds=0,basic"], ["seconds takes a number above 0, got 0"]),
    (["king", "--bots", "strong:epsilon=2,basic,basic,basic"], ["epsilon", "between 0 and 1"]),
    (["king", "--bots", "strong:fast,basic,basic,basic"], ["strong:fast", "name=value"]),
    (["king", "--bots", "genius,random,random,random"], ["'genius'", "random, basic, learned, strong"]),
    (["king", "--bots", BASIC4, "-r", "nosuch=1"], ["--rule", "'nosuch'", "must_beat"]),
    (["king", "--bots", BASIC4, "-r", "must_beat=xx"], ["--rule", "'xx'", "'none', 'trump', 'all'"]),
    (["king", "--bots", BASIC4, "-r", "must_beat"], ["--rule", "'must_beat'", "name=value"]),
    (["kukakoenig", "--bots", "basic,random", "-r", "quick=true"], ["--rule", "no table rules"]),
    (["king", "--bots", BASIC4, "--games", "0"], ["--games", "1 or more", "not 0"]),
    (["king", "--bots", BASIC4, "--games", "-1"], ["--games", "1 or more", "not -1"]),
    (["king", "--bots", BASIC4, "--jobs", "0"], ["--jobs", "1 or more", "not 0"]),
    (["king", "--bots", BASIC4, "--plot", "/no/such/folder/king.png"],
     ["--plot", "no folder /no/such/folder"]),
    (["king", "--bots", BASIC4, "--plot", "king.jpg"], ["--plot", "king.jpg", ".png"]),
]


def _one_line_refusal(result: Result, fragments: list[str]) -> str:
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)  # typer.Exit, not an escaped exception
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith("kingscourt arena: ")
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


@pytest.mark.parametrize(("args", "fragments"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_bad_input_is_refused_in_one_line_before_playing(args: list[str], fragments: list[str]) -> None:
    _one_line_refusal(CliRunner().invoke(app, ["arena", *args]), fragments)


def test_a_plot_path_that_is_a_folder_or_not_in_one_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    for plot, fragment in ((tmp_path, "is a folder"),
                           (tmp_path / "file" / "king.png", "is not a folder")):
        result = CliRunner().invoke(app, ["arena", "kukakoenig", "--bots", "basic,random",
                                          "--plot", str(plot)])
        _one_line_refusal(result, ["--plot", fragment])


def test_an_unwritable_plot_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # as root every folder is writable: the refusal is simulated where the check writes
    import kingscourt.arena.checks as checks

    def refuse(**_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(checks.tempfile, "TemporaryFile", refuse)
    result = CliRunner().invoke(app, ["arena", "kukakoenig", "--bots", "basic,random",
                                      "--plot", str(tmp_path / "k.png")])
    _one_line_refusal(result, ["--plot", "cannot write", "Permission denied"])


@pytest.mark.parametrize(("args", "fragments"), [
    (["king", "--games", "abc"], ["Invalid value for '--games'", "integer"]),
    (["king", "--gmes", "3"], ["No such option: --gmes", "--games"]),
    ([], ["Missing argument 'game'"]),
])
def test_what_click_cannot_read_is_one_line_too(args: list[str], fragments: list[str]) -> None:
    _one_line_refusal(CliRunner().invoke(app, ["arena", *args]), fragments)


def test_a_quick_run_prints_only_json_on_stdout() -> None:
    result = CliRunner().invoke(app, ["arena", "kukakoenig", "--bots", "basic,random",
                                      "--games", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "kukakoenig" and len(data["games"]) == 2
    assert result.stderr == ""  # no progress in a log when stdout is the JSON


def test_progress_goes_to_stderr_with_the_count_and_time_left() -> None:
    result = CliRunner().invoke(app, ["arena", "kukakoenig", "--bots", "basic,random",
                                      "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "basic − random" in result.stdout
    assert "2/2 games" in result.stderr and "elapsed" in result.stderr and "left" in result.stderr


def test_several_budgets_of_one_bot_on_the_command_line() -> None:
    assert split_bots("strong:iterations=40,seconds=0.5, basic,basic") == [
        "strong:iterations=40,seconds=0.5", "basic", "basic"]
    assert split_bots("basic,,random,") == ["basic", "random"]
    with pytest.raises(ValueError, match="follows no bot"):
        split_bots("basic,iterations=4")
    result = CliRunner().invoke(app, ["arena", "kukakoenig", "--bots",
                                      "strong:iterations=4,seconds=5,basic", "--games", "1",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["bots"] == ["strong:iterations=4,seconds=5", "basic"]


def test_the_library_refuses_before_playing() -> None:
    with pytest.raises(ArenaError, match="4 players, not 3") as e:
        run_arena("king", ["basic", "random", "random"], deals=1)
    assert e.value.option == "--bots"
    with pytest.raises(ValueError, match="1 or more"):
        run_arena("kukakoenig", ["basic", "random"], deals=0)


#: the command without the arena extra, as after ``make run``: scipy and matplotlib unimportable
WITHOUT_EXTRA = """
import sys
for name in ("scipy", "scipy.stats", "matplotlib", "matplotlib.pyplot"):
    sys.modules[name] = None
from kingscourt.cli import main
sys.argv = ["kingscourt", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("args", [["arena", "kukakoenig", "--bots", "basic,random", "--games", "1"],
                                  ["arena", "chess"]])
def test_without_the_arena_extra_the_command_says_what_to_install(args: list[str]) -> None:
    run = subprocess.run([sys.executable, "-c", WITHOUT_EXTRA, *args], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 1
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        "kingscourt arena: the arena needs the arena extra (scipy is missing): "
        ".venv/bin/uv sync --inexact --extra arena, or pip install 'kingscourt[arena]'"]


@pytest.mark.slow
def test_without_matplotlib_only_a_plot_needs_it(tmp_path: Path) -> None:
    code = WITHOUT_EXTRA.replace('"scipy", "scipy.stats", ', "")
    run = subprocess.run([sys.executable, "-c", code, "arena", "kukakoenig", "--bots",
                          "basic,random", "--games", "1", "--plot", str(tmp_path / "k.png")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert "(matplotlib is missing)" in run.stderr and "Traceback" not in run.stderr
    run = subprocess.run([sys.executable, "-c", code, "arena", "kukakoenig", "--bots",
                          "basic,random", "--games", "1", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["game"] == "kukakoenig"


def test_help_works_without_the_arena_extra() -> None:
    for args in (["--help"], ["arena", "--help"]):
        run = subprocess.run([sys.executable, "-c", WITHOUT_EXTRA, *args], capture_output=True,
                             text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        assert "Usage" in run.stdout
