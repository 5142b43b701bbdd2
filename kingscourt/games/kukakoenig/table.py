"""The table's fixed numbers (rulebook, "Setup" and "End of the First Round of Play")."""

from __future__ import annotations

#: Rows of three cards: 6 for 2 players, 7 for 3, 8 for 4 (one number card per row).
ROWS = {2: 6, 3: 7, 4: 8}
MAX_ROWS = max(ROWS.values())
#: Cards counted out unseen before play: 32 with 2 players (80 used), 10 with 3 (102 used).
REMOVED = {2: 32, 3: 10, 4: 0}
ROW_SIZE = 3
#: The first half ends after a complete round in which someone holds this many cards.
FIRST_HALF_CARDS = 13
