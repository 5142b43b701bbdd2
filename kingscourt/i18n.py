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

In the code, a text is marked for extraction and translated only at the edge (when a view,
refusal or event is sent to a seat, a REST answer is written or a terminal prints):

- ``N_("Quick variant")``: a fixed text, kept as the English ``str``; the edge translates it
  with :func:`text` (``text("de", label)``).
- ``_("{who} takes {card}.", who=..., card=...)``: a :class:`Msg`, the English template and
  its parameters; nothing is formatted until :meth:`Msg.render` (so the engine pays for no
  text it never shows). A parameter may itself be a :class:`Msg` (rendered in the same
  language) or a number (formatted by Babel for the language).
- ``P_("{n} card", "{n} cards", n, ...)``: the same with the language's plural forms.
- Ucho Króla's narration, its engine's hottest text: ``st.say("{who} takes {card}.", who,
  card)`` and ``st.sayn(singular, plural, n, *args)`` keep the template and its arguments
  (filling the fields in the order they first appear; :func:`render_line`); ``NP_`` marks a
  plural pair kept as such a line.
- The terminal's own texts: ``T_("...")`` (``kingscourt.terminal``), rendered at once.

Placeholders are ``str.format`` names (``{who}``), the same in every translation. The ``.pot``
template ``kingscourt/locale/kingscourt.pot`` is extracted from the source with Babel's
extractor (plus the card texts of the card-set files); to refresh it and merge new messages
into the catalogues, run::

    .venv/bin/python -m kingscourt.i18n extract

then translate the new (empty) entries of each ``<lang>/LC_MESSAGES/kingscourt.po``; the
completeness test names any left.
"""

from __future__ import annotations

import argparse
import functools
import io
import string
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final, NamedTuple

# Babel is imported where it is used: the engines mark their texts with this module, and a
# program that never translates (a bot, a training run) never loads it.
if TYPE_CHECKING:
    from babel import Locale
    from babel.messages.catalog import Catalog
    from babel.support import NullTranslations

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
    from babel import Locale

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
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language(lang))
    except UnknownLocaleError:  # pragma: no cover - the four are always known to Babel
        return Locale.parse(DEFAULT)


def _po(domain: str, lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def translations(lang: str, domain: str = "kingscourt") -> NullTranslations:
    """The gettext translations of ``domain`` in ``lang`` (English: the msgids themselves)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import NullTranslations, Translations

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


def N_(message: str) -> str:
    """Mark a fixed text for extraction; it stays English until the edge calls :func:`text`."""
    return message


class Msg(NamedTuple):
    """A text to translate later: the English template (the msgid), its parameters and, for
    a plural, the English plural form and the count that chooses between them.

    A named tuple rather than a frozen dataclass: the engines make one per line of narration,
    and a tuple is made several times faster (the Ucho Króla engine stays as fast as when it
    formatted its English at once)."""

    template: str
    params: Mapping[str, object] | None = None
    plural: str | None = None
    n: int = 0

    def render(self, lang: str = DEFAULT) -> str:
        """The text in ``lang`` (any language code; unknown ones read English)."""
        if lang != DEFAULT:
            lang = language(lang)
        if lang == DEFAULT:
            template = self.template if self.plural is None or self.n == 1 else self.plural
        else:
            tr = translations(lang, "kingscourt")
            template = (tr.gettext(self.template) if self.plural is None
                        else tr.ngettext(self.template, self.plural, self.n))
        return fill(lang, template, self.params)

    def __str__(self) -> str:
        return self.render(DEFAULT)


_TEXTS_ONLY: Final = frozenset({str})


def fill(lang: str, template: str, params: Mapping[str, object] | None) -> str:
    """``template`` (already in ``lang``) with ``params`` put in: a :class:`Msg` rendered in
    ``lang``, a number formatted for it, a text as it is."""
    if not params:
        return template
    if _TEXTS_ONLY.issuperset(map(type, params.values())):  # names only: the common case
        return template.format_map(params)
    return template.format_map({k: _param(lang, v) for k, v in params.items()})


@functools.cache
def fields(*templates: str) -> tuple[str, ...]:
    """The fields of ``templates`` (``{who}``), each once, in the order they first appear."""
    out: list[str] = []
    for template in templates:
        for _literal, name, _spec, _conversion in string.Formatter().parse(template):
            if name and name not in out:
                out.append(name)
    return tuple(out)


def render_line(lang: str, text: object, args: tuple[object, ...]) -> str:
    """A line kept as (template, args): ``text`` an English template whose :func:`fields`
    ``args`` fill in order, ``(singular, plural, n)`` for plural forms (fields in order of
    both), or a :class:`Msg` (``args`` empty); rendered in ``lang``."""
    if type(text) is Msg:
        return text.render(lang)
    if type(text) is tuple:
        singular, plural, n = text
        names = fields(singular, plural)
        return Msg(singular, dict(zip(names, args, strict=True)) if args else None, plural,
                   n).render(lang)
    assert isinstance(text, str)
    params = dict(zip(fields(text), args, strict=True)) if args else None
    return Msg(text, params).render(lang)


#: argument types the English log puts in as they are (names and small counts, as always)
_PLAIN: Final = frozenset({str, int})
_POSITIONAL: dict[str, str] = {}
_PLURALS: dict[tuple[str, str, bool], str] = {}


def _positional(form: str, names: tuple[str, ...]) -> str:
    """``form`` with each ``{name}`` as ``{i}``, its place in ``names``."""
    parts = []
    for literal, name, _spec, _conversion in string.Formatter().parse(form):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            parts.append("{" + str(names.index(name)) + "}")
    return "".join(parts)


