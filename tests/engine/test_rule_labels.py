"""A table rule says how each of its values is shown: on/off for a yes-no rule, a label per
value for any other, every value and no other."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from kingscourt.engine import describe, rule


def test_each_value_is_shown_by_its_label() -> None:
    @dataclass(frozen=True)
    class Rules:
        strict: bool = rule(False, (False, True), "Strict", "on: strictly.")
        lead: str = rule("low", ("low", "high"), "Lead", "who leads.",
                         {"high": "the highest card", "low": "the lowest card"})

    strict, lead = describe(Rules)
    assert strict["choice_labels"] == ["off", "on"]
    assert lead["choices"] == ["low", "high"]
    assert lead["choice_labels"] == ["the lowest card", "the highest card"]  # in the choices' order


def test_a_rule_names_the_label_of_every_value() -> None:
    with pytest.raises(ValueError, match="say how each"):
        rule("low", ("low", "high"), "Lead", "who leads.")
    with pytest.raises(ValueError, match="are not the choices"):
        rule("low", ("low", "high"), "Lead", "who leads.", {"low": "the lowest card"})
    with pytest.raises(ValueError, match="are not the choices"):
        rule("low", ("low", "high"), "Lead", "who leads.",
             {"low": "lowest", "high": "highest", "middle": "middle"})
