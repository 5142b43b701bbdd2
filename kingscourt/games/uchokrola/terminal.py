"""Ucho Króla in the terminal: ``kingscourt play uchokrola --players 4 --variant quick``.

The table is drawn from the human seat's view only; the narration log scrolls above it.
Answer a question with the number of an option or its text (``play Faux pas -> 2``);
``?`` shows the variants in play and the rule decisions (:mod:`..games.uchokrola.help`),
``?NAME`` or ``help NAME`` a card's or a character's text (from the game's card set,
translated through the catalogues), ``q`` leaves the game. Questions say what they are about
(which card was displayed beside you and by whom; whose displayed card an ability would use);
the characters offered are listed with their abilities, and once the game starts your own
character's ability is shown.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ... import bots as bot_levels
from ...engine import JSON, IllegalAction, MalformedAction, Violation, load_game
from ...i18n import N_, P_, Msg, _
from ...terminal import T_, current_language, esc, signed, tx, value_words
from . import UchoGame
from .cards import CardType, Kind

KIND_STYLE = {"buffoonery": "blue", "intrigue": "red", "special": "green", "ucho": "yellow"}


class Quit(Exception):
    """The player left the game."""


def _card(name: str, kinds: dict[str, str]) -> Text:
    return Text(name, style=KIND_STYLE.get(kinds.get(name, ""), ""))


def _cards(names: list[str], kinds: dict[str, str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(", ")
        out.append(_card(name, kinds))
    return out


def _plural(n: int) -> str:
    return P_("{n} card", "{n} cards", n, n=n).render(current_language())


def _who(view: JSON, seat: int) -> str:
    """A seat as the table knows it: its character and number (from 1)."""
    chars = view["characters"][seat]
    return (T_("{character} (seat {seat})", character=chars[0], seat=seat + 1) if chars
            else T_("seat {seat}", seat=seat + 1))


#: where the notation writes a seat: ``-> 2``, ``from 2:1`` / ``at 2:1``, ``look at
#: [prestige] 2``, ``take from 2``; the engine counts seats from 0, the player from 1
_SEAT_AT = (re.compile(r"( -> )(\d+)$"), re.compile(r"( (?:from|at) )(\d+)(:\d+)$"),
            re.compile(r"^(look at (?:prestige )?)(\d+)$"), re.compile(r"^(take from )(\d+)$"))


def shown(text: str) -> str:
    """An engine action as the player reads and types it: its seat counted from 1."""
    for pattern in _SEAT_AT:
        m = pattern.search(text)
        if m:
            return text[:m.start(2)] + str(int(m.group(2)) + 1) + text[m.end(2):]
    return text


def typed(text: str, players: int) -> str:
    """The engine's action for what the player typed (seats from 1); a seat that is no seat
    is refused here. A number the notation does not write (``01``) is left to the engine."""
    for pattern in _SEAT_AT:
        m = pattern.search(text)
        if not m:
            continue
        number = m.group(2)
        if re.fullmatch(r"[1-9][0-9]*", number) is None:
            if number == "0":
                raise MalformedAction(text, _("there is no seat 0: the seats are 1 to {n}",
                                              n=players))
            return text
        if int(number) > players:
            raise MalformedAction(text, _("there is no seat {seat}: the seats are 1 to {n}",
                                          seat=number, n=players))
        return text[:m.start(2)] + str(int(number) - 1) + text[m.end(2):]
    return text


#: each kind of card as a player reads it (Ucho króla is a card's name, kept as printed)
KIND_WORDS = {Kind.BUFFOONERY: N_("Buffoonery"), Kind.INTRIGUE: N_("Intrigue"),
              Kind.SPECIAL: N_("Special"), Kind.CHARACTER: N_("Character")}


def _folded(text: str) -> str:
    """``text`` as a search matches it: lower case, no accents (``Rozwiązłość``:
    ``rozwiazlosc``), single spaces."""
    plain = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).lower().split())


def find_cards(game: UchoGame, query: str) -> list[CardType]:
    """The cards and characters ``query`` names: the one called so (accents and case aside),
    else every one whose name starts with it, else every one whose name holds it."""
    wanted = _folded(query)
    if not wanted:
        return []
    types = game.cards.types
    for test in (lambda name: name == wanted, lambda name: name.startswith(wanted),
                 lambda name: wanted in name):
        found = [t for t in types if test(_folded(t.name))]
        if found:
            return found
    return []


def card_text(t: CardType) -> Text:
    """A card's or character's text as the card set gives it, translated: its name, kind and
    prestige, then what it does."""
    out = Text(t.name, style="bold " + KIND_STYLE.get(t.kind.value, ""))
    about = [tx(KIND_WORDS[t.kind])] if t.kind in KIND_WORDS else []
    if t.kind is not Kind.CHARACTER:
        about.append(T_("prestige {n}", n=signed(t.prestige)))
    if about:
        out.append(" (" + ", ".join(about) + ")", style="dim")
    out.append(": " + (tx(t.text) if t.text else T_("(this card set gives no text)")))
    return out


def card_help(game: UchoGame, query: str, console: Console) -> None:
    """``?NAME``: the text of each card or character ``query`` names."""
    found = find_cards(game, query)
    if not found:
        console.print(Text(T_("No card or character is called {name}. Cards: {cards}. "
                              "Characters: {characters}.", name=repr(query.strip()),
                              cards=", ".join(t.name for t in game.cards.types
                                              if t.kind is not Kind.CHARACTER),
                              characters=", ".join(t.name for t in game.cards.types
                                                   if t.kind is Kind.CHARACTER))))
        return
    for t in found:
        console.print(card_text(t))


def show_character(view: JSON, game: UchoGame, console: Console) -> None:
    """At the start: the seat's own character(s) and what each can do."""
    mine = view["characters"][view["seat"]]
    console.print(Text(T_("Your character: {characters}", characters=", ".join(mine)),
                       style="bold"))
    if view["rules"].get("simplified"):
        console.print(Text(T_("Simplified variant: characters have no abilities.")))
        return
    for name in mine:
        console.print(card_text(game.cards.types[game.cards.by_name[name]]))


