"""King in the terminal: one human seat against three bots, drawn with rich.

Type a card (``QS``, ``play QS``), a contract as listed (``el-almaz``, ``trump S``) or the
number shown beside a legal action; ``t`` shows the choice and score tables, ``l`` the last
trick (the deal before's last trick until this deal closes one), ``c`` the card counter, ``r``
the table rules, ``?`` the help, ``q`` quits. An illegal entry prints the rule's message and
changes nothing. The status panel shows this deal's points so far per seat and the card
winning the open trick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import kingscourt

from ..engine import JSON, IllegalAction, MalformedAction, describe
from ..games.king.cards import RANKS
from ..games.king.contracts import CONTRACT_OF_ID, CONTRACTS
from ..games.king.rules import KingRules
from ..i18n import N_
from . import T_, current_language, tx, value_words

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
COLOUR = {"S": "white", "H": "red", "D": "red", "C": "white"}
HELP = N_("Enter a card (QS or play QS), a contract as listed (trump S) or the number of a "
          "legal action. t: tables  l: last trick  c: card counter  r: table rules  ?: help  "
          "q: quit")


def card_text(card: str) -> Text:
    rank = "10" if card[0] == "T" else card[0]
    return Text(rank + SYMBOL[card[1]], style=f"bold {COLOUR[card[1]]}")


def contract_label(contract: str | None, trump: str | None) -> str:
    if contract is None:
        return "—"
    name = tx(CONTRACTS[CONTRACT_OF_ID[contract]].name)
    return f"{name} {SYMBOL[trump]}" if trump else name


def seat_name(seat: int, me: int) -> str:
    return T_("You") if seat == me else T_("Seat {seat}", seat=seat + 1)  # counted from 1


def winning(trick: JSON, trump: str | None) -> tuple[int, str] | None:
    """(seat, card) winning the open trick so far: the highest trump if one was played, else
    the highest card of the led suit; None before the lead."""
    best: tuple[int, str] | None = None
    for seat, c in trick["cards"]:
        if best is None:
            best = (seat, c)
        elif c[1] == best[1][1]:
            if RANKS.index(c[0]) > RANKS.index(best[1][0]):
                best = (seat, c)
        elif c[1] == trump:
            best = (seat, c)
    return best


class KingTerminal:
    def __init__(self, console: Console, seat: int, input_fn: Callable[[str], str]) -> None:
        self.console = console
        self.seat = seat
        self.input = input_fn

    # ------------------------------------------------------------ drawing
    def trick_line(self, trick: JSON, title: str) -> Text:
        line = Text(f"{title}: ")
        if not trick or not trick["cards"]:
            line.append("—", style="dim")
            return line
        for s, c in trick["cards"]:
            line.append(f"{seat_name(s, self.seat)} ")
            line.append_text(card_text(c))
            line.append("   ")
        if trick.get("winner") is not None:
            line.append(f"→ {seat_name(trick['winner'], self.seat)}", style="italic")
        return line

    def open_trick_line(self, view: JSON) -> Text:
        line = self.trick_line(view["trick"], T_("Trick"))
        best = winning(view["trick"], view["trump"])
        if best is not None:
            line.append(T_("winning: "), style="italic")
            line.append_text(card_text(best[1]))
            line.append(f" ({seat_name(best[0], self.seat)})", style="italic")
        return line

    def hand_line(self, view: JSON) -> Text:
        legal_cards = {a.split()[1] for a in view["legal"] if a.startswith("play ")}
        line = Text(T_("Your hand: "))
        for suit in "SHDC":
            cards = [c for c in view["hand"] if c[1] == suit]
            if not cards:
                continue
            for c in cards:
                t = card_text(c)
                if view["phase"] == "play" and c not in legal_cards:
                    t.stylize("dim")
                elif view["phase"] == "play":
                    t.stylize("underline")
                line.append_text(t)
                line.append(" ")
            line.append("  ")
        return line

    def status(self, view: JSON) -> None:
        open_pen = ", ".join(f"{tx(CONTRACTS[CONTRACT_OF_ID[k]].name)} ×{n}"
                             for k, n in view["open_contracts"].items() if n > 0 and k != "trump")
        header = Text.assemble(
            (T_("Deal {deal}/{deals}", deal=view["deal"], deals=view["deals"]) + "  ", "bold"),
            T_("Contract: {contract}", contract=contract_label(view["contract"], view["trump"]))
            + "  ", T_("(chosen by {who})", who=seat_name(view["chooser"], self.seat)) + "\n",
            (T_("Open: {contracts}; trump ×{n}", contracts=open_pen or "—",
                n=view["open_contracts"]["trump"]), "dim"),
        )
        scores = "  ".join(f"{seat_name(s, self.seat)} {p:+d}"
                           for s, p in enumerate(view["scores"]))
        taken = "  ".join(f"{seat_name(s, self.seat)} {n}"
                          for s, n in enumerate(view["tricks_taken"]))
        body = Text()
        body.append_text(header)
        points = "  ".join(f"{seat_name(s, self.seat)} {p:+d}"
                           for s, p in enumerate(view["deal_points"]))
        body.append("\n" + T_("Scores: {scores}", scores=scores) + "\n"
                    + T_("Tricks this deal: {tricks}", tricks=taken) + "\n"
                    + T_("Points this deal: {points}", points=points) + "\n")
        body.append_text(self.open_trick_line(view))
        body.append("\n")
        body.append_text(self.hand_line(view))
        self.console.print(Panel(body, title="King", expand=False))

    def tables(self, view: JSON) -> None:
        table = Table(title=T_("Choices and scores"))
        table.add_column(T_("Deal"), justify="right")
        table.add_column(T_("Chooser"))
        table.add_column(T_("Contract"))
        for s in range(4):
            table.add_column(seat_name(s, self.seat), justify="right")
        for row in view["score_table"]:
            table.add_row(str(row["deal"]), seat_name(row["chooser"], self.seat),
                          contract_label(row["contract"], row["trump"]),
                          *(f"{p:+d}" for p in row["points"]))
        table.add_row("", "", T_("Total"), *(f"{p:+d}" for p in view["scores"]), style="bold")
        self.console.print(table)
        if view.get("quota_left"):
            left = "  ".join(T_("{who}: {penalty} penalty, {trump} trump",
                                who=seat_name(s, self.seat), penalty=p, trump=t)
                             for s, (p, t) in enumerate(view["quota_left"]))
            self.console.print(T_("Still to choose — {left}", left=left))

    def counter(self, view: JSON) -> None:
        line = Text(T_("Played this deal: "))
        for suit in "SHDC":
            cards = [c for c in view["played"] if c[1] == suit]
            line.append(f"{SYMBOL[suit]} {len(cards)}: ")
            for c in cards:
                line.append_text(card_text(c))
                line.append(" ")
            line.append("  ")
        self.console.print(line)

    def rules(self, view: JSON) -> None:
        for r in describe(KingRules):
            self.console.print(f"[bold]{tx(r['label'])}[/bold]: "
                               f"{tx(value_words(r, view['rules'][r['name']]))} — {tx(r['help'])}")

    # ------------------------------------------------------------ events
    def show_events(self, events: list[kingscourt.Event]) -> None:
        for e in events:
            who = seat_name(e.seat, self.seat) if e.seat is not None else ""
            if e.kind == "chosen":
                self.console.print(T_("{who} chooses {contract}.", who=who, contract=contract_label(
                    e.data["contract"], e.data["trump"])))
            elif e.kind == "played" and e.seat != self.seat:
                self.console.print(Text.assemble(T_("{who} plays ", who=who),
                                                 card_text(e.data["card"])))
            elif e.kind == "trick":
                said = (T_("You take the trick.") if e.seat == self.seat else
                        T_("{who} takes the trick.", who=who))
                self.console.print(f"[italic]{said}[/italic]")
            elif e.kind == "deal-scored":
                pts = "  ".join(f"{seat_name(s, self.seat)} {p:+d}"
                                for s, p in enumerate(e.data["points"]))
                self.console.print(Panel(T_("Deal {deal} scored: {points}", deal=e.data["deal"],
                                            points=pts), expand=False))
            elif e.kind == "king":
                self.console.print(Panel(Text(T_("♔  KING!  {who} took {n} tricks in deal "
                                                 "{deal}!  ♔", who=who, n=e.data["tricks"],
                                                 deal=e.data["deal"]),
                                              style="bold yellow", justify="center"),
                                         border_style="yellow"))
            elif e.kind == "game-over":
                pass

    # ------------------------------------------------------------ the human's turn
    def ask(self, view: JSON) -> str | None:
        legal: list[str] = view["legal"]
        self.status(view)
        if view["phase"] == "choose":
            self.console.print("[bold]" + T_("Choose the contract:") + "[/bold]")
        options = "  ".join(f"[cyan]{i}[/cyan]:{a.removeprefix('play ').removeprefix('choose ')}"
                            for i, a in enumerate(legal, 1))
        self.console.print(options)
        while True:
            raw = self.input("> ").strip()
            if raw in ("q", "quit", "exit"):
                return None
            if raw in ("?", "h", "help"):
                self.console.print(tx(HELP))
                continue
            if raw == "t":
                self.tables(view)
                continue
            if raw == "l":
                self.console.print(self.trick_line(view["last_trick"], T_("Last trick")))
                continue
            if raw == "c":
                self.counter(view)
                continue
            if raw == "r":
                self.rules(view)
                continue
            if raw.isdigit() and 1 <= int(raw) <= len(legal):
                return legal[int(raw) - 1]
            if not raw:
                continue
            # the listed forms drop the verb (``QS``, ``el-almaz``, ``trump S``): put it back
            if raw.split()[0].lower() not in ("play", "choose"):
                raw = f"play {raw}" if view["phase"] == "play" else f"choose {raw}"
            return raw


def play(*, seat: int, bots: str, players: int | None, seed: int | None, options: dict[str, Any],
         console: Console, input_fn: Callable[[str], str] | None = None) -> kingscourt.State:
    if players not in (None, 4):
        raise ValueError("King is played by 4 players")
    if not 0 <= seat < 4:
        raise ValueError(f"seat must be 1 to 4, not {seat + 1}")
    game = kingscourt.load_game("king", **options)
    state = game.new_state(seed=seed)
    bot_of = {s: kingscourt.bots.load_for_people(bots, game, seed=(seed or 0) * 10 + s)
              for s in range(4) if s != seat}
    ui = KingTerminal(console, seat, input_fn or console.input)
    you = "[bold]" + T_("You") + "[/bold]"
    console.print(Panel(T_("King — {deals} deals, you are {you} (seat {seat}); bots: {bots}.",
                           deals=game.rules.deals, you=you, seat=seat + 1, bots=bots)
                        + " " + tx(HELP), expand=False))
    while not state.is_over():
        mover = state.to_move()[0]
        view = state.view(mover)
        if mover != seat:
            events = state.apply(mover, bot_of[mover].choose(view))
            ui.show_events(events)
            continue
        while True:
            action = ui.ask(view)
            if action is None:
                console.print(T_("Bye."))
                return state
            try:
                events = state.apply(seat, action)
                break
            except IllegalAction as e:
                console.print(f"[red]{e.violation.say(current_language())}[/red] "
                              f"[dim]({e.rule})[/dim]")
            except MalformedAction as e:
                console.print(f"[red]{e.say(current_language())}[/red]")
        ui.show_events(events)
    final = state.view(seat)
    ui.tables(final)
    winners = ", ".join(seat_name(s, seat) for s in final["winners"])
    console.print(Panel(T_("Game over. Winner: {winners}", winners=winners), style="bold",
                        expand=False))
    return state
