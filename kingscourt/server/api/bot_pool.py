"""REST: ``GET /api/bot-pool``, where the live tables' bots think."""

from __future__ import annotations

from fastapi import APIRouter

from ..live.autoplay import BotPoolInfo
from ..live.deps import BotPoolDep

router = APIRouter(prefix="/api", tags=["server"])


@router.get("/bot-pool", response_model=BotPoolInfo)
async def bot_pool(pool: BotPoolDep) -> BotPoolInfo:
    """The bot worker processes: their process ids (beside the server's own), whether each is
    deciding now, how many decisions each answered and how many searches it stopped because
    the decision was cancelled."""
    return pool.info()
