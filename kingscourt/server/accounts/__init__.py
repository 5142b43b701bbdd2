"""Accounts: :mod:`.credentials` (names, Argon2id, login limits), :mod:`.sessions` (the cookie
and its session rows), :mod:`.accounts` (register, log in, delete), :mod:`.profile`,
:mod:`.players` (leaderboards), :mod:`.friends` (follows, invitations by name),
:mod:`.origin` (no cross-site use of a session) and :mod:`.account_models` (their messages).

May import: ``live`` (its routes look at the live tables: :mod:`kingscourt.server.live.deps`),
``text``, ``store``, ``base``. Not ``cluster`` or ``api``.
"""
