"""REST: the browser's own strings (the ``web`` gettext domain) as one JSON catalogue per
language, ``GET /api/i18n/{lang}``; ``GET /api/i18n`` answers in the language the request's
``Accept-Language`` prefers. Each answer carries an ETag (a hash of its body) and is asked to
be revalidated, so a browser fetches a catalogue again only when it changed.

The body: ``lang``, its ``name`` in itself, ``languages`` (every code with its name, for the
switch), ``plural`` (Babel's gettext plural expression for the language, over ``n``),
``nplurals`` and ``messages``: each translated msgid with its msgstr, or, for a message with
plural forms, the singular msgid with the list of its forms. An untranslated message is left
out: the browser shows the English msgid.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from fastapi import APIRouter, HTTPException, Request, Response

from ... import i18n

router = APIRouter(prefix="/api", tags=["languages"])
DOMAIN = "web"


@functools.cache
def _body(lang: str, stamp: float) -> tuple[bytes, str]:
    """The JSON body and ETag of ``lang``'s catalogue (``stamp``: the .po's mtime, so an
    edited catalogue is read again)."""
    messages: dict[str, str | list[str]] = {}
    po = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.is_file():
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        for m in catalog:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple | list):
                forms = [str(s) for s in (m.string or ())]
                if forms and all(forms):
                    messages[str(m.id[0])] = forms
            elif m.string:
                messages[str(m.id)] = str(m.string)
    plural = get_plural(lang)
    data: dict[str, Any] = {
        "lang": lang, "name": i18n.NAMES[lang],
        "languages": {code: i18n.NAMES[code] for code in i18n.LANGUAGES},
        "plural": plural.plural_expr, "nplurals": plural.num_plurals,
        "messages": messages,
    }
    body = json.dumps(data, ensure_ascii=False).encode()  # the languages in the switch's order
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _answer(lang: str, request: Request, vary: bool = False) -> Response:
    po = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    body, etag = _body(lang, po.stat().st_mtime if po.is_file() else 0.0)
    headers = {"ETag": etag, "Cache-Control": "no-cache", "Content-Language": lang}
    if vary:
        headers["Vary"] = "Accept-Language"
    wanted = request.headers.get("if-none-match", "")
    if etag in (t.strip() for t in wanted.split(",")) or wanted.strip() == "*":
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/i18n", summary="The browser's strings in the language Accept-Language prefers",
            responses={200: {"description": "the catalogue (as for /api/i18n/{lang})"}})
async def catalogue_negotiated(request: Request) -> Response:
    """The catalogue of the language that the request's ``Accept-Language`` prefers among
    ``en``, ``de``, ``tr`` and ``pl`` (English where none of them is asked for)."""
    return _answer(i18n.negotiate(request.headers.get("accept-language")), request, vary=True)


@router.get("/i18n/{lang}", summary="The browser's strings in one language",
            responses={200: {"description": "lang, name, languages, plural, nplurals, messages"},
                       404: {"description": "not one of the languages"}})
async def catalogue(lang: str, request: Request) -> Response:
    """The ``web`` catalogue of ``lang`` (``en``, ``de``, ``tr`` or ``pl``) with its plural
    rule; a message left out is shown in English."""
    code = lang.strip().lower()
    if code not in i18n.LANGUAGES:
        raise HTTPException(404, i18n._("no catalogue for the language {lang}: the languages "
                                        "are {x}", lang=repr(lang[:20]),
                                        x=", ".join(i18n.LANGUAGES)))
    return _answer(code, request)
