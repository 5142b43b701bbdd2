"""Accounts: :mod:`.credentials` (names, Argon2id, login limits), :mod:`.sessions` (the cookie
and its session rows), :mod:`.accounts` (register, log in, delete), :mod:`.profile`,
:mod:`.players` (leaderboards), :mod:`.friends` (follows, invitations by name),
:mod:`.origin` (no cross-site use of a session) and :mod:`.account_models` (their messages).

May import: ``live``, ``store``, ``text``, ``base`` (its routes look at the live tables).
Not ``cluster`` or ``api``.
"""
