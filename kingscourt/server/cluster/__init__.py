"""Several server processes on one PostgreSQL database and one Redis: :mod:`.coordinator`
(``Cluster``: table leases with fencing tokens, forwarding to the owner, the sweep; it is the
hub's :class:`~kingscourt.server.live.coordinator.Coordinator`, handed in by the app),
:mod:`.relay` (what crosses processes), :mod:`.presence` (who is online, cluster-wide) and
:mod:`.bots` (bot moves computed by worker processes).

May import: ``accounts`` (how long an account counts as online), ``live``, ``text``,
``store``, ``base``. Nothing below imports it.
"""
