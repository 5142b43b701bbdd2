"""Actions are their text form.

``Action`` is a ``str`` subclass, so ``str(action)`` is the notation (``play QS``,
``choose trump H``, ``row 3``), actions compare equal to their text, hash like it and
survive JSON unchanged. Games intern one instance per distinct action and map text to
their own internal codes, which keeps ``apply`` a dictionary lookup away from the text.
"""

from __future__ import annotations


class Action(str):
    """One action in the game's notation."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"
