"""What looks back at finished games, and what a refusal quotes, in the request's language
(``Accept-Language``): a replay's words and seat names, its refusals, a bad rule's reason and
pydantic's validation problems (the field names as they are)."""

from __future__ import annotations

import re

import httpx
import pytest

from kingscourt import i18n
from kingscourt.games.king.cards import SUIT_SYMBOLS, SUITS

from .harness import Server
from .test_replay import RANDOM, explains, finished_game

BOTS = [RANDOM] * 4


def bot(seat: int) -> str:
    # the level in the reader's words too (zufällig)
    return i18n._("Bot {n} ({level})", n=seat + 1, level=i18n.Msg("random")).render("de")


def card_of(action: str) -> str:
    """The card of King's ``play QS`` as players read it: ``Q♠`` (``10`` for ``T``)."""
    rank, suit = action.removeprefix("play ")[:-1], action[-1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(suit)]


@pytest.mark.slow
def test_a_replays_words_in_german(server: Server) -> None:
    table = finished_game(server, "king", BOTS, seed=5)
    url = f"/api/tables/{table}/replay"
    english = server.get(url).json()
    german = server.get(url, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}).json()
    assert [s["action"] for s in german["steps"]] == [s["action"] for s in english["steps"]]
    assert [s["name"] for s in german["seats"]] == [bot(s) for s in range(4)]
    plays = chooses = 0
    for en, de in zip(english["steps"], german["steps"], strict=True):
        verb = de["action"].split(" ")[0]
        who = bot(de["seat"])
        if verb == "play":
            card = card_of(de["action"])
            assert de["words"] == f"{who} spielt {card}"
            assert en["words"].endswith(f" plays {card}")
            plays += 1
        else:
            assert verb == "choose" and de["words"].startswith(f"{who} wählt ")
            # King's contracts keep their Turkish names in every language
            assert de["words"].removeprefix(f"{who} wählt ") == \
                en["words"].split(" chooses ", 1)[1]
            chooses += 1
    assert plays > 0 and chooses > 0


def test_ucho_krola_steps_have_words_of_their_own_in_polish(server: Server) -> None:
    table = finished_game(server, "uchokrola", [RANDOM] * 3, seed=3)
    url = f"/api/tables/{table}/replay"
    english = server.get(url).json()["steps"]
    polish = server.get(url, headers={"Accept-Language": "pl"}).json()["steps"]
    assert english and len(polish) == len(english)
    for en, pl in zip(english, polish, strict=True):
        who = i18n._("Bot {n} ({level})", n=pl["seat"] + 1, level=i18n.Msg("random")).render("pl")
        assert pl["words"].startswith(who) and pl["words"] != en["words"], en
        # no step left in the notation: "take X from 0:2" names the seat and the card's place
        assert pl["words"] != f"{who}: {pl['action']}" and not re.search(r"\d:\d", pl["words"])


def test_replay_refusals_in_turkish(server: Server) -> None:
    r = server.get("/api/tables/nosuchtable/replay", headers={"Accept-Language": "tr"})
    assert r.status_code == 404
    assert r.json()["detail"] == i18n._("no table {table}", table="'nosuchtable'").render("tr")
    waiting = server.create("king", [{"kind": "human", "open": True}] + [RANDOM] * 3)
    r = server.get(f"/api/tables/{waiting['id']}/replay", headers={"Accept-Language": "tr"})
    assert r.status_code == 409
    assert r.json()["detail"] == i18n._(
        "table {table} is still waiting for its players: its replay opens when the game is "
        "over (no peeking at a live game)", table=repr(waiting["id"])).render("tr")


def create(server: Server, body: object, lang: str) -> httpx.Response:
    return httpx.post(f"{server.http}/api/tables", json=body, timeout=10,
                      headers={"Accept-Language": lang})


def test_a_bad_rules_reason_in_turkish(server: Server) -> None:
    body = {"game": "king", "seats": BOTS, "rules": {"heart_lead_ban": "never"}}
    english, turkish = create(server, body, "en"), create(server, body, "tr")
    assert english.status_code == turkish.status_code == 422
    assert english.json()["detail"] == ("bad rule: table rule 'heart_lead_ban' of king takes "
                                        "'kupa-rifki', 'all-penalty'; got 'never'")
    assert turkish.json()["detail"] == (
        "geçersiz kural: king oyununun 'heart_lead_ban' masa kuralı şunları alır: "
        "'kupa-rifki', 'all-penalty'; gelen: 'never'")
    # a rule the player count refuses: Kokieteria in pairs with three players, in Polish
    pairs = {"game": "uchokrola", "seats": [RANDOM] * 3, "rules": {"teams": "pairs"}}
    polish = create(server, pairs, "pl")
    assert polish.status_code == 422
    assert polish.json()["detail"] == "Kokieteria w parach wymaga 4 albo 6 graczy"


def test_validation_problems_in_german_keep_the_field_names(server: Server) -> None:
    r = create(server, {"game": "king", "seats": "four bots"}, "de")
    assert r.status_code == 422
    assert r.json()["detail"] == "seats: Erwartet wird eine Liste"
    r = create(server, {"game": "king"}, "pl")
    assert r.json()["detail"] == "seats: Pole wymagane"
    named = [{"kind": "human", "name": "Bot (basic)"}] + [RANDOM] * 3
    r = create(server, {"game": "king", "seats": named}, "de")
    assert r.status_code == 422
    assert r.json()["detail"] == ("seats.0.name: Namen der Form „Bot (Stufe)“ gehören den Bots: "
                                  "wähle einen anderen")
    english = create(server, {"game": "king", "seats": named}, "en").json()["detail"]
    assert english == "seats.0.name: names of the form \"Bot (level)\" are the bots': choose another"


@pytest.mark.slow
def test_a_review_in_german_after_the_same_review_in_english(server: Server) -> None:
    assert explains("king")
    table = finished_game(server, "king", BOTS, seed=9, rules={"short_game": True})
    de = {"Accept-Language": "de"}
    steps = server.get(f"/api/tables/{table}/replay", headers=de).json()["steps"]
    v = len(steps) - 1  # the last card: one legal action, a short search
    seat = steps[v]["seat"]
    url = f"{server.http}/api/tables/{table}/analysis?version={v}&seat={seat}"
    english = httpx.get(url, timeout=90)
    assert english.status_code == 200, english.text
    german = httpx.get(url, timeout=90, headers=de).json()  # the cached review, said in German
    assert german["words"] == steps[v]["words"] != english.json()["words"]
    # a penalty deal may end before the last trick: then more than one card was legal
    who = bot(seat)
    assert german["preferred_words"] == f"{who} spielt {card_of(german['preferred'])}"
    assert [x["words"] for x in german["values"]] == [f"{who} spielt {card_of(x['action'])}"
                                                      for x in german["values"]]
    refused = httpx.get(f"{server.http}/api/tables/{table}/analysis?version={v}&seat="
                        f"{(seat + 1) % 4}", timeout=10, headers={"Accept-Language": "pl"})
    assert refused.status_code == 422
    assert refused.json()["detail"].startswith(f"miejsce {(seat + 1) % 4} nie podjęło decyzji")


def test_a_foreign_origin_is_refused_in_polish(server: Server) -> None:
    r = httpx.post(f"{server.http}/api/tables", json={"game": "king", "seats": BOTS},
                   headers={"Origin": "https://evil.example", "Accept-Language": "pl"})
    assert r.status_code == 403
    assert r.json()["detail"] == ("odrzucono żądanie z innej witryny: jego Origin nie jest ani "
                                  "tego serwera, ani żadnym z dozwolonych (--allowed-origin)")
