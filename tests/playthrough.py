"""Golden playthroughs, in the manner of OpenSpiel's: seeded games of each game, written step by
step as JSON lines, so that any change to rules, views or notation shows up as a readable diff
of ``tests/playthroughs/``.

Each game has several cases (:data:`CASES`), chosen so that together they cover every table
rule, variant, character and card effect (:func:`coverage` says what a game covers,
:data:`COVERS` what each case is kept for). A case's file ``tests/playthroughs/GAME/CASE.jsonl``
holds one JSON object a line:

- first the header: the game, its rules, the set-up and the seed of the actions;
- then one line per step: ``step``, the acting ``seat`` and its ``action``, then ``views``
  after the action: the spectator's (``"-"``), then each seat's, written as what that seat's
  view holds beyond the spectator's (its hand, its legal actions, its own log). The first
  step's views are whole; later ones hold what changed (:func:`_change`: the keys that
  changed, the items added at a list's end as ``{"+": [...]}``, a changed item of a list as
  ``{"@i": ...}``), so that a file stays small and a diff names what changed;
- last the end: scores and winners.

Regenerate them after a deliberate change, and read the diff before committing it::

    .venv/bin/python -m tests.playthrough --regenerate
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

import kingscourt

HERE = Path(__file__).parent / "playthroughs"
REGENERATE = ".venv/bin/python -m tests.playthrough --regenerate"

# Seat 1 holds twelve spades: named trump, it takes the first ten tricks, and King ends the game.
KING_TWELVE = ["2.AKQJT9.AKQ2.JT", "AKQJT9876543...2", ".8765.JT98.98765", ".432.76543.AKQ43"]


@dataclasses.dataclass(frozen=True)
class Case:
    """One seeded game: ``load_game(game, **rules).new_state(**setup)``, actions drawn by
    ``random.Random(f"playthrough/{game}/{name}")``; ``max_steps`` cuts a long game short."""

    game: str
    name: str
    rules: dict[str, Any]
    setup: dict[str, Any]
    max_steps: int | None = None


CASES: list[Case] = [
    Case("king", "default", {}, {"seed": 1}),
    Case("king", "strict", {"must_beat": "all", "heart_lead_ban": "all-penalty",
                            "trump_lead_after_break": True, "rifki_void": "any-heart"},
         {"seed": 2}, max_steps=240),
    Case("king", "free-trump-beat", {"choice_limit": "free", "must_beat": "trump"},
         {"seed": 3}, max_steps=240),
    Case("king", "short-penalty-first-7d", {"short_game": True, "penalty_first": True,
                                            "first_chooser": "7D"}, {"seed": 6}, max_steps=240),
    Case("king", "king-ends-game", {"king_ends_game": True}, {"seed": 5, "deal": KING_TWELVE}),
    Case("kukakoenig", "two", {}, {"players": 2, "seed": 1}),
    Case("kukakoenig", "three", {}, {"players": 3, "seed": 1}),
    Case("kukakoenig", "four", {}, {"players": 4, "seed": 1}),
    Case("uchokrola", "two", {}, {"players": 2, "seed": 1}),
    Case("uchokrola", "three-open-favourite", {"open": True, "favourite": True},
         {"players": 3, "seed": 2}),
    Case("uchokrola", "four", {}, {"players": 4, "seed": 1}),
    Case("uchokrola", "four-pairs-quick", {"teams": "pairs", "quick": True},
         {"players": 4, "seed": 3}),
    Case("uchokrola", "five", {}, {"players": 5, "seed": 31}),
    Case("uchokrola", "six", {}, {"players": 6, "seed": 5}),
    Case("uchokrola", "six-triples-simplified", {"teams": "triples", "simplified": True},
         {"players": 6, "seed": 6}),
]

CASE_OF = {f"{c.game}/{c.name}": c for c in CASES}

#: what each case is kept for: every item a game must cover, by the first case that covers it
COVERS: dict[str, tuple[str, ...]] = {
    'king/default': (
        'contract el-almaz',
        'contract erkek-almaz',
        'contract kiz-almaz',
        'contract kupa-almaz',
        'contract rifki',
        'contract son-iki',
        'contract trump',
    ),
    'king/strict': (
        'rule heart_lead_ban="all-penalty"',
        'rule must_beat="all"',
        'rule rifki_void="any-heart"',
        'rule trump_lead_after_break=true',
    ),
    'king/free-trump-beat': (
        'rule choice_limit="free"',
        'rule must_beat="trump"',
    ),
    'king/short-penalty-first-7d': (
        'rule first_chooser="7D"',
        'rule penalty_first=true',
        'rule short_game=true',
    ),
    'king/king-ends-game': (
        'king ends the game',
        'king made',
        'rule king_ends_game=true',
    ),
    'kukakoenig/two': (
        'first scoring: animals',
        'first scoring: churches',
        'first scoring: farms',
        'first scoring: knights',
        'first scoring: victory_points',
        'players 2',
        'second scoring: animals',
        'second scoring: churches',
        'second scoring: farms',
        'second scoring: kings',
        'second scoring: knights',
        'second scoring: victory_points',
    ),
    'kukakoenig/three': (
        'players 3',
    ),
    'kukakoenig/four': (
        'first scoring: kings',
        'players 4',
    ),
    'uchokrola/two': (
        'card Anielskie głosy',
        'card Faux pas',
        'card Fraszka',
        'card Knucie',
        'card Kuzyneczka',
        'card Kąśliwa riposta',
        'card Maskarada',
        'card Menuet',
        'card Podpicie',
        'card Podszepty',
        'card Rozrzutność',
        'card Rozwiązłość',
        'card Savoir-vivre',
        'card Ucho króla',
        'card Zalotne rozmowy',
        'card Zdradzone sekrety',
        'character Hrabina de Bragelonne',
        'character Markiz de Callières',
        'players 2',
    ),
    'uchokrola/three-open-favourite': (
        'character Baron de Chantal',
        'character Hrabia de Guiche',
        'character Hrabia de La Fare',
        'character Hrabina de Vardes',
        'players 3',
        'rule favourite=true',
        'rule open=true',
    ),
    'uchokrola/four': (
        'character Baronowa du Vallon',
        'players 4',
    ),
    'uchokrola/four-pairs-quick': (
        'rule quick=true',
        'rule teams="pairs"',
    ),
    'uchokrola/five': (
        'character Biskup Vannes',
        'character Madame du Barry',
        "character Markiza d'Arquien",
        'players 5',
    ),
    'uchokrola/six': (
        'players 6',
    ),
    'uchokrola/six-triples-simplified': (
        'rule simplified=true',
        'rule teams="triples"',
    ),
}


def path_of(case: Case) -> Path:
    return HERE / case.game / f"{case.name}.jsonl"


def _line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _change(old: Any, new: Any) -> Any:
    """What became of ``old``: ``new`` itself, or for a dict the keys that changed (a key gone:
    null), for a list that grew at its end ``{"+": the new items}``, for a list of the same
    length ``{"@i": the change of item i}``."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = {k: _change(old.get(k), v) for k, v in new.items() if k not in old or old[k] != v}
        out.update({k: None for k in old if k not in new})
        return out
    if isinstance(old, list) and isinstance(new, list) and old and len(new) >= len(old):
        if new[:len(old)] == old:
            return {"+": new[len(old):]}
        if len(new) == len(old):
            return {f"@{i}": _change(o, n) for i, (o, n) in enumerate(zip(old, new, strict=True))
                    if o != n}
    return new


