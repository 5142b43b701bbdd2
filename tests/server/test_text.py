"""Bad text is a 422, never a 500 (on SQLite and PostgreSQL, which refuses NUL in text), and
names are clean: NFC, 1 to 24 characters, no control characters, not a bot's."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from .harness import Server

BOTS3 = [{"kind": "bot", "level": "random"}] * 3


def create_raw(server: Server, body: str) -> httpx.Response:
    """POST a JSON text as it is (a lone surrogate survives only as a JSON escape)."""
    return httpx.post(f"{server.http}/api/tables", content=body.encode(), timeout=10,
                      headers={"content-type": "application/json"})


def open_table(server: Server) -> dict[str, Any]:
    return server.create("king", [{"kind": "human", "open": True}, {"kind": "human"}, *BOTS3[:2]])


def refused(r: httpx.Response, field: str) -> str:
    assert r.status_code == 422, (r.status_code, r.text)
    detail: str = r.json()["detail"]
    assert isinstance(detail, str) and field in detail, detail
    return detail


def refused_everywhere(server: Server, name: str) -> dict[str, Any]:
    """``name`` refused as a 422 naming the field wherever a name is given: creating a table,
    taking an open seat, joining by invitation. Returns the open table it tried."""
    seats = [{"kind": "human", "name": name}, *BOTS3]
    refused(server.post("/api/tables", {"game": "king", "seats": seats}), "seats.0.name")
    t = open_table(server)
    refused(server.post(f"/api/tables/{t['id']}/seats/0", {"name": name}), "name")
    invite = t["seats"][1]["invite"]
    refused(server.post(f"/api/tables/{t['id']}/join", {"invite": invite, "name": name}), "name")
    return t


@pytest.mark.parametrize("name", [
    "a\x00b", "a\tb", "line\nbreak", "\x7f", "right\u202eleft", "a\u2028b", "x" * 25, "", "   ",
])
def test_bad_names_are_refused_naming_the_field(server: Server, name: str) -> None:
    t = refused_everywhere(server, name)
    # nothing was taken: both seats are still free
    assert server.get(f"/api/tables/{t['id']}").json()["free_seats"] == [0, 1]


def test_nul_never_reaches_the_database(server: Server) -> None:
    # PostgreSQL refuses NUL in text: these were 500s there
    refused(server.get("/api/players/a%00b"), "name")
    assert server.get("/api/tables/a%00b").status_code == 404
    assert server.get("/api/tables/a%00b/record").status_code == 404
    t = open_table(server)
    refused(server.post(f"/api/tables/{t['id']}/seats/0", {"name": "a\x00b"}), "name")
    r = server.post(f"/api/tables/{t['id']}/join", {"invite": "a\x00b", "name": "Nul"})
    assert r.status_code == 403


def test_a_lone_surrogate_is_refused_and_not_echoed(server: Server) -> None:
    body = ('{"game": "king", "seats": [{"kind": "human", "name": "bad \\ud800 name"}, '
            '{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}, '
            '{"kind": "bot", "level": "random"}]}')
    detail = refused(create_raw(server, body), "seats.0.name")
    assert "surrogate" in detail and "bad" not in detail
    # as an unknown key too: the refusal shows it replaced
    r = create_raw(server, '{"game": "king", "seats": [], "\\udfff": 1}')
    assert r.status_code == 422 and "\udfff" not in r.json()["detail"]
    t = open_table(server)
    r = httpx.post(f"{server.http}/api/tables/{t['id']}/seats/0", timeout=10,
                   content=b'{"name": "\\udc00"}', headers={"content-type": "application/json"})
    refused(r, "name")
    # invalid UTF-8 in a path is not a surrogate either: no table, no player
    assert server.get("/api/tables/%ED%A0%80").status_code == 404
    assert server.get("/api/players/%ED%A0%80").status_code == 404


def test_names_are_nfc_and_trimmed(server: Server) -> None:
    t = open_table(server)
    r = server.post(f"/api/tables/{t['id']}/seats/0", {"name": "  Zoe\u0301  "})
    assert r.status_code == 200 and r.json()["name"] == "Zo\u00e9"
    assert server.get(f"/api/tables/{t['id']}").json()["seats"][0]["name"] == "Zo\u00e9"
    # 24 characters after NFC (25 code points before it) fit
    r = server.post(f"/api/tables/{t['id']}/join",
                    {"invite": t["seats"][1]["invite"], "name": "e\u0301" + "x" * 23})
    assert r.status_code == 200 and len(r.json()["name"]) == 24


@pytest.mark.parametrize("name", ["Bot (basic)", "bot(strong)", "BOT  ( random )",
                                  "\uff22\uff4f\uff54 (basic)", "Bot (someday)"])
def test_bot_names_are_reserved(server: Server, name: str) -> None:
    refused_everywhere(server, name)
    # a bot plays under its level's name only
    seats = [{"kind": "bot", "level": "basic", "name": "Ada"}, *BOTS3]
    refused(server.post("/api/tables", {"game": "king", "seats": seats}), "seats.0")


@pytest.mark.slow
def test_bot_statistics_stay_apart(server: Server) -> None:
    seats = [{"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "random"},
             {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"}]
    t = server.create("king", seats)
    deadline = time.monotonic() + 90
    while server.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    before = server.get("/api/players/Bot (basic)").json()
    assert before["kind"] == "bot" and before["games"] >= 2
    # a person who called themselves "Bot (basic)" before names were reserved: a row of theirs
    engine = create_engine(server.db_url)
    with engine.begin() as c:
        c.execute(text("INSERT INTO player_results (table_id, seat, name, kind, game, score, won, "
                       "stats) VALUES (:t, 9, 'Bot (basic)', 'human', 'king', 999, :won, "
                       "'{\"kings\": 0, \"king_points\": 99}')"), {"t": t["id"], "won": True})
    engine.dispose()
    after = server.get("/api/players/Bot (basic)").json()
    assert (after["games"], after["wins"], after["king_points"]) == (
        before["games"], before["wins"], before["king_points"])
    board = server.get("/api/leaderboard?limit=500").json()
    mine = [(e["name"], e["kind"]) for e in board if e["name"].startswith("Bot (")]
    assert ("Bot (basic)", "bot") in mine and ("Bot (random)", "bot") in mine
    assert ("Bot (basic)", "human") in mine  # the person's own entry, never merged
    assert len(mine) == len(set(mine))
