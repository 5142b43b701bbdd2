"""Ku-Ka-König in the terminal: you against computer opponents.

Every call you name a row in secret; the bots pick from their own views (which show only
*that* you have picked), then "Ku – Ka – König!" is counted and all picks are revealed at
once, collisions and all. Both scorings are shown as sheets with their breakdown.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from .. import bots as bot_levels
from ..engine import JSON, Event, load_game
from ..games.kukakoenig.cards import TYPE_OF_NAME, TYPES, Category
from ..games.kukakoenig.scoring import KEYS
from ..i18n import N_, P_
from . import T_, current_language, tx

STYLE = {
    Category.KING: "bold yellow",
    Category.KNIGHT: "bold blue",
    Category.CHURCH: "magenta",
    Category.VP: "yellow",
    Category.FARMER: "green",
    Category.FARMERS_WIFE: "green",
    Category.FARMHOUSE: "green",
    Category.ANIMAL: "cyan",
}
SHEET_LABELS = {"kings": N_("Kings"), "churches": N_("Churches"),
                "victory_points": N_("Victory points"), "knights": N_("Knights"),
                "animals": N_("Animals"), "farms": N_("Farmer & co."), "total": N_("Total")}
def help_text() -> list[str]:
    """The rules in short, in the terminal's language."""
    returned = ", ".join(tx(t.label).lower() for t in TYPES if not t.kept)
    kept = ", ".join(tx(t.label).lower() for t in TYPES if t.kept)
    return [
        "[bold]Ku-Ka-König[/bold] — " + T_("each call, every player picks a row at the same "
                                           "moment."),
        T_("Alone on a row, you take all its cards. On the same row as someone else, its "
           "outermost card (the last one listed) goes to the box, and all colliders pick again "
           "together among the rows that still hold cards. If two or more must pick again and "
           "at most one row holds cards, the round ends and they get nothing."),
        T_("After each round the rows are topped up to three, row 1 first. The first scoring "
           "comes after the first round in which someone holds 13 or more cards; then the "
           "red-cross cards ({returned}) go back to the box, the others ({kept}) stay.",
           returned=returned, kept=kept),
        T_("When the pile runs out, the next round is the last (if the pile cannot fill the "
           "rows, the box is shuffled to complete them); then the second scoring. Most points "
           "in all wins."),
        T_("Scoring: kings 0/1/4/9/16/25/36 (1 to 7 kings); most churches 10; victory points "
           "as printed; knights 1 each, 2 each for the most; animals per kind 1/3/6/10/15; "
           "farmer and farmer's wife 7, with a farmhouse 14."),
        T_("Type a row number (or `row 3`), `?` for this help, `q` to quit."),
    ]


def card(name: str) -> str:
    t = TYPE_OF_NAME[name]
    return f"[{STYLE[t.category]}]{tx(t.label)}[/]"


def cards(names: Sequence[str]) -> str:
    return " ".join(card(n) for n in names) if names else "[dim]—[/dim]"


def grouped(names: Sequence[str]) -> str:
    if not names:
        return "[dim]" + T_("nothing yet") + "[/dim]"
    counted = Counter(names)
    return " ".join(card(n) + (f"×{k}" if k > 1 else "") for n, k in counted.items())


class Seats:
    """The seats as the client names them: "You" and "Bot 2", "Bot 3"... (seats from 1)"""

    def __init__(self, you: int, players: int) -> None:
        self.you = you
        self.names = [(T_("You") if s == you else T_("Bot {seat}", seat=s + 1))
                      for s in range(players)]

    def who(self, seats: Sequence[int]) -> str:
        return ", ".join(self.names[s] for s in seats)

    def verb(self, seats: Sequence[int], verb: str) -> str:
        """``take`` for "You" or several, ``takes`` for one bot."""
        return verb if len(seats) != 1 or seats[0] == self.you else verb + "s"


