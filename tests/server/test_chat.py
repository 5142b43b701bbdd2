"""Table chat against a real server on SQLite and PostgreSQL: messages reach every seat and
spectator with the writer's seat and name; bad, long and control-character messages are
refused (``bad-message``), a fast writer is ``rate-limited``; the host closes and reopens
spectator chat; the recent messages come back on reconnecting, after a restart (``kill -9``)
and after the game is over, at most ``--chat-keep`` of them kept."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from websockets.asyncio.client import ClientConnection, connect

from kingscourt.server.store.store import MIGRATIONS, make_engine, secret_hash

from .harness import SeatLog, Server, play_seat, recv_until, run

#: the host, a friend who joins, a seat still free (the table waits: nothing moves) and a bot
PARTY = [{"kind": "human", "name": "Ada"}, {"kind": "human"}, {"kind": "human"},
         {"kind": "bot", "level": "basic"}]
CHATTY = ("chat", "chat-settings", "error")


def party(server: Server) -> tuple[str, str, str]:
    """A waiting King table: (id, Ada's token at seat 0, Bea's token at seat 1)."""
    t = server.create("king", PARTY)
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": t["seats"][1]["invite"], "name": "Bea"})
    assert r.status_code == 200, r.text
    return t["id"], t["seats"][0]["token"], r.json()["token"]


def say(text: Any, **extra: Any) -> str:
    return json.dumps({"type": "chat", "text": text, **extra})


def switch(open_: Any) -> str:
    return json.dumps({"type": "spectator-chat", "open": open_})


async def history(ws: ClientConnection) -> dict[str, Any]:
    """The chat history a connection gets after its first state."""
    state = await recv_until(ws, lambda m: m["type"] in ("state", "chat-history"), 10)
    assert state["type"] == "state", "the state comes first"
    return await recv_until(ws, lambda m: m["type"] == "chat-history", 10)


async def opened(ws: ClientConnection) -> None:
    """The first state of a connection to a table without chat (it gets no history)."""
    assert (await recv_until(ws, lambda m: True, 10))["type"] == "state"


async def heard(ws: ClientConnection) -> dict[str, Any]:
    """The next chat, chat-settings or error message (states are skipped)."""
    return await recv_until(ws, lambda m: m["type"] in CHATTY, 10)


def texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in messages]


def test_a_message_reaches_seats_and_spectators(server: Server) -> None:
    table, ada, bea = party(server)

    async def talk() -> None:
        async with connect(server.ws(table, ada)) as a, connect(server.ws(table, bea)) as b, \
                connect(server.ws(table)) as s:
            for ws in (a, b, s):  # nothing said yet: no history, only the state
                await opened(ws)
            await a.send(say("  Good luck!  "))
            for ws in (a, b, s):
                m = await heard(ws)
                assert (m["type"], m["seat"], m["name"], m["text"]) == ("chat", 0, "Ada", "Good luck!")
                assert datetime.fromisoformat(m["at"]).tzinfo is not None
            # NFC: e + combining acute is é; a seat's "name" is not its own to choose
            await b.send(say("Cafe\u0301 👍", name="Mallory"))
            for ws in (a, b, s):
                m = await heard(ws)
                assert (m["seat"], m["name"], m["text"]) == (1, "Bea", "Café 👍")
            await s.send(say("Go Ada!", name="Sam"))
            await s.send(say("hello"))
            for ws in (a, b, s):
                named, plain = await heard(ws), await heard(ws)
                assert (named["seat"], named["name"], named["text"]) == (None, "Sam", "Go Ada!")
                assert (plain["seat"], plain["name"], plain["text"]) == (None, "Spectator", "hello")

    run(talk())


def test_a_spectator_names_itself(server: Server) -> None:
    table, ada, _ = party(server)

    async def talk() -> tuple[dict[str, Any], dict[str, Any]]:
        async with connect(server.ws(table, ada)) as a, connect(server.ws(table)) as s:
            await opened(a)
            await opened(s)
            await s.send(say("Bot (basic) speaking", name="Bot (basic)"))  # a bot's name: refused
            refused = await heard(s)
            await s.send(say("Go Ada!", name="  Sam "))
            return refused, await heard(a)

    refused, m = run(talk())
    assert (refused["code"], refused["rule"]) == ("bad-message", "chat-shape"), refused
    assert (m["seat"], m["name"], m["text"]) == (None, "Sam", "Go Ada!")


def test_bad_messages_are_refused_and_not_sent(server: Server) -> None:
    table, ada, bea = party(server)
    decomposed = "e\u0301" * 300  # 600 code points, 300 characters once NFC-normalised
    bad: list[tuple[str, str]] = [
        (say("x" * 301), "chat-too-long"),
        (say(" " + "y" * 300 + "z"), "chat-too-long"),
        (say("a\x00b"), "chat-control"),
        (say("line\nbreak"), "chat-control"),
        (say("tab\there"), "chat-control"),
        (say("\u202eevil"), "chat-control"),
        (say("a\u2028b"), "chat-control"),
        (say("   "), "chat-empty"),
        (say(""), "chat-empty"),
        (say(5), "chat-shape"),
        (say(["a"]), "chat-shape"),
        (json.dumps({"type": "chat"}), "chat-shape"),
        (say("hi", extra=1), "chat-shape"),
    ]

    async def talk() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        async with connect(server.ws(table, ada)) as a, connect(server.ws(table, bea)) as b:
            await opened(a)
            await opened(b)
            answers = []
            for text, _ in bad:
                await a.send(text)
                answers.append(await heard(a))
            await a.send(say("\t " + "y" * 300 + " \n"))  # trimmed to 300: fine
            await a.send(say(decomposed))
            await a.send(say("👨‍👩‍👧 ok"))  # a family emoji: joiners are text
            got = [await heard(b) for _ in range(3)]
            return answers, got

    answers, got = run(talk())
    for (text, rule), answer in zip(bad, answers, strict=True):
        assert answer["type"] == "error", (text, answer)
        assert (answer["code"], answer["rule"]) == ("bad-message", rule), (text, answer)
        assert answer["message"] and len(answer["message"]) < 400
    assert "301" in answers[0]["message"]
    # none of the refused ones reached Bea: her first three are the three good ones
    assert texts(got) == ["y" * 300, "\u00e9" * 300, "👨‍👩‍👧 ok"]


def test_a_fast_writer_is_rate_limited(server: Server) -> None:
    table, ada, bea = party(server)

    async def talk() -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        async with connect(server.ws(table, ada)) as a, connect(server.ws(table, bea)) as b:
            await opened(a)
            await opened(b)
            for i in range(6):
                await a.send(say(f"spam {i}"))
            mine = [await heard(a) for _ in range(6)]
            got = [await heard(b) for _ in range(5)]
            # the limit is per seat: Bea still writes
            await b.send(say("calm down"))
            return mine, got, await heard(a)

    mine, got, calm = run(talk())
    assert [m["type"] for m in mine] == ["chat"] * 5 + ["error"]
    assert mine[-1]["code"] == "rate-limited" and "5" in mine[-1]["message"], mine[-1]
    assert texts(got) == [f"spam {i}" for i in range(5)]
    assert (calm["name"], calm["text"]) == ("Bea", "calm down")


def test_the_host_closes_spectator_chat(server: Server) -> None:
    table, ada, bea = party(server)

    async def talk() -> None:
        async with connect(server.ws(table, ada)) as a, connect(server.ws(table, bea)) as b, \
                connect(server.ws(table)) as s:
            for ws in (a, b, s):
                await opened(ws)
            for ws in (b, s):  # a guest and a spectator are no host
                await ws.send(switch(False))
                refused = await heard(ws)
                assert refused["code"] == "not-host" and "seat 1" in refused["message"], refused
            await a.send(switch("no"))
            refused = await heard(a)
            assert (refused["code"], refused["rule"]) == ("bad-message", "chat-shape"), refused
            await a.send(switch(False))
            for ws in (a, b, s):
                assert await heard(ws) == {"type": "chat-settings", "spectators": False}
            await s.send(say("let me talk"))
            refused = await heard(s)
            assert (refused["code"], refused["rule"]) == ("bad-message", "chat-closed"), refused
            await a.send(say("players only"))
            for ws in (a, b, s):  # the spectator's message never came; spectators still read
                m = await heard(ws)
                assert (m["name"], m["text"]) == ("Ada", "players only")
            async with connect(server.ws(table)) as late:
                assert (await history(late))["spectators"] is False
            await a.send(switch(True))
            for ws in (a, b, s):
                assert await heard(ws) == {"type": "chat-settings", "spectators": True}
            await s.send(say("thanks"))
            m = await heard(a)
            assert (m["seat"], m["text"]) == (None, "thanks")

    run(talk())


def test_history_on_reconnect(server: Server) -> None:
    table, ada, bea = party(server)

    async def write() -> None:
        async with connect(server.ws(table, ada)) as a, connect(server.ws(table)) as s:
            await opened(a)
            await opened(s)
            for text in ("one", "two"):
                await a.send(say(text))
                await heard(a)
            await s.send(say("three", name="Sam"))
            await heard(a)

    async def back() -> dict[str, Any]:
        async with connect(server.ws(table, bea)) as b:
            return await history(b)

    run(write())
    again = run(back())
    assert texts(again["messages"]) == ["one", "two", "three"]
    assert [(m["seat"], m["name"]) for m in again["messages"]] == [(0, "Ada"), (0, "Ada"), (None, "Sam")]
    stamps = [datetime.fromisoformat(m["at"]) for m in again["messages"]]
    assert stamps == sorted(stamps)


@pytest.mark.slow
def test_history_survives_a_restart_and_is_bounded(db_url_factory: Callable[[], str],
                                                   tmp_path: Path) -> None:
    # six writes of one seat: its five messages and the switch
    server = Server(db_url_factory(), tmp_path / "server.log",
                    options=("--chat-keep", "3", "--chat-rate", "6/10 seconds")).start()
    try:
        table, ada, _ = party(server)

        async def write() -> None:
            async with connect(server.ws(table, ada)) as a:
                await opened(a)
                for i in range(5):
                    await a.send(say(f"m{i}"))
                    assert (await heard(a))["text"] == f"m{i}"
            async with connect(server.ws(table, ada)) as a:
                await history(a)
                await a.send(switch(False))
                assert (await heard(a))["type"] == "chat-settings"

        run(write())
        server.kill()
        server.start()

        async def back() -> dict[str, Any]:
            async with connect(server.ws(table)) as s:
                return await history(s)

        again = run(back())
        # only the 3 newest are kept; the host's switch is kept too
        assert texts(again["messages"]) == ["m2", "m3", "m4"]
        assert again["spectators"] is False
    finally:
        server.stop()


def test_chat_after_the_game_is_over(server: Server) -> None:
    t = server.create("uchokrola", [{"kind": "human", "name": "Hal"},
                                    {"kind": "bot", "level": "random"},
                                    {"kind": "bot", "level": "random"}])
    token = t["seats"][0]["token"]
    run(play_seat(server.ws(t["id"], token), SeatLog(0), random.Random(3), timeout=90))
    assert server.get(f"/api/tables/{t['id']}").json()["status"] == "over"

    async def well_played() -> dict[str, Any]:
        async with connect(server.ws(t["id"], token)) as a:
            await opened(a)
            await a.send(say("Well played"))
            return await heard(a)

    m = run(well_played())
    assert (m["type"], m["seat"], m["name"], m["text"]) == ("chat", 0, "Hal", "Well played")

    async def later() -> dict[str, Any]:
        # nobody watched the finished table meanwhile: it is read back from the database
        await asyncio.sleep(0.1)
        async with connect(server.ws(t["id"])) as s:
            return await history(s)

    assert texts(run(later())["messages"]) == ["Well played"]


def test_the_wire_document_names_the_chat_messages(server: Server) -> None:
    defs = server.get("/api/wire").json()["$defs"]
    sent = defs["ClientMessage"]["discriminator"]["mapping"]
    assert {"chat": "#/$defs/ChatIn", "spectator-chat": "#/$defs/SpectatorChatIn"}.items() <= sent.items()
    received = defs["ServerMessage"]["discriminator"]["mapping"]
    assert {"chat": "#/$defs/ChatOut", "chat-history": "#/$defs/ChatHistory",
            "chat-settings": "#/$defs/ChatSettings"}.items() <= received.items()
    assert set(defs["ChatOut"]["properties"]) == {"type", "seat", "name", "text", "at"}
    assert "act" in sent and "state" in received  # the play messages are still there


def _migrate(url: str, target: str, down: bool = False) -> None:
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(cfg, target)
    engine.dispose()


def _count(url: str, sql: str) -> int:
    engine = make_engine(url)
    with engine.connect() as c:
        n = int(c.execute(sa.text(sql)).scalar_one())
    engine.dispose()
    return n


@pytest.mark.slow
def test_a_table_from_before_the_chat_keeps_its_seats(db_url_factory: Callable[[], str],
                                                      tmp_path: Path) -> None:
    """A database at revision 0004: the upgrade to 0005 adds the chat and loses nothing (its
    seats and actions stay: no copy of ``tables`` cascades), and the downgrade neither."""
    url = db_url_factory()
    _migrate(url, "0004")
    engine = make_engine(url)
    with engine.begin() as c:
        c.execute(sa.text(
            "INSERT INTO tables (id, game, rules, players, seed, setup, turn_seconds, status, "
            "created_at, host) VALUES ('before', 'kukakoenig', '{}', 2, 42, '{}', NULL, "
            "'open', :at, 0)"), {"at": datetime(2026, 12, 1, tzinfo=UTC)})
        c.execute(sa.text(
            "INSERT INTO seats (table_id, seat, kind, level, token_hash, invite_hash, name, "
            "taken, timeouts, open) VALUES ('before', 0, 'human', NULL, :h, NULL, 'Ada', :yes, "
            "0, :no), ('before', 1, 'bot', 'random', NULL, NULL, 'Bot (random)', :yes, 0, :no)"),
            {"h": secret_hash("ada-token"), "yes": True, "no": False})
    engine.dispose()
    server = Server(url, tmp_path / "server.log").start()
    try:
        async def chat() -> tuple[dict[str, Any], dict[str, Any]]:
            async with connect(server.ws("before", "ada-token")) as a:
                state = await recv_until(a, lambda m: m["type"] == "state")
                await a.send(say("still here"))
                return state, await heard(a)

        state, m = run(chat())
        assert state["seat"] == 0 and len(state["seats"]) == 2
        assert (m["seat"], m["name"], m["text"]) == (0, "Ada", "still here")
    finally:
        server.stop()
    seats = _count(url, "SELECT count(*) FROM seats WHERE table_id = 'before'")
    assert seats == 2
    _migrate(url, "0004", down=True)
    assert _count(url, "SELECT count(*) FROM seats WHERE table_id = 'before'") == 2
