"""``GET /api/games`` serves each game's own data for the browser: the table rules with the label
of each value, King's contracts, Ku-Ka-König's card set and scoring sheet, Ucho Króla's card
set; the fields served before stay as they were."""

from __future__ import annotations

from typing import Any

import pytest

import kingscourt
from kingscourt.games.king.contracts import CONTRACTS
from kingscourt.games.kukakoenig import score
from kingscourt.games.kukakoenig.cards import TOTAL, TYPES

from .harness import Server


@pytest.fixture
def games(server: Server) -> dict[str, dict[str, Any]]:
    r = server.get("/api/games")
    assert r.status_code == 200
    return {g["name"]: g for g in r.json()}


def test_each_rule_value_has_its_label(games: dict[str, dict[str, Any]]) -> None:
    for game in games.values():
        for r in game["rules"]:
            assert {"name", "label", "help", "choices", "default"} <= set(r)  # as before
            assert len(r["choice_labels"]) == len(r["choices"]), r
            assert all(isinstance(label, str) and label for label in r["choice_labels"]), r
            if all(isinstance(c, bool) for c in r["choices"]):
                assert dict(zip(r["choices"], r["choice_labels"], strict=True)) == {False: "off", True: "on"}
    king = {r["name"]: r for r in games["king"]["rules"]}
    shown = {name: dict(zip(r["choices"], r["choice_labels"], strict=True)) for name, r in king.items()}
    assert shown["heart_lead_ban"] == {"kupa-rifki": "in Kupa Almaz and Rıfkı",
                                       "all-penalty": "in every penalty contract"}
    assert shown["rifki_void"] == {"rifki": "discard the king of hearts", "any-heart": "discard any heart"}
    assert shown["must_beat"] == {"none": "never", "trump": "in trump deals", "all": "in every deal"}
    teams = next(r for r in games["uchokrola"]["rules"] if r["name"] == "teams")
    assert teams["choice_labels"][teams["choices"].index("none")] == "no teams"
    # the explanations name the values as they are shown, not by their code names
    for r in king.values():
        for code in ("kupa-rifki", "all-penalty", "any-heart", "none;"):
            assert code not in r["help"], (r["name"], r["help"])


def test_king_contracts(games: dict[str, dict[str, Any]]) -> None:
    contracts = games["king"]["contracts"]
    assert [c["id"] for c in contracts] == [info.id for info in CONTRACTS.values()]
    assert [c["penalty"] for c in contracts] == [True] * 6 + [False]
    el, trump = contracts[0], contracts[-1]
    assert el == {"id": "el-almaz", "name": "El Almaz", "description": "no tricks", "penalty": True,
                  "per_unit": -50, "unit": "trick", "max_plays": 2}
    assert trump["name"] == "Koz (trump)" and trump["per_unit"] == 50 and trump["max_plays"] == 8
    assert {c["name"] for c in contracts} == {info.name for info in CONTRACTS.values()}
    # the ids are the contracts' text form: what the chooser sends
    legal = [str(a) for a in kingscourt.load_game("king").new_state(seed=2).legal_actions(0)]
    for c in contracts[:6]:
        assert f"choose {c['id']}" in legal
    assert any(a.startswith(f"choose {trump['id']} ") for a in legal)
    assert games["kukakoenig"]["contracts"] == [] and games["uchokrola"]["contracts"] == []


def test_kukakoenig_card_set_and_sheet(games: dict[str, dict[str, Any]]) -> None:
    kkk = games["kukakoenig"]
    cards = kkk["cards"]
    assert [c["name"] for c in cards] == [t.name for t in TYPES]  # the card file's order
    assert sum(c["copies"] for c in cards) == TOTAL == 112
    by_name = {c["name"]: c for c in cards}
    assert by_name["vp3"]["label"] == "Victory points 3" and by_name["vp3"]["points"] == 3
    assert by_name["vp3"]["kept"] is False and by_name["king"]["kept"] is True
    assert by_name["king"]["points"] is None and by_name["king"]["prestige"] is None
    assert {by_name[n]["sheet"] for n in ("farmer", "farmers-wife", "farmhouse")} == {"farms"}
    assert by_name["goose"]["sheet"] == "animals" and by_name["goose"]["kind"] == "animal"
    keys = [line["key"] for line in kkk["sheet"]]
    # the sheet's keys are those of the scoring sheets in the view, the total last
    assert keys == list(score([["king"]])[0]) and keys[-1] == "total"
    assert [line["label"] for line in kkk["sheet"]] == ["Kings", "Churches", "Victory points", "Knights",
                                                        "Animals", "Farms", "Total"]
    assert {c["sheet"] for c in cards} == set(keys) - {"total"}
    # each card counts on the sheet's line it is served with
    for c in cards:
        sheet = score([[c["name"]] * 2])[0]
        scoring = {k for k, v in sheet.items() if v and k != "total"}
        assert scoring <= {c["sheet"]}, (c["name"], scoring)


def test_uchokrola_cards_keep_their_fields(games: dict[str, dict[str, Any]]) -> None:
    cards = {c["name"]: c for c in games["uchokrola"]["cards"]}
    faux = cards["Faux pas"]
    assert faux["kind"] == "intrigue" and faux["prestige"] == -1 and "Draw the 2 top cards" in faux["text"]
    assert faux["label"] == "Faux pas" and faux["copies"] >= 1
    assert sum(c["copies"] for c in cards.values()) >= 100
    assert games["king"]["cards"] == [] and games["king"]["sheet"] == []


def test_games_schema_documents_the_new_fields(server: Server) -> None:
    schema = server.get("/openapi.json").json()["components"]["schemas"]
    assert {"contracts", "sheet", "cards", "rules"} <= set(schema["GameInfo"]["properties"])
    assert "choice_labels" in schema["RuleInfo"]["properties"]
    assert "sheet" in schema["CardInfo"]["properties"]
