"""The README's examples run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_examples() -> None:
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 5
    assert result.failed == 0


def test_package_docstring_examples() -> None:
    import kingscourt
    import kingscourt.bots

    for module in (kingscourt, kingscourt.bots):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0