def show_table(console: Console, view: JSON, names: Seats) -> None:
    last = " — [bold red]" + T_("last round") + "[/bold red]" if view["last_round"] else ""
    console.rule(T_("Round {round} · half {half}", round=view["round"], half=view["half"])
                 + last)
    rows = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    rows.add_column(T_("row"), justify="right")
    rows.add_column(T_("cards (outermost last)"))
    for i, r in enumerate(view["rows"]):
        taken = view["received"]
        owner = [s for s, got in enumerate(taken) if got == i + 1]
        note = ("[dim]" + T_("taken by {who}", who=names.who(owner)) + "[/dim]" if owner
                else cards(r))
        rows.add_row(str(i + 1), note)
    console.print(rows)
    said = T_("Pile: {pile} cards · box: {up} face up, {unseen} unseen", pile=view["pile"],
              up=len(view["box"]), unseen=view["box_unseen"])
    console.print(f"[dim]{said}[/dim]")
    coll = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    coll.add_column(T_("player"))
    coll.add_column(T_("cards"), justify="right")
    coll.add_column(T_("collection"))
    coll.add_column(T_("points"), justify="right")
    for s, c in enumerate(view["collections"]):
        coll.add_row(names.names[s], str(len(c)), grouped(c), str(view["scores"][s]))
    console.print(coll)


def show_sheet(console: Console, entry: JSON, names: Seats) -> None:
    title = {"first": T_("First scoring"), "second": T_("Second scoring"),
             "final": T_("Scoring")}.get(entry["name"], entry["name"])
    sheet = Table(title=T_("{title} (after round {round})", title=title, round=entry["round"]),
                  header_style="bold")
    sheet.add_column("")
    for n in names.names:
        sheet.add_column(n, justify="right")
    for key in KEYS:
        style = "bold" if key == "total" else ""
        sheet.add_row(tx(SHEET_LABELS[key]), *(str(s[key]) for s in entry["sheets"]), style=style)
    console.print(sheet)


def count_down(console: Console, delay: float) -> None:
    for word in ("Ku –", "Ka –", "König!"):
        console.print(f"[bold]{word}[/bold]", end=" ")
        if delay:
            time.sleep(delay)
    console.print()


def show_events(console: Console, events: Sequence[Event], names: Seats, delay: float) -> None:
    for e in events:
        d = e.data
        if e.kind == "reveal":
            count_down(console, delay)
            console.print("  " + "   ".join(f"{names.names[p['seat']]}: [bold]{p['row']}[/bold]"
                                            for p in d["picks"]))
        elif e.kind == "take":
            taker = [e.seat] if e.seat is not None else []
            said = (T_("You take row {row}:", row=d["row"]) if taker == [names.you] else
                    T_("{who} takes row {row}:", who=names.who(taker), row=d["row"]))
            console.print(f"  {said} {cards(d['cards'])}")
        elif e.kind == "collision":
            said = T_("{card} goes to the box, {n} left.", card=card(d["burnt"]), n=d["left"])
            console.print("  [red]" + T_("Collision on row {row}", row=d["row"]) + "[/red] "
                          f"({names.who(d['seats'])}): {said}")
        elif e.kind == "empty-handed":
            console.print("  [red]" + T_("Cards are left in one row at most:") + "[/red] "
                          + T_("{who} come away empty-handed.", who=names.who(d["seats"])))
        elif e.kind == "refill" and d["rows"]:
            console.print("  [dim]" + T_("Rows topped up: {rows}", rows=", ".join(
                T_("row {row} +{n}", row=r["row"], n=len(r["cards"])) for r in d["rows"]))
                + "[/dim]")
        elif e.kind == "box-shuffled":
            console.print("  " + T_("The pile ran out: the box ({n} cards) is shuffled to "
                                    "complete the rows.", n=d["cards"]))
        elif e.kind == "last-round":
            console.print("  [bold red]" + T_("The draw pile is empty: the next round is the "
                                                "last.") + "[/]")
        elif e.kind == "scoring":
            show_sheet(console, d, names)
        elif e.kind == "returned":
            back = sum(len(c) for c in d["cards"])
            console.print("  " + T_("The red-cross cards ({n}) go back to the box; kings, "
                                    "knights and animals stay.", n=back))