def english_line(text: object, args: tuple[object, ...]) -> str:
    """:func:`render_line` in English, fast where the arguments are names and counts (the
    narration of a view, rendered once per line): the template with its fields numbered in
    order is kept per template."""
    if type(text) is str:
        if not args:
            return text
        if _PLAIN.issuperset(map(type, args)):
            positional = _POSITIONAL.get(text)
            if positional is None:
                positional = _POSITIONAL[text] = _positional(text, fields(text))
            return positional.format(*args)
    elif type(text) is tuple and _PLAIN.issuperset(map(type, args)):
        singular, plural, n = text
        key = (singular, plural, n == 1)
        positional = _PLURALS.get(key)
        if positional is None:
            positional = _PLURALS[key] = _positional(singular if n == 1 else plural,
                                                     fields(singular, plural))
        return positional.format(*args)
    return render_line(DEFAULT, text, args)


def _param(lang: str, value: object) -> object:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, int) and not isinstance(value, bool):
        if -1000 < value < 1000:
            return value
        return number(lang, value)
    return value


def number(lang: str, value: int) -> str:
    """``value`` with the digit grouping of ``lang``, however many digits it has (Babel works
    in the decimal context, whose default precision of 28 digits fails on longer numbers)."""
    import decimal

    from babel.numbers import format_decimal

    with decimal.localcontext() as ctx:
        # log10(2) < 0.302: the digits a number of this many bits can have, and a margin
        ctx.prec = max(ctx.prec, value.bit_length() * 302 // 1000 + 4)
        return str(format_decimal(value, locale=lang))


def NP_(singular: str, plural: str, n: int) -> tuple[str, str, int]:
    """Mark a plural pair for extraction and keep it as a narration line's text
    (:func:`render_line`): ``(singular, plural, n)``."""
    return (singular, plural, n)


#: builds a Msg without the named tuple's own ``__new__`` (a Python frame per line of narration)
_make = tuple.__new__


def _(template: str, /, **params: object) -> Msg:
    """Mark a text for extraction and keep it, with ``params``, to be rendered later."""
    return _make(Msg, (template, params or None, None, 0))


def P_(singular: str, plural: str, n: int, /, **params: object) -> Msg:
    """A plural text: ``P_("{n} card", "{n} cards", n, n=n)`` (``n`` chooses the form)."""
    return _make(Msg, (singular, params or None, plural, n))


def text(lang: str, message: str | Msg) -> str:
    """``message`` in ``lang``: a :class:`Msg` rendered, a marked fixed text translated (a
    text no catalogue holds, such as a card name, comes back as it is)."""
    if isinstance(message, Msg):
        return message.render(lang)
    lang = language(lang)
    if lang == DEFAULT or not message:
        return message
    return translations(lang, "kingscourt").gettext(message)


def compile_catalogues(root: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``.po`` under ``root`` to its ``.mo``; returns the files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

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


#: the markers Babel's extractor looks for (``T_``: the terminal's own texts; ``say`` and
#: ``sayn``: Ucho Króla's narration, a template and its arguments; ``decision(id, question,
#: ...)``: Ucho Króla's questions are its second argument)
KEYWORDS: Final = {"_": None, "N_": None, "P_": (1, 2), "T_": None, "say": None,
                   "sayn": (1, 2), "NP_": (1, 2), "decision": (2,)}
PACKAGE: Final = Path(__file__).resolve().parent
POT: Final = LOCALE_DIR / "kingscourt.pot"


def _card_texts() -> list[tuple[str, str]]:
    """(text, where) of what the bundled card-set files give players to read, as each game's
    manifest lists them (``card_texts``: Ucho Króla's card texts, whose names stay Polish as
    printed, and Ku-Ka-König's card labels)."""
    from .engine.manifest import resolve
    from .engine.registry import specs

    out: list[tuple[str, str]] = []
    for game in specs():
        if game.card_texts:
            out.extend(resolve(game.card_texts)())
    return out


def extract() -> Catalog:
    """The ``kingscourt`` domain's messages as the source marks them (Babel's extractor over
    the package's Python files, the browser and the migrations left out) plus the card
    texts of the bundled card sets."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(domain="kingscourt", project="kingscourt", charset="utf-8",
                      fuzzy=False)
    method_map = [("web/**", "ignore"), ("server/store/migrations/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, method_map, keywords=KEYWORDS, comment_tags=("i18n:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    for message, where in _card_texts():
        catalog.add(message, None, [(where, 0)])
    return catalog


def refresh() -> list[Path]:
    """Write :data:`POT` from :func:`extract` and merge it into each language's catalogue
    (new messages come in untranslated; messages gone from the source are dropped)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = extract()
    POT.parent.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, template, width=100, omit_header=False, include_lineno=False, sort_output=True)
    written = [POT]
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        po = _po("kingscourt", lang)
        if po.is_file():
            with po.open("rb") as f:
                catalog = read_po(f, locale=lang, domain="kingscourt")
        else:
            catalog = Catalog(locale=lang, domain="kingscourt", project="kingscourt")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        po.parent.mkdir(parents=True, exist_ok=True)
        with po.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False, sort_output=True)
        written.append(po)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m kingscourt.i18n")
    parser.add_argument("command", choices=["compile", "extract"],
                        help="compile: .po to .mo; extract: refresh kingscourt.pot and merge it "
                        "into every language's kingscourt.po")
    args = parser.parse_args(argv)
    if args.command == "extract":
        for path in refresh():
            print(f"written {path}")
        return
    written = compile_catalogues()
    print(f"catalogues: {len(written)} compiled ({LOCALE_DIR})")


if __name__ == "__main__":
    main()
