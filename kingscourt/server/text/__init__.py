"""Localisation at the edge: :mod:`.localize` (refusals and errors in the client's language,
input echoed safely), :mod:`.words` (a record's actions as words, for the replay) and
:mod:`.pydantic_words` (validation errors in words).

May import: ``base`` and the rest of ``kingscourt``. Not ``store`` (its side-by-side
neighbour), ``live`` or anything above.
"""
