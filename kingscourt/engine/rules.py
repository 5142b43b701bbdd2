"""Table rules and variants: a frozen dataclass per game whose fields carry their choices.

Each field is declared with :func:`rule`, which records the allowed values, a label and a
one-line explanation for the rules screen. :func:`build_rules` validates keyword overrides
and names the unknown rule or value it refuses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def rule(default: T, choices: tuple[T, ...], label: str, help: str) -> T:
    """Declare a table rule: its default, the values it takes, a label and an explanation."""
    if default not in choices:
        raise ValueError(f"default {default!r} is not among the choices {choices!r}")
    field: T = dataclasses.field(
        default=default, metadata={"choices": choices, "label": label, "help": help}
    )
    return field


def _same(value: Any, choice: Any) -> bool:
    # bool is an int: keep True from matching 1 and "1" from matching 1.
    return type(value) is type(choice) and value == choice


def build_rules(cls: type[R], game: str, overrides: Mapping[str, Any]) -> R:
    """``cls(**overrides)`` after checking every name and value against the declared choices."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for name, value in overrides.items():
        f = fields.get(name)
        if f is None:
            known = ", ".join(sorted(fields)) or "none"
            raise ValueError(f"{game} has no table rule {name!r} (known: {known})")
        choices = f.metadata.get("choices", ())
        if not any(_same(value, c) for c in choices):
            allowed = ", ".join(repr(c) for c in choices)
            raise ValueError(f"table rule {name!r} of {game} takes {allowed}; got {value!r}")
    return cls(**overrides)


def rules_dict(rules: Any) -> dict[str, Any]:
    """Every rule's current value, JSON-ready."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def describe(cls: type[Any]) -> list[dict[str, Any]]:
    """The rules screen: name, label, explanation, choices and default of each rule."""
    return [
        {
            "name": f.name,
            "label": f.metadata.get("label", f.name),
            "help": f.metadata.get("help", ""),
            "choices": list(f.metadata.get("choices", ())),
            "default": f.default,
        }
        for f in dataclasses.fields(cls)
    ]
