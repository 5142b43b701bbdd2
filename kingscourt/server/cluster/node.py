"""What the cluster's parts (:mod:`.presence`, :mod:`.bots`) use of this process's place in
the cluster: its name, its Redis, its hub and its outbox. :class:`~.coordinator.Cluster` has
them; the parts name this protocol rather than the class, so that the coordinator imports
its parts and no part imports the coordinator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from ..live.hub import Hub


class Node(Protocol):
    """This process in the cluster."""

    @property
    def node(self) -> str:
        """host:pid:random, the name of this process's channel."""

    @property
    def redis(self) -> Redis:
        """The cluster's Redis."""

    @property
    def hub(self) -> Hub:
        """This process's live tables."""

    def listening(self) -> bool:
        """Whether this process is subscribed to its channel now, so that it hears answers
        sent to it (not while Redis is away or the subscription is being made again)."""

    def send(self, channel: str, msg: dict[str, Any]) -> None:
        """Publish ``msg`` on ``channel``, after every message made before it."""

    def spawn(self, coro: Any) -> None:
        """Run ``coro`` as a task of the cluster's (its failure is logged)."""
