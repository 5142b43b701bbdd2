"""Persistence: the ORM models (:mod:`.orm`), the store (:mod:`.store`: every database read
and write, in worker threads), the model/schema check (:mod:`.schema`), the Alembic migrations
(``migrations/``, applied on every start) and the statistics written with a game's last action
(:mod:`.ratings`: results, OpenSkill ratings, in the finishing transaction).

May import: :mod:`kingscourt.server.base` and the rest of ``kingscourt``. Not ``text``,
``live`` or anything above.
"""
