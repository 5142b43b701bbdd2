"""The README and the documents in docs/ hold true: their examples run as doctests, the front
page stays a front page, and every link between them and every test docs/rules.md names
exists."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
#: the front page's length: what it is, a screenshot, the two commands, playing, hosting,
#: research and contributing; everything longer lives in docs/
README_MAX_LINES = 150


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_document_examples(path: Path) -> None:
    result = doctest.testfile(str(path), module_relative=False, optionflags=FLAGS)
    assert result.failed == 0


def test_the_examples_are_there() -> None:
    attempted = {path.name: doctest.testfile(str(path), module_relative=False,
                                             optionflags=FLAGS).attempted
                 for path in DOCUMENTS}
    assert attempted["README.md"] > 5
    assert attempted["design.md"] > 5


def test_the_readme_is_a_front_page() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES
    for needed in ("make run", "make test", "docs/hosting.md", "docs/design.md",
                   "docs/rules.md", "docs/protocol.md", "docs/research.md", "docs/bots.md"):
        assert any(needed in line for line in lines), needed


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_point_at_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" in target:
            continue
        assert (path.parent / target).exists(), f"{path.name} links to {target}"


def test_every_test_the_rules_decisions_name_exists() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w/]+\.py)::(test_\w+)`", rules))
    assert len(named) > 100
    missing = [f"{file}::{test}" for file, test in sorted(named)
               if not re.search(rf"^\s*def {test}\(",
                                (ROOT / "tests" / file).read_text(encoding="utf-8"), re.M)]
    assert not missing


def test_package_docstring_examples() -> None:
    import kingscourt
    import kingscourt.bots

    for module in (kingscourt, kingscourt.bots):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0
