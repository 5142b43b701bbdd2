"""Pydantic's validation problems in the player's words (:mod:`kingscourt.i18n`): the
common error types as marked templates filled from the error's ``ctx``; a validator's own
reason (a :class:`~kingscourt.engine.RuleError`) as its template; any other type in
pydantic's English. Field names (the location) are never translated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine import reason
from ...i18n import P_, Msg, _

#: error type -> its text (the types whose text takes nothing from ``ctx``)
FIXED: Final = {
    "missing": _("Field required"),
    "extra_forbidden": _("Extra inputs are not permitted"),
    "string_type": _("Input should be a valid string"),
    "int_type": _("Input should be a valid integer"),
    "int_parsing": _("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": _("Input should be a valid integer, got a number with a fractional part"),
    "float_type": _("Input should be a valid number"),
    "float_parsing": _("Input should be a valid number, unable to parse string as a number"),
    "bool_type": _("Input should be a valid boolean"),
    "bool_parsing": _("Input should be a valid boolean, unable to interpret input"),
    "list_type": _("Input should be a valid list"),
    "dict_type": _("Input should be a valid dictionary"),
    "model_type": _("Input should be a valid dictionary or object to extract fields from"),
    "model_attributes_type": _("Input should be a valid dictionary or object to extract "
                               "fields from"),
    "json_invalid": _("Invalid JSON"),
    "string_unicode": _("Input should be a valid string, unable to parse raw data as a "
                        "unicode string"),
}


def _count(ctx: Mapping[str, Any], key: str) -> int | None:
    value = ctx.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def said(error: Mapping[str, Any]) -> Msg | str:
    """One of pydantic's ``errors()`` as a template (or its English where none fits)."""
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    english = str(error.get("msg", "invalid"))
    if kind in FIXED:
        return FIXED[kind]
    if kind == "value_error" and isinstance(ctx.get("error"), BaseException):
        return reason(ctx["error"])
    if kind == "literal_error" and "expected" in ctx:
        return _("Input should be {expected}", expected=str(ctx["expected"]))
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = ctx.get({"greater_than_equal": "ge", "less_than_equal": "le",
                         "greater_than": "gt", "less_than": "lt"}[kind])
        if isinstance(bound, int | float) and not isinstance(bound, bool):
            return {"greater_than_equal": _("Input should be greater than or equal to {x}", x=bound),
                    "less_than_equal": _("Input should be less than or equal to {x}", x=bound),
                    "greater_than": _("Input should be greater than {x}", x=bound),
                    "less_than": _("Input should be less than {x}", x=bound)}[kind]
    if kind == "string_too_short" and (n := _count(ctx, "min_length")) is not None:
        return P_("String should have at least {n} character",
                  "String should have at least {n} characters", n, n=n)
    if kind == "string_too_long" and (n := _count(ctx, "max_length")) is not None:
        return P_("String should have at most {n} character",
                  "String should have at most {n} characters", n, n=n)
    if kind == "too_short" and (n := _count(ctx, "min_length")) is not None:
        return P_("Should have at least {n} item", "Should have at least {n} items", n, n=n)
    if kind == "too_long" and (n := _count(ctx, "max_length")) is not None:
        return P_("Should have at most {n} item", "Should have at most {n} items", n, n=n)
    if kind == "string_pattern_mismatch" and "pattern" in ctx:
        return _("String should match pattern {pattern}", pattern=repr(str(ctx["pattern"])))
    return english
