"""Who is logged in, how passwords are hashed, and the rates of failed logins.

- **Names** are unique without regard to case or width (:func:`.account_models.name_key`):
  ``Ada`` and ``ada`` are one account. A guest (a player without an account) may not sit down
  under a registered name (409), so a name on a leaderboard is always its account's.
- **Passwords** are hashed with Argon2id (argon2-cffi's ``PasswordHasher``, its RFC 9106
  defaults); only the hash is stored. Hashing runs in threads beside the event loop, at most
  :data:`HASHING` at once (each takes 64 MiB for a moment). A login for a name without an
  account checks a dummy hash, so that it takes as long as a wrong password.
- **Failed logins** are rate-limited per name and per client address (the ``limits``
  library, a moving window in memory, or in Redis shared by several processes:
  :mod:`.limiting`): beyond either rate every login for that name or from that address is
  refused with 429 and ``Retry-After``, the right password included, until the window has
  passed. A login is counted as failed *before* its password is checked and given back when
  it was right (:class:`.limiting.Refunds`): counted after the check, a burst of concurrent
  attempts would all be checked before the first failure counted. A refusal costs no
  hashing and no database read. Registrations are rate-limited per address, counted before
  their password is hashed.
- **One address, one check at a time.** Each address has one password check (or hash)
  running in this process and at most one more waiting (:meth:`Passwords.turn`); beyond that
  it is refused (429) at once, counting nothing, so that a burst from one address never
  fills the hashing threads that everyone else's logins need.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request
from limits import RateLimitItem, parse
from sqlalchemy import select

from ...i18n import Msg, _
from ..base.addresses import client_address
from ..base.limiting import Limiter, Refunds
from ..base.lobby_models import ErrorDetail
from ..store.orm import Account
from ..store.people import Who as Who  # the account routes take it from here
from ..store.store import Store, aware
from .account_models import name_key

#: password hashes computed at once (each holds 64 MiB while it runs)
HASHING = 2
#: password checks one client address may have under way at once: one running, one waiting
PER_ADDRESS = 2
#: seconds a client refused for a check already under way from its address is told to wait
BUSY_WAIT = 1
#: what the account routes may answer besides 200/201/204
AUTH_ERRORS: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorDetail, "description": "the body is not text (UTF-8 JSON)"},
    401: {"model": ErrorDetail, "description": "not logged in (no session, or it expired or "
          "was revoked)"},
    403: {"model": ErrorDetail, "description": "a cross-site request (its Origin is not this "
          "server's)"},
    404: {"model": ErrorDetail}, 409: {"model": ErrorDetail}, 422: {"model": ErrorDetail},
    503: {"model": ErrorDetail}}
LIMITED: dict[int | str, dict[str, object]] = {
    429: {"model": ErrorDetail, "description": "too many attempts: wait the Retry-After seconds"}}


@dataclass(frozen=True, slots=True)
class AccountData:
    who: Who
    password_hash: str
    created_at: datetime


@dataclass(slots=True)
class _Turns:
    """One address's password checks: how many are under way, and the one that runs."""

    under_way: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Passwords:
    """Argon2id hashing and checking in threads, a few at a time, one per address."""

    def __init__(self) -> None:
        self.hasher = PasswordHasher()
        self._slots = asyncio.Semaphore(HASHING)
        self._turns: dict[str, _Turns] = {}
        #: checked for a name without an account; made on first use (not at start: it is slow)
        self._dummy: str | None = None

    @contextlib.asynccontextmanager
    async def turn(self, address: str) -> AsyncIterator[None]:
        """The address's turn at hashing: waits for its check under way, if any; raises
        :class:`Limited` when one is already waiting too (a burst from one address takes at
        most one of the :data:`HASHING` threads, and never queues behind itself)."""
        turns = self._turns.get(address)
        if turns is None:
            turns = self._turns[address] = _Turns()
        if turns.under_way >= PER_ADDRESS:
            raise Limited(_("a password from your address is being checked already: try again "
                            "in {wait} s", wait=BUSY_WAIT), BUSY_WAIT)
        turns.under_way += 1
        try:
            async with turns.lock:
                yield
        finally:
            turns.under_way -= 1
            if not turns.under_way:
                del self._turns[address]

    async def hash(self, password: str) -> str:
        async with self._slots:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, digest: str | None, password: str) -> bool:
        """``password`` is the one of ``digest`` (None: no account; always False, as slowly)."""
        def check() -> bool:
            if digest is None and self._dummy is None:
                self._dummy = self.hasher.hash("no account has this password")
            try:
                return self.hasher.verify(digest or self._dummy or "", password) and digest is not None
            except (VerificationError, InvalidHashError):
                return False

        async with self._slots:
            return await asyncio.to_thread(check)


