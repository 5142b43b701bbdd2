"""The ``kingscourt`` catalogues: the template is what the source marks, and every message is
translated in German, Turkish and Polish with the same placeholders and every plural form."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from kingscourt import i18n

OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
#: ``{name}`` placeholders of str.format (``{{`` is a literal brace) and %-placeholders
BRACES = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
PERCENT = re.compile(r"%(?:\([A-Za-z_]+\))?[sdifr]")


def _ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def placeholders(text: str) -> tuple[set[str], list[str]]:
    return set(BRACES.findall(text)), sorted(PERCENT.findall(text))


def _read(path: object, lang: str | None = None) -> Catalog:
    with open(str(path), "rb") as f:
        return read_po(f, locale=lang, domain="kingscourt")


@pytest.fixture(scope="module")
def template() -> Catalog:
    return _read(i18n.POT)


def test_the_template_is_what_the_source_marks(template: Catalog) -> None:
    extracted = {m.id for m in i18n.extract() if m.id}
    kept = {m.id for m in template if m.id}
    missing = sorted(map(str, extracted - kept))
    gone = sorted(map(str, kept - extracted))
    assert not missing, ("messages the .pot lacks: run `python -m kingscourt.i18n extract`",
                         missing[:20])
    assert not gone, ("messages no longer in the source: run `python -m kingscourt.i18n extract`",
                      gone[:20])


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_is_translated(template: Catalog, lang: str) -> None:
    catalog = _read(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "kingscourt.po", lang)
    forms = catalog.num_plurals
    untranslated = []
    for message in template:
        if not message.id:
            continue
        got = catalog.get(message.id)
        if got is None or got.fuzzy:
            untranslated.append(message.id)
            continue
        strings = got.string if isinstance(got.string, tuple) else (got.string,)
        if isinstance(message.id, tuple):
            assert len(strings) == forms, (lang, message.id, strings)
        if not all(s.strip() for s in strings):
            untranslated.append(message.id)
    assert not untranslated, (lang, len(untranslated), untranslated[:20])


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_keep_the_placeholders(template: Catalog, lang: str) -> None:
    catalog = _read(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "kingscourt.po", lang)
    wrong = []
    for message in template:
        got = catalog.get(message.id) if message.id else None
        if got is None or not got.string:
            continue
        ids = _ids(message)
        names = set().union(*(placeholders(i)[0] for i in ids))
        percents = placeholders(ids[-1])[1]
        strings = got.string if isinstance(got.string, tuple) else (got.string,)
        for s in strings:
            own, own_percents = placeholders(s)
            # a plural form may leave a name out ("eine Karte"), never add or rename one
            if not own <= names or own_percents != percents:
                wrong.append((ids[0], s))
            s.format(**{k: "x" for k in names})  # str.format takes it as the code calls it
        if set().union(*(placeholders(s)[0] for s in strings)) != names:
            wrong.append((ids[0], strings))
    assert not wrong, (lang, wrong[:10])


def test_contract_names_stay_turkish_in_every_language() -> None:
    for lang in i18n.LANGUAGES:
        for name in ("El Almaz", "Kupa Almaz", "Erkek Almaz", "Kız Almaz", "Rıfkı", "Son İki"):
            assert i18n.text(lang, name) == name
        assert i18n.text(lang, "Koz (trump)").startswith("Koz")
    assert i18n.text("tr", "Koz (trump)") == "Koz"
    assert i18n.text("de", "Koz (trump)") == "Koz (Trumpf)"


def test_plural_forms_follow_the_language() -> None:
    def cards(lang: str, n: int) -> str:
        return i18n.P_("{n} card", "{n} cards", n, n=n).render(lang)

    assert [cards("en", n) for n in (1, 2, 5)] == ["1 card", "2 cards", "5 cards"]
    assert [cards("de", n) for n in (1, 2)] == ["1 Karte", "2 Karten"]
    # Polish: one, few (2-4, 22-24...), many (5-21, 25...)
    pl = [cards("pl", n) for n in (1, 2, 5, 22, 25)]
    assert pl[0] != pl[1] != pl[2] and pl[1].split()[1] == pl[3].split()[1]
    assert pl[2].split()[1] == pl[4].split()[1]


def test_numbers_are_formatted_for_the_language() -> None:
    msg = i18n._("{n} points", n=12500)
    assert msg.render("en") == "12,500 points"
    assert msg.render("de").startswith("12.500")
