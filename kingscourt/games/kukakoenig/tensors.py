"""Ku-Ka-König's tensors, from one seat's view (``docs/tensors.md`` has the same table).

One layout serves every player count (2 to 4): seat axes have 4 entries, relative to the
observer (0 is the observer's own collection, 1 the next seat's …; seats beyond the table's
players stay zero); row axes have 8 (the rows of 4 players; a table of 2 uses rows 1–6).
Card types are in the card file's order (``cards.csv``: king, knight, church, vp2 …).
Counts are plain numbers of cards; sizes of the pile and box are divided by the card set's
total (112).

The information state is the observation: every pick is revealed to all once the call's
picks are in, and the only private thing, a seat's own pending pick, is in both. Nothing a
seat saw earlier and cannot see now bears on the future beyond what the table shows (the
cards nobody can see are the card set less the visible ones, given as ``unseen``).
"""

from __future__ import annotations

from ...engine import JSON, Game
from ...interop.tensors import Array, Layout, Piece, relative
from .cards import NAMES, TYPES
from .scoring import KEYS
from .table import MAX_ROWS, ROW_SIZE

SEATS = 4
K = len(NAMES)
TOTAL = sum(t.copies for t in TYPES)
_TYPE = {n: i for i, n in enumerate(NAMES)}
_S = "per relative seat (0 = the observer)"

OBSERVATION = Layout((
    Piece("collections", (SEATS, K), f"cards of each type collected, {_S}"),
    Piece("rows", (MAX_ROWS, ROW_SIZE, K), "per row: its cards from the outermost (position 0, "
                                           "the one a collision burns) inwards, one-hot type"),
    Piece("row_open", (MAX_ROWS,), "the row holds cards (it may be picked)"),
    Piece("row_exists", (MAX_ROWS,), "the table has this row (players + 4 rows)"),
    Piece("taken", (MAX_ROWS, SEATS), "this round's rows taken: one-hot relative seat that took it"),
    Piece("box", (K,), "face-up cards in the box (burnt, returned), per type"),
    Piece("unseen", (K,), "cards of each type nobody can see (pile and face-down box)"),
    Piece("sizes", (2,), "pile size / 112, face-down box size / 112"),
    Piece("round", (3,), "round / 40, call / 10 (calls of this round), last round (0/1)"),
    Piece("half", (2,), "one-hot: first half, second half"),
    Piece("choosers", (SEATS,), f"1 for the seats that pick in this call, {_S}"),
    Piece("picked", (SEATS,), f"1 for the seats whose pick of this call is in, {_S}"),
    Piece("my_pick", (MAX_ROWS,), "one-hot: the observer's own pending pick"),
    Piece("scorings", (2, SEATS, len(KEYS)), "per scoring made (1st, 2nd or the single "
                                             "final one): each relative seat's sheet (kings, "
                                             "churches, victory points, knights, animals, "
                                             "farms, total) / 100"),
    Piece("players", (3,), "one-hot: 2, 3 or 4 players"),
    Piece("over", (1,), "the game is over"),
))


class Encoder:
    observation_layout = OBSERVATION
    information_state_layout = OBSERVATION

    def __init__(self, game: Game) -> None:
        self.game = game

    def observation(self, view: JSON, out: dict[str, Array]) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("a tensor is seen from a seat: the spectator's view has none")
        n = view["players"]
        visible = [0] * K
        for s, coll in enumerate(view["collections"]):
            row = out["collections"][relative(s, seat, n)]
            for name in coll:
                row[_TYPE[name]] += 1.0
                visible[_TYPE[name]] += 1
        rows = out["rows"]
        for r, cards in enumerate(view["rows"]):
            out["row_exists"][r] = 1.0
            if cards:
                out["row_open"][r] = 1.0
            for pos, name in enumerate(reversed(cards)):
                rows[r, pos, _TYPE[name]] = 1.0
                visible[_TYPE[name]] += 1
        for s, row in enumerate(view["received"]):
            if row is not None:
                out["taken"][row - 1, relative(s, seat, n)] = 1.0
        for name in view["box"]:
            out["box"][_TYPE[name]] += 1.0
            visible[_TYPE[name]] += 1
        for t in TYPES:
            out["unseen"][t.index] = t.copies - visible[t.index]
        out["sizes"][0] = view["pile"] / TOTAL
        out["sizes"][1] = view["box_unseen"] / TOTAL
        out["round"][0] = view["round"] / 40
        out["round"][1] = view["call"] / 10
        out["round"][2] = float(view["last_round"])
        out["half"][view["half"] - 1] = 1.0
        for s in view["choosers"]:
            out["choosers"][relative(s, seat, n)] = 1.0
        for s in view["picked"]:
            out["picked"][relative(s, seat, n)] = 1.0
        if view["my_pick"] is not None:
            out["my_pick"][view["my_pick"] - 1] = 1.0
        for i, scoring in enumerate(view["scorings"][:2]):
            for s, sheet in enumerate(scoring["sheets"]):
                r = relative(s, seat, n)
                for j, key in enumerate(KEYS):
                    out["scorings"][i, r, j] = sheet[key] / 100
        out["players"][n - 2] = 1.0
        out["over"][0] = float(view["over"])

    information_state = observation
