"""Nothing outside ``kingscourt/games/`` names a game: every fact about one is read from its
manifest (:class:`kingscourt.engine.manifest.GameSpec`) through the registry
(``kingscourt/games/__init__.py``). The test reads every module's syntax tree: a string literal
that is exactly a game's name, or an import of ``kingscourt.games.<game>`` (absolute or
relative), is a finding; prose in docstrings and comments is not."""

from __future__ import annotations

import ast
from pathlib import Path

from kingscourt.games import MANIFESTS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kingscourt"
GAMES = frozenset(MANIFESTS)
#: files that still name a game, until their part of the work moves it into the manifests;
#: the list only shrinks (a file listed here that no longer names a game fails too)
ALLOWED: frozenset[str] = frozenset()


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _names_a_game_module(module: str) -> bool:
    parts = module.split(".")
    return len(parts) >= 3 and parts[:2] == ["kingscourt", "games"] and parts[2] in GAMES


def findings(path: Path) -> list[str]:
    """Each place in ``path`` that names a game: ``line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = _module_of(path) if path.name == "__init__.py" else _module_of(path).rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAMES:
            out.append(f"{node.lineno}: the literal {node.value!r}")
        elif isinstance(node, ast.Import):
            out += [f"{node.lineno}: import {a.name}" for a in node.names
                    if _names_a_game_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{a.name}" for a in node.names]
            if any(_names_a_game_module(t) for t in targets):
                out.append(f"{node.lineno}: from {'.' * node.level}{node.module or ''} import "
                           + ", ".join(a.name for a in node.names))
    return out


def scanned() -> list[Path]:
    """Every module of the package outside ``games/`` (whose ``__init__.py`` is the registry,
    the one place that lists the games)."""
    return sorted(p for p in PACKAGE.rglob("*.py") if not p.is_relative_to(PACKAGE / "games"))


def test_nothing_outside_the_games_names_a_game() -> None:
    found = {str(p.relative_to(ROOT)): f for p in scanned() if (f := findings(p))}
    unexpected = {path: f for path, f in found.items() if path not in ALLOWED}
    assert not unexpected, "\n".join(f"{path}:{line}" for path, f in sorted(unexpected.items())
                                     for line in f)
    stale = sorted(ALLOWED - set(found))
    assert not stale, f"no longer names a game, take it off ALLOWED: {stale}"


def test_the_guard_sees_literals_and_imports_but_not_prose(tmp_path: Path) -> None:
    sample = PACKAGE / "_guard_sample.py"
    try:
        sample.write_text('"""King\'s notes mention king and uchokrola in prose."""\n'
                          "from .games.king import cards\n"
                          "import kingscourt.games.uchokrola.state\n"
                          "from .games import kukakoenig\n"
                          "NAME = 'king'\n"
                          "OTHER = 'kingdom'\n", encoding="utf-8")
        assert [f.split(":")[0] for f in findings(sample)] == ["2", "3", "4", "5"]
    finally:
        sample.unlink()
