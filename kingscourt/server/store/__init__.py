"""Persistence: the ORM models (:mod:`.orm`), the store (:mod:`.store`: every database read
and write, in worker threads), the model/schema check (:mod:`.schema`), the Alembic migrations
(``migrations/``, applied on every start), the database made ready before serving
(:mod:`.prepare`), the statistics written with a game's last action (:mod:`.ratings`:
results, OpenSkill ratings, in the finishing transaction) and accounts as the live tables see
them (:mod:`.people`: ``Who``, which names are registered).

May import: ``base`` and the rest of ``kingscourt``. Not ``text`` (its side-by-side
neighbour), ``live`` or anything above.
"""
