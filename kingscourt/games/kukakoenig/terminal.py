"""Ku-Ka-König in the terminal: you against computer opponents.

Every call you name a row in secret; the bots pick from their own views (which show only
*that* you have picked), then "Ku – Ka – König!" is counted and all picks are revealed at
once, collisions and all. Both scorings are shown as sheets with their breakdown.

What each category scores is told from the engine's scoring
(:mod:`kingscourt.games.kukakoenig.scoring`): on ``?``, before the first pick, and, beside
each open row, what that row would add to your points if you took it and a scoring came now.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ... import bots as bot_levels
from ...engine import JSON, Event, load_game
from ...i18n import N_, P_
from ...terminal import T_, current_language, esc, tx
from .cards import TYPE_OF_NAME, TYPES, Category
from .scoring import (
    CATEGORIES,
    CHURCH_POINTS,
    KEYS,
    KING_CAP,
    animal_points,
    farm_points,
    kings_points,
    points,
    score,
)

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


def _counted(values: Sequence[int]) -> str:
    """``0/1/4/9``: what 1, 2, 3... cards score."""
    return "/".join(str(v) for v in values)


def _of(category: Category) -> list[str]:
    return [t.name for t in TYPES if t.category is category]


def _sheet_points(names: Sequence[str], churches_rival: int = 0, knights_rival: int = 0
                  ) -> tuple[int, ...]:
    """The engine's points of a collection of ``names`` per category, rivals given."""
    count = [0] * len(TYPES)
    for name in names:
        count[TYPE_OF_NAME[name].index] += 1
    return points(count, churches_rival, knights_rival)


def scoring_lines() -> list[tuple[str, str]]:
    """(category, what it scores) for each line of the scoring sheet, the numbers the engine
    scores with (:mod:`kingscourt.games.kukakoenig.scoring`)."""
    kings: list[int] = []
    while not kings or kings[-1] < KING_CAP:
        kings.append(kings_points(len(kings) + 1))
    most_animals = max(t.copies for t in TYPES if t.category is Category.ANIMAL)
    knight, knights = _of(Category.KNIGHT)[0], CATEGORIES.index("knights")
    alone = _sheet_points([knight])[knights]             # one knight, nobody else has any
    beaten = _sheet_points([knight], 0, 2)[knights]      # one knight, a rival holds more
    label = {t.category: tx(t.label) for t in TYPES}
    return [
        (tx(SHEET_LABELS["kings"]), T_("{list} for 1 to {most} kings; never more than {cap}",
                                       list=_counted(kings), most=len(kings), cap=KING_CAP)),
        (tx(SHEET_LABELS["churches"]), T_("{points} for the most churches (everyone tied for "
                                          "the most scores it; no church, no points)",
                                          points=CHURCH_POINTS)),
        (tx(SHEET_LABELS["victory_points"]), T_("the number printed on each card ({list})",
                                                list=", ".join(str(t.points) for t in TYPES
                                                               if t.category is Category.VP))),
        (tx(SHEET_LABELS["knights"]), T_("{beaten} per knight; {alone} per knight for the most "
                                         "knights (ties too)", beaten=beaten, alone=alone)),
        (tx(SHEET_LABELS["animals"]), T_("each kind on its own: {list} for 1 to {most} of a kind",
                                         list=_counted([animal_points(n) for n in
                                                        range(1, most_animals + 1)]),
                                         most=most_animals)),
        (tx(SHEET_LABELS["farms"]), T_("{farmer} + {wife}: {pair}; {farmer} + {wife} + {house}: "
                                       "{trio}", farmer=label[Category.FARMER],
                                       wife=label[Category.FARMERS_WIFE],
                                       house=label[Category.FARMHOUSE],
                                       pair=farm_points(1, 1, 0), trio=farm_points(1, 1, 1))),
    ]


def scoring_table() -> Table:
    """What each line of the scoring sheet scores."""
    table = Table(title=esc(T_("What each category scores")), show_header=False, box=None,
                  padding=(0, 2), title_justify="left", title_style="bold")
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for category, said in scoring_lines():
        table.add_row(Text(category), Text(said))
    return table


def _in_a_sentence(label: str) -> str:
    """A card's label inside a sentence of the terminal's language: German keeps its capital
    nouns, Turkish lowers its dotted and dotless I as Turkish does (``İnek``: ``inek``)."""
    lang = current_language()
    if lang == "de":
        return label
    if lang == "tr":
        label = label.replace("İ", "i").replace("I", "ı")
    return label.lower()


