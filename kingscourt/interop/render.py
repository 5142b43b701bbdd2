"""The table as text, from one view (a seat's, or the spectator's), for ``render_mode="ansi"``.

Only what the view holds is drawn: a seat's own hand and the public rest. Seats are written
``player_N`` as the environments name their agents.
"""

from __future__ import annotations

from ..engine import JSON


def render_view(name: str, view: JSON, seat: int | None) -> str:
    """The table of game ``name`` as ``view`` shows it."""
    lines = {"king": _king, "kukakoenig": _kukakoenig, "uchokrola": _uchokrola}[name](view)
    if view.get("over"):
        lines.append(f"game over · scores {view['scores']} · winners "
                     + ", ".join(f"player_{s}" for s in view["winners"]))
    elif seat is not None:
        lines.append(f"player_{seat} to act · legal: " + ", ".join(view["legal"]))
    return "\n".join(lines)


def _hand(cards: list[str]) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for c in cards:
        by_suit[c[-1]].append(c[:-1])
    return "  ".join(f"{s}: {' '.join(r) or '-'}" for s, r in by_suit.items())


def _king(v: JSON) -> list[str]:
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


def _kukakoenig(v: JSON) -> list[str]:
    lines = [f"Ku-Ka-König · round {v['round']} (half {v['half']}"
             f"{', last round' if v['last_round'] else ''}) · call {v['call']} · pile {v['pile']}"]
    for i, row in enumerate(v["rows"]):
        lines.append(f"  row {i + 1}: {' '.join(row) or '-'}")
    for s, coll in enumerate(v["collections"]):
        mark = " (picked)" if s in v["picked"] else ""
        lines.append(f"  player_{s}{mark}: {' '.join(coll) or '-'}")
    if v["my_pick"] is not None:
        lines.append(f"  your pick: row {v['my_pick']}")
    return lines


def _uchokrola(v: JSON) -> list[str]:
    lines = [f"Ucho Króla · turn {v['turn_number']} (player_{v['turn']}) · deck "
             f"{v['deck_size']} · discard top: {v['discard'][-1] if v['discard'] else '-'}"]
    for s in range(v["players"]):
        chars = ", ".join(v["characters"][s]) or "?"
        lines.append(f"  player_{s} [{chars}] hand {v['hand_sizes'][s]} · prestige pile "
                     f"{v['prestige_sizes'][s]} · displayed: {', '.join(v['displays'][s]) or '-'}")
    if v["seat"] is not None:
        lines.append(f"  hand of player_{v['seat']}: {', '.join(v['hand']) or '-'}")
    if v["question"]:
        lines.append(f"  question: {v['question']}")
    return lines
