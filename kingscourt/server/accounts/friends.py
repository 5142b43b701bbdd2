"""REST: following players by name, the friends in the lobby, invitations to a seat by name.

- **Following** is one-sided, by account name (``POST /api/me/following``); an account
  follows at most :data:`MAX_FOLLOWS` others. ``GET /api/me/friends`` lists the followed
  accounts with whether they are **online** (connected to a table, or seen by the server in
  the last :data:`.sessions.ONLINE_FOR` seconds: kept in memory only) and their open tables
  (waiting or playing) at which they hold a seat.
- **Invitations by name.** Whoever may give a free seat away — the holder of its invitation
  (the host's link), or anyone for an open seat — may invite an account to it by name
  (``POST /api/invitations``). The invitation appears in the invited account's lobby
  (``GET /api/me/invitations``) and only that account, logged in, may take the seat with it
  (``POST /api/invitations/{id}/accept``, which answers the seat's new token as a join
  does). The server never hands out the seat's own invitation link: it keeps only a hash of
  it. An invitation lapses when its seat is taken or its table ends; an account holds at most
  :data:`MAX_PENDING` pending invitations and sends at most as many.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from fastapi import APIRouter, HTTPException, Request, Response, status
from sqlalchemy import delete, func, or_, select
from sqlalchemy.exc import IntegrityError

from ...i18n import _
from ..base.lobby_models import TakeResult
from ..live.bounds import table_id_ok
from ..live.deps import HubDep, LobbyFeedDep, refuse
from ..live.hub import Hub, LobbyError
from ..live.table import LiveTable
from ..store.orm import Account, Follow, Invitation
from ..store.store import Store, aware, now, secret_hash
from .account_models import Friend, InvitationInfo, InviteRequest, Me, NameRequest
from .credentials import AUTH_ERRORS, Who, by_name
from .sessions import ServicesDep, required

MAX_FOLLOWS = 200
MAX_PENDING = 50

router = APIRouter(prefix="/api", tags=["friends"], responses=AUTH_ERRORS)


# --- the database ---------------------------------------------------------------------------

def follow(store: Store, follower: int, followee: int) -> bool:
    """False when ``follower`` already follows :data:`MAX_FOLLOWS` accounts."""
    with store.sessions.begin() as s:
        if s.get(Follow, (follower, followee)) is not None:
            return True
        count = s.scalar(select(func.count()).select_from(Follow)
                         .where(Follow.follower_id == follower)) or 0
        if count >= MAX_FOLLOWS:
            return False
        s.add(Follow(follower_id=follower, followee_id=followee, created_at=now()))
        return True


def unfollow(store: Store, follower: int, followee: int) -> None:
    with store.sessions.begin() as s:
        s.execute(delete(Follow).where(Follow.follower_id == follower,
                                       Follow.followee_id == followee))


def followed(store: Store, follower: int) -> list[tuple[Who, datetime]]:
    """The accounts ``follower`` follows, by name, with their registration times."""
    with store.sessions() as s:
        rows = s.execute(select(Account.id, Account.name, Account.created_at)
                         .join(Follow, Follow.followee_id == Account.id)
                         .where(Follow.follower_id == follower).order_by(Account.name)).all()
        return [(Who(i, n), aware(t)) for i, n, t in rows]


def invitations_of(store: Store, account_id: int) -> list[tuple[Invitation, str]]:
    """Invitations to ``account_id`` with the inviter's name, oldest first."""
    with store.sessions() as s:
        rows = s.execute(select(Invitation, Account.name)
                         .join(Account, Account.id == Invitation.from_id)
                         .where(Invitation.to_id == account_id)
                         .order_by(Invitation.created_at)).all()
        return [(inv, name) for inv, name in rows]


def drop_invitations(store: Store, ids: list[str]) -> None:
    if ids:
        with store.sessions.begin() as s:
            s.execute(delete(Invitation).where(Invitation.id.in_(ids)))


def drop_seat_invitations(store: Store, table_id: str, seat: int) -> None:
    with store.sessions.begin() as s:
        s.execute(delete(Invitation).where(Invitation.table_id == table_id, Invitation.seat == seat))