def _title(view: JSON) -> str:
    if view["turn_number"] < 1:
        return T_("Ucho Króla — choosing characters")  # no turn has begun yet
    return T_("Ucho Króla — turn {n}", n=view["turn_number"])


def render(view: JSON, kinds: dict[str, str], console: Console) -> None:
    """The table as ``view`` shows it."""
    me = view["seat"]
    table = Table(title=esc(_title(view)), show_lines=False)
    for column in (T_("seat"), T_("character"), T_("hand"), T_("displayed (oldest first)"),
                   T_("prestige")):
        table.add_column(esc(column))
    for s in range(view["players"]):
        chars = view["characters"][s]
        who = chars[0] if chars else "?"
        if len(chars) > 1:
            who += f" (+ {', '.join(chars[1:])})"
        marks = ("▶ " if s == view["turn"] else "  ") + str(s + 1)
        if s == view["favourite"]:
            marks += " ★"
        pile = _plural(view["prestige_sizes"][s])
        if view["announced"] is not None:
            pile += " " + T_("(announced {n})", n=view["announced"][s])
        said = Text(T_("{who} (you)", who=who), style="bold") if s == me else Text(who)
        table.add_row(marks, said, str(view["hand_sizes"][s]),
                      _cards(view["displays"][s], kinds), Text(pile))
    console.print(table)
    top = view["discard"][-1:] or ["—"]
    console.print(Text.assemble(T_("Deck: "), str(view["deck_size"]), "   ",
                                T_("Discard pile top: "), _card(top[0], kinds), "   ",
                                T_("Deck ran out: {n}×", n=view["exhaustions"])))
    if view["teams"]:
        console.print(Text(T_("Teams: ") + "  ".join("+".join(str(s + 1) for s in t)
                                                     for t in view["teams"])))
    console.print(Text.assemble(T_("Your hand: "), _cards(view["hand"], kinds)))
    if view["prestige"][me]:
        console.print(Text.assemble(T_("Your prestige pile: "),
                                    _cards(view["prestige"][me], kinds)))
    for key, label in (("limbo", N_("In play")), ("revealed", N_("Revealed")),
                       ("looked", N_("You see")), ("shown", N_("You are shown"))):
        if view.get(key):
            console.print(Text.assemble(f"{tx(label)}: ", _cards(view[key], kinds)))


