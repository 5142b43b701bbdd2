"""Live tables in one process: :mod:`.hub` (tables in memory, creation, recovery, seats),
:mod:`.table` (one table and its authority pipeline: apply on a copy, store, then tell),
:mod:`.autoplay` (bots and turn timers), :mod:`.bounds` (the limits: refusals, creation per
address), :mod:`.sweeper` (abandoned tables), :mod:`.chat`, :mod:`.creation`,
:mod:`.connections` (sockets and close codes), :mod:`.nesting` (the WebSocket nesting
limit), :mod:`.finished` (finished tables kept while watched), :mod:`.replay`,
:mod:`.review` and :mod:`.replay_models` (replays and bot reviews), :mod:`.coordinator`
(the protocol through which other processes plug into the hub, and the one-process
:class:`~.coordinator.Alone`) and :mod:`.deps` (these services as typed FastAPI
dependencies, read from ``app.state``).

May import: ``text``, ``store``, ``base``. Never ``cluster`` (``lint-imports`` forbids it):
the cluster implements :class:`~.coordinator.Coordinator` and
:mod:`kingscourt.server.app` hands it to the hub.
"""
