"""Replays and the post-game review against a real server: no replay before the end, every
version equal to the engine's own replay, seat views that keep other hands hidden and an open
view that shows them all, refusals that name the problem, the recent games paged."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import kingscourt
from kingscourt import bots
from kingscourt.bots.analysis import Analyst
from kingscourt.games.king.view import open_view as king_open_view
from kingscourt.games.kukakoenig.view import open_view as kukakoenig_open_view
from kingscourt.games.uchokrola.view import open_view as uchokrola_open_view

from .harness import Server

RANDOM = {"kind": "bot", "level": "random"}
BASIC = {"kind": "bot", "level": "basic"}


def finished_game(server: Server, game: str, seats: list[dict[str, Any]], **extra: Any) -> str:
    t = server.create(game, seats, **extra)
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    return str(t["id"])


def plain(value: Any) -> Any:
    """``value`` as it travels (JSON): tuples become lists."""
    return json.loads(json.dumps(value))


def review_of(server: Server, table: str, version: int, seat: int) -> httpx.Response:
    """The review of a decision (the bot may think for seconds)."""
    return httpx.get(f"{server.http}/api/tables/{table}/analysis?version={version}&seat={seat}",
                     timeout=90)


def explains(game: str) -> bool:
    return isinstance(bots.load("strong", kingscourt.load_game(game), seed=0), Analyst)


# --- the open view, in each game's view.py ------------------------------------------------

@pytest.mark.parametrize(("game", "players", "open_view"), [
    ("king", 4, king_open_view), ("kukakoenig", 3, kukakoenig_open_view),
    ("uchokrola", 4, uchokrola_open_view)])
def test_the_open_view_shows_what_every_seat_sees_of_itself(game: str, players: int,
                                                            open_view: Any) -> None:
    import random

    state = kingscourt.load_game(game).new_state(players=players, seed=21)
    rng = random.Random(4)
    checked = 0
    while not state.is_over() and checked < 60:
        full = open_view(state)
        assert full["open"] is True
        for seat in range(players):
            own = state.view(seat)
            if game == "kukakoenig":
                assert full["picks"][seat] == own["my_pick"]
            else:
                assert full["hands"][seat] == own["hand"], (game, seat)
            if game == "uchokrola":
                assert full["prestige"][seat] == own["prestige"][seat]
                assert full["character_choices"][seat] == own["character_options"]
        if game == "king" and full["phase"] == "play":
            held = [c for hand in full["hands"] for c in hand]
            assert len(held) == len(set(held)) == sum(full["hand_sizes"])
            assert len(held) + len(full["played"]) == 52
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        checked += 1
    assert checked >= 20


# --- the REST replay ------------------------------------------------------------------------

def test_no_replay_of_a_live_or_abandoned_game(server: Server) -> None:
    waiting = server.create("king", [{"kind": "human", "name": "Ada"}, {"kind": "human"},
                                     BASIC, BASIC])
    playing = server.create("king", [{"kind": "human", "name": "Ada"}, BASIC, BASIC, BASIC])
    for t in (waiting, playing):
        for path in ("replay", "replay?seat=0&version=0", "analysis?version=0&seat=0"):
            r = server.get(f"/api/tables/{t['id']}/{path}")
            assert r.status_code == 409, r.text
            assert "when the game is over" in r.json()["detail"]
    host = waiting["seats"][0]["token"]
    assert server.post(f"/api/tables/{waiting['id']}/cancel", {"token": host}).status_code == 200
    r = server.get(f"/api/tables/{waiting['id']}/replay")
    assert r.status_code == 409 and "did not finish" in r.json()["detail"]
    assert server.get("/api/tables/no-such-table/replay").status_code == 404
    assert server.get("/api/tables/no-such-table/analysis?version=0&seat=0").status_code == 404
    assert server.get("/api/tables/bad%20id!/replay").status_code == 404
    listed = [g["id"] for g in server.get("/api/games/recent?limit=200").json()]
    assert waiting["id"] not in listed and playing["id"] not in listed


def test_every_version_is_the_engines_own_replay(server: Server) -> None:
    table = finished_game(server, "kukakoenig", [RANDOM, BASIC, RANDOM], seed=11)
    record = server.get(f"/api/tables/{table}/record").json()
    state = kingscourt.replay({**record, "actions": []})
    with httpx.Client(base_url=server.http, timeout=10) as client:
        first = client.get(f"/api/tables/{table}/replay").json()
        last = first["last"]
        assert last == len(record["actions"]) and first["versions"] == last + 1
        assert first["version"] == 0 and first["open"] is True and first["seat"] is None
        steps = first["steps"]
        assert [[s["seat"], s["action"]] for s in steps] == record["actions"]
        assert [s["version"] for s in steps] == list(range(1, last + 1))
        assert {s["actor"] for s in steps} == {"bot"}
        assert steps[0]["words"].startswith(f"Bot {steps[0]['seat'] + 1} (")
        assert f"picks {steps[0]['action']}" in steps[0]["words"]
        assert first["scores"] == server.get(f"/api/tables/{table}").json()["scores"]
        for version in range(last + 1):
            if version:
                seat, action = record["actions"][version - 1]
                state.apply(seat, action)
            for seat in (0, 1, 2, None):
                q = f"version={version}&steps=false" + ("" if seat is None else f"&seat={seat}")
                r = client.get(f"/api/tables/{table}/replay?{q}")
                assert r.status_code == 200, r.text
                got = r.json()
                assert got["steps"] is None and got["version"] == version
                want = kukakoenig_open_view(state) if seat is None else state.view(seat)
                assert got["view"] == plain(want), (version, seat)
    assert state.is_over()


def test_a_king_replay_across_its_checkpoints_hides_and_opens_hands(server: Server) -> None:
    table = finished_game(server, "king", [RANDOM] * 4, seed=5, rules={"short_game": True})
    record = server.get(f"/api/tables/{table}/record").json()
    last = len(record["actions"])
    sample = sorted({0, 1, 2, 31, 32, 33, 63, 64, 65, 200, last - 1, last})
    states = {}
    state = kingscourt.replay({**record, "actions": []})
    for version in range(last + 1):
        if version:
            state.apply(*record["actions"][version - 1])
        if version in sample:
            states[version] = (king_open_view(state), [state.view(s) for s in range(4)])
    with httpx.Client(base_url=server.http, timeout=10) as client:
        for version in sample:
            full = client.get(f"/api/tables/{table}/replay?version={version}&steps=false").json()
            assert full["view"] == plain(states[version][0])
            hands = full["view"]["hands"]
            for seat in range(4):
                mine = client.get(f"/api/tables/{table}/replay?version={version}&seat={seat}"
                                  "&steps=false").json()["view"]
                assert mine == plain(states[version][1][seat])
                assert "hands" not in mine and mine["hand"] == hands[seat]
                others = {c for s in range(4) if s != seat for c in hands[s]}
                # no card another seat holds appears anywhere in this seat's view (the table
                # rules name a card, first_chooser 2D; the last trick may be the last deal's)
                shown = json.dumps({k: v for k, v in mine.items() if k not in ("rules", "last_trick")})
                assert not any(f'"{c}"' in shown for c in others), (version, seat)
        start = client.get(f"/api/tables/{table}/replay?version=1&steps=false").json()["view"]
        assert sorted(c for h in start["hands"] for c in h) == sorted(
            r + s for r in "AKQJT98765432" for s in "SHDC")


def test_uchokrola_open_view_shows_every_hand_and_prestige(server: Server) -> None:
    table = finished_game(server, "uchokrola", [RANDOM, BASIC, RANDOM], seed=8)
    with httpx.Client(base_url=server.http, timeout=10) as client:
        first = client.get(f"/api/tables/{table}/replay").json()
        for version in (0, 5, first["last"] // 2, first["last"]):
            full = client.get(f"/api/tables/{table}/replay?version={version}&steps=false").json()
            for seat in range(3):
                mine = client.get(f"/api/tables/{table}/replay?version={version}&seat={seat}"
                                  "&steps=false").json()["view"]
                assert full["view"]["hands"][seat] == mine["hand"]
                assert full["view"]["prestige"][seat] == mine["prestige"][seat]
                if version < first["last"]:  # before the end the others' piles stay hidden
                    assert all(mine["prestige"][s] is None for s in range(3) if s != seat)
        # the steps speak of seats as players see them, from 1
        targets = [s for s in first["steps"] if " -> " in s["action"]]
        for s in targets[:5]:
            to = int(s["action"].rsplit(" -> ", 1)[1])
            assert f"→ {first['seats'][to]['name']}" in s["words"]


def test_bad_parameters_are_refused_naming_them(server: Server) -> None:
    table = finished_game(server, "kukakoenig", [RANDOM, RANDOM], seed=3)
    last = server.get(f"/api/tables/{table}/replay?steps=false").json()["last"]
    for query, says in [(f"version={last + 1}", f"versions 0 to {last}"),
                        ("version=-1", "version"), ("version=x", "version"),
                        ("seat=2", "seats 0 to 1"), ("seat=-1", "seat"), ("seat=one", "seat"),
                        ("steps=perhaps", "steps")]:
        r = server.get(f"/api/tables/{table}/replay?{query}")
        assert r.status_code == 422, (query, r.text)
        assert says in r.json()["detail"], (query, r.text)
    assert server.get(f"/api/tables/{table}/replay?version={last}").status_code == 200
    for query in ("version=0", "seat=0", "version=x&seat=0"):
        r = server.get(f"/api/tables/{table}/analysis?{query}")
        assert r.status_code == 422, (query, r.text)


# --- the post-game review -----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("game", ["kukakoenig", "king", "uchokrola"])
def test_the_review_values_every_legal_action(server: Server, game: str) -> None:
    if game == "king":
        table = finished_game(server, game, [RANDOM] * 4, seed=2, rules={"short_game": True})
    else:
        table = finished_game(server, game, [RANDOM, RANDOM, RANDOM], seed=2)
    replay = server.get(f"/api/tables/{table}/replay").json()
    steps = replay["steps"]
    assert explains(game)  # every game's strong bot explains its decisions
    # a seat that did not act at that version took no decision there
    other = (steps[0]["seat"] + 1) % len(replay["seats"])
    r = server.get(f"/api/tables/{table}/analysis?version=0&seat={other}")
    assert r.status_code == 422 and "took no decision" in r.json()["detail"]
    # the first decision and the last one
    for v in (0, len(steps) - 1):
        seat = steps[v]["seat"]
        view = server.get(f"/api/tables/{table}/replay?version={v}&seat={seat}"
                          "&steps=false").json()["view"]
        r = review_of(server, table, v, seat)
        assert r.status_code == 200, r.text
        review = r.json()
        legal = set(view["legal"])
        assert {x["action"] for x in review["values"]} == legal
        assert review["preferred"] in legal and review["action"] == steps[v]["action"]
        values = [x["value"] for x in review["values"]]
        assert values == sorted(values, reverse=True)
        assert review["made_value"] == next(x["value"] for x in review["values"]
                                            if x["action"] == review["action"])
        if review["action"] == review["preferred"]:
            assert review["difference"] == 0
        else:
            assert review["difference"] == pytest.approx(
                review["preferred_value"] - review["made_value"], abs=0.011)
        assert review["words"] == steps[v]["words"]
        again = server.get(f"/api/tables/{table}/analysis?version={v}&seat={seat}").json()
        assert again == review  # cached: the same decision gets the same review


@pytest.mark.slow
def test_reviews_are_rate_limited_per_client(tmp_path: Path) -> None:
    game = "kukakoenig"
    assert explains(game)
    s = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log",
               options=("--analysis-rate", "2/minute")).start()
    try:
        seats = [RANDOM] * (4 if game == "king" else 2)
        rules = {"short_game": True} if game == "king" else {}
        table = finished_game(s, game, seats, seed=1, rules=rules)
        steps = s.get(f"/api/tables/{table}/replay").json()["steps"]
        answers = [review_of(s, table, v, steps[v]["seat"]) for v in range(3)]
        assert [a.status_code for a in answers[:2]] == [200, 200]
        assert answers[2].status_code == 429 and int(answers[2].headers["Retry-After"]) >= 1
        # a cached review is no new search: it is answered still
        cached = s.get(f"/api/tables/{table}/analysis?version=0&seat={steps[0]['seat']}")
        assert cached.status_code == 200 and cached.json() == answers[0].json()
    finally:
        s.stop()


# --- the recent games -----------------------------------------------------------------------

@pytest.mark.slow
def test_recent_games_are_paged_and_filtered_by_player(server: Server) -> None:
    made = [finished_game(server, "kukakoenig", [RANDOM, RANDOM], seed=s) for s in (41, 42, 43)]
    mine = server.create("kukakoenig", [{"kind": "human", "name": "Replay Rita"}, RANDOM])
    seen: list[str] = []
    url: str | None = "/api/games/recent?limit=2"
    pages = 0
    while url is not None and pages < 100:
        r = server.get(url)
        assert r.status_code == 200
        page = r.json()
        assert len(page) <= 2
        seen += [g["id"] for g in page]
        nxt = r.headers.get("X-Next-Cursor")
        if nxt is not None:
            assert f"cursor={nxt}" in r.headers["Link"]
            url = f"/api/games/recent?limit=2&cursor={nxt}"
        else:
            url = None
        pages += 1
    assert len(seen) == len(set(seen))
    assert seen.index(made[2]) < seen.index(made[1]) < seen.index(made[0])  # latest first
    assert mine["id"] not in seen
    one = next(g for g in server.get("/api/games/recent?limit=200").json() if g["id"] == made[0])
    assert one["replay"] == f"/api/tables/{made[0]}/replay" and one["title"] == "Ku-Ka-König"
    assert [x["name"] for x in one["seats"]] == ["Bot 1 (random)", "Bot 2 (random)"]
    assert server.get("/api/games/recent?cursor=nonsense").status_code == 422
    assert server.get("/api/games/recent?limit=0").status_code == 422
    # a player's games: a bot level's name finds the bots' games, a stranger's none
    bots_games = [g["id"] for g in server.get("/api/games/recent?limit=200&player=Bot (random)").json()]
    assert set(made) <= set(bots_games)
    assert server.get("/api/games/recent?player=Nobody%20Here").json() == []
    assert server.get("/api/games/recent?player=%00").status_code == 422
