"""Several server processes on one PostgreSQL database and one Redis: :mod:`.coordinator`
(``Cluster``: table leases with fencing tokens, forwarding to the owner, the sweep),
:mod:`.relay` (what crosses processes), :mod:`.presence` (who is online, cluster-wide) and
:mod:`.bots` (bot moves computed by worker processes).

May import: ``live``, ``store``, ``text``, ``base``. Nothing in ``live`` imports it.
"""
