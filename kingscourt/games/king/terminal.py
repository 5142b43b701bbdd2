"""King in the terminal: one human seat against three bots, drawn with rich.

Type a card (``QS``, ``play QS``), a contract (``el-almaz``, ``trump S``, or its name, ``Kız
Almaz``) or the number shown beside a legal action; ``t`` shows the choice and score tables,
``l`` the last trick (the deal before's last trick until this deal closes one), ``c`` the card
counter, ``r`` the table rules, ``?`` the help (the contracts with their points, the
commands), ``q`` quits. An illegal entry prints the rule's message and changes nothing. The
status panel shows this deal's points so far per seat and the card winning the open trick.

The contracts are listed with what they mean and what they score, read from the engine's
contract definitions (:data:`~kingscourt.games.king.contracts.CONTRACTS`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import kingscourt

from ...engine import JSON, IllegalAction, MalformedAction, describe
from ...i18n import N_
from ...terminal import T_, current_language, esc, signed, tx, value_words
from .cards import RANKS
from .contracts import (
    CONTRACT_OF_ID,
    CONTRACTS,
    PENALTY_CONTRACTS,
    Contract,
    deal_total,
)
from .rules import KingRules

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


def contract_about(contract: Contract) -> str:
    """What a contract asks and scores, the engine's values: ``no tricks: −50 per trick, −650
    per deal``."""
    info = contract.info
    total = deal_total(contract)
    if total == info.per_unit:  # one penalty card (Rıfkı): its points are the deal's
        return T_("{about}: {points}", about=tx(info.about), points=signed(total))
    return T_("{about}: {points} per {unit}, {total} per deal", about=tx(info.about),
              points=signed(info.per_unit), unit=tx(info.unit), total=signed(total))


def contract_line(contract: Contract, trump: str | None = None) -> str:
    """``El Almaz — no tricks: −50 per trick, −650 per deal``."""
    return T_("{name} — {about}", name=contract_label(contract.info.id, trump),
              about=contract_about(contract))


def _folded(text: str) -> str:
    """``text`` lower-cased without accents, its spaces as hyphens (``Kız Almaz``: ``kiz-almaz``)."""
    plain = unicodedata.normalize("NFKD", text.replace("ı", "i").replace("İ", "I"))
    return "-".join("".join(c for c in plain if not unicodedata.combining(c)).lower().split())


def typed_contract(raw: str) -> str | None:
    """The ``choose`` action for a contract typed by its id or name (``el-almaz``, ``Kız Almaz``,
    ``koz S``, ``trump s``); None for anything else."""
    words = raw.split()
    if len(words) == 2 and _folded(words[0]) in ("trump", "koz") and words[1].upper() in SYMBOL:
        return f"choose trump {words[1].upper()}"
    folded = _folded(raw)
    for contract, info in CONTRACTS.items():
        if contract.is_penalty and folded in (info.id, _folded(info.name)):
            return f"choose {info.id}"
    return None


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
            + "  ", (T_("(your choice)") if view["chooser"] == self.seat else
                     T_("(chosen by {who})", who=seat_name(view["chooser"], self.seat))) + "\n",
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
        table = Table(title=esc(T_("Choices and scores")))
        table.add_column(esc(T_("Deal")), justify="right")
        table.add_column(esc(T_("Chooser")))
        table.add_column(esc(T_("Contract")))
        for s in range(4):
            table.add_column(esc(seat_name(s, self.seat)), justify="right")
        for row in view["score_table"]:
            table.add_row(str(row["deal"]), esc(seat_name(row["chooser"], self.seat)),
                          esc(contract_label(row["contract"], row["trump"])),
                          *(f"{p:+d}" for p in row["points"]))
        table.add_row("", "", esc(T_("Total")), *(f"{p:+d}" for p in view["scores"]),
                      style="bold")
        self.console.print(table)
        if view.get("quota_left"):
            left = "  ".join(T_("{who}: {penalty} penalty, {trump} trump",
                                who=seat_name(s, self.seat), penalty=p, trump=t)
                             for s, (p, t) in enumerate(view["quota_left"]))
            self.console.print(Text(T_("Still to choose — {left}", left=left)))

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
            self.console.print(f"[bold]{esc(tx(r['label']))}[/bold]: "
                               f"{esc(tx(value_words(r, view['rules'][r['name']])))} — "
                               f"{esc(tx(r['help']))}")

    def contracts(self, view: JSON, numbered: list[str] | None = None) -> Table:
        """The contracts, each with its meaning and points: the legal ``choose`` actions with
        their numbers (``numbered``: the legal actions), or all seven for the help."""
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="cyan")
        grid.add_column()
        if numbered is None:
            for contract in Contract:
                grid.add_row("•", Text(contract_line(contract)))
            return grid
        told_trump = False
        for i, action in enumerate(numbered, 1):
            words = action.split()
            contract = CONTRACT_OF_ID[words[1]]
            trump = words[2] if len(words) > 2 else None
            if contract is Contract.TRUMP and told_trump:  # the other suits: the name is enough
                grid.add_row(str(i), Text(contract_label(contract.info.id, trump)))
                continue
            told_trump = told_trump or contract is Contract.TRUMP
            grid.add_row(str(i), Text(contract_line(contract, trump)))
        return grid

    def help(self, view: JSON) -> None:
        """``?``: how King goes, each contract with its points (the engine's), what to type."""
        out = self.console.print
        out(Text(T_("How King goes"), style="bold"))
        out(Text(T_("{deals} deals of 13 tricks. In each deal one player, the chooser, names the "
                    "contract; the chooser moves one seat on every deal. Follow suit when you "
                    "can; the highest card of the suit led takes the trick (in a trump deal the "
                    "highest trump, if one was played). A card the rules forbid is refused with "
                    "the rule's name.",
                    deals=view["deals"])))
        out(Text(T_("The contracts: in a penalty contract every unit you take costs points; in "
                    "a trump deal (Koz) every trick earns points."), style="bold"))
        out(self.contracts(view))
        plays = {c.info.max_plays for c in PENALTY_CONTRACTS}
        ends_early = [c.info.name for c in PENALTY_CONTRACTS if c.info.penalty_cards]
        notes = [T_("{contracts}: the deal ends once all the penalty cards are taken.",
                    contracts=", ".join(ends_early))]
        if len(plays) == 1:
            notes.append(T_("Each penalty contract is played at most {n} times a game, trump at "
                            "most {trump} times.", n=plays.pop(),
                            trump=Contract.TRUMP.info.max_plays))
        quota = view.get("quota_left")
        if quota:
            notes.append(T_("Still yours to choose: penalty contracts {penalty}, trump deals "
                            "{trump}.", penalty=quota[self.seat][0], trump=quota[self.seat][1]))
        for note in notes:
            out(Text(note))
        out(Text(T_("What to type"), style="bold"))
        commands = Table.grid(padding=(0, 2))
        commands.add_column(style="cyan", no_wrap=True)
        commands.add_column()
        for keys, what in (
                ("QS, play QS", T_("play a card: rank A K Q J T (or 10) 9 … 2, suit S H D C")),
                ("1, 2, …", T_("the action listed with that number")),
                ("el-almaz, trump S", T_("choose a contract: its id ({ids}) or its name, or "
                                         "trump and a suit", ids=", ".join(
                                             c.info.id for c in PENALTY_CONTRACTS))),
                ("t", T_("the choice and score tables")),
                ("l", T_("the last trick")),
                ("c", T_("the cards played this deal")),
                ("r", T_("the table rules")),
                ("?", T_("this help")),
                ("q", T_("quit"))):
            commands.add_row(keys, Text(what))
        out(commands)

    # ------------------------------------------------------------ events
    def show_events(self, events: list[kingscourt.Event]) -> None:
        for e in events:
            who = seat_name(e.seat, self.seat) if e.seat is not None else ""
            if e.kind == "chosen":
                label = contract_label(e.data["contract"], e.data["trump"])
                said = (T_("You choose {contract}.", contract=label) if e.seat == self.seat else
                        T_("{who} chooses {contract}.", who=who, contract=label))
                self.console.print(Text(said))
            elif e.kind == "played" and e.seat != self.seat:
                self.console.print(Text.assemble(T_("{who} plays ", who=who),
                                                 card_text(e.data["card"])))
            elif e.kind == "trick":
                said = (T_("You take the trick.") if e.seat == self.seat else
                        T_("{who} takes the trick.", who=who))
                self.console.print(Text(said, style="italic"))
            elif e.kind == "deal-scored":
                pts = "  ".join(f"{seat_name(s, self.seat)} {p:+d}"
                                for s, p in enumerate(e.data["points"]))
                self.console.print(Panel(Text(T_("Deal {deal} scored: {points}",
                                                 deal=e.data["deal"], points=pts)),
                                         expand=False))
            elif e.kind == "king":
                said = (T_("♔  KING!  You took {n} tricks in deal {deal}!  ♔",
                           n=e.data["tricks"], deal=e.data["deal"]) if e.seat == self.seat else
                        T_("♔  KING!  {who} took {n} tricks in deal {deal}!  ♔", who=who,
                           n=e.data["tricks"], deal=e.data["deal"]))
                self.console.print(Panel(Text(said,
                                              style="bold yellow", justify="center"),
                                         border_style="yellow"))
            elif e.kind == "game-over":
                pass

    # ------------------------------------------------------------ the human's turn
    def ask(self, view: JSON) -> str | None:
        legal: list[str] = view["legal"]
        self.status(view)
        if view["phase"] == "choose":
            self.console.print(Text(T_("Choose the contract:"), style="bold"))
            self.console.print(self.contracts(view, legal))
        else:
            options = Text()
            for i, a in enumerate(legal, 1):
                options.append(f"{i}", style="cyan")
                options.append(f":{a.removeprefix('play ')}  ")
            self.console.print(options)
        while True:
            raw = self.input("> ").strip()
            if raw in ("q", "quit", "exit"):
                return None
            if raw in ("?", "h", "help"):
                self.help(view)
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
            if view["phase"] == "choose":
                named = typed_contract(raw.removeprefix("choose "))
                if named is not None:
                    return named
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
    banner = Text(T_("King — {deals} deals, you are {you} (seat {seat}); bots: {bots}.",
                     deals=game.rules.deals, you=T_("You"), seat=seat + 1, bots=bots)
                  + " " + tx(HELP))
    banner.highlight_words([T_("You")], "bold")
    console.print(Panel(banner, expand=False))
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
                console.print(Text(T_("Bye.")))
                return state
            try:
                events = state.apply(seat, action)
                break
            except IllegalAction as e:
                console.print(Text.assemble((e.violation.say(current_language()), "red"), " ",
                                            (f"({e.rule})", "dim")))
            except MalformedAction as e:
                console.print(Text(e.say(current_language()), style="red"))
        ui.show_events(events)
    final = state.view(seat)
    ui.tables(final)
    winners = ", ".join(seat_name(s, seat) for s in final["winners"])
    console.print(Panel(Text(T_("Game over. Winner: {winners}", winners=winners)), style="bold",
                        expand=False))
    return state
