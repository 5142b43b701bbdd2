"""Driving a terminal client with typed lines: each ``input()`` reads the next line of a text."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console


def play_typed(monkeypatch: pytest.MonkeyPatch, play: Callable[..., Any], text: str,
               width: int = 110, **kwargs: object) -> str:
    """What ``play(console=..., **kwargs)`` prints when the player types ``text``'s lines
    (then end of input)."""
    lines = iter(text.splitlines())

    def typed(prompt: str = "") -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", typed)
    out = io.StringIO()
    play(console=Console(file=out, width=width, color_system=None), **kwargs)
    return out.getvalue()
