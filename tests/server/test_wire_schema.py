"""Every message the server sends on a table's WebSocket validates against the JSON Schema it
publishes (``GET /api/wire``), and the schema refuses what it should.

A game of each kind in the registry is played through the real server by scripted human
seats (a random legal action each, King's first chooser naming diamonds so that the arranged
deal makes King and ends the game) beside bots and a spectator, with the messages a table
sees besides its states: chat from a seat and from a spectator, the host closing and
reopening spectator chat, refused messages (not JSON, an action that is no action, a
spectator acting or switching the chat), the rematch offer and the rematch, and a late
spectator's chat history. Every frame any of these sockets received is validated (by
``jsonschema_rs``, a validator of the published document itself, not of the Python types
it came from); so is each message the clients sent, against the client half. The negative
checks show that the schema is closed and typed: an unknown key at any depth, a wrong type,
a view under another game's name or an unknown error code fails.
"""

from __future__ import annotations

import asyncio
import copy
import importlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import jsonschema_rs
import pytest
from websockets.asyncio.client import connect

from kingscourt.engine.registry import GAMES

from .harness import Server, act, decision, run

#: seat 0 holds all 13 diamonds (2♦ included: it chooses first), the others one suit each:
#: naming diamonds as trumps it makes King in the first deal, which ends the game
KING_DEAL = ["AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
             "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]
HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
#: per game: the seats after the two humans, the creation's extras, the connections' language
TABLES: dict[str, tuple[list[dict[str, Any]], dict[str, Any], str]] = {
    "king": ([{"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "random"}],
             {"rules": {"king_ends_game": True}, "seed": 5, "setup": {"deal": KING_DEAL}}, "de"),
    "kukakoenig": ([{"kind": "bot", "level": "basic"}], {"seed": 3}, "en"),
    "uchokrola": ([{"kind": "bot", "level": "random"}], {"seed": 7}, "pl"),
}
#: every kind of message a table's sockets must have seen
KINDS = {"state", "error", "chat", "chat-history", "chat-settings", "rematch-offer", "rematch"}
TIMEOUT = 240.0


def chat(text: str, **extra: Any) -> str:
    return json.dumps({"type": "chat", "text": text, **extra})


def switch(open_: bool) -> str:
    return json.dumps({"type": "spectator-chat", "open": open_})


@dataclass
class Client:
    """One socket at the table: what it sends once its first state came, what it received."""

    url: str
    rng: random.Random
    first: list[str] = field(default_factory=list)
    received: list[dict[str, Any]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    over: asyncio.Event = field(default_factory=asyncio.Event)

    def saw(self, kind: str) -> bool:
        return any(m["type"] == kind for m in self.received)

    async def play(self, done: asyncio.Event) -> None:
        """Reads every frame until ``done``; a seat answers each of its decisions."""
        acted: Any = None
        async with connect(self.url, max_size=None) as ws:
            async def send(text: str) -> None:
                self.sent.append(text)
                await ws.send(text)

            while not done.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.2)
                except TimeoutError:
                    continue
                msg: dict[str, Any] = json.loads(raw)
                self.received.append(msg)
                if msg["type"] != "state":
                    continue
                for text in self.first:
                    await send(text)
                self.first = []
                view = msg["view"]
                if view["over"]:
                    self.over.set()
                    continue
                key = decision(view, msg["version"])
                if view["legal"] and key != acted:
                    acted = key
                    legal = view["legal"]
                    choice = ("choose trump D" if "choose trump D" in legal
                              else self.rng.choice(legal))
                    await send(act(choice, msg["version"]))


async def until(test: Callable[[], bool], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


def ws_url(server: Server, table: str, token: str | None, lang: str) -> str:
    url = server.ws(table, token)
    return url + ("&" if "?" in url else "?") + f"lang={lang}"


async def a_table(server: Server, game: str) -> list[Client]:
    """A game of ``game`` from creation to rematch; every socket that was at the table."""
    others, extra, lang = TABLES[game]
    t = server.create(game, [*HUMANS, *others], **extra)
    tokens = [s["token"] for s in t["seats"] if s.get("token")]
    assert len(tokens) == 2, t
    host, guest = (Client(ws_url(server, t["id"], token, lang), random.Random(f"{game}/{i}"))
                   for i, token in enumerate(tokens))
    host.first = [chat("Good luck!"), "not json", act("no such action", 0),
                  switch(False), switch(True)]
    guest.first = [chat("Viel Glück")]
    spectator = Client(ws_url(server, t["id"], None, lang), random.Random(0),
                       first=[chat("Hi from the rail", name="Rail"), act("pass", 0), switch(False)])
    seats = [host, guest, spectator]
    done = asyncio.Event()
    tasks = [asyncio.create_task(c.play(done)) for c in seats]
    try:
        await asyncio.wait_for(asyncio.gather(*(c.over.wait() for c in seats)), TIMEOUT)
        for token in tokens:  # both humans play again; the bots accept at once
            r = await asyncio.to_thread(server.post, f"/api/tables/{t['id']}/rematch",
                                        {"token": token})
            assert r.status_code == 200, r.text
        await until(lambda: host.saw("rematch") and guest.saw("rematch")
                    and spectator.saw("rematch-offer"), "the rematch")
        # a spectator arriving late: the state, the chat so far, the rematch offer
        late = Client(ws_url(server, t["id"], None, lang), random.Random(1))
        tasks.append(asyncio.create_task(late.play(done)))
        await until(lambda: late.saw("chat-history") and late.saw("rematch-offer"),
                    "the late spectator's history")
    finally:
        done.set()
        await asyncio.gather(*tasks)
    return [*seats, late]


@pytest.fixture(scope="module")
def schema(seeded_server: Server) -> dict[str, Any]:
    r = seeded_server.get("/api/wire")
    assert r.status_code == 200, r.text
    doc: dict[str, Any] = r.json()
    return doc


def validator(doc: dict[str, Any], part: str) -> Any:
    """A validator of ``$defs/part`` of the published document."""
    return jsonschema_rs.validator_for({"$schema": doc["$schema"], "$defs": doc["$defs"],
                                        "$ref": f"#/$defs/{part}"})


@pytest.fixture(scope="module")
def recorded(seeded_server: Server) -> dict[str, list[Client]]:
    """Each game's table, played once for the module's tests."""
    async def every_game() -> dict[str, list[Client]]:
        return {game: await a_table(seeded_server, game) for game in GAMES}

    out: dict[str, list[Client]] = run(every_game())
    return out


def test_the_schema_is_a_json_schema_of_both_directions(schema: dict[str, Any]) -> None:
    jsonschema_rs.meta.validate(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    defs = schema["$defs"]
    assert {"ServerMessage", "ClientMessage", "StateMessage"} <= set(defs)
    mapping = defs["ServerMessage"]["discriminator"]["mapping"]
    assert set(mapping) == KINDS
    assert set(defs["ClientMessage"]["discriminator"]["mapping"]) == {"act", "chat",
                                                                      "spectator-chat"}
    # one state message per game of the registry, its view's game a constant
    games = set()
    for one in defs["StateMessage"]["oneOf"]:
        view = defs[one["$ref"].rsplit("/", 1)[-1]]["properties"]["view"]["$ref"]
        games.add(defs[view.rsplit("/", 1)[-1]]["properties"]["game"]["const"])
    assert games == set(GAMES)


def test_every_message_the_server_sent_validates(schema: dict[str, Any],
                                                 recorded: dict[str, list[Client]]) -> None:
    server_side, client_side = validator(schema, "ServerMessage"), validator(schema,
                                                                              "ClientMessage")
    kinds: set[str] = set()
    for game, clients in recorded.items():
        states = [m for c in clients for m in c.received if m["type"] == "state"]
        assert {m["view"]["game"] for m in states} == {game}
        assert any(m["results"] for m in states), f"{game}: no final state with results"
        for c in clients:
            assert c.received, f"{game}: a socket received nothing"
            for m in c.received:
                errors = [f"{e.instance_path}: {e.message}"[:300]
                          for e in server_side.iter_errors(m)]
                assert not errors, f"{game}, {m['type']} message: {errors[:5]}"
                kinds.add(m["type"])
            for text in c.sent:
                if text != "not json" and "no such action" not in text and '"pass"' not in text:
                    assert client_side.is_valid(json.loads(text)), text
    assert kinds == KINDS, f"not seen: {KINDS - kinds}"
    assert sum(len(c.received) for cs in recorded.values() for c in cs) > 100


def _first(recorded: dict[str, list[Client]], game: str, test: Callable[[dict[str, Any]], bool],
           ) -> dict[str, Any]:
    for c in recorded[game]:
        for m in c.received:
            if test(m):
                return copy.deepcopy(m)
    raise AssertionError(f"{game}: no such message")


def _seat_state(m: dict[str, Any]) -> bool:
    return m["type"] == "state" and m["seat"] is not None and bool(m["view"]["legal"])


def test_the_schema_refuses_unknown_keys_and_wrong_types(schema: dict[str, Any],
                                                         recorded: dict[str, list[Client]],
                                                         ) -> None:
    check = validator(schema, "ServerMessage")
    king = _first(recorded, "king", lambda m: _seat_state(m) and bool(m["view"]["trick"]["cards"]))
    kkk = _first(recorded, "kukakoenig", lambda m: _seat_state(m) and bool(m["view"]["log"]))
    ucho = _first(recorded, "uchokrola", _seat_state)
    final = _first(recorded, "king", lambda m: m["type"] == "state" and bool(m["results"]))
    said = _first(recorded, "king", lambda m: m["type"] == "chat")
    refused = _first(recorded, "king", lambda m: m["type"] == "error")
    for good in (king, kkk, ucho, final, said, refused):
        assert check.is_valid(good), good

    def spoilt(message: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> bool:
        bad = copy.deepcopy(message)
        change(bad)
        return not check.is_valid(bad)

    mutations: list[tuple[dict[str, Any], Callable[[dict[str, Any]], object]]] = [
        # unknown keys, at every depth
        (king, lambda m: m.update(extra=1)),
        (king, lambda m: m["view"].update(extra=1)),
        (king, lambda m: m["view"]["trick"].update(extra=1)),
        (king, lambda m: m["view"]["rules"].update(extra=True)),
        (king, lambda m: m["seats"][0].update(extra=1)),
        (kkk, lambda m: m["view"]["log"][0].update(extra=1)),
        (ucho, lambda m: m["view"]["flags"].update(extra=1)),
        (final, lambda m: m["results"][0].update(extra=1)),
        (said, lambda m: m.update(extra=1)),
        (refused, lambda m: m.update(extra=1)),
        # wrong types and values
        (king, lambda m: m.update(version="13")),
        (king, lambda m: m["view"].update(hand_sizes=["13", 13, 13, 13])),
        (king, lambda m: m["view"].update(phase="bidding")),
        (king, lambda m: m["view"]["rules"].update(must_beat="sometimes")),
        (kkk, lambda m: m["view"].update(my_pick="2")),
        (kkk, lambda m: m["view"]["log"][0].update(kind="fireworks")),
        (ucho, lambda m: m["view"].update(prestige="hidden")),
        (final, lambda m: m["results"][0].update(king_points="1")),
        (refused, lambda m: m.update(code="no-such-code")),
        (said, lambda m: m.update(seat="1")),
        # a missing key, a view under another game's name, an unknown message
        (king, lambda m: m["view"].pop("legal")),
        (king, lambda m: m["view"].update(game="kukakoenig")),
        (ucho, lambda m: m["view"].update(game="king")),
        (said, lambda m: m.update(type="shout")),
    ]
    kept = [i for i, (message, change) in enumerate(mutations) if not spoilt(message, change)]
    assert kept == [], f"mutations the schema accepts: {kept}"


#: table rules beside the defaults, so that the views of variants are checked too, and each
#: game's open replay view type (its ``view.open_view``)
VARIANTS: dict[str, tuple[list[dict[str, Any]], str]] = {
    "king": ([{}, {"choice_limit": "free", "short_game": True}], "KingOpenView"),
    "kukakoenig": ([{}], "KukakoenigOpenView"),
    "uchokrola": ([{}, {"teams": "pairs", "open": True, "favourite": True}], "UchoOpenView"),
}


def test_every_view_of_random_games_validates_in_process() -> None:
    """Without a server: every seat's view and the spectator's at every step of seeded random
    games (table rules varied), as the state message sends them, against the same document
    the server publishes; and each game's open replay view against its own closed type."""
    from pydantic import TypeAdapter

    from kingscourt.engine.registry import load_game
    from kingscourt.server.api.protocol import close, wire_schema
    from kingscourt.server.base.wire import StateMessage

    check = validator(wire_schema(), "ServerMessage")
    assert set(VARIANTS) == set(GAMES)
    for name, (variants, open_type) in VARIANTS.items():
        views = importlib.import_module(f"{GAMES[name]}.view")
        open_schema = TypeAdapter(getattr(importlib.import_module(f"{GAMES[name]}.view_types"),
                                          open_type)).json_schema()
        close(open_schema)
        opened = jsonschema_rs.validator_for(open_schema)
        for i, rules in enumerate(variants):
            state = load_game(name, **rules).new_state(players=3 + (name != "kukakoenig"), seed=i)
            rng = random.Random(i)
            for step in range(300):
                for seat in [None, *range(state.num_players)]:
                    text = StateMessage(
                        version=step, seat=seat, view=state.view(seat),
                        results=state.results() if state.is_over() else None,
                    ).model_dump_json()
                    errors = [f"{e.instance_path}: {e.message}"[:300]
                              for e in check.iter_errors(json.loads(text))]
                    assert not errors, f"{name} {rules} step {step} seat {seat}: {errors[:5]}"
                if state.is_over():
                    break
                mover = state.to_move()[0]
                state.apply(mover, rng.choice(state.legal_actions(mover)))
            replay = json.loads(json.dumps(views.open_view(state)))
            assert opened.is_valid(replay), f"{name} {rules}: the open view"