def help_text() -> list[str]:
    """The rules in short, in the terminal's language (printed as they are, no markup)."""
    returned = ", ".join(_in_a_sentence(tx(t.label)) for t in TYPES if not t.kept)
    kept = ", ".join(_in_a_sentence(tx(t.label)) for t in TYPES if t.kept)
    return [
        "Ku-Ka-König — " + T_("each call, every player picks a row at the same moment."),
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
        T_("“{column}”: how your points would change if you took that row and a scoring came "
           "now.", column=T_("worth to you")),
        T_("Type a row number (or `row 3`), `?` for this help, `q` to quit."),
    ]


def show_help(console: Console) -> None:
    paragraphs = help_text()
    for paragraph in paragraphs[:-2]:
        console.print(Text(paragraph))
    console.print(scoring_table())
    for paragraph in paragraphs[-2:]:
        console.print(Text(paragraph))


def card(name: str) -> str:
    t = TYPE_OF_NAME[name]
    return f"[{STYLE[t.category]}]{esc(tx(t.label))}[/]"


def cards(names: Sequence[str]) -> str:
    return " ".join(card(n) for n in names) if names else "[dim]—[/dim]"


def grouped(names: Sequence[str]) -> str:
    if not names:
        return "[dim]" + esc(T_("nothing yet")) + "[/dim]"
    counted = Counter(names)
    return " ".join(card(n) + (f"×{k}" if k > 1 else "") for n, k in counted.items())


def worth(view: JSON, row: Sequence[str]) -> int:
    """How the seat's points would change if it took ``row`` and a scoring came now (the
    engine's scoring of every collection, the others' as they are)."""
    me = view["seat"]
    now = [list(c) for c in view["collections"]]
    before = score(now)[me]["total"]
    now[me] += row
    return score(now)[me]["total"] - before


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
    last = " — [bold red]" + esc(T_("last round")) + "[/bold red]" if view["last_round"] else ""
    console.rule(esc(T_("Round {round} · half {half}", round=view["round"], half=view["half"]))
                 + last)
    rows = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    rows.add_column(esc(T_("row")), justify="right")
    rows.add_column(esc(T_("cards (outermost last)")))
    open_rows = set(view.get("legal", ()))
    if open_rows:
        rows.add_column(esc(T_("worth to you")), justify="right")
    for i, r in enumerate(view["rows"]):
        taken = view["received"]
        owner = [s for s, got in enumerate(taken) if got == i + 1]
        note = ("[dim]" + esc(T_("taken by you") if owner == [names.you] else
                              T_("taken by {who}", who=names.who(owner))) + "[/dim]" if owner
                else cards(r))
        extra = []
        if open_rows:
            extra = [f"{worth(view, r):+d}" if f"row {i + 1}" in open_rows and r else ""]
        rows.add_row(str(i + 1), note, *extra)
    console.print(rows)
    said = T_("Pile: {pile} cards · box: {up} face up, {unseen} unseen", pile=view["pile"],
              up=len(view["box"]), unseen=view["box_unseen"])
    console.print(f"[dim]{esc(said)}[/dim]")
    coll = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    coll.add_column(esc(T_("player")))
    coll.add_column(esc(T_("cards")), justify="right")
    coll.add_column(esc(T_("collection")))
    coll.add_column(esc(T_("points")), justify="right")
    for s, c in enumerate(view["collections"]):
        coll.add_row(esc(names.names[s]), str(len(c)), grouped(c), str(view["scores"][s]))
    console.print(coll)


