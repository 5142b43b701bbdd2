"""The server speaks the client's language: the WebSocket's ``?lang=`` (refusals, the
narration and questions of Ucho Króla), REST's ``Accept-Language`` (``/api/games`` texts, a
refusal's ``detail``); the rule ids and codes are the same in every language."""

from __future__ import annotations

from typing import Any

import pytest
from websockets.asyncio.client import connect

import kingscourt
from kingscourt import i18n
from kingscourt.engine import describe
from kingscourt.games.king.rules import KingRules

from .harness import Server, act, recv_until, run

SEED = 21


def is_error(m: dict[str, Any]) -> bool:
    return bool(m["type"] == "error")


def test_a_refusal_arrives_in_each_language_with_the_same_rule(seeded_server: Server) -> None:
    server = seeded_server
    t = server.create("king", [{"kind": "human", "name": f"P{i}"} for i in range(4)], seed=SEED)
    tokens = [s["token"] for s in t["seats"]]
    local = kingscourt.load_game("king").new_state(seed=SEED)  # the same deal
    mover = local.to_move()[0]
    other = (mover + 1) % 4
    bad = "play " + local.view(mover)["hand"][0]  # a card while the contract is to choose
    expected = local.check(mover, bad)
    assert expected is not None

    async def refusals(lang: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
        q = "" if lang is None else f"&lang={lang}"
        async with (connect(server.ws(t["id"], tokens[mover]) + q) as me,
                    connect(server.ws(t["id"], tokens[other]) + q) as them):
            v = (await recv_until(me, lambda m: m["type"] == "state"))["version"]
            await me.send(act(bad, v))
            illegal = await recv_until(me, is_error)
            await them.send(act("choose kiz-almaz", v))
            turn = await recv_until(them, is_error)
            return illegal, turn

    seen: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for lang in i18n.LANGUAGES:
        seen[lang] = run(refusals(lang))
    for lang, (illegal, turn) in seen.items():
        assert (illegal["code"], illegal["rule"]) == ("illegal-action", expected.rule)
        assert illegal["message"] == expected.say(lang)
        assert (turn["code"], turn["rule"]) == ("not-your-turn", "not-your-turn")
    messages = [seen[lang][0]["message"] for lang in i18n.LANGUAGES]
    assert messages[0] == expected.message and len(set(messages)) == 4, messages
    assert len({seen[lang][1]["message"] for lang in i18n.LANGUAGES}) == 4
    # no language, or one the server does not speak: English
    assert run(refusals(None))[0]["message"] == expected.message
    assert run(refusals("xx"))[0]["message"] == expected.message


def test_the_narration_and_question_in_the_connections_language(server: Server) -> None:
    t = server.create("uchokrola", [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])

    async def mover() -> int:
        async with connect(server.ws(t["id"])) as ws:  # a spectator: who is to move
            m = await recv_until(ws, lambda m: m["type"] == "state")
            return int(m["view"]["to_move"][0])

    seat = run(mover())
    token = t["seats"][seat]["token"]

    async def choose_in(lang: str) -> dict[str, Any]:
        """The seat to move chooses its character over a ``lang`` connection: the view after."""
        async with connect(server.ws(t["id"], token) + f"&lang={lang}") as ws:
            m = await recv_until(ws, lambda m: m["type"] == "state")
            assert m["view"]["question"] == i18n.text(lang, "Choose your character")
            await ws.send(act(m["view"]["legal"][0], m["version"]))
            after = await recv_until(ws, lambda n: n["type"] == "state"
                                     and n["version"] == m["version"] + 1)
            view: dict[str, Any] = after["view"]
            return view

    async def view_in(lang: str) -> dict[str, Any]:
        async with connect(server.ws(t["id"], token) + f"&lang={lang}") as ws:
            view: dict[str, Any] = (await recv_until(ws, lambda m: m["type"] == "state"))["view"]
            return view

    pl = run(choose_in("pl"))
    en, de = run(view_in("en")), run(view_in("de"))
    assert f"Seat {seat + 1} has chosen a character." in en["log"]
    assert i18n._("Seat {seat} has chosen a character.", seat=seat + 1).render("pl") in pl["log"]
    assert len(pl["log"]) == len(en["log"]) == len(de["log"]) > 0
    assert not set(pl["log"]) & set(en["log"]) and not set(de["log"]) & set(en["log"])
    assert en["legal"] == pl["legal"] == de["legal"]  # actions are notation in every language


def test_api_games_in_german(server: Server) -> None:
    r = server.get("/api/games", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert r.status_code == 200
    king = next(g for g in r.json() if g["name"] == "king")
    english = {x["name"]: x for x in describe(KingRules)}
    for rule in king["rules"]:
        source = english[rule["name"]]
        assert rule["label"] == i18n.text("de", source["label"])
        assert rule["help"] == i18n.text("de", source["help"]) != source["help"]
        assert rule["choices"] == source["choices"]  # the values themselves never change
    short = next(x for x in king["rules"] if x["name"] == "short_game")
    assert short["choice_labels"] == ["aus", "an"]
    contracts = {c["id"]: c for c in king["contracts"]}
    assert contracts["kiz-almaz"]["name"] == "Kız Almaz"  # King's names stay Turkish
    assert contracts["el-almaz"]["description"] == "keine Stiche"
    kuka = next(g for g in r.json() if g["name"] == "kukakoenig")
    labels = {c["name"]: c["label"] for c in kuka["cards"]}
    assert (labels["king"], labels["knight"], labels["church"]) == ("König", "Ritter", "Kirche")
    ucho = next(g for g in r.json() if g["name"] == "uchokrola")
    cards = {c["name"]: c for c in ucho["cards"]}
    assert cards["Faux pas"]["label"] == "Faux pas"  # names as printed
    assert cards["Faux pas"]["text"] == i18n.text("de", "Concealed smirks show that your lack of "
                                                  "polish has been noticed. Draw the 2 top "
                                                  "cards of the draw deck.")
    english_r = server.get("/api/games")
    assert next(g for g in english_r.json() if g["name"] == "king")["rules"][0]["label"] == \
        describe(KingRules)[0]["label"]


@pytest.mark.parametrize("lang", ["de", "tr", "pl"])
def test_a_rest_refusal_in_the_requests_language(server: Server, lang: str) -> None:
    english = server.get("/api/tables/nosuchtable")
    local = server.get("/api/tables/nosuchtable", headers={"Accept-Language": lang})
    assert english.status_code == local.status_code == 404
    assert english.json()["detail"] == "no table 'nosuchtable'"
    assert local.json()["detail"] == i18n._("no table {table}", table="'nosuchtable'").render(lang)
    assert local.json()["detail"] != english.json()["detail"]
