"""REST: ``GET /api/health``, what a load balancer asks before it sends this process more.

It answers 200 while the event loop keeps up and 503 once it ran more than
:data:`LAG_LIMIT` seconds late within the last few seconds (:class:`~..live.hub.LoopLag`);
a frozen process (SIGSTOP, a machine swapping) does not answer at all, which the balancer's
check timeout counts as a failure. It reads nothing from the database or Redis: it says
whether this process can serve its sockets, not whether its neighbours are there.
``deploy/haproxy.cfg`` checks it every half second and takes a process out after two
failures, closing its sockets so that their clients reconnect to the others.
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from ..live.deps import HubDep

router = APIRouter(prefix="/api", tags=["server"])

#: seconds of event-loop lateness from which this process asks to be taken out
LAG_LIMIT = 1.0


class Health(BaseModel):
    status: Literal["ok", "lagging"] = Field(description="ok: the event loop keeps up")
    lag_ms: float = Field(description="the event loop's worst lateness of the last seconds, ms")
    tables: int = Field(description="tables this process holds in memory")


@router.get("/health", response_model=Health,
            responses={503: {"model": Health, "description": "the event loop runs late"}})
async def health(hub: HubDep, response: Response) -> Health:
    """Whether this process keeps up: 503 when its event loop ran more than a second late
    within the last three seconds."""
    lag = hub.lag.worst()
    if lag > LAG_LIMIT:
        response.status_code = 503
    return Health(status="ok" if lag <= LAG_LIMIT else "lagging", lag_ms=round(lag * 1000, 1),
                  tables=len(hub.tables))
