"""Every error code of the wire, in the pipeline's order, against a real server."""

from __future__ import annotations

from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

import kingscourt

from .harness import Server, act, recv, recv_until, run

SEED = 21


def is_error(m: dict[str, Any]) -> bool:
    return bool(m["type"] == "error")


async def state_of(ws: ClientConnection) -> dict[str, Any]:
    return await recv_until(ws, lambda m: m["type"] == "state")


@pytest.mark.slow
def test_every_error_code(seeded_server: Server) -> None:
    server = seeded_server  # a known deal at a table of four humans
    t = server.create("king", [{"kind": "human", "name": f"P{i}"} for i in range(4)], seed=SEED)
    tokens = [s["token"] for s in t["seats"]]
    local = kingscourt.load_game("king").new_state(seed=SEED)  # the same deal, to know the answers
    mover = local.to_move()[0]
    other = (mover + 1) % 4

    async def scenario() -> None:
        # no-table / bad-token on connecting: one error, then the connection is closed
        async with connect(server.ws("no-such-table")) as ws:
            m = await recv(ws)
            assert m["code"] == "no-table"
        async with connect(server.ws(t["id"], "forged-token")) as ws:
            m = await recv(ws)
            assert m["code"] == "bad-token"
        async with (connect(server.ws(t["id"], tokens[mover])) as me,
                    connect(server.ws(t["id"], tokens[other])) as them,
                    connect(server.ws(t["id"])) as spectator):
            v = (await state_of(me))["version"]
            assert v == 0
            # bad-message: not JSON, wrong shape, unknown type, binary frame
            for raw in ("not json", '{"type": "act"}', '{"type": "hello", "version": 0}',
                        '{"type": "act", "action": "", "version": 0}', b"\x00\x01"):
                await me.send(raw)
                m = await recv_until(me, is_error)
                assert m["code"] == "bad-message", (raw, m)
            # bad-token: a spectator cannot act; a token acts for its own seat only
            await spectator.send(act("choose kiz-almaz", v))
            m = await recv_until(spectator, is_error)
            assert m["code"] == "bad-token"
            await them.send(act("choose kiz-almaz", v, seat=mover))
            m = await recv_until(them, is_error)
            assert m["code"] == "bad-token" and str(mover) in m["message"]
            # not-your-turn: another seat's token acting now
            await them.send(act("choose kiz-almaz", v))
            m = await recv_until(them, is_error)
            assert m["code"] == "not-your-turn" and m["rule"] == "not-your-turn"
            # illegal-action: the engine's rule id and message; malformed text too
            bad = "play " + local.view(mover)["hand"][0]
            expected = local.check(mover, bad)
            assert expected is not None
            await me.send(act(bad, v))
            m = await recv_until(me, is_error)
            assert m["code"] == "illegal-action"
            assert (m["rule"], m["message"]) == (expected.rule, expected.message)
            await me.send(act("fly away", v))
            m = await recv_until(me, is_error)
            assert m["code"] == "illegal-action" and m["rule"] == "malformed-action"
            # stale-version: answering a version that is not the present one
            await me.send(act("choose kiz-almaz", v + 5))
            m = await recv_until(me, is_error)
            assert m["code"] == "stale-version"
            # a good action: every seat and the spectator get the next version
            await me.send(act("choose kiz-almaz", v))
            for ws in (me, them, spectator):
                s = await recv_until(ws, lambda m: m["type"] == "state" and m["version"] == v + 1)
                assert s["view"]["contract"] == "kiz-almaz"
            local.apply(mover, "choose kiz-almaz")
            lead = local.to_move()[0]
            # the old version is stale now, even for the seat to move
            ws_lead = me if lead == mover else None
            if ws_lead is not None:
                await ws_lead.send(act("play " + local.legal_actions(lead)[0].split()[1], v))
                m = await recv_until(ws_lead, is_error)
                assert m["code"] == "stale-version"
        # reconnecting with the token returns the current view
        async with connect(server.ws(t["id"], tokens[other])) as again:
            s = await state_of(again)
            assert s["version"] == v + 1 and s["seat"] == other
            assert s["view"]["hand"] == local.view(other)["hand"]

    run(scenario())


def test_stale_version_after_a_move(seeded_server: Server) -> None:
    server = seeded_server
    t = server.create("king", [{"kind": "human", "name": f"Q{i}"} for i in range(4)], seed=SEED + 1)
    tokens = [s["token"] for s in t["seats"]]
    local = kingscourt.load_game("king").new_state(seed=SEED + 1)
    first = local.to_move()[0]

    async def scenario() -> None:
        async with connect(server.ws(t["id"], tokens[first])) as me:
            await state_of(me)
            await me.send(act("choose el-almaz", 0))
            await recv_until(me, lambda m: m["type"] == "state" and m["version"] == 1)
            local.apply(first, "choose el-almaz")
            # the chooser leads: answering version 0 again is stale
            card = str(local.legal_actions(first)[0])
            await me.send(act(card, 0))
            m = await recv_until(me, is_error)
            assert m["code"] == "stale-version" and m["version"] == 1
            await me.send(act(card, 1))
            s = await recv_until(me, lambda m: m["type"] == "state" and m["version"] == 2)
            assert card.split()[1] not in s["view"]["hand"]

    run(scenario())
