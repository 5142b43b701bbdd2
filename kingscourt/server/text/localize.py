"""Texts at the server's edge, in the client's language (:mod:`kingscourt.i18n`).

A WebSocket connection chooses its language with ``?lang=`` (en, de, tr, pl; anything else:
en); a REST request with ``Accept-Language``. Refusals are built from templates
(:class:`~kingscourt.i18n.Msg`) and rendered here, as they are sent; rule ids and error codes
never change with the language.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ...i18n import Msg, negotiate, text
from ..base.wire import ErrorCode, ErrorMessage


def shown(text: str, limit: int) -> str:
    """``text`` safe to echo: at most ``limit`` characters, no lone surrogate, no control."""
    out = "".join("?" if unicodedata.category(c) in ("Cs", "Cc") else c for c in text[:limit])
    return out + "…" if len(text) > limit else out


def error(code: ErrorCode, message: str | Msg, rule: str | None = None,
          version: int | None = None, lang: str = "en") -> ErrorMessage:
    """The ``error`` message, its text in ``lang``; it keeps the template, so that
    :func:`localized` can say it again in another language."""
    out = ErrorMessage(code=code, rule=rule, message=text(lang, message), version=version)
    out._text = message
    return out


def localized(err: ErrorMessage, lang: str) -> ErrorMessage:
    """``err`` with its message in ``lang`` (as it is where it kept no template)."""
    if err._text is None or lang == "en":
        return err
    out = err.model_copy(update={"message": text(lang, err._text)})
    out._text = err._text
    return out


def template_json(message: object) -> Any:
    """A refusal's template (:class:`~kingscourt.i18n.Msg`) as JSON, to be said in another
    process's connection language (:func:`template_of`): a parameter that is no text, number
    or template travels as its English text."""
    if isinstance(message, Msg):
        params = {k: template_json(v) if isinstance(v, Msg) else
                  v if isinstance(v, int | float | str) and not isinstance(v, bool) else str(v)
                  for k, v in (message.params or {}).items()}
        return {"template": message.template, "params": params, "plural": message.plural,
                "n": message.n}
    return message if isinstance(message, str) else None


def template_of(data: Any) -> str | Msg | None:
    """The template :func:`template_json` wrote (``None`` for anything else)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("template"), str):
        return None
    params = {str(k): template_of(v) if isinstance(v, dict) else v
              for k, v in (data.get("params") or {}).items()}
    plural = data.get("plural")
    n = data.get("n")
    return Msg(data["template"], params or None, plural if isinstance(plural, str) else None,
               n if isinstance(n, int) else 0)


def with_template(err: ErrorMessage, data: Any) -> ErrorMessage:
    """``err`` (read from another process) with the template it was said from, so that
    :func:`localized` can say it in this connection's language."""
    err._text = template_of(data)
    return err


@dataclass(frozen=True, slots=True)
class Clipped:
    """A refusal's detail that may quote the request: at most ``limit`` characters shown."""

    message: str | Msg
    limit: int


def request_lang(request: Request) -> str:
    """The language a REST request asks for (``Accept-Language``; English by default)."""
    return negotiate(request.headers.get("accept-language"))


def detail(lang: str, value: object) -> object:
    """An ``HTTPException`` detail in ``lang``: a template rendered, a marked text
    translated, anything else (a list of problems, a dict) as it is."""
    if isinstance(value, Clipped):
        return shown(text(lang, value.message), value.limit)
    if isinstance(value, Msg | str):
        return text(lang, value)
    return value


async def http_refusal(request: Request, exc: Exception) -> JSONResponse:
    """Every ``HTTPException``: ``{"detail": ...}`` in the request's language (FastAPI's own
    answer otherwise: the same status and headers)."""
    assert isinstance(exc, HTTPException)
    return JSONResponse({"detail": detail(request_lang(request), exc.detail)},
                        status_code=exc.status_code, headers=exc.headers)
