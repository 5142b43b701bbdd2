"""Table rules and variants: a frozen dataclass per game whose fields carry their choices.

Each field is declared with :func:`rule`, which records the allowed values, a label, a
one-line explanation and how each value is shown on the rules screen. :func:`build_rules`
validates keyword overrides and names the unknown rule or value it refuses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from ..i18n import N_, _
from .errors import RuleError

T = TypeVar("T")
R = TypeVar("R")


#: how an on/off rule's values are shown when the rule names no labels of its own
ON_OFF = {False: N_("off"), True: N_("on")}


def rule(default: T, choices: tuple[T, ...], label: str, help: str,
         shown: Mapping[T, str] | None = None) -> T:
    """Declare a table rule: its default, the values it takes, a label, an explanation and
    ``shown``, how each value reads on the rules screen (on/off for a yes-no rule)."""
    if default not in choices:
        raise ValueError(f"default {default!r} is not among the choices {choices!r}")
    names = dict(shown) if shown is not None else None
    if names is None:
        if not all(isinstance(c, bool) for c in choices):
            raise ValueError(f"rule {label!r}: say how each of {choices!r} is shown")
        names = {c: ON_OFF[bool(c)] for c in choices}
    if sorted(map(repr, names)) != sorted(map(repr, choices)):
        raise ValueError(f"rule {label!r}: the values shown {list(names)!r} are not the "
                         f"choices {choices!r}")
    field: T = dataclasses.field(
        default=default, metadata={"choices": choices, "label": label, "help": help,
                                   "shown": tuple(names[c] for c in choices)}
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
            known = ", ".join(sorted(fields))
            raise RuleError(_("{game} has no table rule {name} (known: {known})", game=game,
                              name=repr(name), known=known) if known else
                            _("{game} has no table rules: got {name}", game=game, name=repr(name)))
        choices = f.metadata.get("choices", ())
        if not any(_same(value, c) for c in choices):
            allowed = ", ".join(repr(c) for c in choices)
            raise RuleError(_("table rule {name} of {game} takes {allowed}; got {value}",
                              name=repr(name), game=game, allowed=allowed, value=repr(value)))
    return cls(**overrides)


def rules_dict(rules: Any) -> dict[str, Any]:
    """Every rule's current value, JSON-ready."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def describe(cls: type[Any]) -> list[dict[str, Any]]:
    """The rules screen: name, label, explanation, choices, default and how each choice is
    shown (``choice_labels``, in the order of ``choices``) of each rule."""
    return [
        {
            "name": f.name,
            "label": f.metadata.get("label", f.name),
            "help": f.metadata.get("help", ""),
            "choices": list(f.metadata.get("choices", ())),
            "default": f.default,
            "choice_labels": list(f.metadata.get("shown", map(str, f.metadata.get("choices", ())))),
        }
        for f in dataclasses.fields(cls)
    ]
