"""The browser in German, Turkish and Polish: a browser whose language is one of them opens the
lobby, the new-table screen with King's table rules, a King table and its rules panel in that
language, with no English text of the client's own left on the page; the header's switch
changes the language at once (the table too, which reconnects with ?lang=) and remembers it.

"English left" is precise: every visible text node (and title, aria-label, placeholder) is
matched against the English msgids of the web domain that the language translates, and of the
kingscourt domain where its template exists. A text the server sends (table-rule labels and
help, contract descriptions) is English until the server translates it; such texts are listed
in test-artifacts/web/lang-<lang>-server-english.json, not failed, while the server's own
catalogue for the language is missing or leaves them out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from kingscourt import i18n
from kingscourt.engine.registry import GAMES, load_game

from .helpers import ARTIFACTS, create_table, shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import WebServer

LANGS = ["de", "tr", "pl"]
PLACEHOLDER = re.compile(r"\\\{\w+\\\}")

# every visible text node of the page, and the texts of its titles, labels and placeholders
# (the narration, a prompt's question and a refusal are the server's words: left out here)
VISIBLE_TEXTS = """() => {
  const server = "#narration .log, #prompt h2, #refusal, .replay-moves .words";
  const out = [];
  const seen = (el) => el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const s = n.textContent.trim();
    const el = n.parentElement;
    if (!s || !el || el.closest("script, style") || el.closest(server)) continue;
    if (el.closest("select") ? seen(el.closest("select")) : seen(el)) out.push(s);
  }
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (!seen(el) || el.closest(server)) continue;
    for (const a of ["title", "aria-label", "placeholder"]) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
    }
  }
  return out;
}"""


#: the games' names, which stay as printed in every language
TITLES = frozenset(load_game(name).title for name in GAMES)


def _catalogue(path: Path, lang: str | None, domain: str) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _pattern(msgid: str) -> re.Pattern[str] | None:
    """A full match of the English text, each {placeholder} any text; None for a msgid that
    is only placeholders and punctuation (nothing English to see)."""
    if not re.search(r"[A-Za-z]{2}", re.sub(r"\{\w+\}", "", msgid)):
        return None
    return re.compile(PLACEHOLDER.sub(".+?", re.escape(msgid)), re.S)


def english_of(lang: str, domain: str) -> list[tuple[str, re.Pattern[str]]]:
    """The English msgids of ``domain`` that ``lang`` says otherwise, as patterns; empty where
    the domain's template does not exist (yet)."""
    pot = _catalogue(i18n.LOCALE_DIR / f"{domain}.pot", None, domain)
    if pot is None:
        return []
    po = _catalogue(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", lang, domain)
    out = []
    for m in pot:
        if not m.id:
            continue
        texts = [m.id] if isinstance(m.id, str) else list(m.id)
        found = po.get(m.id) if po is not None else None
        strings = [] if found is None or not found.string else (
            [found.string] if isinstance(found.string, str) else list(found.string))
        for text in texts:
            if text in strings:  # the same word in the language ("Lobby", "online")
                continue
            if text in TITLES:  # a game's name, as printed ("King" is also a card's name)
                continue
            pattern = _pattern(text)
            if pattern is not None:
                out.append((text, pattern))
    return out


def pieces(text: str) -> list[str]:
    """A text node, and its parts between the separators the pages put between phrases."""
    parts = [p.strip() for p in re.split(r"\s[·—]\s|\n", text)]
    return [text, *(p for p in parts if p and p != text)]


def english_left(page: Page, patterns: list[tuple[str, re.Pattern[str]]]) -> dict[str, str]:
    """Visible text -> the English msgid it is, for every visible text that is one."""
    left: dict[str, str] = {}
    for text in page.evaluate(VISIBLE_TEXTS):
        for piece in pieces(text):
            for msgid, pattern in patterns:
                if pattern.fullmatch(piece):
                    left[piece] = msgid
                    break
    return left


def server_english(web_server: WebServer, lang: str) -> set[str]:
    """The texts /api/games sends alike in English and in ``lang``: rule labels and help,
    choices, contract descriptions, card texts. Where the server translates they differ."""
    def texts(accept: str) -> list[str]:
        games = httpx.get(web_server.url + "/api/games", headers={"Accept-Language": accept},
                          timeout=10).json()
        out: list[str] = []
        for g in games:
            for r in g["rules"]:
                out += [r["label"], r["help"], *r["choice_labels"]]
            for c in g.get("contracts") or []:
                out += [c["description"], c["unit"]]
            for c in g.get("cards") or []:
                out += [c.get("text") or "", c.get("label") or ""]
            out += [line["label"] for line in g.get("sheet") or []]
        return out
    english, there = texts("en"), texts(lang)
    return {e for e, x in zip(english, there, strict=True) if e == x and re.search(r"[a-z]{3}", e)}


@pytest.fixture
def lang_page(open_page: Any) -> Any:
    """``lang_page(locale, width, height)`` -> a page whose browser speaks ``locale``."""
    def make(locale: str, width: int = 1366, height: int = 800) -> Page:
        page: Page = open_page(width, height, locale=locale)
        return page
    return make


def translation(lang: str, msgid: str) -> str:
    return i18n.gettext(lang, msgid, domain="web")


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_setup_table_and_rules_in_the_browsers_language(lang_page: Any, web_server: WebServer,
                                                               lang: str) -> None:
    page = lang_page(f"{lang}-{lang.upper()}")
    client = english_of(lang, "web")
    server_side = english_of(lang, "kingscourt")
    assert client, "no English msgid to look for: is web.pot there?"
    sent = server_english(web_server, lang)
    failures: dict[str, dict[str, str]] = {}
    reported: dict[str, list[str]] = {}

    def look(screen: str) -> None:
        left = english_left(page, client + server_side)
        # a text holding one the server sent alike in English is the server's to translate
        mine = {text: msgid for text, msgid in left.items() if not any(s in text for s in sent)}
        if mine:
            failures[screen] = mine
        texts = page.evaluate(VISIBLE_TEXTS)
        reported[screen] = sorted({p for t in texts for p in pieces(t) if any(s in p for s in sent)})
        shot(page, f"lang-{lang}-{screen}")

    page.goto("/")
    page.wait_for_selector(f"html[lang={lang}] .game-tile")
    page.wait_for_selector(".table-list p.muted, .table-list table")
    assert page.inner_text(".topnav").count(translation(lang, "Leaderboard")) == 1
    assert page.input_value("#lang-switch") == lang
    look("lobby")

    page.click("a[data-game=king]")
    page.wait_for_selector("#create")
    page.wait_for_selector(".rule select")
    look("setup")

    create_table(page, "king", "Ada", seed=5)
    page.wait_for_selector("#king-topbar")
    look("king")
    for key in ["r", "t", "l", "c"]:  # the table rules, the choice and score tables, last trick, counter
        page.keyboard.press(key)
    page.wait_for_selector("#rules-panel")
    assert page.inner_text("#rules-panel h3") == translation(lang, "Table rules")
    look("king-rules")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"lang-{lang}-server-english.json").write_text(
        json.dumps(reported, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert not failures, f"English texts left on the {lang} pages: {failures}"


@pytest.mark.parametrize(("game", "lang"), [("kukakoenig", "de"), ("uchokrola", "pl"), ("kukakoenig", "tr")])
def test_the_other_tables_speak_the_language_too(lang_page: Any, web_server: WebServer, game: str,
                                                 lang: str) -> None:
    page = lang_page(lang)
    sent = server_english(web_server, lang)
    create_table(page, game, "Ada", seed=3, players=3)
    page.wait_for_selector(f"html[lang={lang}] .board[data-version] .topbar")
    page.wait_for_timeout(1500)  # the bots' first moves, the Ku – Ka – König count
    left = english_left(page, english_of(lang, "web") + english_of(lang, "kingscourt"))
    mine = {text: msgid for text, msgid in left.items() if not any(s in text for s in sent)}
    shot(page, f"lang-{lang}-{game}")
    assert not mine, f"English texts left on the {lang} {game} table: {mine}"


def test_the_header_switch_changes_and_remembers_the_language(lang_page: Any) -> None:
    page = lang_page("de-DE")
    page.goto("/")
    page.wait_for_selector("html[lang=de] .game-tile")
    names = page.eval_on_selector_all("#lang-switch option", "os => os.map(o => [o.value, o.textContent])")
    assert names == [[code, i18n.NAMES[code]] for code in i18n.LANGUAGES]  # each in its own language
    assert page.inner_text("h1") == translation("de", "Lobby")
    page.select_option("#lang-switch", "pl")
    page.wait_for_selector("html[lang=pl]")
    page.wait_for_function("t => document.querySelector('h1').textContent === t",
                           arg=translation("pl", "Lobby"))
    assert translation("pl", "Your seats") in page.inner_text("#app")  # the screen drawn again
    assert translation("pl", "Leaderboard") in page.inner_text(".topnav")
    assert page.evaluate("localStorage.getItem('kingscourt.lang')") == "pl"
    page.reload()
    page.wait_for_selector("html[lang=pl] .game-tile")  # remembered over the browser's German
    assert page.input_value("#lang-switch") == "pl"

    # at a table: the board is drawn again, and the socket opens again asking for the language
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    create_table(page, "king", "Ada", seed=7)
    page.wait_for_selector("#king-topbar")
    assert sockets and "lang=pl" in sockets[-1]
    page.select_option("#lang-switch", "tr")
    page.wait_for_selector("html[lang=tr]")
    page.wait_for_function("t => document.querySelector('.toolbar button')?.textContent.startsWith(t)",
                           arg=translation("tr", "Last trick"))
    assert any("lang=tr" in url for url in sockets), sockets
    # REST asks in the chosen language too
    asked = page.evaluate("""async () => {
      const seen = [];
      const real = window.fetch;
      window.fetch = (url, init) => {
        seen.push((init && init.headers && init.headers['accept-language']) || '');
        return real(url, init);
      };
      const { api } = await import('/web/js/api.js');
      await api.games();
      window.fetch = real;
      return seen;
    }""")
    assert asked == ["tr"]
    shot(page, "lang-switch-tr-king")


def test_plural_forms_and_numbers_follow_the_language(lang_page: Any) -> None:
    page = lang_page("pl-PL")
    page.goto("/")
    page.wait_for_selector("html[lang=pl] .game-tile")
    said = page.evaluate("""async () => {
      const { tn, number } = await import('/web/js/i18n.js');
      return [1, 2, 5, 12, 22, 25].map((n) => tn('{n} card', '{n} cards', n)).concat([number(12345.5)]);
    }""")
    catalog = _catalogue(i18n.LOCALE_DIR / "pl" / "LC_MESSAGES" / "web.po", "pl", "web")
    assert catalog is not None
    found = catalog.get(("{n} card", "{n} cards"))
    assert found is not None
    one, few, many = (str(s) for s in found.string)
    assert said[:6] == [one.replace("{n}", "1"), few.replace("{n}", "2"), many.replace("{n}", "5"),
                        many.replace("{n}", "12"), few.replace("{n}", "22"), many.replace("{n}", "25")]
    assert said[6] == format_decimal(12345.5, locale="pl")  # Intl and Babel write numbers alike


@pytest.mark.parametrize("lang", ["en", "tr", "pl"])
def test_no_german_on_the_english_turkish_and_polish_pages(lang_page: Any, lang: str) -> None:
    """The lobby, King's rules screen and a King table while its contract is chosen (rule
    labels, contract descriptions, the trump deal) hold no German word (the games' names, the
    count and the languages' own names kept; tests/server/test_no_german.py says which)."""
    from ..server.test_no_german import german_in

    page = lang_page(lang)
    page.goto("/")
    page.wait_for_selector(f"html[lang={lang}] .game-tile")
    seen = {"lobby": page.inner_text("body")}
    page.click("a[data-game=king]")
    page.wait_for_selector(".rule")
    seen["rules"] = page.inner_text("body") + " ".join(
        page.locator("option").all_inner_texts())
    create_table(page, "king", "Ada", seed=2)  # seat 1 (Ada) chooses the first contract
    page.wait_for_selector("#chooser")
    seen["choosing"] = page.inner_text("body")
    page.keyboard.press("r")  # the table's rules panel
    seen["rules panel"] = page.inner_text("body")
    shot(page, f"no-german-{lang}")
    found = {where: word for where, text in seen.items()
             for line in text.splitlines() if (word := german_in(line, lang))}
    assert not found, found
