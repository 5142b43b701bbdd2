"""King for the research bridges (OpenSpiel, PettingZoo): its 62 action numbers, its length,
when it is zero-sum, its compact information string and its table as text.

Action numbers: ``play 2S`` … ``play AC`` are ``0..51`` (the card's number, ``suit * 13 +
rank``, suits S H D C), ``choose el-almaz`` … ``choose son-iki`` ``52..57``, ``choose trump
S|H|D|C`` ``58..61``.
"""

from __future__ import annotations

from typing import Any

from ...engine import JSON, Game
from ...interop.vocabulary import Vocabulary
from .cards import CARD_TEXT
from .contracts import PENALTY_CONTRACTS


def texts() -> list[str]:
    out = [f"play {t}" for t in CARD_TEXT]
    out += [f"choose {c.info.id}" for c in PENALTY_CONTRACTS]
    out += [f"choose trump {s}" for s in "SHDC"]
    return out


VOCABULARY = Vocabulary(texts())


def vocabulary(game: Game) -> Vocabulary:
    return VOCABULARY


def max_length(game: Game, max_moves: int) -> int:
    """A choice and 52 cards per deal."""
    return int(game.rules.deals) * 53


def zero_sum(game: Game) -> bool:
    """King's 20 deals under the standard choice limit hand out −5200 and +5200 in all."""
    r: Any = game.rules
    return bool(r.choice_limit == "standard" and not r.short_game and not r.king_ends_game)


def compact(view: JSON, history: bool = True) -> str:
    """A seat's view as one line with everything it holds."""
    trick = " ".join(c for _s, c in view["trick"]["cards"])
    tricks = "/".join(f"{t['leader']}:" + " ".join(c for _s, c in t["cards"])
                      for t in view["tricks"])
    hand = " ".join(view.get("hand", []))
    return (f"seat {view['seat']} deal {view['deal']} {view['phase']} chooser {view['chooser']} "
            f"{view['contract']} {view['trump']} | hand {hand} | trick {view['trick']['leader']}:"
            f"{trick} | tricks {tricks} | scores {view['scores']} | choices "
            + ",".join(f"{c['seat']}{c['contract']}{c['trump'] or ''}" for c in view["choices"]))


def _hand(cards: list[str]) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for c in cards:
        by_suit[c[-1]].append(c[:-1])
    return "  ".join(f"{s}: {' '.join(r) or '-'}" for s, r in by_suit.items())


def render(v: JSON) -> list[str]:
    """The table as a view shows it, in lines of text."""
    contract = v["contract"] or "(choosing)"
    trump = f" · trump {v['trump']}" if v["trump"] else ""
    head = f"King · deal {v['deal']}/{v['deals']}"
    if v["chooser"] is not None:
        head += f" · {contract}{trump} · chooser player_{v['chooser']}"
    lines = [head]
    lines.append("  " + "   ".join(
        f"player_{s}: {v['scores'][s]:+d} ({v['tricks_taken'][s]} tricks, "
        f"{v['deal_points'][s]:+d})" for s in range(4)))
    trick = ", ".join(f"player_{s} {c}" for s, c in v["trick"]["cards"])
    lines.append(f"  trick: {trick or '-'}")
    if v["seat"] is not None:
        lines.append(f"  hand of player_{v['seat']}: {_hand(v.get('hand', []))}")
    return lines
