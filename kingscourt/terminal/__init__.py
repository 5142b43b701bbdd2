"""What the terminal clients share. Each game has its own client (its manifest's
``terminal``, ``games/<game>/terminal.py``), each with
``play(*, seat, bots, players, seed, options, console)`` (``seat`` is the engine's, from 0;
what the clients print counts seats from 1, as people do).

They speak the language of ``kingscourt play --lang`` (or ``KINGSCOURT_LANG``): :func:`T_`
marks and renders a text of their own, :func:`tx` renders one the engine made (a refusal, a
rule label); card and character names stay as printed.

Rich reads ``[...]`` in a printed string as markup: every text that comes from the engine, a
catalogue or the player is passed through :func:`esc` (or printed as a :class:`rich.text.Text`)
before it meets the clients' own markup, so that a refusal quoting ``[seat, text]`` or a rule
id in brackets is printed as it is."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from rich.markup import escape

from ..i18n import DEFAULT, Msg, language
from ..i18n import text as _text

#: the environment variable that chooses the terminal's language where --lang is not given
LANG_ENV = "KINGSCOURT_LANG"
_LANG: ContextVar[str] = ContextVar("kingscourt_terminal_lang", default=DEFAULT)


def choose_language(lang: str | None) -> str:
    """``lang`` if given, else ``KINGSCOURT_LANG``, else English (anything unknown: English)."""
    return language(lang if lang else os.environ.get(LANG_ENV))


@contextlib.contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Within the block the terminal speaks :func:`choose_language` of ``lang``."""
    token = _LANG.set(choose_language(lang))
    try:
        yield _LANG.get()
    finally:
        _LANG.reset(token)


def current_language() -> str:
    return _LANG.get()


def tx(message: str | Msg) -> str:
    """``message`` in the terminal's language."""
    return _text(_LANG.get(), message)


def T_(template: str, /, **params: object) -> str:
    """A text of the terminal's own, marked for extraction, in the terminal's language."""
    return Msg(template, params or None).render(_LANG.get())


def esc(text: object) -> str:
    """``text`` as Rich prints it literally inside markup (``[`` escaped)."""
    return escape(str(text))


def signed(n: int) -> str:
    """A number of points with its sign, the minus as printed (``+50``, ``−320``, ``0``)."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def value_words(rule: dict[str, Any], value: Any) -> str:
    """A table rule's value as the rules screen words it (``choice_labels``), not its code."""
    choices = list(rule.get("choices", ()))
    labels = list(rule.get("choice_labels", ()))
    for choice, label in zip(choices, labels, strict=False):
        if choice == value and type(choice) is type(value):
            return str(label)
    return tx("on") if value is True else tx("off") if value is False else str(value)
