"""REST: register (``POST /api/accounts``), the logged-in account (``GET /api/me``), change the
password, delete the account. Names, hashing and limits: :mod:`.credentials`; sessions:
:mod:`.sessions`.

Deleting an account keeps its games: its seats and results show :data:`DELETED_NAME` instead
of its name (results of kind ``deleted``, never counted); its sessions, ratings, follows and
invitations go, and the name may be registered again.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response, status
from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError

from ...i18n import _
from ..base.lobby_models import ErrorDetail
from ..live.deps import HubDep
from ..store.orm import Account, PlayerResult, SeatRow, SessionRow
from ..store.store import Store, now
from .account_models import (
    DELETED_NAME,
    Deletion,
    Me,
    MeAnswer,
    PasswordChange,
    Register,
    name_key,
)
from .credentials import (
    AUTH_ERRORS,
    LIMITED,
    Limited,
    Who,
    address_of,
    by_id,
    password_check,
    too_many,
)
from .sessions import COOKIE, Services, ServicesDep, account_of, current_secret_hash, required

# --- the database ---------------------------------------------------------------------------


def create(store: Store, name: str, digest: str) -> Who | None:
    """A new account; None when the name (in any case) is taken."""
    try:
        with store.sessions.begin() as s:
            row = Account(name=name, name_key=name_key(name), password_hash=digest,
                          created_at=now())
            s.add(row)
            s.flush()
            return Who(row.id, row.name)
    except IntegrityError:
        return None


def set_password(store: Store, account_id: int, digest: str, keep: str | None) -> None:
    """A new password hash; every session but ``keep`` (a session's secret hash) is revoked."""
    with store.sessions.begin() as s:
        s.execute(update(Account).where(Account.id == account_id).values(password_hash=digest))
        gone = delete(SessionRow).where(SessionRow.account_id == account_id)
        if keep is not None:
            gone = gone.where(SessionRow.secret_hash != keep)
        s.execute(gone)


def remove(store: Store, account_id: int) -> None:
    """Delete the account; its seats and results stay under :data:`DELETED_NAME`."""
    with store.sessions.begin() as s:
        s.execute(update(SeatRow).where(SeatRow.account_id == account_id)
                  .values(name=DELETED_NAME, account_id=None))
        s.execute(update(PlayerResult).where(PlayerResult.account_id == account_id)
                  .values(name=DELETED_NAME, kind="deleted", account_id=None))
        s.execute(delete(Account).where(Account.id == account_id))


# --- the routes -----------------------------------------------------------------------------

router = APIRouter(prefix="/api", tags=["accounts"], responses=AUTH_ERRORS)


@router.post("/accounts", response_model=Me, status_code=status.HTTP_201_CREATED,
             responses={**LIMITED, 409: {"model": ErrorDetail, "description": "the name is taken"}})
async def register(req: Register, request: Request, svc: ServicesDep) -> Me:
    """Register ``name`` (3 to 24 characters, unique without regard to case) with a password of
    at least 8 characters (stored as an Argon2id hash). It does not log in: ``POST
    /api/session`` does. Registrations per client address are rate-limited (429)."""
    address = address_of(request)
    try:
        async with svc.passwords.turn(address):
            await svc.guard.may_register(address)
            digest = await svc.passwords.hash(req.password)
    except Limited as e:
        raise too_many(e) from e
    who = await svc.store.run(create, svc.store, req.name, digest)
    if who is None:
        raise HTTPException(409, _("this name is taken (names are the same without regard to case)"))
    return Me(name=who.name, created_at=now())


@router.get("/me", response_model=MeAnswer, response_model_exclude_unset=True)
async def me(request: Request, svc: ServicesDep) -> MeAnswer:
    """The logged-in account (the session cookie's) as ``account``, its fields repeated at the
    top; ``{"account": null}`` for a guest (no session, or a revoked one, or a deleted
    account): who is logged in is a question, not a refusal."""
    who = await account_of(request)
    found = None if who is None else await svc.store.run(by_id, svc.store, who.id)
    if found is None:
        return MeAnswer(account=None)
    mine = Me(name=found.who.name, created_at=found.created_at)
    return MeAnswer(account=mine, name=mine.name, created_at=mine.created_at)


async def check_password(request: Request, svc: Services, who: Who, password: str) -> None:
    """401 unless ``password`` is the account's; a wrong one counts towards the login limits."""
    try:
        found = await password_check(svc.guard, svc.passwords, name_key(who.name),
                                     address_of(request),
                                     lambda: svc.store.run(by_id, svc.store, who.id), password)
    except Limited as e:
        raise too_many(e) from e
    if found is None:
        raise HTTPException(401, _("wrong password"))


@router.put("/me/password", status_code=status.HTTP_204_NO_CONTENT, response_class=Response,
            responses=LIMITED)
async def change_password(req: PasswordChange, request: Request, svc: ServicesDep) -> Response:
    """Change the password (the present one is asked for again); every other session of the
    account is logged out. A wrong present password counts as a failed login (401, then 429)."""
    who = await required(request)
    await check_password(request, svc, who, req.password)
    digest = await svc.passwords.hash(req.new_password)
    await svc.store.run(set_password, svc.store, who.id, digest, current_secret_hash(request))
    return Response(status_code=204)


@router.delete("/me", status_code=status.HTTP_204_NO_CONTENT, response_class=Response,
               responses=LIMITED)
async def delete_account(req: Deletion, request: Request, svc: ServicesDep,
                         hub: HubDep) -> Response:
    """Delete the account (the password is asked for again). Its finished games stay, its
    name in them becomes "Deleted player"; its sessions, ratings, follows and invitations go,
    and the name is free again."""
    who = await required(request)
    await check_password(request, svc, who, req.password)
    await svc.store.run(remove, svc.store, who.id)
    svc.forget(who.id)
    hub.forget_account(who.id, DELETED_NAME)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response