def ask(console: Console, view: JSON) -> str | None:
    """The human's pick as action text; None to quit."""
    legal: list[str] = view["legal"]
    open_rows = ", ".join(a.split()[1] for a in legal)
    while True:
        try:
            answer = console.input("[bold]" + T_("Your row") + "[/bold] "
                                   + T_("({rows}; ? help, q quit): ", rows=open_rows))
        except EOFError:
            return None
        answer = answer.strip().lower()
        if answer in ("q", "quit", "exit"):
            return None
        if answer in ("?", "h", "help"):
            for paragraph in help_text():
                console.print(paragraph)
            continue
        text = f"row {answer}" if answer.isdigit() else answer
        if text in legal:
            return text
        console.print("[red]" + T_("Pick one of the rows {rows}.", rows=open_rows) + "[/red]")


def play(*, seat: int = 0, bots: str = "basic", players: int | None = None,
         seed: int | None = None, options: dict[str, Any] | None = None,
         console: Console | None = None) -> None:
    console = console or Console()
    game = load_game("kukakoenig", **(options or {}))
    players = 3 if players is None else players
    state = game.new_state(players=players, seed=seed)
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 1 to {players}, not {seat + 1}")
    base = 0 if seed is None else seed * 16
    others = {s: bot_levels.load_for_people(bots, game, seed=base + s)
              for s in range(players) if s != seat}
    delay = 0.35 if console.is_terminal and sys.stdin.isatty() else 0.0
    names = Seats(seat, players)
    console.print("[bold]Ku-Ka-König[/bold] — " + T_(
        "{players} players, you are seat {seat} against {bots} bots. Type ? for the rules.",
        players=players, seat=seat + 1, bots=bots))
    while not state.is_over():
        movers = state.to_move()
        view = state.view(seat)
        if seat in movers:
            show_table(console, view, names)
            mine = ask(console, view)
            if mine is None:
                console.print(T_("You leave the table."))
                return
        else:
            console.print("[dim]" + T_("{who} pick again…", who=names.who(movers)) + "[/dim]")
            mine = None
        # Each bot picks from its own view: it shows *that* you picked, never which row.
        picks = [(s, others[s].choose(state.view(s))) for s in movers if s != seat]
        ready = [s for s, _ in picks]
        if ready:
            console.print("[dim]" + T_("{who}: ready.", who=names.who(ready)) + "[/dim]")
        if mine is not None:
            picks.append((seat, mine))
        events: list[Event] = []
        for s, text in picks:
            events += state.apply(s, text)
        show_events(console, events, names, delay)
    show_result(console, state.view(seat), names)


def show_result(console: Console, view: JSON, names: Seats) -> None:
    """The end: the table as it was left, the scorings side by side and the winners."""
    show_table(console, view, names)
    totals = Table(title=T_("Result"), header_style="bold")
    totals.add_column("")
    for n in names.names:
        totals.add_column(n, justify="right")
    for entry in view["scorings"]:
        label = {"first": T_("First scoring"), "second": T_("Second scoring")}.get(
            entry["name"], T_("Scoring"))
        totals.add_row(label,
                       *(str(s["total"]) for s in entry["sheets"]))
    totals.add_row(T_("Total"), *(str(v) for v in view["scores"]), style="bold")
    console.print(totals)
    w = view["winners"]
    said = (T_("Game over — You win with {n} points", n=max(view["scores"]))
            if w == [names.you] else
            P_("Game over — {who} wins with {n} points", "Game over — {who} win with {n} points",
               len(w), who=names.who(w), n=max(view["scores"])).render(current_language()))
    console.rule(f"[bold]{said}[/bold]")
