"""No German outside German: what the server answers in English, Turkish and Polish (every
game's entry in /api/games: rules, contracts, cards, sheets; the browser's catalogue; the
first state of a table of each game; a finished game's replay words and seat names) holds no
German word. The games' own names stay as printed (Ku-Ka-König, Ucho Króla), and so does
the count "Ku – Ka – König!"."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from .harness import Server, run

LANGS = ["en", "tr", "pl"]
#: words only German has (none of them an English, Turkish or Polish word)
GERMAN = re.compile(
    r"\b(Stiche?|Trumpf|keine[nrs]?|nicht|Wahllimit|Überstechpflicht|Anbruch|ausspielen|"
    r"Ausspielverbot|Farbe|Kurze|Strafspiele?|Wählender|beendet|Herzkönig|Herz|Spieler|"
    r"und|oder|Karten?|Runde|Zug|Tisch|höher|Buben?|Damen?|Könige)\b|[äßÄ]")
#: the umlauts ö and ü are Turkish too; German outside Turkish
UMLAUT = re.compile(r"[öüÖÜ]")
#: the games' own names and terms, and the languages' own names (the switch), as printed
#: in every language
OWN = re.compile(r"Ku-Ka-König|Ku – Ka – König|König!?|Türkçe|Deutsch")


def german_in(text: str, lang: str) -> str | None:
    plain = OWN.sub("", text)
    found = GERMAN.search(plain)
    if found is None and lang != "tr":
        found = UMLAUT.search(plain)
    return found.group(0) if found else None


def strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v)


def german(data: Any, lang: str) -> list[tuple[str, str]]:
    return [(w, s[:100]) for s in strings(data) if (w := german_in(s, lang)) is not None]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("no-german")
    s = Server(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log").start()
    yield s
    s.stop()


def test_the_detector() -> None:
    assert german_in("keine Stiche", "en") == "keine"
    assert german_in("Wahllimit (choice limit)", "pl") == "Wahllimit"
    assert german_in("Koz (Trumpf)", "tr") == "Trumpf"
    assert german_in("Ku – Ka – König!", "en") is None
    assert german_in("Gözlük ve üzüm", "tr") is None
    assert german_in("Partie rankingowe", "pl") is None


@pytest.mark.parametrize("lang", LANGS)
def test_api_answers_hold_no_german(server: Server, lang: str) -> None:
    h = {"accept-language": lang}
    games = httpx.get(f"{server.http}/api/games", headers=h, timeout=10).json()
    assert german(games, lang) == []
    catalogue = httpx.get(f"{server.http}/api/i18n/{lang}", timeout=10).json()
    assert german(catalogue, lang) == []


def finished(server: Server, game: str, seats: list[dict[str, Any]], **extra: Any) -> str:
    made = server.create(game, seats, **extra)
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{made['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, f"the {game} game did not end"
        time.sleep(0.1)
    return str(made["id"])


def test_views_and_replays_hold_no_german(server: Server) -> None:
    bots = [{"kind": "bot", "level": "random"}]
    tables = {"king": finished(server, "king", bots * 4, seed=3, rules={"short_game": True}),
              "kukakoenig": finished(server, "kukakoenig", bots * 3, seed=3),
              "uchokrola": finished(server, "uchokrola", bots * 3, seed=3)}
    open_tables = {game: server.create(game, [{"kind": "human", "name": "Ola"}] + bots * (
        3 if game == "king" else 2), seed=4)["id"] for game in tables}
    for lang in LANGS:
        for game, table in tables.items():
            replay = server.get(f"/api/tables/{table}/replay",
                                headers={"accept-language": lang}).json()
            assert german(replay, lang) == [], (game, lang)

        async def first_states(lang: str = lang) -> dict[str, Any]:
            out = {}
            for game, table in open_tables.items():
                async with connect(f"{server.ws(table)}?lang={lang}") as ws:
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if msg["type"] == "state":
                            out[game] = msg
                            break
            return out

        for game, state in run(first_states()).items():
            assert german(state, lang) == [], (game, lang)