def _private(view: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The keys of a seat's view that differ from the spectator's (the log: its own lines)."""
    out = {k: v for k, v in view.items() if k != "log" and public.get(k) != v}
    if "log" in view:
        out["log"] = view["log"]
    return out


def _views(state: Any, last: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Each viewer's change since the last step: the spectator's view, then for each seat what
    its view holds beyond the spectator's (its log only where its new lines differ)."""
    out: dict[str, Any] = {}
    public = state.view(None)
    viewers: list[tuple[str, dict[str, Any]]] = [("-", public)]
    viewers += [(str(s), _private(state.view(s), public)) for s in range(state.num_players)]
    for key, now in viewers:
        before = last.get(key)
        change = now if before is None else _change(before, now)
        if key != "-" and "log" in change and change["log"] == out["-"].get("log"):
            del change["log"]
        if change or before is None:
            out[key] = change
        last[key] = now
    return out


def play(case: Case) -> tuple[list[dict[str, Any]], Any, list[tuple[int, str]]]:
    """The case's game played out: its lines, the final state and the actions."""
    state = kingscourt.load_game(case.game, **case.rules).new_state(**case.setup)
    rng = random.Random(f"playthrough/{case.game}/{case.name}")
    lines: list[dict[str, Any]] = [{"game": case.game, "case": case.name, "rules": case.rules,
                                    "setup": case.setup, "regenerate": REGENERATE}]
    last: dict[str, dict[str, Any]] = {}
    actions: list[tuple[int, str]] = []
    step = 0
    while not state.is_over() and (case.max_steps is None or step < case.max_steps):
        seat = state.to_move()[0]
        action = str(rng.choice(state.legal_actions(seat)))
        state.apply(seat, action)
        actions.append((seat, action))
        lines.append({"step": step, "seat": seat, "action": action,
                      "views": _views(state, last)})
        step += 1
    lines.append({"end": step, "over": state.is_over(), "scores": state.scores(),
                  "winners": state.winners()})
    return lines, state, actions


def playthrough(case: Case) -> str:
    lines, _state, _actions = play(case)
    return "\n".join(_line(x) for x in lines) + "\n"


# --- coverage: what each game must show at least once, and what a case shows ------------------

def _rule_items(game: str) -> list[str]:
    rules = kingscourt.load_game(game).rules
    out = []
    for f in dataclasses.fields(rules):
        default = getattr(rules, f.name)
        values = f.metadata["choices"]
        out.extend(f"rule {f.name}={json.dumps(v)}" for v in values if v != default)
    return out


def required(game: str) -> set[str]:
    """Everything ``game``'s playthroughs must cover."""
    g = kingscourt.load_game(game)
    if game == "king":
        from kingscourt.games.king.contracts import CONTRACTS

        return {*_rule_items(game), *(f"contract {c.id}" for c in CONTRACTS.values()),
                "king made", "king ends the game"}
    if game == "kukakoenig":
        return ({f"players {n}" for n in range(2, 5)}
                | {f"{when} scoring: {line}" for when in ("first", "second") for line in SHEET})
    cs = g.cards  # type: ignore[attr-defined]
    out = {*_rule_items(game), *(f"players {n}" for n in range(2, 7))}
    out |= {f"character {cs.name(c)}" for c in cs.characters()}
    # every card played (Kąśliwa riposta: as a riposte), its effect performed
    out |= {f"card {cs.name(c)}" for c in sorted(set(cs.all_cards()))}
    return out


def coverage(case: Case) -> set[str]:
    """What ``case``'s game shows: its rules, and what happened in it."""
    _lines, state, actions = play(case)
    out = set()
    for k, v in case.rules.items():
        out.add(f"rule {k}={json.dumps(v)}")
    if case.game == "king":
        final = state.view(None)
        out |= {f"contract {row['contract']}" for row in final["score_table"]}
        if final["kings"]:
            out.add("king made")
            if case.rules.get("king_ends_game") and state.is_over():
                out.add("king ends the game")
        return out
    if case.game == "kukakoenig":
        out.add(f"players {state.num_players}")
        out |= _kuka_categories(state)
        return out
    out.add(f"players {state.num_players}")
    simplified = bool(case.rules.get("simplified"))
    texts = [a for _s, a in actions]
    final = state.view(None)
    for chars in final["characters"]:
        for name in chars:
            if simplified:
                continue
            if name in ("Madame du Barry", "Hrabia de Guiche"):
                out.add(f"character {name}")  # acting on their own
            elif any(t.startswith(f"use {name}") for t in texts):
                out.add(f"character {name}")
    for t in texts:
        if t == "riposte":
            out.add("card Kąśliwa riposta")
        elif t.startswith("play "):
            out.add(f"card {t[5:].split(' -> ')[0]}")
    return out


#: Ku-Ka-König's score sheet lines, each to score in a first and a second scoring
SHEET = ("kings", "churches", "victory_points", "knights", "animals", "farms")


def _kuka_categories(state: Any) -> set[str]:
    out = set()
    for scoring in state.view(None)["scorings"]:
        for sheet in scoring["sheets"]:
            out |= {f"{scoring['name']} scoring: {line}" for line in SHEET if sheet[line]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", "--write", action="store_true",
                        help="rewrite tests/playthroughs/GAME/CASE.jsonl")
    parser.add_argument("--coverage", action="store_true", help="print what each case covers")
    args = parser.parse_args(argv)
    differ = 0
    for case in CASES:
        text = playthrough(case)
        path = path_of(case)
        if args.regenerate:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({text.count(chr(10))} lines, {len(text.encode()) // 1024} KiB)")
        else:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            differ += not same
            print(f"{case.game}/{case.name}: {'unchanged' if same else 'DIFFERS'}")
        if args.coverage:
            print("  covers:", sorted(coverage(case)))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
