"""How deeply a client's JSON text nests, found before anything parses it.

Python's ``json`` parser recurses once per array or object level: a few thousand levels raise
``RecursionError`` (not a ``ValueError``), which would drop the connection that sent them.
Every WebSocket text is measured here first and refused beyond :data:`.wire.MAX_DEPTH`: the
measure skips the strings (a bracket inside a text is text) and costs one pass over the
message, whose size the server bounds already (``ws_max_bytes``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..base.wire import MAX_DEPTH

#: a JSON string, its escapes included (an unterminated one runs to the end of the text)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """A JSON text nesting deeper than its limit."""


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (JSON or not): what a parser
    would recurse into before it found anything wrong."""
    level = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def loads(text: str, limit: int = MAX_DEPTH) -> Any:
    """``json.loads(text)``, refusing (:class:`TooDeep`, a ``ValueError`` as any bad JSON
    is) a text that nests deeper than ``limit``."""
    if depth(text) > limit:
        raise TooDeep(f"JSON nested deeper than {limit} levels")
    return json.loads(text)
