"""Localisation at the edge: :mod:`.localize` (refusals and errors in the client's language),
:mod:`.words` (a record's actions as words, for the replay) and :mod:`.pydantic_words`
(validation errors in words).

May import: :mod:`kingscourt.server.base` and the rest of ``kingscourt``. Not ``store``,
``live`` or anything above.
"""
