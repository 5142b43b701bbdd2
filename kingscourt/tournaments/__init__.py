"""Tournaments, game-blind: duplicate seating and scoring (:mod:`.duplicate`) and Swiss
pairing and standings (:mod:`.swiss`). Pure functions of numbers and player ids: no server,
no game named; a game's per-deal points come through its manifest (``deal_scores``)."""

from __future__ import annotations
