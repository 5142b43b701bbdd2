"""No input yields a 500 or a dropped socket: every integer a client sends (REST paths, query
strings, bodies, WebSocket messages) is bounded by the schema and refused with 422 or
``bad-message``; a deeply nested WebSocket message is refused with ``bad-message`` and
nothing is logged; a turn timer has a sane range; any integer formats in every language."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from kingscourt.i18n import LANGUAGES, P_, _
from kingscourt.server.base.config import ServerConfig

from .harness import Server, act, recv_until, run

HUGE = 10**30
BOTS3 = [{"kind": "bot", "level": "random"}] * 3
#: the settings of a server started without options
DEFAULTS = ServerConfig(db_url="sqlite://")


def is_error(m: dict[str, Any]) -> bool:
    return bool(m["type"] == "error")


def is_state(m: dict[str, Any]) -> bool:
    return bool(m["type"] == "state")


def refused(status: int, text: str, where: str = "") -> None:
    assert status == 422, (status, text)
    assert where in json.loads(text)["detail"], text


def log_tail(server: Server, start: int) -> str:
    return server.log.read_bytes()[start:].decode("utf-8", "replace")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_any_integer_formats_in_every_language(lang: str) -> None:
    for n in (HUGE, -HUGE, 10**400, 2**63):
        said = _("n = {n}", n=n).render(lang)
        assert said.startswith("n = ") and "".join(filter(str.isdigit, said)) == str(abs(n))
        assert P_("{n} card", "{n} cards", n, n=n).render(lang)


def test_huge_integers_in_rest_paths_queries_and_bodies_are_422(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "open": True}, *BOTS3])
    start = server.log.stat().st_size
    for seat in (HUGE, -HUGE, 2**63, 8):
        r = server.post(f"/api/tables/{t['id']}/seats/{seat}", {"name": "Ada"})
        refused(r.status_code, r.text, "seat")
    for path, query in (("/api/tables/x/replay", "version"), ("/api/tables/x/replay", "seat"),
                        ("/api/tables/x/analysis", "version=0&seat"),
                        ("/api/tables/x/analysis", "seat=0&version"), ("/api/tables", "limit"),
                        ("/api/leaderboard", "limit"), ("/api/finished", "limit"),
                        ("/api/games/recent", "limit")):
        for n in (HUGE, -HUGE):
            r = server.get(f"{path}?{query}={n}")
            refused(r.status_code, r.text, query.rpartition("&")[2])
    seats = [{"kind": "human", "name": "Ada"}, *BOTS3]
    for body in ({"seed": HUGE}, {"seed": -HUGE}, {"turn_seconds": HUGE},
                 {"turn_seconds": -HUGE}, {"rules": {"must_beat": HUGE}},
                 {"rules": {"must_beat": -HUGE}}, {"seats": [*seats[:3], {"kind": "bot",
                                                                            "level": HUGE}]}):
        r = server.post("/api/tables", {"game": "king", "seats": seats, **body})
        refused(r.status_code, r.text)
    r = server.post("/api/invitations", {"table": t["id"], "seat": HUGE, "name": "Ada"})
    assert r.status_code in (401, 403, 422), r.text
    assert "Traceback" not in log_tail(server, start)


@pytest.fixture(scope="module")
def floored(db_url_factory: Callable[[], str],
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default turn-timer floor (the suite's servers lift it)."""
    s = Server(db_url_factory(), tmp_path_factory.mktemp("log") / "server.log",
               options=("--min-turn-seconds", str(DEFAULTS.min_turn_seconds))).start()
    yield s
    s.stop()


def test_a_turn_timer_has_a_sane_range(floored: Server) -> None:
    assert DEFAULTS.min_turn_seconds == 5
    for seconds in (1e-300, 0.001, 4.9, 86_401, 1e300, -1, 0):
        r = floored.post("/api/tables", {"game": "king", "turn_seconds": seconds,
                                         "seats": [{"kind": "human", "name": "Ada"}, *BOTS3]})
        refused(r.status_code, r.text, "turn_seconds")
    for seconds in (5, 3600):
        t = floored.create("king", [{"kind": "human", "name": "Ada"}, *BOTS3],
                           turn_seconds=seconds)
        assert floored.get(f"/api/tables/{t['id']}").json()["turn_seconds"] == seconds


def test_huge_integers_on_the_socket_are_bad_messages(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": f"P{i}"} for i in range(4)])
    tokens = [s["token"] for s in t["seats"]]
    start = server.log.stat().st_size

    async def scenario() -> None:
        async with connect(server.ws(t["id"], tokens[0])) as ws:
            state = await recv_until(ws, is_state)
            v = state["version"]
            for raw in (act("choose kiz-almaz", HUGE), act("choose kiz-almaz", v, seat=HUGE),
                        act("choose kiz-almaz", v, seat=-HUGE), act("choose kiz-almaz", -HUGE),
                        act("choose kiz-almaz", v, seat=8), act("choose kiz-almaz", 2**63)):
                await ws.send(raw)
                m = await recv_until(ws, is_error)
                assert m["code"] == "bad-message", (raw, m)
            await still_open(ws, v)

    run(scenario())
    assert "Traceback" not in log_tail(server, start)


async def still_open(ws: ClientConnection, version: int) -> None:
    """The connection still reads and answers: a well-formed act by a seat not to move."""
    await ws.send(act("fly away", version))
    m = await recv_until(ws, is_error)
    assert m["code"] in ("not-your-turn", "illegal-action"), m


@pytest.mark.parametrize("kind", ["chat", "act", "spectator-chat"])
def test_deeply_nested_json_is_a_bad_message_and_logs_nothing(server: Server, kind: str) -> None:
    t = server.create("king", [{"kind": "human", "name": f"P{i}"} for i in range(4)])
    tokens = [s["token"] for s in t["seats"]]
    deep = "[" * 3000 + "]" * 3000
    field = {"chat": "text", "act": "action", "spectator-chat": "open"}[kind]
    raw = f'{{"type": "{kind}", "{field}": {deep}}}'
    start = server.log.stat().st_size

    async def scenario() -> None:
        async with connect(server.ws(t["id"], tokens[0])) as ws:
            state = await recv_until(ws, is_state)
            for _i in range(3):
                await ws.send(raw)
                m = await recv_until(ws, is_error)
                assert m["code"] == "bad-message", m
            await still_open(ws, state["version"])
            # a chat message still reaches the table
            await ws.send(json.dumps({"type": "chat", "text": "still here"}))
            m = await recv_until(ws, lambda x: x["type"] in ("chat", "error"))
            assert m["type"] == "chat" and m["text"] == "still here", m

    run(scenario())
    tail = log_tail(server, start)
    assert "Traceback" not in tail and "RecursionError" not in tail, tail[-2000:]
