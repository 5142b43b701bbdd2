"""Ucho Króla's tensors, from one seat's view (``docs/tensors.md`` has the table for the
bundled card file).

The layout follows the game's card file: ``K`` card types that are no character (16 in the
bundled ``cards.json``, in the file's order), ``C`` characters (10), and the registry's task
kinds (``T``, sorted by id) for the question being asked. Seat axes have 6 entries relative to
the observer (0 is the observer, 1 the seat that plays after it …; seats beyond the table's
players stay zero). Displays are given slot by slot, slot 0 lying closest to the character
(the oldest; ``2:1`` in the notation), for the first :data:`~.research.SLOTS` slots,
and as counts per type in full. Sizes are divided by 10, the deck's by the card set's total.

The information state is the observation: a seat's private glimpses (Fraszka, Knucie,
Markiza d'Arquien, Menuet) are in it while the question that shows them is asked, not
after; the information-state *string* (the view with its log) keeps them.
"""

from __future__ import annotations

from typing import Any

from ...engine import JSON, Game
from ...interop.tensors import Array, Layout, Piece, relative
from .research import SLOTS as UCHO_SLOTS

SEATS = 6
_S = "per relative seat (0 = the observer)"


def _layout(k: int, c: int, t: int) -> Layout:
    return Layout((
        Piece("hand", (k,), "own hand: cards of each type"),
        Piece("hand_sizes", (SEATS,), f"cards in hand / 10, {_S}"),
        Piece("characters", (SEATS, c), f"characters in play (Hrabia de Guiche's extras "
                                        f"too), {_S}"),
        Piece("displays", (SEATS, UCHO_SLOTS, k), f"displayed cards slot by slot (0 closest to "
                                                  f"the character), one-hot type, {_S}"),
        Piece("display_counts", (SEATS, k), f"displayed cards of each type (all slots), {_S}"),
        Piece("prestige", (k,), "own prestige pile: cards of each type"),
        Piece("prestige_sizes", (SEATS,), f"prestige pile sizes / 10, {_S}"),
        Piece("totals", (SEATS,), f"prestige totals / 10 where known (the Open variant's "
                                  f"announcements, all at the end), {_S}"),
        Piece("totals_known", (1,), "the totals above are known (announced or the end)"),
        Piece("deck", (2,), "deck size / card-set total, cards out of play / card-set total"),
        Piece("discard", (k,), "discard pile (face up): cards of each type"),
        Piece("discard_top", (k,), "one-hot: the top card of the discard pile"),
        Piece("limbo", (k,), "cards set aside in the middle of an effect, per type"),
        Piece("revealed", (k,), "cards revealed by Zdradzone sekrety, per type"),
        Piece("looked", (k,), "the cards the observer is looking at (Menuet, Knucie), per type"),
        Piece("looked_by", (SEATS,), "one-hot relative seat looking at set-aside cards"),
        Piece("shown", (k,), "a hand or prestige pile shown to the observer now, per type"),
        Piece("question", (t,), "one-hot: the kind of question on top of the task stack"),
        Piece("stack", (t,), "task kinds waiting on the stack (counts)"),
        Piece("turn", (SEATS,), "one-hot relative seat whose turn it is"),
        Piece("to_move", (SEATS,), "one-hot relative seat that answers now"),
        Piece("start", (SEATS,), "one-hot relative start player"),
        Piece("favourite", (SEATS,), "one-hot relative King's favourite (Faworyt króla)"),
        Piece("team", (SEATS,), "1 for the observer's team mates and itself (Kokieteria)"),
        Piece("choosing", (SEATS + 1,), "characters still being chosen (0/1), then per "
                                        "relative seat whether it has chosen"),
        Piece("character_options", (c,), "the characters offered to the observer"),
        Piece("my_choice", (c,), "the observer's secret choice, before it is revealed"),
        Piece("marker", (c + 2,), "the Open variant's character card once set aside "
                                  "(one-hot), in the deck (0/1), the game's last turn (0/1)"),
        Piece("exhaustions", (3,), "one-hot: the deck ran out 0, 1, 2 times"),
        Piece("flags", (4,), "this turn: an intrigue displayed, a special card displayed, "
                             "Savoir-vivre played, an intrigue card as the action"),
        Piece("cost", (k,), "one-hot: this turn's intrigue cost card"),
        Piece("used", (c,), "abilities used this turn"),
        Piece("markiz", (SEATS,), "relative seats where Markiz de Callières riposted this turn"),
        Piece("turn_number", (1,), "turn number / 100"),
        Piece("players", (5,), "one-hot: 2 … 6 players"),
        Piece("over", (1,), "the game is over"),
    ))


