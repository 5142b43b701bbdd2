"""Terminal clients, one module per game, each with
``play(*, seat, bots, players, seed, options, console)`` (``seat`` is the engine's, from 0;
what the clients print counts seats from 1, as people do)."""

from __future__ import annotations

from typing import Any


def value_words(rule: dict[str, Any], value: Any) -> str:
    """A table rule's value as the rules screen words it (``choice_labels``), not its code."""
    choices = list(rule.get("choices", ()))
    labels = list(rule.get("choice_labels", ()))
    for choice, label in zip(choices, labels, strict=False):
        if choice == value and type(choice) is type(value):
            return str(label)
    return "on" if value is True else "off" if value is False else str(value)