def invite(store: Store, live: set[str], table_id: str, seat: int, sender: int,
           to: int) -> tuple[str, datetime] | None:
    """The invitation of ``to`` to the seat (an existing one is kept); None when the sender or
    the invited account already has :data:`MAX_PENDING` pending ones. Invitations of tables
    that are no longer ``live`` go first."""
    with store.sessions.begin() as s:
        mine = s.scalars(select(Invitation).where(or_(Invitation.from_id == sender,
                                                      Invitation.to_id == to))).all()
        for old in mine:
            if old.table_id not in live:
                s.delete(old)
            elif (old.table_id, old.seat, old.to_id) == (table_id, seat, to):
                return old.id, aware(old.created_at)
        s.flush()
        kept = [m for m in mine if m.table_id in live]
        if (sum(1 for m in kept if m.from_id == sender) >= MAX_PENDING
                or sum(1 for m in kept if m.to_id == to) >= MAX_PENDING):
            return None
        row = Invitation(id=secrets.token_urlsafe(12), table_id=table_id, seat=seat, from_id=sender,
                         to_id=to, created_at=now())
        s.add(row)
        return row.id, aware(row.created_at)


def invitation(store: Store, invitation_id: str, to: int) -> Invitation | None:
    with store.sessions() as s:
        row = s.get(Invitation, invitation_id)
        return row if row is not None and row.to_id == to else None


# --- live tables ------------------------------------------------------------------------------

def _open(hub: Hub) -> list[LiveTable]:
    return sorted((t for t in hub.tables.values() if not t.over), key=lambda t: t.data.created_at)


def free_human_seat(table: LiveTable | None, seat: int) -> bool:
    return (table is not None and not table.over and 0 <= seat < len(table.seats)
            and table.seats[seat].kind == "human" and not table.seats[seat].taken)


def connected_accounts(hub: Hub) -> set[int]:
    """Accounts holding a connected seat at a live table."""
    out: set[int] = set()
    for table in hub.tables.values():
        seats = {c.seat for c in table.conns if not c.closed and c.seat is not None}
        seats |= table.elsewhere  # connected through another process
        out.update(s.account_id for s in table.seats if s.seat in seats and s.account_id is not None)
    return out


def info_of(hub: Hub, inv: Invitation, sender: str) -> InvitationInfo:
    table = hub.tables[inv.table_id]
    return InvitationInfo.model_validate({
        "id": inv.id, "table": inv.table_id, "seat": inv.seat, "game": table.game.name,
        "title": table.game.title, "status": "waiting" if table.waiting else "playing",
        "from": sender, "accept": f"/api/invitations/{inv.id}/accept",
        "created_at": aware(inv.created_at)})


# --- the routes -------------------------------------------------------------------------------

@router.get("/me/following", response_model=list[Me])
async def following(request: Request, hub: HubDep) -> list[Me]:
    """The accounts you follow, by name."""
    who = await required(request)
    people = await hub.store.run(followed, hub.store, who.id)
    return [Me(name=p.name, created_at=at) for p, at in people]


@router.post("/me/following", response_model=Me, status_code=status.HTTP_201_CREATED)
async def follow_name(req: NameRequest, request: Request, hub: HubDep) -> Me:
    """Follow an account by name (in any case): it appears among your friends in the lobby.
    404: no such account; 409: you follow the most accounts one may."""
    who = await required(request)
    found = await hub.store.run(by_name, hub.store, req.name)
    if found is None:
        raise HTTPException(404, _("no account named {name}", name=repr(req.name)))
    if found.who.id == who.id:
        raise HTTPException(422, _("name: you cannot follow yourself"))
    if not await hub.store.run(follow, hub.store, who.id, found.who.id):
        raise HTTPException(409, _("you follow {MAX_FOLLOWS} accounts, the most one may: unfollow "
                                   "one first",
                                   MAX_FOLLOWS=MAX_FOLLOWS))
    return Me(name=found.who.name, created_at=found.created_at)


@router.delete("/me/following/{name}", status_code=status.HTTP_204_NO_CONTENT,
               response_class=Response)
async def unfollow_name(name: str, request: Request, hub: HubDep) -> Response:
    """Stop following ``name`` (204 also when you did not follow it)."""
    who = await required(request)
    found = await hub.store.run(by_name, hub.store, name[:64])
    if found is not None:
        await hub.store.run(unfollow, hub.store, who.id, found.who.id)
    return Response(status_code=204)


@router.get("/me/friends", response_model=list[Friend])
async def friends(request: Request, hub: HubDep, svc: ServicesDep) -> list[Friend]:
    """The accounts you follow: online or not, and their open tables (waiting or playing)."""
    who = await required(request)
    people = await hub.store.run(followed, hub.store, who.id)
    connected = connected_accounts(hub)
    tables = _open(hub)
    return [Friend(name=p.name, online=p.id in connected or svc.recently_seen(p.id),
                   tables=[hub.info(t) for t in tables
                           if any(s.account_id == p.id for s in t.seats)])
            for p, _ in people]


