"""The player's language: the four languages kingscourt speaks, choosing one from what a
client asks for, and the gettext catalogues (Babel) that hold every text a player reads.

Catalogues live in ``kingscourt/locale/<lang>/LC_MESSAGES/<domain>.po`` (compiled to ``.mo``
by ``python -m kingscourt.i18n compile``, which ``make`` runs; where a ``.mo`` is missing or
older than its ``.po`` the ``.po`` is read instead, so a checkout works before any build).
Two domains:

- ``kingscourt``: the Python side (rule refusals, lobby errors, table-rule labels and help,
  card texts, narration, events, the terminal clients);
- ``web``: the browser's own strings, served as JSON by ``GET /api/i18n/{lang}``.

English is the source language: its msgids are the English texts, and an ``en`` catalogue
exists only for plural forms. A missing translation falls back to English, and the
completeness test (``tests/i18n``) fails on any.
"""

from __future__ import annotations

import argparse
import functools
import io
from pathlib import Path
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

#: the languages a player can choose, in the order the switch offers them
LANGUAGES: Final = ("en", "de", "tr", "pl")
DEFAULT: Final = "en"
#: each language's name in itself, for the switch
NAMES: Final = {"en": "English", "de": "Deutsch", "tr": "Türkçe", "pl": "Polski"}
DOMAINS: Final = ("kingscourt", "web")
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def language(code: str | None) -> str:
    """``code`` if it is one of :data:`LANGUAGES` (case and region ignored: ``de-AT`` is
    ``de``), else :data:`DEFAULT`."""
    if not code:
        return DEFAULT
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def negotiate(accept_language: str | None) -> str:
    """The best of :data:`LANGUAGES` for an ``Accept-Language`` header (q-values honoured;
    :data:`DEFAULT` where nothing matches or the header is malformed)."""
    if not accept_language:
        return DEFAULT
    wanted: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language[:1000].split(",")[:50]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k.strip() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            wanted.append((-q, i, tag.strip()))
    preferred = [tag for _, _, tag in sorted(wanted)]
    if not preferred:
        return DEFAULT
    found = Locale.negotiate(preferred, list(LANGUAGES), sep="-")
    if found is None:  # "de-CH" where only "de" is offered: Babel matches whole tags first
        for tag in preferred:
            base = tag.split("-")[0].lower()
            if base in LANGUAGES:
                return base
        return DEFAULT
    return language(str(found))


def locale(lang: str) -> Locale:
    """Babel's locale for ``lang`` (plural forms, number and date formats)."""
    try:
        return Locale.parse(language(lang))
    except UnknownLocaleError:  # pragma: no cover - the four are always known to Babel
        return Locale.parse(DEFAULT)


def _po(domain: str, lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def translations(lang: str, domain: str = "kingscourt") -> NullTranslations:
    """The gettext translations of ``domain`` in ``lang`` (English: the msgids themselves)."""
    lang = language(lang)
    po = _po(domain, lang)
    mo = po.with_suffix(".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return Translations(f, domain=domain)
    if po.is_file():
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
        buf = io.BytesIO()
        write_mo(buf, catalog)
        buf.seek(0)
        return Translations(buf, domain=domain)
    return NullTranslations()


def gettext(lang: str, message: str, domain: str = "kingscourt") -> str:
    return translations(lang, domain).gettext(message)


def ngettext(lang: str, singular: str, plural: str, n: int, domain: str = "kingscourt") -> str:
    return translations(lang, domain).ngettext(singular, plural, n)


def compile_catalogues(root: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``.po`` under ``root`` to its ``.mo``; returns the files written."""
    written: list[Path] = []
    for po in sorted(root.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, domain=po.stem)
        with mo.open("wb") as f:
            write_mo(f, catalog)
        written.append(mo)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m kingscourt.i18n")
    parser.add_argument("command", choices=["compile"])
    parser.parse_args(argv)
    written = compile_catalogues()
    print(f"catalogues: {len(written)} compiled ({LOCALE_DIR})")


if __name__ == "__main__":
    main()