class Limited(Exception):
    def __init__(self, message: Msg, retry_after: int) -> None:
        super().__init__(str(message))
        self.retry_after = retry_after
        #: the message as a template, said in the request's language
        self.text = message


class AuthGuard:
    """Rates of failed logins (per name, per address) and of registrations (per address),
    each counted before the work it protects."""

    def __init__(self, login_rate: str, login_address_rate: str, register_rate: str,
                 redis_url: str | None = None) -> None:
        self.limiter = Limiter(redis_url)
        self.failures = Refunds(self.limiter)
        self.per_name = parse(login_rate)
        self.per_address = parse(login_address_rate)
        self.register_rate = parse(register_rate)

    async def _wait(self, rate: RateLimitItem, *key: str) -> int:
        reset = (await self.limiter.get_window_stats(rate, *key)).reset_time
        return max(1, math.ceil(reset - time.time()))

    async def _name_limited(self, key: str) -> Limited:
        wait = await self._wait(self.per_name, "name", key)
        return Limited(_("too many failed logins for this name (at most {rate}): try again "
                         "in {wait} s", rate=str(self.per_name), wait=wait), wait)

    async def may_log_in(self, key: str, address: str) -> None:
        """Count one login for the name ``key`` from ``address`` as failed, before its
        password is checked (:meth:`not_failed` gives it back); raise :class:`Limited`,
        counting nothing, when either rate is spent."""
        # a name already refused costs no count (and no refund) of the address
        if not await self.failures.room(self.per_name, "name", key):
            raise await self._name_limited(key)
        if not await self.failures.reserve(self.per_address, "address", address):
            wait = await self._wait(self.per_address, "address", address)
            raise Limited(_("too many failed logins from your address (at most {rate}): try "
                            "again in {wait} s", rate=str(self.per_address), wait=wait), wait)
        if not await self.failures.reserve(self.per_name, "name", key):
            await self.failures.refund(self.per_address, "address", address)
            raise await self._name_limited(key)

    async def not_failed(self, key: str, address: str) -> None:
        """The login :meth:`may_log_in` counted was right: it counts for neither rate."""
        await self.failures.refund(self.per_name, "name", key)
        await self.failures.refund(self.per_address, "address", address)

    async def may_register(self, address: str) -> None:
        if not await self.limiter.hit(self.register_rate, "register", address):
            wait = await self._wait(self.register_rate, "register", address)
            raise Limited(_("too many accounts registered from your address (at most {rate}): "
                            "try again in {wait} s", rate=str(self.register_rate), wait=wait),
                          wait)


async def password_check(guard: AuthGuard, passwords: Passwords, key: str, address: str,
                         find: Callable[[], Awaitable[AccountData | None]],
                         password: str) -> AccountData | None:
    """The account ``find`` reads when ``password`` is its password, else None. In the
    address's turn at hashing the login is counted as failed for the name ``key`` and for
    ``address`` before the account is read or the password checked, and given back when it
    was right; raises :class:`Limited` (nothing read, nothing hashed, nothing counted) when
    the address has a check waiting already or a rate is spent."""
    async with passwords.turn(address):
        await guard.may_log_in(key, address)
        found = await find()
        right = await passwords.verify(found.password_hash if found else None, password)
    if not right:
        return None
    await guard.not_failed(key, address)
    return found


def address_of(request: Request) -> str:
    """The client address (the TCP peer, or what a ``--trusted-proxy`` forwarded)."""
    return client_address(request)


def too_many(e: Limited) -> HTTPException:
    return HTTPException(429, e.text, headers={"Retry-After": str(e.retry_after)})


# --- reading accounts -------------------------------------------------------------------------

def _data(row: Account) -> AccountData:
    return AccountData(Who(row.id, row.name), row.password_hash, aware(row.created_at))


def by_name(store: Store, name: str) -> AccountData | None:
    """The account of ``name`` (in any case or width)."""
    with store.sessions() as s:
        row = s.scalars(select(Account).where(Account.name_key == name_key(name))).first()
        return None if row is None else _data(row)


def by_id(store: Store, account_id: int) -> AccountData | None:
    with store.sessions() as s:
        row = s.get(Account, account_id)
        return None if row is None else _data(row)