@router.post("/invitations", response_model=InvitationInfo, status_code=status.HTTP_201_CREATED)
async def invite_by_name(req: InviteRequest, request: Request, hub: HubDep,
                         feed: LobbyFeedDep) -> InvitationInfo:
    """Invite an account by name to a free seat: with the seat's invitation (``invite``; the
    host's link), or to an open seat without one. The invitation appears in their lobby; only
    they may take the seat with it. 403: a wrong invitation; 404: no such table or account;
    409: the seat is taken, or too many invitations are pending."""
    who = await required(request)
    table = hub.tables.get(req.table) if table_id_ok(req.table) else None
    if table is None or table.over:
        raise HTTPException(404, _("no open table {table}", table=repr(req.table)))
    if not 0 <= req.seat < len(table.seats) or table.seats[req.seat].kind != "human":
        raise HTTPException(404, _("table {table} has no human seat {seat}", table=req.table, seat=req.seat))
    seat = table.seats[req.seat]
    if seat.taken:
        raise HTTPException(409, _("seat {seat} is taken", seat=req.seat))
    if not seat.open and (req.invite is None or seat.invite_hash != secret_hash(req.invite)):
        raise HTTPException(403, _("only the holder of the seat's invitation may invite someone to "
                                   "it: give its invitation (invite)"))
    found = await hub.store.run(by_name, hub.store, req.name)
    if found is None:
        raise HTTPException(404, _("no account named {name}", name=repr(req.name)))
    if found.who.id == who.id:
        raise HTTPException(422, _("name: you cannot invite yourself"))
    live = {t.id for t in _open(hub)}
    try:
        made = await hub.store.run(invite, hub.store, live, table.id, req.seat, who.id,
                                   found.who.id)
    except IntegrityError as e:  # the same invitation, made by a request just before
        raise HTTPException(409, _("this invitation was just made: look again")) from e
    if made is None:
        raise HTTPException(409, _("too many pending invitations (at most {MAX_PENDING} to or from "
                                   "one account)",
                                   MAX_PENDING=MAX_PENDING))
    inv = Invitation(id=made[0], table_id=table.id, seat=req.seat, from_id=who.id,
                     to_id=found.who.id, created_at=made[1])
    feed.nudge(["invitations"])  # it shows in their lobby now
    return info_of(hub, inv, who.name)


@router.get("/me/invitations", response_model=list[InvitationInfo])
async def my_invitations(request: Request, hub: HubDep) -> list[InvitationInfo]:
    """The invitations to you whose seat is still free, oldest first; lapsed ones go."""
    who = await required(request)
    rows = await hub.store.run(invitations_of, hub.store, who.id)
    lapsed = [inv.id for inv, _ in rows if not free_human_seat(hub.tables.get(inv.table_id), inv.seat)]
    await hub.store.run(drop_invitations, hub.store, lapsed)
    return [info_of(hub, inv, sender) for inv, sender in rows if inv.id not in lapsed]


@router.post("/invitations/{invitation_id}/accept", response_model=TakeResult)
async def accept(invitation_id: str, request: Request, hub: HubDep,
                 feed: LobbyFeedDep) -> TakeResult:
    """Take the seat you were invited to, under your account's name: the answer holds the
    seat's new token (as a join does). 404: no such invitation of yours; 409: the seat was
    taken meanwhile (the invitation lapses)."""
    who = await required(request)
    inv = (await hub.store.run(invitation, hub.store, invitation_id, who.id)
           if 0 < len(invitation_id) <= 32 else None)
    if inv is None:
        raise HTTPException(404, _("no such invitation of yours"))
    try:
        taken = await hub.claim(inv.table_id, inv.seat, who)
    except LobbyError as e:
        if e.status in (404, 409):
            await hub.store.run(drop_invitations, hub.store, [inv.id])
        raise refuse(e) from e
    await hub.store.run(drop_seat_invitations, hub.store, inv.table_id, inv.seat)
    feed.nudge(["tables", "invitations", "friends"], [inv.table_id])
    return taken


@router.delete("/invitations/{invitation_id}", status_code=status.HTTP_204_NO_CONTENT,
               response_class=Response)
async def decline(invitation_id: str, request: Request, hub: HubDep) -> Response:
    """Decline an invitation to you (204 also when there is none)."""
    who = await required(request)
    inv = (await hub.store.run(invitation, hub.store, invitation_id, who.id)
           if 0 < len(invitation_id) <= 32 else None)
    if inv is not None:
        await hub.store.run(drop_invitations, hub.store, [inv.id])
    return Response(status_code=204)
