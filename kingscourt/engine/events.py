"""Events: what ``State.apply`` reports happened, in order. Read-only by convention."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """``kind`` is a stable id (``played``, ``trick``, ``deal-scored``, ``king``...),
    ``seat`` the seat it concerns (``None`` for the table) and ``data`` JSON-ready details."""

    kind: str
    seat: int | None
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}
