"""King in the terminal teaches: the contracts are listed with their meaning and points (the
engine's values), ``?`` explains them and the commands, the player's own choice is narrated in
the second person in every language, and a refusal is printed as the engine words it."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

import kingscourt
from kingscourt.engine import IllegalAction, Violation
from kingscourt.games.king import terminal
from kingscourt.games.king.contracts import CONTRACTS, Contract, deal_total
from kingscourt.games.king.state import KingState
from kingscourt.i18n import text
from kingscourt.terminal import speaking

SEED = 4


def _first_chooser() -> int:
    return kingscourt.load_game("king").new_state(seed=SEED).to_move()[0]


def _play(answers: list[str], lang: str = "en") -> tuple[kingscourt.State, str]:
    """The terminal as the seat that chooses the first deal, answering ``answers``."""
    it: Iterator[str] = iter(answers)
    out = io.StringIO()
    with speaking(lang):
        state = terminal.play(seat=_first_chooser(), bots="basic", players=None, seed=SEED,
                              options={}, console=Console(file=out, width=200,
                                                          color_system=None),
                              input_fn=lambda _prompt: next(it))
    return state, out.getvalue()


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def test_the_contracts_are_listed_with_their_meaning_and_points() -> None:
    _state, said = _play(["q"])
    lines = [" ".join(line.split()) for line in said.splitlines()]
    assert "1 El Almaz — no tricks: −50 per trick, −650 per deal" in lines
    assert "4 Kız Almaz — no queens: −100 per queen, −400 per deal" in lines
    assert "5 Rıfkı — not the king of hearts: −320" in lines  # one card: its points are the deal's
    assert "7 Koz (trump) ♠ — take tricks: +50 per trick, +650 per deal" in lines
    assert "8 Koz (trump) ♥" in lines
    # every number is the engine's own
    for contract, info in CONTRACTS.items():
        listed = [line for line in lines if f" {info.name}" in line and " — " in line]
        assert listed, info.name
        assert f"{info.about}: {_signed(info.per_unit)}" in listed[0]
        if deal_total(contract) != info.per_unit:
            assert f"per {info.unit}, {_signed(deal_total(contract))} per deal" in listed[0]
    # not the bare ids of before
    assert "1:el-almaz" not in said and "son-iki" not in said.split("Choose the contract:")[1]


def test_the_values_follow_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    # a contract worth other points is listed with them: nothing is copied into the client
    el = CONTRACTS[Contract.EL_ALMAZ]
    monkeypatch.setitem(CONTRACTS, Contract.EL_ALMAZ,
                        type(el)(**{**{f: getattr(el, f) for f in el.__slots__},
                                    "per_unit": -70}))
    assert terminal.contract_line(Contract.EL_ALMAZ) == (
        "El Almaz — no tricks: −70 per trick, −910 per deal")


def test_help_explains_the_contracts_and_the_commands() -> None:
    _state, said = _play(["?", "q"])
    helped = " ".join(said.split("How King goes")[1].split())
    assert "20 deals of 13 tricks" in helped
    for contract in Contract:
        assert terminal.contract_line(contract) in helped
    assert "Kupa Almaz, Erkek Almaz, Kız Almaz, Rıfkı: the deal ends once all the penalty " \
           "cards are taken." in helped
    assert "Each penalty contract is played at most 2 times a game, trump at most 8 times." \
        in helped
    assert "Still yours to choose: penalty contracts 3, trump deals 2." in helped
    for command in ("QS, play QS play a card", "t the choice and score tables",
                    "l the last trick", "c the cards played this deal", "r the table rules",
                    "? this help", "q quit",
                    "el-almaz, trump S choose a contract: its id (el-almaz, kupa-almaz, "
                    "erkek-almaz, kiz-almaz, rifki, son-iki) or its name"):
        assert command in helped, command


@pytest.mark.parametrize(("typed", "chosen"), [("3", "erkek-almaz"), ("kiz-almaz", "kiz-almaz"),
                                               ("Kız Almaz", "kiz-almaz"),
                                               ("son iki", "son-iki"), ("koz h", "trump")])
def test_a_contract_is_chosen_by_number_id_or_name(typed: str, chosen: str) -> None:
    state, _said = _play([typed, "q"])
    assert state.view(0)["contract"] == chosen


@pytest.mark.parametrize(("lang", "mine", "theirs", "yours", "king"), [
    ("en", "You choose Kız Almaz.", "Seat 2 chooses Kız Almaz.", "(your choice)",
     "♔ KING! You took 13 tricks in deal 4! ♔"),
    ("de", "Du wählst Kız Almaz.", "Platz 2 wählt Kız Almaz.", "(deine Wahl)",
     "♔ KING! Du hast in Runde 4 13 Stiche gemacht! ♔"),
    ("tr", "Kız Almaz seçiyorsun.", "2. koltuk Kız Almaz seçiyor.", "(senin seçimin)",
     "♔ KING! 4. elde 13 el aldın! ♔"),
    ("pl", "Wybierasz Kız Almaz.", "Miejsce 2 wybiera Kız Almaz.", "(twój wybór)",
     "♔ KING! W rozdaniu 4 masz 13 lew! ♔"),
])
def test_your_own_choice_is_told_in_the_second_person(lang: str, mine: str, theirs: str,
                                                      yours: str, king: str) -> None:
    with speaking(lang):
        ui = terminal.KingTerminal(Console(file=io.StringIO(), width=100, color_system=None),
                                   0, input)
        ui.show_events([kingscourt.Event("chosen", 0, {"contract": "kiz-almaz", "trump": None}),
                        kingscourt.Event("chosen", 1, {"contract": "kiz-almaz", "trump": None}),
                        kingscourt.Event("king", 0, {"deal": 4, "tricks": 13})])
        ui.status(kingscourt.load_game("king").new_state(seed=SEED).view(0) | {"chooser": 0})
    lines = [" ".join(line.strip("│╭╮╰╯─ ").split()) for line in
             ui.console.file.getvalue().splitlines()]  # type: ignore[attr-defined]
    assert lines[0] == mine
    assert lines[1] == theirs
    assert king in lines
    assert any(yours in line for line in lines)


def test_your_choice_in_a_played_game_is_grammatical() -> None:
    for lang, said in (("en", "You choose El Almaz."), ("de", "Du wählst El Almaz."),
                       ("tr", "El Almaz seçiyorsun."), ("pl", "Wybierasz El Almaz.")):
        _state, out = _play(["1", "q"], lang)
        assert said in out.splitlines(), (lang, said)
        for wrong in ("You chooses", "Du wählt", "Sen El Almaz seçiyor", "Ty wybiera"):
            assert wrong not in out


def test_a_refusal_with_brackets_is_printed_intact(monkeypatch: pytest.MonkeyPatch) -> None:
    apply = KingState.apply

    def refusing(self: KingState, seat: object, action: object) -> list[kingscourt.Event]:
        if action == "choose el-almaz":
            raise IllegalAction(Violation("odd-rule", "must be [seat, text], got 'row 99'"))
        return apply(self, seat, action)

    monkeypatch.setattr(KingState, "apply", refusing)
    _state, said = _play(["1", "q"])
    assert "must be [seat, text], got 'row 99' (odd-rule)" in said


def test_the_contracts_are_listed_in_each_language() -> None:
    for lang in ("de", "tr", "pl"):
        _state, said = _play(["?", "q"], lang)
        info = CONTRACTS[Contract.KUPA_ALMAZ]
        about, unit = text(lang, info.about), text(lang, info.unit)
        assert about != info.about and unit != info.unit
        line = next(line for line in said.splitlines() if f"Kupa Almaz — {about}: " in line)
        assert "−30" in line and unit in line and "−390" in line, (lang, line)
