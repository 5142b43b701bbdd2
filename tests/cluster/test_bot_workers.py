"""Bot workers apart from the table servers (``kingscourt bot-worker``): while one runs, a
table's owner has its bots decided there (its own pool never starts); when the worker is
killed the owner's own pool takes over and the game goes on."""

from __future__ import annotations

import asyncio
import json
import time

import redis
from websockets.asyncio.client import connect

from tests.server.harness import SeatLog, Server, recv, run

from .conftest import BotWorker, RedisServer
from .test_cluster import in_order, owner_pid


def local_workers(s: Server) -> list[dict[str, object]]:
    workers: list[dict[str, object]] = s.get("/api/bot-pool").json()["workers"]
    return workers


def test_bots_decided_by_a_worker_then_by_the_owner(cluster: list[Server],
                                                    redis_server: RedisServer,
                                                    bot_worker: BotWorker) -> None:
    a, b, _ = cluster
    t = a.create("king", [{"kind": "bot", "level": "basic"}] * 4)
    table = t["id"]
    assert owner_pid(redis_server, table) == a.proc.pid  # type: ignore[union-attr]
    log = SeatLog(None)
    marks: dict[str, int] = {}

    async def go() -> float:
        async with connect(b.ws(table), max_size=None) as ws:
            version = 0
            while version < 12:
                msg = await recv(ws, 60)
                log.messages.append(msg)
                version = msg.get("version", version)
            marks["remote"] = version
            # the worker decided every move so far: the owner's own pool never started
            assert local_workers(a) == []
            bot_worker.kill()
            killed = time.monotonic()
            while version < marks["remote"] + 8:
                msg = await recv(ws, 30)
                log.messages.append(msg)
                version = msg.get("version", version)
            return time.monotonic() - killed

    took = run(go())
    in_order(log)
    assert took < 15, f"without its worker the table stood still {took:.1f} s"
    pool = local_workers(a)
    assert pool and sum(int(str(w["decisions"])) for w in pool) >= 1, pool
    # the worker is no longer counted once it stops beating
    client = redis.Redis(port=redis_server.port, decode_responses=True)
    assert not any(f":{bot_worker.proc.pid}:" in str(m)  # type: ignore[union-attr]
                   for m in client.zrangebyscore("kc:bot-workers", time.time() * 1000, "+inf"))


def test_a_worker_sees_only_views(redis_server: RedisServer) -> None:
    """What an owner puts on the queue: the seat's view and the bot's spec, nothing more
    (no seed of the deal, no other hand)."""
    from kingscourt.engine import load_game
    from kingscourt.server.cluster.bots import QUEUES, RemoteBots
    from kingscourt.server.live.autoplay import BotPool, Decision

    game = load_game("king")
    state = game.new_state(players=4, seed=11)
    seat = state.to_move()[0]
    view = state.view(seat)

    class Node:  # the part of a Cluster that RemoteBots uses
        def __init__(self) -> None:
            self.redis = redis.asyncio.Redis(port=redis_server.port, decode_responses=True)
            self.node = "test-owner"

        def send(self, channel: str, msg: dict[str, object]) -> None:
            raise AssertionError("nothing to call off")

        def spawn(self, coro: object) -> None:
            raise AssertionError("nothing to withdraw")

    async def go() -> tuple[list[str], str]:
        node = Node()
        bots = RemoteBots(node)  # type: ignore[arg-type]
        bots.any_worker = _yes  # type: ignore[method-assign]
        d = Decision(table="t", seat=seat, game="king", rules={}, level="strong", seed=5,
                     view=view)
        pool = BotPool(1)
        try:
            # no worker takes it: after TAKE_WAIT the owner's pool decides
            decided = asyncio.create_task(bots.decide(d, pool))
            await asyncio.sleep(0.3)
            queued = [str(x) for q in QUEUES for x in await node.redis.lrange(q, 0, -1)]
            choice = await decided
        finally:
            await pool.close()
            await node.redis.aclose()
        return queued, choice

    queued, choice = run(go())
    assert len(queued) == 1
    job = json.loads(queued[0])
    assert set(job) == {"id", "reply", "table", "seat", "game", "rules", "level", "seed", "view"}
    assert job["view"] == json.loads(json.dumps(view))
    assert choice in view["legal"]
    # taken back from the queue when nobody took it in time
    client = redis.Redis(port=redis_server.port, decode_responses=True)
    assert all(client.llen(q) == 0 for q in QUEUES)


async def _yes() -> bool:
    return True


def test_a_worker_decides_again_after_redis_restarts(cluster: list[Server],
                                                     redis_server: RedisServer,
                                                     bot_worker: BotWorker) -> None:
    a, b, c = cluster
    t = a.create("king", [{"kind": "bot", "level": "basic"}] * 4)
    table = t["id"]
    log = SeatLog(None)
    client = redis.Redis(port=redis_server.port, decode_responses=True)

    def local_decisions() -> int:
        return sum(int(str(w["decisions"])) for s in cluster for w in local_workers(s))

    def worker_there() -> bool:
        return any(f":{bot_worker.proc.pid}:" in str(m)  # type: ignore[union-attr]
                   for m in client.zrangebyscore("kc:bot-workers", time.time() * 1000, "+inf"))

    def listening() -> bool:  # every server's own channel is subscribed
        channels = [str(ch) for ch in client.pubsub_channels("kc:node:*")]
        return sum(not ch.startswith("kc:node:bots:") for ch in channels) == len(cluster)

    def idle() -> bool:  # no decision in a server's own pool, started or waiting
        infos = [s.get("/api/bot-pool").json() for s in cluster]
        return all(i["waiting"] == 0 and not any(w["busy"] for w in i["workers"]) for i in infos)

    async def go() -> None:
        async with connect(b.ws(table), max_size=None) as ws:
            version = 0
            while version < 6:
                msg = await recv(ws, 60)
                log.messages.append(msg)
                version = msg.get("version", version)
            redis_server.stop()
            await asyncio.sleep(1.0)
            redis_server.start()  # empty: no lease, no queue, no worker's beat
            deadline = time.monotonic() + 30
            while not worker_there():  # the worker beats again on its own
                assert time.monotonic() < deadline, "the worker never came back to Redis"
                await asyncio.sleep(0.2)
            deadline = time.monotonic() + 30
            while not (listening() and idle()):  # subscribed again, no decision of the outage left
                assert time.monotonic() < deadline, "the servers never settled after the restart"
                await asyncio.sleep(0.2)
            await asyncio.sleep(2.5)  # the owners see the worker (they look again every second)
            while not idle():
                await asyncio.sleep(0.1)
            before, mark = local_decisions(), version
            while version < mark + 8:
                msg = await recv(ws, 30)
                log.messages.append(msg)
                version = msg.get("version", version)
            # the worker decided those moves: no owner's own pool did
            assert local_decisions() == before

    run(go())
    in_order(log)
    assert bot_worker.proc is not None and bot_worker.proc.poll() is None
    assert c.get(f"/api/tables/{table}").status_code == 200
