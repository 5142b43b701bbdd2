"""Live tables in one process: :mod:`.hub` (tables in memory, creation, recovery, seats),
:mod:`.table` (one table and its authority pipeline: apply on a copy, store, then tell),
:mod:`.autoplay` (bots and turn timers), :mod:`.bounds` (the limits: refusals, abandoned
tables), :mod:`.chat`, :mod:`.creation`, :mod:`.connections` (sockets and close codes),
:mod:`.nesting` (the WebSocket nesting limit), :mod:`.finished` (finished tables kept while
watched), :mod:`.replay`, :mod:`.review` and :mod:`.replay_models` (replays and bot reviews).

May import: ``store``, ``text``, ``base``. Never ``cluster``: several processes plug into the
hub through the protocol the hub defines, handed in by :mod:`kingscourt.server.app`.
"""
