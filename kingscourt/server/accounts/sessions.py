"""Logging in and out: the session cookie and the session rows behind it.

Logging in (``POST /api/session``) sets the cookie :data:`COOKIE`, a random secret, HttpOnly
(no script reads it), ``SameSite=Lax`` (another site's requests do not carry it) and
``Secure`` when the request came over https (the scheme of the connection, or the
``X-Forwarded-Proto`` of a ``--trusted-proxy``: :mod:`.addresses`) or the server runs with
``--secure-cookies``. The server keeps a session row holding the SHA-256 hash of the secret,
never the secret: logging out deletes the row (the cookie no longer logs in even if kept),
changing the password deletes the account's other rows, and a row expires after
:data:`SESSION_DAYS` days. An account holds at most :data:`MAX_SESSIONS` sessions; one more
ends its oldest.

A request's account is read from its cookie (:func:`account_of`); a table created or a seat
taken by a logged-in player is played under the account's name.
"""

from __future__ import annotations

import secrets
import time
from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request, Response, status
from sqlalchemy import delete, select
from starlette.requests import HTTPConnection

from ...i18n import _
from ..base.config import ServerConfig
from ..live.deps import LobbyFeedDep
from ..store.orm import Account, SessionRow
from ..store.store import Store, aware, now, secret_hash
from .account_models import Login, Me, name_key
from .credentials import (
    AUTH_ERRORS,
    LIMITED,
    AuthGuard,
    Limited,
    Passwords,
    Who,
    address_of,
    by_name,
    password_check,
    too_many,
)

COOKIE = "kingscourt_session"
SESSION_DAYS = 30
MAX_SESSIONS = 20
#: seconds after its last request during which an account counts as online
ONLINE_FOR = 300.0


class Services:
    """What the account routes share (``app.state.accounts``): the store, password hashing,
    the login limits, and when each account was last seen (in memory only)."""

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config = config
        self.store = store
        self.passwords = Passwords()
        self.guard = AuthGuard(config.login_rate, config.login_address_rate, config.register_rate,
                               config.redis_url)
        self.seen: dict[int, float] = {}

    def touch(self, account_id: int) -> None:
        self.seen[account_id] = time.monotonic()

    def recently_seen(self, account_id: int) -> bool:
        t = self.seen.get(account_id)
        return t is not None and time.monotonic() - t < ONLINE_FOR

    def forget(self, account_id: int) -> None:
        self.seen.pop(account_id, None)


def services(conn: HTTPConnection) -> Services:
    """What the account routes share (``app.state.accounts``, made by the app)."""
    svc: Services = conn.app.state.accounts
    return svc


ServicesDep = Annotated[Services, Depends(services)]


# --- the database ---------------------------------------------------------------------------

def open_session(store: Store, account_id: int, digest: str) -> None:
    """A new session row; the account's expired ones, and its oldest beyond the bound, go."""
    with store.sessions.begin() as s:
        t = now()
        rows = s.scalars(select(SessionRow).where(SessionRow.account_id == account_id)
                         .order_by(SessionRow.created_at)).all()
        live = [r for r in rows if aware(r.expires_at) > t]
        for r in [r for r in rows if aware(r.expires_at) <= t] + live[:max(0, len(live) - MAX_SESSIONS + 1)]:
            s.delete(r)
        s.add(SessionRow(secret_hash=digest, account_id=account_id, created_at=t,
                         expires_at=t + timedelta(days=SESSION_DAYS)))


def session_account(store: Store, digest: str) -> Who | None:
    """The account of a live session (None: unknown, expired or revoked)."""
    with store.sessions() as s:
        found = s.execute(select(SessionRow.expires_at, Account.id, Account.name)
                          .join(Account, Account.id == SessionRow.account_id)
                          .where(SessionRow.secret_hash == digest)).first()
    if found is None or aware(found.expires_at) <= now():
        return None
    return Who(found.id, found.name)


def close_session(store: Store, digest: str) -> None:
    with store.sessions.begin() as s:
        s.execute(delete(SessionRow).where(SessionRow.secret_hash == digest))


# --- the request's account --------------------------------------------------------------------

def current_secret_hash(request: Request) -> str | None:
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > 128:
        return None
    return secret_hash(secret)


async def account_of(request: Request) -> Who | None:
    """The account logged in with the request's cookie, or None (a guest)."""
    digest = current_secret_hash(request)
    if digest is None:
        return None
    svc = services(request)
    who = await svc.store.run(session_account, svc.store, digest)
    if who is not None:
        svc.touch(who.id)
    return who


async def required(request: Request) -> Who:
    """The request's account; 401 when it has none."""
    who = await account_of(request)
    if who is None:
        raise HTTPException(401, _("not logged in: log in first (POST /api/session)"))
    return who


# --- the routes -------------------------------------------------------------------------------

router = APIRouter(prefix="/api", tags=["accounts"], responses=AUTH_ERRORS)


@router.post("/session", response_model=Me, responses={
    **LIMITED, 200: {"description": "logged in: the answer sets the session cookie"}})
async def log_in(req: Login, request: Request, svc: ServicesDep, response: Response,
                 feed: LobbyFeedDep) -> Me:
    """Log in: the answer sets the session cookie (HttpOnly, SameSite=Lax, Secure over
    https). A wrong name or password is 401 (the same answer for both); failed logins are
    rate-limited per name and per address, each counted before its password is checked (429
    with Retry-After), and one address has one check running and one waiting at most (429)."""
    try:
        found = await password_check(svc.guard, svc.passwords, name_key(req.name),
                                     address_of(request),
                                     lambda: svc.store.run(by_name, svc.store, req.name),
                                     req.password)
    except Limited as e:
        raise too_many(e) from e
    if found is None:
        raise HTTPException(401, _("wrong name or password"))
    secret = secrets.token_urlsafe(32)
    await svc.store.run(open_session, svc.store, found.who.id, secret_hash(secret))
    svc.touch(found.who.id)
    secure = svc.config.secure_cookies or request.url.scheme == "https"
    response.set_cookie(COOKIE, secret, max_age=SESSION_DAYS * 24 * 3600, path="/",
                        httponly=True, samesite="lax", secure=secure)
    feed.nudge(["friends"])  # online now, in the lobbies that follow this account
    return Me(name=found.who.name, created_at=found.created_at)


@router.delete("/session", status_code=status.HTTP_204_NO_CONTENT, response_class=Response)
async def log_out(request: Request, svc: ServicesDep) -> Response:
    """Log out: the session row is deleted (the cookie no longer logs in anywhere) and the
    cookie cleared. Without a session: 204 all the same."""
    digest = current_secret_hash(request)
    if digest is not None:
        await svc.store.run(close_session, svc.store, digest)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response
