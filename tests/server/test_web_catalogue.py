"""``GET /api/i18n/{lang}``: the browser's strings (domain ``web``) in one language, with the
language's plural rule, an ETag to revalidate against, 404 for a language not offered; and
``GET /api/i18n`` answering in the language Accept-Language prefers."""

from __future__ import annotations

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from kingscourt import i18n

from .harness import Server


def translated(lang: str) -> dict[str, str | list[str]]:
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        catalog = read_po(f, locale=lang, domain="web")
    out: dict[str, str | list[str]] = {}
    for m in catalog:
        if m.id and isinstance(m.id, str) and m.string:
            out[m.id] = m.string
        elif m.id and not isinstance(m.id, str) and all(m.string):
            out[m.id[0]] = list(m.string)
    return out


def test_the_german_catalogue(server: Server) -> None:
    r = server.get("/api/i18n/de")
    assert r.status_code == 200
    body = r.json()
    assert body["lang"] == "de" and body["name"] == i18n.NAMES["de"]
    assert body["languages"] == {code: i18n.NAMES[code] for code in i18n.LANGUAGES}
    assert list(body["languages"]) == list(i18n.LANGUAGES)  # the switch's order
    assert body["plural"] == get_plural("de").plural_expr and body["nplurals"] == 2
    assert body["messages"] == translated("de")
    assert body["messages"]["Table rules"] != "Table rules"
    assert r.headers["content-language"] == "de"


def test_polish_plurals_have_three_forms(server: Server) -> None:
    body = server.get("/api/i18n/pl").json()
    assert body["nplurals"] == 3
    forms = [v for v in body["messages"].values() if isinstance(v, list)]
    assert forms and all(len(f) == 3 for f in forms)


def test_english_sends_no_translation(server: Server) -> None:
    body = server.get("/api/i18n/en").json()
    assert body["lang"] == "en" and body["messages"] == {}


def test_etag_revalidates(server: Server) -> None:
    first = server.get("/api/i18n/tr")
    etag = first.headers["etag"]
    assert "no-cache" in first.headers["cache-control"]
    again = server.get("/api/i18n/tr", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.content
    other = server.get("/api/i18n/pl", headers={"If-None-Match": etag})
    assert other.status_code == 200 and other.headers["etag"] != etag


def test_an_unknown_language_is_404_with_the_languages_named(server: Server) -> None:
    r = server.get("/api/i18n/xx")
    assert r.status_code == 404
    detail = r.json()["detail"]
    assert "'xx'" in detail and all(code in detail for code in i18n.LANGUAGES)


def test_without_a_code_accept_language_decides(server: Server) -> None:
    r = server.get("/api/i18n", headers={"Accept-Language": "fr-FR, pl-PL;q=0.8, de;q=0.5"})
    assert r.status_code == 200 and r.json()["lang"] == "pl"
    assert "accept-language" in r.headers["vary"].lower()
    assert server.get("/api/i18n", headers={"Accept-Language": "ja"}).json()["lang"] == "en"
