"""The browser's messages (the ``web`` gettext domain): extracted from the client's sources
into ``kingscourt/locale/web.pot``, merged into each language's ``web.po``.

Extraction reads every module under ``kingscourt/web/js`` and each game's own modules
(``kingscourt/games/<game>/web/*.js``) with Babel's JavaScript extractor
(keywords ``t("msgid", params)`` and ``tn("singular", "plural", n, params)``) and, in
``kingscourt/web/index.html``, the text of every element marked ``data-i18n`` (i18n.js
translates those in place). Run it after changing a text of the client::

    python -m kingscourt.web_messages          # write web.pot, update each web.po from it
    python -m kingscourt.web_messages --check  # exit 1 when web.pot is not current

New msgids arrive in the .po files untranslated (the completeness test in tests/i18n fails
until they are translated); msgids gone from the sources are dropped. The .pot is written
without dates or line numbers, so it changes only when a message does.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from . import i18n

ROOT: Final = Path(__file__).resolve().parent
WEB: Final = ROOT / "web"
POT: Final = i18n.LOCALE_DIR / "web.pot"
DOMAIN: Final = "web"
#: t(msgid, params) and tn(singular, plural, n, params)
KEYWORDS: Final = {"t": (1,), "tn": (1, 2)}
#: a fixed date in the header: the file changes only with its messages
STAMP: Final = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)

Message = tuple[str | tuple[str, str], str, int]  # msgid (or singular and plural), file, line


class _Marked(HTMLParser):
    """The text of each element with a ``data-i18n`` attribute (no markup inside it)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, int]] = []
        self._open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if any(name == "data-i18n" for name, _ in attrs):
            self._open.append((tag, self.getpos()[0], []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if text:
                self.found.append((text, line))


def _html(path: Path) -> Iterator[Message]:
    parser = _Marked()
    parser.feed(path.read_text(encoding="utf-8"))
    for text, line in parser.found:
        yield text, path.relative_to(ROOT).as_posix(), line


def _javascript(path: Path) -> Iterator[Message]:
    with path.open("rb") as f:
        for line, strings, _comments, _context in extract("javascript", f, keywords=KEYWORDS,
                                                              options={"parse_template_string": True}):
            where = path.relative_to(ROOT).as_posix()
            if isinstance(strings, tuple) and len(strings) >= 2 and strings[1]:
                yield (str(strings[0]), str(strings[1])), where, line
            else:
                first = strings[0] if isinstance(strings, tuple) else strings
                if first:
                    yield str(first), where, line


def messages(web: Path = WEB) -> list[Message]:
    """Every message of the client, in the order of its files and lines."""
    found: list[Message] = []
    for path in sorted(web.glob("*.html")):
        found.extend(_html(path))
    for path in sorted((web / "js").glob("*.js")):
        found.extend(_javascript(path))
    for path in sorted((web.parent / "games").glob("*/web/*.js")):
        found.extend(_javascript(path))
    return found


def template(web: Path = WEB) -> Catalog:
    """The catalogue template: each msgid once, with the files it is used in."""
    catalog = Catalog(domain=DOMAIN, project="kingscourt", version="0.1", charset="utf-8",
                      creation_date=STAMP, revision_date=STAMP, fuzzy=False)
    for msgid, where, line in messages(web):
        catalog.add(msgid, locations=[(where, line)])
    return catalog


def render(catalog: Catalog, **options: bool) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, sort_output=True, **options)
    return buf.getvalue()


def pot_current() -> bool:
    """Whether web.pot holds exactly what the client's sources say."""
    return POT.is_file() and POT.read_bytes() == render(template())


def update(root: Path = i18n.LOCALE_DIR) -> list[Path]:
    """Write web.pot and bring each language's web.po in line with it (translations kept;
    an English catalogue keeps every msgstr empty). Returns the files written."""
    pot = template()
    root.mkdir(parents=True, exist_ok=True)
    POT.write_bytes(render(pot))
    written = [POT]
    for lang in i18n.LANGUAGES:
        po = root / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.is_file():
            with po.open("rb") as f:
                catalog = read_po(f, locale=lang, domain=DOMAIN)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="kingscourt", version="0.1",
                              creation_date=STAMP, revision_date=STAMP, fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = STAMP
        po.parent.mkdir(parents=True, exist_ok=True)
        po.write_bytes(render(catalog, ignore_obsolete=True))
        written.append(po)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m kingscourt.web_messages",
                                     description="extract the browser's messages into web.pot")
    parser.add_argument("--check", action="store_true",
                        help="only tell whether web.pot is current (exit 1 when not)")
    args = parser.parse_args(argv)
    if args.check:
        if not pot_current():
            print(f"{POT} is not current: run python -m kingscourt.web_messages", file=sys.stderr)
            sys.exit(1)
        print(f"{POT}: current")
        return
    for path in update():
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
