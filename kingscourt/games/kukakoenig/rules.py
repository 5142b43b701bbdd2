"""Ku-Ka-König's table rules: the rulebook has no variants, so there are none (yet).

The decisions where the rulebook is unclear (docs/rules.md) are fixed rules of the game,
listed in the package docstring, not table rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KukakoenigRules:
    """No table rules: ``load_game("kukakoenig", anything=...)`` is refused by name."""