def show_sheet(console: Console, entry: JSON, names: Seats) -> None:
    title = {"first": T_("First scoring"), "second": T_("Second scoring"),
             "final": T_("Scoring")}.get(entry["name"], entry["name"])
    sheet = Table(title=esc(T_("{title} (after round {round})", title=title,
                               round=entry["round"])), header_style="bold")
    sheet.add_column("")
    for n in names.names:
        sheet.add_column(esc(n), justify="right")
    for key in KEYS:
        style = "bold" if key == "total" else ""
        sheet.add_row(esc(tx(SHEET_LABELS[key])), *(str(s[key]) for s in entry["sheets"]),
                      style=style)
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
            console.print("  " + "   ".join(f"{esc(names.names[p['seat']])}: "
                                            f"[bold]{p['row']}[/bold]" for p in d["picks"]))
        elif e.kind == "take":
            taker = [e.seat] if e.seat is not None else []
            said = (T_("You take row {row}:", row=d["row"]) if taker == [names.you] else
                    T_("{who} takes row {row}:", who=names.who(taker), row=d["row"]))
            console.print(f"  {esc(said)} {cards(d['cards'])}")
        elif e.kind == "collision":
            burnt = TYPE_OF_NAME[d["burnt"]]
            burnt_text = Text(T_("{card} goes to the box, {n} left.", card=tx(burnt.label),
                                 n=d["left"]))
            burnt_text.highlight_words([tx(burnt.label)], STYLE[burnt.category])
            console.print(Text.assemble("  ", (T_("Collision on row {row}", row=d["row"]), "red"),
                                        f" ({names.who(d['seats'])}): ", burnt_text))
        elif e.kind == "empty-handed":
            console.print("  [red]" + esc(T_("Cards are left in one row at most:")) + "[/red] "
                          + esc(T_("{who} come away empty-handed.", who=names.who(d["seats"]))))
        elif e.kind == "refill" and d["rows"]:
            console.print("  [dim]" + esc(T_("Rows topped up: {rows}", rows=", ".join(
                T_("row {row} +{n}", row=r["row"], n=len(r["cards"])) for r in d["rows"])))
                + "[/dim]")
        elif e.kind == "box-shuffled":
            console.print(Text("  " + T_("The pile ran out: the box ({n} cards) is shuffled to "
                                         "complete the rows.", n=d["cards"])))
        elif e.kind == "last-round":
            console.print(Text("  " + T_("The draw pile is empty: the next round is the last."),
                               style="bold red"))
        elif e.kind == "scoring":
            show_sheet(console, d, names)
        elif e.kind == "returned":
            back = sum(len(c) for c in d["cards"])
            console.print(Text("  " + T_("The red-cross cards ({n}) go back to the box; kings, "
                                         "knights and animals stay.", n=back)))


def ask(console: Console, view: JSON) -> str | None:
    """The human's pick as action text; None to quit."""
    legal: list[str] = view["legal"]
    open_rows = ", ".join(a.split()[1] for a in legal)
    while True:
        try:
            answer = console.input("[bold]" + esc(T_("Your row")) + "[/bold] "
                                   + esc(T_("({rows}; ? help, q quit): ", rows=open_rows)))
        except EOFError:
            return None
        answer = answer.strip().lower()
        if answer in ("q", "quit", "exit"):
            return None
        if answer in ("?", "h", "help"):
            show_help(console)
            continue
        text = f"row {answer}" if answer.isdigit() else answer
        if text in legal:
            return text
        console.print(Text(T_("Pick one of the rows {rows}.", rows=open_rows), style="red"))


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
    console.print("[bold]Ku-Ka-König[/bold] — " + esc(T_(
        "{players} players, you are seat {seat} against {bots} bots. Type ? for the rules.",
        players=players, seat=seat + 1, bots=bots)))
    console.print(scoring_table())
    while not state.is_over():
        movers = state.to_move()
        view = state.view(seat)
        if seat in movers:
            show_table(console, view, names)
            mine = ask(console, view)
            if mine is None:
                console.print(Text(T_("You leave the table.")))
                return
        else:
            console.print(Text(T_("{who} pick again…", who=names.who(movers)), style="dim"))
            mine = None
        # Each bot picks from its own view: it shows *that* you picked, never which row.
        picks = [(s, others[s].choose(state.view(s))) for s in movers if s != seat]
        ready = [s for s, _ in picks]
        if ready:
            console.print(Text(T_("{who}: ready.", who=names.who(ready)), style="dim"))
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
    totals = Table(title=esc(T_("Result")), header_style="bold")
    totals.add_column("")
    for n in names.names:
        totals.add_column(esc(n), justify="right")
    for entry in view["scorings"]:
        label = {"first": T_("First scoring"), "second": T_("Second scoring")}.get(
            entry["name"], T_("Scoring"))
        totals.add_row(esc(label),
                       *(str(s["total"]) for s in entry["sheets"]))
    totals.add_row(esc(T_("Total")), *(str(v) for v in view["scores"]), style="bold")
    console.print(totals)
    w = view["winners"]
    said = (T_("Game over — You win with {n} points", n=max(view["scores"]))
            if w == [names.you] else
            P_("Game over — {who} wins with {n} points", "Game over — {who} win with {n} points",
               len(w), who=names.who(w), n=max(view["scores"])).render(current_language()))
    console.rule(f"[bold]{esc(said)}[/bold]")
