"""Each game's own browser modules, served read-only at ``/games/<game>/<file>`` from
``kingscourt/games/<game>/web/`` (only ``.js`` and ``.css`` files there, nothing else of the
game's package), and the addresses ``/api/games`` gives the client. No browser needed."""

from __future__ import annotations

from pathlib import Path

from .conftest import WebServer

GAMES = Path(__file__).resolve().parents[2] / "kingscourt" / "games"


def test_api_games_names_each_games_own_modules(web_server: WebServer) -> None:
    games = web_server.get("/api/games").json()
    assert games
    for g in games:
        assert g["board"] == f"/games/{g['name']}/board.js"
        assert g["summary"] in (None, f"/games/{g['name']}/summary.js")
        assert g["min_players"] <= g["default_players"] <= g["max_players"]
        assert set(g["looks"]) <= {"fourColour", "autoPlay"}
        assert g["confirm_words"]
        for url in filter(None, (g["board"], g["summary"])):
            r = web_server.get(url)
            assert r.status_code == 200, url
            assert r.headers["content-type"].startswith("text/javascript")
            assert "export function" in r.text
        assert "content-security-policy" in web_server.get(g["board"]).headers


def test_every_file_of_a_games_web_folder_is_served_and_nothing_else(
        web_server: WebServer) -> None:
    names = {g["name"] for g in web_server.get("/api/games").json()}
    served = 0
    for game in names:
        for path in sorted((GAMES / game / "web").iterdir()):
            r = web_server.get(f"/games/{game}/{path.name}")
            if path.suffix in (".js", ".css"):
                assert r.status_code == 200, path
                assert r.content == path.read_bytes()
                served += 1
            else:
                assert r.status_code == 404, path
    assert served >= 2 * len(names)
    game = sorted(names)[0]
    for wrong in (f"/games/{game}/manifest.py", f"/games/{game}/__init__.py",
                  f"/games/{game}/web", f"/games/{game}/../manifest.py",
                  f"/games/{game}/%2e%2e%2fmanifest.py", f"/games/{game}/web/board.js",
                  f"/games/{game}/no_such.js", f"/games/{game}/Board.JS", "/games/chess/board.js",
                  f"/games/{game}/board.js.map"):
        assert web_server.get(wrong).status_code == 404, wrong


def test_the_page_preloads_the_games_modules(web_server: WebServer) -> None:
    page = web_server.get("/")
    preload = [part.split(">")[0].lstrip(" <") for part in page.headers["link"].split(",")]
    for g in web_server.get("/api/games").json():
        assert g["board"] in preload
    assert all(web_server.get(path).status_code == 200 for path in preload)