def rules_help(view: JSON, console: Console) -> None:
    """For the player: the variants in play, how this table plays, how to write an action."""
    from ...engine import describe
    from .. import uchokrola
    from . import help as player_help

    console.print("[bold]" + esc(T_("Variants at this table")) + "[/bold]")
    for rule in describe(uchokrola.UchoRules):
        value = tx(value_words(rule, view["rules"][rule["name"]]))
        console.print(f"  {esc(tx(rule['label']))}: [bold]{esc(value)}[/bold] — "
                      f"{esc(tx(rule['help']))}")
    console.print("[bold]" + esc(T_("How this table plays")) + "[/bold] "
                  + esc(T_("(where the rulebook leaves room)")))
    for line in player_help.DECISIONS:
        console.print(Text(f"  • {tx(line)}"))
    console.print("[bold]" + esc(T_("Writing an action")) + "[/bold]")
    for line in player_help.NOTATION:
        console.print(Text(f"  • {tx(line)}"))
    console.print("[bold]" + esc(T_("Cards and characters")) + "[/bold]")
    console.print(Text("  • " + T_("?NAME or help NAME shows the text of a card or a "
                                   "character: ?Faux pas, help Markiza. ? alone shows this "
                                   "help, q leaves the game.")))


def question(view: JSON, game: UchoGame) -> str:
    """The question asked, told from the asked seat's side."""
    names = [t.name for t in game.cards.types]
    asked: str = tx(view["question"])
    if not view["stack"] or view["over"]:
        return asked
    kind: str
    a: int
    b: int
    n: int
    kind, _seat, a, b, n = view["stack"][-1]  # the pending task: kind, seat, a, b, n
    if kind == "riposte":
        card = names[b] if b >= 0 else T_("a card")
        ask = (T_("riposte or pass") if "riposte" in view["legal"]
               else T_("pass (you hold no Kąśliwa riposta)"))
        if n:
            return T_("{who} swapped {card} in (Kuzyneczka) beside your character: {ask}",
                      who=_who(view, a), card=card, ask=ask)
        return T_("{who} displayed {card} beside your character: {ask}", who=_who(view, a),
                  card=card, ask=ask)
    if kind == "savoir-vivre":
        return T_("Savoir-vivre: keep {card}, or display it beside a character", card=names[a])
    if kind == "perform-or-skip":
        return T_("Savoir-vivre: perform the effect of {card}, or skip it", card=names[a])
    return asked


def _neighbours(view: JSON, seat: int) -> list[int]:
    n = view["players"]
    return [1 - seat] if n == 2 else sorted({(seat - 1) % n, (seat + 1) % n})


#: Characters whose ability performs a card displayed beside a neighbour.
NEIGHBOURLY = frozenset({"callieres", "du_vallon"})


def explain(view: JSON, game: UchoGame, text: str) -> str:
    """``text`` with, for an ability or Podpicie performing a neighbour's displayed card,
    beside whom that card lies."""
    card = None
    move = game.notation.parse(text)
    if move.verb == "use" and move.card >= 0:
        if game.cards.types[move.char].effect in NEIGHBOURLY:
            card = game.cards.name(move.card)
    elif move.verb == "perform" and view["phase"] == "podpicie":
        card = game.cards.name(move.card)
    if card is None:
        return shown(text)
    owners = [s for s in _neighbours(view, view["seat"]) if card in view["displays"][s]]
    if not owners:
        return shown(text)
    return f"{shown(text)}  " + T_("({card} beside {who})", card=card, who=T_(" and ").join(
        _who(view, s) for s in owners))


def _choice_note(game: UchoGame, text: str) -> Padding | None:
    """Under ``choose CHARACTER``: what that character can do."""
    if not text.startswith("choose "):
        return None
    index = game.cards.by_name.get(text.removeprefix("choose "))
    if index is None or not game.cards.types[index].text:
        return None
    return Padding(Text(tx(game.cards.types[index].text), style="dim"), (0, 0, 0, 6))


#: ``?NAME``, ``? NAME`` and ``help NAME``: a card's text
_ASK_CARD = re.compile(r"^(?:\?|help\s)\s*(\S.*)$", re.IGNORECASE)


