"""The compiled core (kingscourt/_compiled.py): used only when current, and the same game as
the pure-Python package.

Where ``make`` built it (a C compiler is present), the compiled and the pure package each play
the same seeded King matches under several table rules, refusals, views, sampled worlds and
strong-bot decisions included, in their own process; the two transcripts must be identical.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kingscourt
from kingscourt import _compiled

REPO = Path(__file__).resolve().parents[2]

RULES: list[dict[str, Any]] = [
    {},
    {"must_beat": "all", "heart_lead_ban": "all-penalty", "rifki_void": "any-heart",
     "trump_lead_after_break": True, "penalty_first": True, "king_ends_game": True},
    {"choice_limit": "free", "first_chooser": "7D", "must_beat": "trump", "short_game": True},
]
PROBES = ("play 2S", "play AH", "play QD", "choose trump S", "choose rifki", "choose el-almaz")


def transcript() -> dict[str, Any]:
    """Everything a run shows of King, as one digest, and which build ran it."""
    from kingscourt.bots.ismcts import StrongBot
    from kingscourt.games.king import state as state_module
    from kingscourt.games.king.bots.strong import KingStrongBot

    h = hashlib.sha256()

    def put(x: object) -> None:
        h.update(json.dumps(x, sort_keys=True, default=repr).encode())
        h.update(b"\n")

    def refused(f: Any, *args: object) -> None:
        try:
            put(repr(f(*args)))
        except (ValueError, TypeError) as e:
            put(f"{type(e).__name__}: {e}")

    for rules in RULES:
        game = kingscourt.load_game("king", **rules)
        rng = random.Random(7)
        views = []
        for seed in range(3):
            state = game.new_state(seed=seed)
            while not state.is_over():
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                put(legal)
                for text in PROBES:
                    put(str(state.check(seat, text)))
                    put(str(state.check((seat + 1) % 4, text)))
                if rng.random() < 0.05:
                    refused(state.apply, seat, next(t for t in PROBES if t not in legal))
                    refused(state.legal_actions, True)
                    refused(state.apply, 4, legal[0])
                    refused(state.apply, seat, 7)
                    view = state.view(seat)
                    put(view)
                    views.append(view)
                for event in state.apply(seat, rng.choice(legal)):
                    put(event.to_json())
            put(state.record())
            put(state.results())
            put(repr(state))
        for view in views[:6]:
            world = game.sample_world(view, random.Random(view["deal"]))
            put([world.hand(s) for s in range(4)])  # type: ignore[attr-defined]
            put(world.view(view["seat"]))
        bot = StrongBot(game, seed=3, iterations=40)
        for view in views[:4]:
            if len(view["legal"]) > 1:
                put([bot.choose(view), bot.last_visits])
        king_bot = KingStrongBot(game, seed=3, iterations=40, choice_worlds=8)
        for view in views[:8]:
            if len(view["legal"]) > 1:  # the bots' deal simulator and endgame solver
                put(king_bot.analyse(view))
    return {"compiled": _compiled.ACTIVE, "state": state_module.__file__, "digest": h.hexdigest()}


def run_transcript(pure: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != _compiled.ENV}
    if pure:
        env[_compiled.ENV] = "1"
    code = ("import json; from tests.engine.test_compiled import transcript; "
            "print(json.dumps(transcript()))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=300, check=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def require_compiled() -> None:
    if not _compiled.ACTIVE:
        if os.environ.get("KINGSCOURT_REQUIRE_COMPILED") == "1":
            pytest.fail(f"the compiled core is not in use: {_compiled.REASON}")
        pytest.skip(f"compiled core not in use: {_compiled.REASON}")


@pytest.mark.slow
def test_the_compiled_and_the_pure_package_play_the_same_king() -> None:
    require_compiled()
    compiled = run_transcript(pure=False)
    pure = run_transcript(pure=True)
    assert compiled["compiled"] and compiled["state"].endswith(_compiled.suffix())
    assert not pure["compiled"] and pure["state"].endswith("state.py")
    assert compiled["digest"] == pure["digest"]


def test_the_compiled_modules_are_the_ones_loaded() -> None:
    require_compiled()
    import kingscourt.games.king.bots.search
    import kingscourt.games.king.state

    for module in (kingscourt.games.king.state, kingscourt.games.king.bots.search):
        assert module.__file__ is not None and module.__file__.endswith(_compiled.suffix())
        assert Path(module.__file__).is_relative_to(_compiled.BUILD)


# ------------------------------------------------------------------ when a build is used
def fake_build(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """A repository with two sources and a build of them (extension files are stand-ins)."""
    repo, build = tmp_path / "repo", tmp_path / "repo" / "build" / "compiled"
    sources = ["pkg/a.py", "pkg/b.py"]
    manifest: dict[str, Any] = {"format": _compiled.FORMAT, "suffix": _compiled.suffix(),
                                "group": {"module": "pkg._core__mypyc",
                                          "file": "pkg/_core__mypyc" + _compiled.suffix()},
                                "modules": {}}
    for i, source in enumerate(sources):
        path = repo / source
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"X = {i}\n")
        so = source.removesuffix(".py") + _compiled.suffix()
        manifest["modules"][source] = {"sha256": _compiled.source_hash(path), "file": so}
        (build / so).parent.mkdir(parents=True, exist_ok=True)
        (build / so).write_bytes(b"")
    (build / manifest["group"]["file"]).write_bytes(b"")
    (build / _compiled.MANIFEST).write_text(json.dumps(manifest))
    return repo, build, sources


def test_a_current_build_is_used_for_exactly_its_modules(tmp_path: Path) -> None:
    repo, build, sources = fake_build(tmp_path)
    paths, reason = _compiled.plan(build, repo, sources, env="")
    assert paths is not None, reason
    assert sorted(paths) == ["pkg._core__mypyc", "pkg.a", "pkg.b"]
    assert paths["pkg.a"] == build / ("pkg/a" + _compiled.suffix())


def test_a_build_older_than_its_sources_is_never_used(tmp_path: Path) -> None:
    repo, build, sources = fake_build(tmp_path)
    (repo / "pkg/b.py").write_text("X = 'edited'\n")
    paths, reason = _compiled.plan(build, repo, sources, env="")
    assert paths is None and "stale: pkg/b.py changed" in reason


@pytest.mark.parametrize("env", ["1", "yes"])
def test_kingscourt_pure_forces_the_pure_package(tmp_path: Path, env: str) -> None:
    repo, build, sources = fake_build(tmp_path)
    paths, reason = _compiled.plan(build, repo, sources, env=env)
    assert paths is None and _compiled.ENV in reason


def test_a_build_for_another_python_or_module_list_is_not_used(tmp_path: Path) -> None:
    repo, build, sources = fake_build(tmp_path)
    assert _compiled.plan(build, repo, sources[:1], env="")[0] is None
    manifest = json.loads((build / _compiled.MANIFEST).read_text())
    manifest["suffix"] = ".cpython-0-elsewhere.so"
    (build / _compiled.MANIFEST).write_text(json.dumps(manifest))
    paths, reason = _compiled.plan(build, repo, sources, env="")
    assert paths is None and "another Python" in reason


def test_an_incomplete_or_missing_build_is_not_used(tmp_path: Path) -> None:
    repo, build, sources = fake_build(tmp_path)
    (build / ("pkg/a" + _compiled.suffix())).unlink()
    assert _compiled.plan(build, repo, sources, env="")[0] is None
    paths, reason = _compiled.plan(tmp_path / "nowhere", repo, sources, env="")
    assert paths is None and "not built" in reason
