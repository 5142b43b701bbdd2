"""The browser's catalogue (gettext domain ``web``) is complete: every msgid of the client's
sources is in web.pot, and every one is translated in German, Turkish and Polish with the
placeholders of its English text and as many plural forms as the language has."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from kingscourt import i18n, web_messages

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(lang: str) -> Catalog:
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        return read_po(f, locale=lang, domain="web")


def ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def placeholders(message: Message) -> set[str]:
    texts = [message.id] if isinstance(message.id, str) else list(message.id)
    return {p for text in texts for p in PLACEHOLDER.findall(text)}


def test_the_template_holds_what_the_sources_say() -> None:
    assert web_messages.pot_current(), "web.pot is stale: run python -m kingscourt.web_messages"
    found = web_messages.messages()
    assert found, "no message found in kingscourt/web"
    # the header's own texts (index.html, data-i18n) are extracted as well as the modules',
    # the games' own modules (games/<game>/web/) too
    assert {where for _, where, _ in found} >= {"web/index.html", "web/js/lobby.js",
                                                "games/king/web/board.js"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_language_has_every_message_of_the_template(lang: str) -> None:
    with web_messages.POT.open("rb") as f:
        pot = read_po(f, domain="web")
    assert ids(catalogue(lang)) == ids(pot)


def problems(catalog: Catalog, lang: str) -> list[str]:
    """What keeps ``catalog`` from being complete in ``lang``, one line each."""
    plural = get_plural(lang)
    found = []
    if catalog.num_plurals != plural.num_plurals:
        found.append(f"Plural-Forms: {catalog.num_plurals} forms, not {plural.num_plurals}")
    for m in catalog:
        if not m.id:
            continue
        if m.fuzzy:
            found.append(f"fuzzy: {m.id!r}")
        forms = [m.string] if isinstance(m.id, str) else list(m.string)
        if not isinstance(m.id, str) and len(forms) != plural.num_plurals:
            found.append(f"{len(forms)} plural forms, not {plural.num_plurals}: {m.id!r}")
        for form in forms:
            if not form or not form.strip():
                found.append(f"untranslated: {m.id!r}")
            elif set(PLACEHOLDER.findall(form)) != placeholders(m):
                found.append(f"placeholders {sorted(PLACEHOLDER.findall(form))} in {form!r} for {m.id!r}")
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    found = problems(catalogue(lang), lang)
    assert not found, "\n".join(found)


def test_the_english_catalogue_translates_nothing() -> None:
    # English is the source: its msgids are what the page shows
    assert all(not (m.string if isinstance(m.string, str) else any(m.string))
               for m in catalogue("en") if m.id)


def test_a_gap_is_caught() -> None:
    # an untranslated message, a lost placeholder, a Polish plural with two forms only
    broken = Catalog(locale="pl", domain="web")
    broken.add("Seat {n}", "Miejsce")
    broken.add("Lobby", "")
    broken.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty"))
    found = problems(broken, "pl")
    assert any("placeholders" in p and "Seat {n}" in p for p in found), found
    assert any(p.startswith("untranslated: 'Lobby'") for p in found), found
    assert any("2 plural forms, not 3" in p for p in found), found