def ask(view: JSON, console: Console, game: UchoGame) -> tuple[str, str]:
    """The human's answer: (the engine's action, what the player typed or chose)."""
    legal: list[str] = view["legal"]
    simplified = bool(view["rules"].get("simplified"))
    console.print(Text.assemble((question(view, game), "bold"), " ",
                                (T_("(number or text; ? help; ?NAME a card's text; q quit)"),
                                 "dim")))
    for i, text in enumerate(legal, 1):
        console.print(Text(f"  {i:>2}. {explain(view, game, text)}"))
        note = None if simplified else _choice_note(game, text)
        if note is not None:
            console.print(note)
    while True:
        try:
            answer = console.input("> ").strip()
        except EOFError:
            raise Quit from None
        if answer in ("q", "quit"):
            raise Quit
        if answer in ("?", "help"):
            rules_help(view, console)
            continue
        if m := _ASK_CARD.match(answer):
            card_help(game, m.group(1), console)
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1], shown(legal[int(answer) - 1])
        if not answer:
            console.print(Text(T_("Type the number of an option, or the action itself.")))
            continue
        try:
            return typed(answer, view["players"]), answer
        except MalformedAction as e:  # a seat that is no seat
            console.print(not_an_action(answer, e))


def not_an_action(entered: str, e: MalformedAction) -> Text:
    """The refusal of text that is no action, quoting what the player typed (its seats as
    typed, counted from 1)."""
    return Text(T_("{text} is not an action: {why}", text=repr(entered),
                   why=e.say(current_language())), style="red")


def refusal(violation: Violation) -> str:
    """A refusal as the player reads it: a place ``SEAT:SLOT`` in it counted from 1, as the
    player writes it (the engine counts seats from 0)."""
    text = violation.text
    seat = text.params.get("seat") if isinstance(text, Msg) and text.params else None
    if violation.rule == "no-such-card" and isinstance(text, Msg) and isinstance(seat, int):
        text = text._replace(params={**(text.params or {}), "seat": seat + 1})
    return tx(text)


def play(*, seat: int, bots: str, players: int | None, seed: int | None,
         options: dict[str, Any], console: Console) -> None:
    game = load_game("uchokrola", **options)
    assert isinstance(game, UchoGame)
    state = game.new_state(players=players or 4, seed=seed)
    n = state.num_players
    if not 0 <= seat < n:
        raise ValueError(f"seat must be 1 to {n}, not {seat + 1}")
    kinds = {t.name: t.kind.value for t in game.cards.types}
    opponents = {s: bot_levels.load_for_people(bots, game, seed=(seed or 0) * 10 + s)
                 for s in range(n) if s != seat}
    heard = 0
    introduced = False

    def narrate() -> None:
        nonlocal heard, introduced
        log = state.log_for(seat, current_language())
        for line in log[heard:]:
            console.print(Text.assemble(("·", "dim"), " ", line))
        heard = len(log)
        if not introduced:
            view = state.view(seat)
            if view["characters"][seat]:  # the characters are known: say what yours can do
                introduced = True
                show_character(view, game, console)

    try:
        while not state.is_over():
            narrate()
            mover = state.to_move()[0]
            if mover != seat:
                state.apply(mover, opponents[mover].choose(state.view(mover)))
                continue
            view = state.view(seat)
            render(view, kinds, console)
            while True:
                action, entered = ask(view, console, game)
                try:
                    state.apply(seat, action)
                    break
                except IllegalAction as e:
                    console.print(Text.assemble((refusal(e.violation), "red"), " ",
                                                (f"[{e.rule}]", "dim")))
                except MalformedAction as e:
                    # what the player typed: its seats as typed, not the engine's (one lower)
                    console.print(not_an_action(entered, e))
    except Quit:
        console.print(Text(T_("You leave the court.")))
        return
    narrate()
    final = state.view(seat)
    table = Table(title=esc(T_("Final prestige")))
    for column in (T_("seat"), T_("character"), T_("prestige"), T_("score"), "Ucho króla"):
        table.add_column(esc(column))
    for s in range(n):
        pile = final["prestige"][s] or []
        table.add_row(str(s + 1), esc(final["characters"][s][0]),
                      str(final["prestige_totals"][s]), str(final["scores"][s]),
                      str(pile.count("Ucho króla")))
    console.print(table)
    winners = ", ".join(final["characters"][s][0] for s in final["winners"])
    console.print(Text(T_("The King's ear goes to: {winners}", winners=winners), style="bold"))
