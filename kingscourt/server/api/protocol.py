"""``GET /api/wire``: the table's WebSocket protocol (``/ws/tables/{id}?token=T``) as one JSON
Schema (draft 2020-12), generated from the types the server sends and reads.

Decisions:

- the messages are the wire's pydantic models (:mod:`..base.wire`, the chat's in
  :mod:`..live.chat`); the ``state`` message's ``view`` and ``results`` are each game's own
  types (:attr:`~kingscourt.engine.contract.Game.view_type`,
  :attr:`~kingscourt.engine.contract.Game.result_type`), the games taken from the registry
  (:data:`kingscourt.engine.registry.GAMES`): ``StateMessage`` is a ``oneOf`` of one state
  message per game, told apart by the view's ``game``, a constant in each;
- ``$defs`` holds ``ServerMessage`` (what a client receives) and ``ClientMessage`` (what it may
  send), each a ``oneOf`` told apart by ``type`` (an OpenAPI ``discriminator`` names the
  mapping); the document itself accepts either;
- every object with named properties is closed (``additionalProperties: false``): a view, a
  message and every part of them hold exactly their type's keys. A map keyed by data (a
  ``dict[str, int]`` of a view) keeps its value schema;
- server messages are described as they are serialized, client messages as they are
  validated (pydantic's two modes).
"""

from __future__ import annotations

from functools import cache
from types import GenericAlias
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field, TypeAdapter, create_model
from pydantic.json_schema import JsonSchemaMode

from ...engine.registry import GAMES, load_game
from ..base.wire import ActMessage, ErrorMessage, RematchMessage, RematchOffer, StateMessage
from ..live.chat import ChatHistory, ChatIn, ChatOut, ChatSettings, SpectatorChatIn

router = APIRouter(prefix="/api", tags=["wire"])

DIALECT = "https://json-schema.org/draft/2020-12/schema"
REF = "#/$defs/{model}"

#: the server's messages but ``state`` (made per game), by their ``type``
SERVER: tuple[type[BaseModel], ...] = (ErrorMessage, ChatOut, ChatHistory, ChatSettings,
                                       RematchOffer, RematchMessage)
#: what a client may send, by its ``type``
CLIENT: tuple[type[BaseModel], ...] = (ActMessage, ChatIn, SpectatorChatIn)


def _state_message(name: str) -> type[BaseModel]:
    """The ``state`` message of the game ``name``: its view type and its result type."""
    game = type(load_game(name))
    title = "".join(part.title() for part in name.replace("-", "_").split("_"))
    results: Any = GenericAlias(list, (game.result_type,)) | None
    model: type[BaseModel] = create_model(
        f"{title}StateMessage", __base__=StateMessage,
        view=(game.view_type, Field(description="what the receiving seat may know of "
                                    f"{game.title}")),
        results=(results, Field(default=None,
                                description=StateMessage.model_fields["results"].description)))
    return model


def _type_of(model: type[BaseModel]) -> str:
    """The message's ``type``, the one value its ``Literal`` admits."""
    kind: Any = model.model_fields["type"].annotation
    return str(kind.__args__[0])


@cache
def wire_schema() -> dict[str, Any]:
    """The protocol's JSON Schema (built once: the games and the types are fixed)."""
    states = {name: _state_message(name) for name in GAMES}
    mode_server: JsonSchemaMode = "serialization"
    mode_client: JsonSchemaMode = "validation"
    inputs = [*((m, mode_server) for m in (*states.values(), *SERVER)),
              *((m, mode_client) for m in CLIENT)]
    refs, top = TypeAdapter.json_schemas(
        [(m, mode, TypeAdapter(m)) for m, mode in inputs], ref_template=REF)
    defs: dict[str, Any] = top["$defs"]
    ref_of = {m: refs[(m, mode)]["$ref"] for m, mode in inputs}
    for name, model in states.items():
        state = defs[_def_name(ref_of[model])]
        state.pop("examples", None)  # the base message's example shows no whole view
        view = state["properties"]["view"]
        properties = defs[_def_name(view["$ref"])]["properties"]
        properties["game"] = {"const": name, "type": "string", "title": "Game"}
    defs["StateMessage"] = {
        "description": StateMessage.__doc__, "title": "StateMessage",
        "oneOf": [{"$ref": ref_of[m]} for m in states.values()]}
    defs["ServerMessage"] = _union(
        "What the server sends", {"state": REF.format(model="StateMessage"),
                                  **{_type_of(m): ref_of[m] for m in SERVER}})
    defs["ClientMessage"] = _union(
        "What a client may send", {_type_of(m): ref_of[m] for m in CLIENT})
    close(defs)
    return {
        "$schema": DIALECT,
        "title": "The table's WebSocket protocol",
        "description": ("Messages on /ws/tables/{id}?token=T (no token: a spectator) as JSON "
                        "text frames: $defs/ServerMessage from the server, "
                        "$defs/ClientMessage from a client."),
        "$defs": dict(sorted(defs.items())),
        "oneOf": [{"$ref": REF.format(model="ServerMessage")},
                  {"$ref": REF.format(model="ClientMessage")}],
    }


def _def_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _union(title: str, by_type: dict[str, str]) -> dict[str, Any]:
    return {"title": title, "oneOf": [{"$ref": ref} for ref in by_type.values()],
            "discriminator": {"propertyName": "type", "mapping": by_type}}


def close(schema: Any) -> None:
    """Every object with named properties admits no other key (all of the wire's types are
    closed)."""
    if isinstance(schema, dict):
        if "properties" in schema and schema.get("type") == "object":
            schema.setdefault("additionalProperties", False)
        for value in schema.values():
            close(value)
    elif isinstance(schema, list):
        for value in schema:
            close(value)


@router.get("/wire")
async def wire() -> dict[str, Any]:
    """The WebSocket protocol of ``/ws/tables/{id}?token=T`` (no token: spectator) as a JSON
    Schema (draft 2020-12): ``$defs/ServerMessage`` (``state`` after every change, holding the
    receiving seat's own view, one schema per game; ``error`` with a stable code; the chat's
    ``chat``, ``chat-history`` and ``chat-settings``; ``rematch-offer`` and ``rematch`` at a
    finished table) and ``$defs/ClientMessage`` (``act``, ``chat``, ``spectator-chat``)."""
    return wire_schema()
