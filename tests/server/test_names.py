"""Names that cannot pass for another (kingscourt.server.base.names): invisible names and names with
invisible characters are refused, the reserved names (the bots', "Deleted player") are refused
in every look-alike, and an account's name is taken in every look-alike too (the confusables
skeleton, not case folding alone). Emoji-only names and names in any one script stay allowed."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from websockets.asyncio.client import connect

from kingscourt.server.accounts.account_models import name_key
from kingscourt.server.base.names import bot_name, deleted_name, key
from kingscourt.server.store.store import MIGRATIONS

from .harness import Server, recv_until, run

BOTS3 = [{"kind": "bot", "level": "random"}] * 3
#: look-alikes of the reserved names: a zero-width space, a Cyrillic В, е or о, a digit zero,
#: a replay's "Bot 2 (basic)", width, case and spacing
RESERVED = ["Bot\u200b (basic)", "\u0412ot (basic)", "B\u043et (strong)", "B0t (basic)",
            "Bot 2 (basic)", "\u0412\u041e\u0422 (expert)", "Deleted player",
            "D\u0435leted player", "deleted  PLAYER", "Deleted\u00adplayer",
            "\uff24eleted player"]
#: nothing visible: zero-width characters, Hangul fillers, the Braille blank, joiners alone
INVISIBLE = ["\u200b", "\u3164", "\u115f\u1160", "\uffa0", "\u200d", "\u2800",
             "\u200b\u200c\u200d", "\u2060", "\ufeff", "\u3164\u3164\u3164"]
#: something visible, and an invisible character or a direction control in it
HIDDEN = ["A\u200bda", "Ada\u3164", "Ada\u2060", "\u202eAda", "Ada\u202e", "\u2067Ada\u2069",
          "A\ufeffda", "Ada\u00ad"]
#: allowed: emoji only (with joiners, skin tones, a flag of tags), and names in one script
ALLOWED = ["\U0001f600", "\U0001f468\u200d\U0001f469\u200d\U0001f467",
           "\U0001f44d\U0001f3fd", "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063"
           "\U000e0074\U000e007f", "\U0001f0cf\U0001f0a1", "\u2764\ufe0f", "Zo\u00eb",
           "\u00d6mer", "\u0141ucja", "\u0412\u043b\u0430\u0434\u0438\u043c\u0438\u0440",
           "\u0645\u062d\u0645\u062f", "\u0631\u0636\u0627\u200c\u0632\u0627\u062f\u0647",
           "Botanist (x)", "Robot (basic)", "Deleted"]


def refused(r: httpx.Response, status: int = 422, field: str = "") -> str:
    assert r.status_code == status, (r.status_code, r.text)
    detail: str = r.json()["detail"]
    assert field in detail, detail
    return detail


def open_table(server: Server) -> dict[str, Any]:
    return server.create("king", [{"kind": "human", "open": True}, {"kind": "human"}, *BOTS3[:2]])


def refused_everywhere(server: Server, name: str, status: int = 422) -> list[str]:
    """``name`` refused wherever a person names themselves: creating a table, taking an open
    seat, joining by invitation, registering; the refusals' texts."""
    seats = [{"kind": "human", "name": name}, *BOTS3]
    said = [refused(server.post("/api/tables", {"game": "king", "seats": seats}), status)]
    t = open_table(server)
    said.append(refused(server.post(f"/api/tables/{t['id']}/seats/0", {"name": name}), status))
    invite = t["seats"][1]["invite"]
    said.append(refused(server.post(f"/api/tables/{t['id']}/join",
                                    {"invite": invite, "name": name}), status))
    assert server.get(f"/api/tables/{t['id']}").json()["free_seats"] == [0, 1]
    if len(name) >= 3:
        said.append(refused(server.post("/api/accounts", {"name": name,
                                                          "password": "correct horse"}), status))
    return said


# --- the rules, without a server ----------------------------------------------------------------

@pytest.mark.parametrize("name", RESERVED)
def test_the_look_alikes_of_reserved_names_are_reserved(name: str) -> None:
    assert bot_name(name) or deleted_name(name)


def test_look_alikes_have_one_key() -> None:
    assert len({key(n) for n in ("Ada", "ada", "ADA", "\uff21\uff44\uff41", "\u0410da",
                                 "A\u200bda", "Ada", " Ada ")}) == 1
    assert key("Ada  Lovelace") == key("Ada Lovelace")
    assert len({key(n) for n in ("Ada", "Eda", "Adam", "Zoe", "Zo\u00eb")}) == 5
    # a key longer than the column is stored as its hash
    assert len(name_key("\ufdfa" * 24)) <= 128 and name_key("\ufdfa" * 24) != name_key("\ufdfa")