class Encoder:
    def __init__(self, game: Game) -> None:
        cards: Any = getattr(game, "cards")  # noqa: B009 (an Ucho Króla game's card set)
        registry: Any = getattr(game, "registry")  # noqa: B009
        self.game = game
        chars = [t.name for t in cards.types if t.kind.value == "character"]
        others = [t.name for t in cards.types if t.kind.value != "character"]
        self.card = {n: i for i, n in enumerate(others)}
        self.char = {n: i for i, n in enumerate(chars)}
        self.kind = {k: i for i, k in enumerate(sorted(registry.kinds))}
        self.total = float(cards.total())
        self.observation_layout = _layout(len(others), len(chars), len(self.kind))
        self.information_state_layout = self.observation_layout

    def _counts(self, names: list[str] | None, out: Array) -> None:
        for name in names or []:
            out[self.card[name]] += 1.0

    def observation(self, view: JSON, out: dict[str, Array]) -> None:
        me = view["seat"]
        if me is None:
            raise ValueError("a tensor is seen from a seat: the spectator's view has none")
        n = view["players"]
        card, char = self.card, self.char

        def rel(s: int) -> int:
            return relative(s, me, n)

        self._counts(view["hand"], out["hand"])
        for s in range(n):
            r = rel(s)
            out["hand_sizes"][r] = view["hand_sizes"][s] / 10
            out["prestige_sizes"][r] = view["prestige_sizes"][s] / 10
            for name in view["characters"][s]:
                out["characters"][r, char[name]] = 1.0
            for slot, name in enumerate(view["displays"][s]):
                if slot < UCHO_SLOTS:
                    out["displays"][r, slot, card[name]] = 1.0
                out["display_counts"][r, card[name]] += 1.0
        self._counts(view["prestige"][me], out["prestige"])
        totals = view["prestige_totals"] if view["over"] else view["announced"]
        if totals is not None:
            out["totals_known"][0] = 1.0
            for s, v in enumerate(totals):
                out["totals"][rel(s)] = v / 10
        out["deck"][0] = view["deck_size"] / self.total
        out["deck"][1] = view["out_size"] / self.total
        self._counts(view["discard"], out["discard"])
        if view["discard"]:
            out["discard_top"][card[view["discard"][-1]]] = 1.0
        self._counts(view["limbo"], out["limbo"])
        self._counts(view["revealed"], out["revealed"])
        self._counts(view["looked"], out["looked"])
        if view["looked_by"] >= 0:
            out["looked_by"][rel(view["looked_by"])] = 1.0
        self._counts(view["shown"], out["shown"])
        stack = view["stack"]
        if stack and not view["over"]:
            out["question"][self.kind[stack[-1][0]]] = 1.0
        for task in stack:
            out["stack"][self.kind[task[0]]] += 1.0
        if view["turn"] >= 0:
            out["turn"][rel(view["turn"])] = 1.0
        for s in view["to_move"]:
            out["to_move"][rel(s)] = 1.0
        if view["start"] >= 0:
            out["start"][rel(view["start"])] = 1.0
        if view["favourite"] >= 0:
            out["favourite"][rel(view["favourite"])] = 1.0
        for team in view["teams"] or [[me]]:
            if me in team:
                for s in team:
                    out["team"][rel(s)] = 1.0
        out["choosing"][0] = float(view["choosing"])
        for s, chosen in enumerate(view["chosen"]):
            out["choosing"][1 + rel(s)] = float(chosen)
        for name in view["character_options"]:
            out["character_options"][char[name]] = 1.0
        if view["my_choice"]:
            out["my_choice"][char[view["my_choice"]]] = 1.0
        if view["marker"]:
            out["marker"][char[view["marker"]]] = 1.0
        out["marker"][-2] = float(view["marker_in_deck"])
        out["marker"][-1] = float(view["ending"])
        out["exhaustions"][min(view["exhaustions"], 2)] = 1.0
        flags = view["flags"]
        for i, key in enumerate(("intrigue", "special", "savoir", "intrigue_action")):
            out["flags"][i] = float(flags[key])
        if flags["cost"]:
            out["cost"][card[flags["cost"]]] = 1.0
        for name in flags["used"]:
            out["used"][char[name]] = 1.0
        for s in flags["markiz"]:
            out["markiz"][rel(s)] = 1.0
        out["turn_number"][0] = view["turn_number"] / 100
        out["players"][n - 2] = 1.0
        out["over"][0] = float(view["over"])

    information_state = observation
