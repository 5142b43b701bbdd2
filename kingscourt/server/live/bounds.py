"""The server's limits: how refusals describe bad input and who may create how many tables
(abandoned tables are closed by :mod:`.sweeper`).

- **Refusals** (REST 422 and the WebSocket's ``bad-message``) list at most
  :data:`MAX_PROBLEMS` problems and echo at most :data:`MAX_ECHO` characters of the client's
  input, with every character that cannot be encoded (a lone surrogate) or shown (a control
  character) replaced: a refusal never fails to encode and never grows with the input.
- **Creating tables** is rate-limited per client address with the ``limits`` library (a moving
  window in memory, or in Redis shared by several processes: :mod:`.limiting`) and bounded per
  creator: the *creator* of a table is the client address
  that created it (the TCP peer, or what a ``--trusted-proxy`` forwarded: :mod:`.addresses`).
  Addresses are kept in memory only (or in Redis), never stored
  in the database: a table recovered on restart counts for nobody.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from limits import parse
from sqlalchemy import select

from ...i18n import P_, Msg, _
from ..base.limiting import Limiter, OpenTables
from ..store.orm import TableRow
from ..store.store import Store
from ..text.localize import shown
from ..text.pydantic_words import said

if TYPE_CHECKING:
    pass

log = logging.getLogger("kingscourt.server")

MAX_PROBLEMS = 3
MAX_ECHO = 200
#: characters of one echoed piece of input (a field name or an unknown key)
MAX_PIECE = 40
#: characters of a lobby refusal's detail (its explanation and what it quotes)
MAX_DETAIL = 400
#: creations between two sweeps of the per-address table lists
PRUNE_EVERY = 1000


# --- refusals -------------------------------------------------------------------------------

def problems(errors: Sequence[Any], skip: Sequence[str] = (), whole: str = "message") -> Msg:
    """The first :data:`MAX_PROBLEMS` of pydantic's ``errors()`` as ``where: what``, the
    location's parts that come from the input clipped (``skip``: parts left out; ``whole``:
    the name of an empty location), and how many more there are: a template, said in the
    client's language (the field names as they are)."""
    params: dict[str, object] = {}
    layout = []
    echoed = 0
    for i, e in enumerate(errors[:MAX_PROBLEMS]):
        loc = [str(p) for p in e.get("loc", ()) if p not in skip]
        where = ".".join(shown(p, max(1, min(MAX_PIECE, MAX_ECHO - echoed))) for p in loc)
        echoed += len(where)
        what = said(e)
        params[f"w{i}"] = where or whole
        params[f"p{i}"] = shown(what, 200) if isinstance(what, str) else what
        layout.append(f"{{w{i}}}: {{p{i}}}")
    more = len(errors) - MAX_PROBLEMS
    if more > 0:
        params["more"] = P_(" (and {n} more)", " (and {n} more)", more, n=more)
        layout[-1] += "{more}"
    # the layout is no text of any language: only its pieces are translated
    return Msg("; ".join(layout), params)


# --- table ids and cursors --------------------------------------------------------------------

def table_id_ok(table_id: str) -> bool:
    """A table id as the hub makes them (``secrets.token_urlsafe``): nothing else reaches the
    database."""
    return 0 < len(table_id) <= 32 and all(c.isascii() and (c.isalnum() or c in "-_")
                                           for c in table_id)


def cursor_of(created_at: datetime, table_id: str) -> str:
    """An opaque paging cursor: the position just after this table in (created, id) order."""
    raw = f"{created_at.isoformat()}|{table_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def position_of(cursor: str) -> tuple[datetime, str] | None:
    """The position a cursor of :func:`cursor_of` names; ``None`` for anything else."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        stamp, _, table_id = raw.partition("|")
        at = datetime.fromisoformat(stamp)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    if at.tzinfo is None or not table_id_ok(table_id):
        return None
    return at, table_id


# --- creating tables --------------------------------------------------------------------------

class Refused(Exception):
    """A creation the limits refuse: ``status`` (429 or 409), ``retry_after`` seconds or None."""

    def __init__(self, message: Msg, status: int, retry_after: int | None = None) -> None:
        super().__init__(str(message))
        self.status = status
        self.retry_after = retry_after
        #: the message as a template, said in the request's language
        self.text = message


class CreationGuard:
    """Per client address: a rate of creations (``limits``) and a bound on open tables."""

    def __init__(self, rate: str, max_open: int, is_open: Callable[[str], bool],
                 redis_url: str | None = None,
                 open_among: Callable[[list[str]], Awaitable[set[str]]] | None = None) -> None:
        self.rate = parse(rate)
        self.limiter = Limiter(redis_url)
        self.max_open = max_open
        self.is_open = is_open
        #: several processes: the open tables per address counted over all of them
        self.shared = (OpenTables(redis_url, open_among, lambda: self.tables)
                       if redis_url is not None and open_among is not None and max_open else None)
        self.tables: dict[str, list[str]] = {}
        self.pending: dict[str, int] = {}
        self._created = 0

    def open_count(self, address: str) -> int:
        ids = [t for t in self.tables.get(address, []) if self.is_open(t)]
        if ids:
            self.tables[address] = ids
        else:
            self.tables.pop(address, None)
        return len(ids) + self.pending.get(address, 0)

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()

    async def _reserve(self, address: str) -> str | None:
        """A place among the address's open tables (its token; "" when counted here alone),
        or None when it holds :attr:`max_open` already."""
        def here() -> str | None:
            return "" if self.open_count(address) < self.max_open else None

        shared = self.shared
        if shared is None:
            return here()
        return await shared.outage.run(lambda: shared.reserve(address, self.max_open), here)

    async def _release(self, address: str, token: str | None, table_id: str | None) -> None:
        shared = self.shared
        if shared is not None and token:
            await shared.outage.run(lambda: shared.created(address, token, table_id),
                                    lambda: None)

    @contextlib.asynccontextmanager
    async def creating(self, address: str) -> AsyncIterator[Callable[[str], None]]:
        """Admit one creation from ``address`` (raises :class:`Refused`), holding its place
        among the address's open tables until it is done; call the yielded function with the
        new table's id."""
        if not await self.limiter.hit(self.rate, address):
            reset = (await self.limiter.get_window_stats(self.rate, address)).reset_time
            wait = max(1, math.ceil(reset - time.time()))
            raise Refused(_("too many tables created from your address (at most {rate}): try "
                            "again in {wait} s", rate=str(self.rate), wait=wait), 429, wait)
        token = await self._reserve(address) if self.max_open else ""
        if token is None:
            raise Refused(P_("your address already has {n} open table, the most it may hold: "
                             "finish or leave it first",
                             "your address already has {n} open tables, the most it may hold: "
                             "finish or leave one first", self.max_open, n=self.max_open), 409)
        self.pending[address] = self.pending.get(address, 0) + 1
        self._created += 1
        if self._created % PRUNE_EVERY == 0:  # forget the addresses whose tables all closed
            for other in list(self.tables):
                self.open_count(other)
        made: list[str] = []

        def created(table_id: str) -> None:
            made.append(table_id)
            self.tables.setdefault(address, []).append(table_id)

        try:
            yield created
        finally:
            self.pending[address] -= 1
            if not self.pending[address]:
                del self.pending[address]
            await self._release(address, token, made[0] if made else None)


def open_among(store: Store, ids: list[str]) -> set[str]:
    """Which of the tables ``ids`` are open (waiting or being played), by the database."""
    with store.sessions() as s:
        return set(s.scalars(select(TableRow.id).where(TableRow.id.in_(ids),
                                                      TableRow.status.in_(("waiting", "open")))))


