"""The OpenAPI links of a created table (``POST /api/tables`` → 201): what can be done with it
next, each naming the operation and where its table id, seat, token or invitation come from in
the creation's answer. Clients may follow them; schemathesis's stateful phase does
(tests/server/test_fuzz.py), so that it works on tables that exist.

The pointers name the first seat (the host's, when a human is named there: its token starts,
cancels, leaves and asks for a rematch), the second (its invitation joins) and the third (an
open seat is taken by its number), as the creation's examples lay them out
(:class:`.lobby_models.CreateTable`); at another table a pointer may name nothing, and the
request is then refused like any other."""

from __future__ import annotations

from typing import Any

#: the table's id in the creation's answer
TABLE = "$response.body#/id"
#: the first seat's token (the host's, when a human is named there)
HOST_TOKEN = "$response.body#/seats/0/token"


def _link(operation: str, **more: Any) -> dict[str, Any]:
    parameters = {"table_id": TABLE, **more.pop("parameters", {})}
    return {"operationId": operation, "parameters": parameters, **more}


TABLE_LINKS: dict[str, Any] = {
    "info": _link("table_info"),
    "record": _link("record"),
    "replay": _link("table_replay"),
    "analysis": _link("table_analysis"),
    "join": _link("join"),
    "join_invited": _link("join", requestBody={"invite": "$response.body#/seats/1/invite",
                                               "name": "Linked"}),
    "take": _link("take_seat"),
    "take_open": _link("take_seat", parameters={"seat": "$response.body#/seats/2/seat"}),
    "leave": _link("leave"),
    "leave_first": _link("leave", requestBody={"token": HOST_TOKEN}),
    "start": _link("start", requestBody={"token": HOST_TOKEN, "fill": "random"}),
    "cancel": _link("cancel", requestBody={"token": HOST_TOKEN}),
    "rematch": _link("rematch", requestBody={"token": HOST_TOKEN}),
}