# --- against a server ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", RESERVED)
def test_reserved_names_are_refused_in_every_look_alike(server: Server, name: str) -> None:
    said = refused_everywhere(server, name)
    assert all("Bot (level)" in s or "Deleted player" in s for s in said), said


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_names_are_refused(server: Server, name: str) -> None:
    said = refused_everywhere(server, name)
    assert all("visible" in s for s in said), said


@pytest.mark.parametrize("name", HIDDEN)
def test_names_with_invisible_characters_or_direction_controls_are_refused(
        server: Server, name: str) -> None:
    refused_everywhere(server, name)


@pytest.mark.parametrize("name", ALLOWED)
def test_emoji_and_single_script_names_stay_allowed(server: Server, name: str) -> None:
    t = server.create("king", [{"kind": "human", "name": name}, *BOTS3])
    assert t["seats"][0]["name"] == name


def test_an_accounts_look_alikes_are_taken(server: Server) -> None:
    name = f"Ada{secrets.token_hex(3)}"
    r = server.post("/api/accounts", {"name": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    cyrillic = "\u0410" + name[1:]  # a Cyrillic А
    for other in (cyrillic, name.upper(), name[:1] + "\u200b" + name[1:],
                  "".join(chr(ord(c) + 0xFEE0) for c in name)):  # full width
        # registering it again: taken; a guest playing under it: the account's name (a
        # zero-width space is refused before either)
        hidden = "\u200b" in other
        refused(server.post("/api/accounts", {"name": other, "password": "correct horse"}),
                422 if hidden else 409)
        seats = [{"kind": "human", "name": other}, *BOTS3]
        if hidden:
            refused(server.post("/api/tables", {"game": "king", "seats": seats}), 422)
            continue
        refused(server.post("/api/tables", {"game": "king", "seats": seats}), 409)
        t = open_table(server)
        refused(server.post(f"/api/tables/{t['id']}/seats/0", {"name": other}), 409)
    # the account logs in under a look-alike of its name too (its password decides)
    with httpx.Client(base_url=server.http, timeout=10) as c:
        r = c.post("/api/session", json={"name": cyrillic, "password": "correct horse"})
        assert r.status_code == 200 and r.json()["name"] == name, r.text


def test_a_very_long_key_registers(server: Server) -> None:
    # one character whose compatibility form is 18 characters: 24 of them are 432
    r = server.post("/api/accounts", {"name": "\ufdfa" * 24, "password": "correct horse"})
    assert r.status_code in (201, 409), r.text
    r = server.post("/api/accounts", {"name": "\ufdfa" * 24, "password": "correct horse"})
    refused(r, 409)


def test_a_spectators_chat_name_cannot_pass_for_a_bot(server: Server) -> None:
    t = server.create("king", [{"kind": "human", "name": "Host"}, *BOTS3])

    async def talk() -> list[dict[str, Any]]:
        out = []
        async with connect(server.ws(t["id"])) as ws:
            await recv_until(ws, lambda m: m["type"] == "state")
            for name in ("\u0412ot (basic)", "\u3164", "Deleted player"):
                await ws.send(f'{{"type": "chat", "text": "hi", "name": "{name}"}}')
                out.append(await recv_until(ws, lambda m: m["type"] in ("chat", "error")))
        return out

    for m in run(talk()):
        assert (m["type"], m.get("code"), m.get("rule")) == ("error", "bad-message",
                                                              "chat-shape"), m


# --- the stored keys ----------------------------------------------------------------------------

def _alembic(url: str, fn: Any, revision: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    engine = sa.create_engine(url)
    try:
        with engine.begin() as c:
            cfg.attributes["connection"] = c
            fn(cfg, revision)
    finally:
        engine.dispose()


def test_the_stored_keys_become_skeletons(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'keys.sqlite3'}"
    _alembic(url, command.upgrade, "0019")
    engine = sa.create_engine(url)
    old = [(1, "Ada", "ada"), (2, "\u0410da", "\u0430da"), (3, "B0b", "b0b")]
    with engine.begin() as c:
        for i, name, k in old:
            c.execute(sa.text("INSERT INTO accounts (id, name, name_key, password_hash, "
                              "created_at) VALUES (:i, :n, :k, 'x', '2026-01-01')"),
                      {"i": i, "n": name, "k": k})
    _alembic(url, command.upgrade, "0020")
    with engine.connect() as c:
        keys = dict(c.execute(sa.text("SELECT id, name_key FROM accounts")).all())
    # the older "Ada" takes the key both share; the newer keeps its own; "B0b" is "bob"
    assert keys == {1: name_key("Ada"), 2: "\u0430da", 3: name_key("Bob")}
    _alembic(url, command.downgrade, "0019")
    with engine.connect() as c:
        assert sorted(tuple(r) for r in c.execute(sa.text(
            "SELECT id, name, name_key FROM accounts"))) == old
    engine.dispose()
