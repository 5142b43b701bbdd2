"""The registry: a card is one line of card data plus one registered effect (an ability, one
registered Ability), each declaring its play, refusal, questions and narration in one place."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kingscourt
from kingscourt.engine import IllegalAction, Violation
from kingscourt.games.uchokrola import DEFAULT_CARDS, REGISTRY, Kind, UchoState
from kingscourt.games.uchokrola.notation import Move
from kingscourt.games.uchokrola.tasks import Ability, CardEffect, Task, decision
from kingscourt.games.uchokrola.turn import shown

# -- a card known only to this test: Plotka draws 2 cards, then discards 1 from the hand ------


def _plotka_play(st: UchoState, seat: int, card: int) -> list[str]:
    return [f"play {st.name(card)}"] if len(st.deck) >= 2 else []


def _plotka_refusal(st: UchoState, seat: int, move: Move) -> Violation:
    return Violation("plotka-deck", f"{st.name(move.card)} needs 2 cards in the deck.")


def _plotka(st: UchoState, seat: int, target: int) -> None:
    st.draw(seat, 2)
    st.stack.append(Task(PLOTKA_DISCARD, seat))


def _plotka_options(st: UchoState, task: Task) -> list[str]:
    return [f"discard {st.name(c)}" for c in sorted(set(st.hands[task.seat]))]


def _plotka_discard(st: UchoState, task: Task, move: Move) -> None:
    st.hands[task.seat].remove(move.card)
    st.to_discard(task.seat, move.card, " (Plotka)")


PLOTKA_DISCARD = decision("plotka-discard", "Plotka: discard a card from your hand",
                          _plotka_options, _plotka_discard, from_hand=True)
PLOTKA = CardEffect("plotka", Kind.BUFFOONERY, shown(_plotka_play, _plotka_refusal), _plotka,
                    (PLOTKA_DISCARD,))


# -- a character known only to this test: Kawaler draws while holding fewer than 3 cards ------

def _kawaler(st: UchoState, seat: int, head: str) -> list[str]:
    return [f"{head}: draw"] if len(st.hands[seat]) < 3 else []


def _use_kawaler(st: UchoState, seat: int, char: int, move: Move) -> None:
    st.say(f"{st.who(seat)} uses {st.name(char)}'s ability.")
    st.draw(seat, 1)


KAWALER = Ability("kawaler", _kawaler, _use_kawaler)

PLOTKA_LINE = {"name": "Plotka", "kind": "buffoonery", "colour": "blue", "copies": 2,
               "prestige": 1, "effect": "plotka",
               "text": "Draw 2 cards, then discard 1 card from your hand."}
KAWALER_LINE = {"name": "Kawaler", "kind": "character", "colour": "none", "copies": 1,
                "prestige": 0, "effect": "kawaler",
                "text": "While you hold fewer than 3 cards, you may draw a card."}


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    """The bundled card file and one more line for each test-only card."""
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    data["cards"].extend([PLOTKA_LINE, KAWALER_LINE])
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def registered() -> Iterator[None]:
    REGISTRY.register(PLOTKA)
    REGISTRY.register(KAWALER)
    try:
        yield
    finally:
        REGISTRY.unregister("plotka")
        REGISTRY.unregister("kawaler")


def game_at(path: Path, **setup: Any) -> UchoState:
    game = kingscourt.load_game("uchokrola", cards=str(path))
    base: dict[str, Any] = {
        "characters": [["Kawaler"], ["Biskup Vannes"]],
        "hands": [["Plotka", "Fraszka"], ["Faux pas"]],
        "deck": ["Menuet", "Faux pas", "Podszepty", "Maskarada"],
        "discard": ["Rozrzutność"],
    }
    base.update(setup)
    st = game.new_state(players=2, seed=3, **base)
    assert isinstance(st, UchoState)
    return st


def test_a_card_file_naming_an_unregistered_effect_is_refused(card_file: Path) -> None:
    with pytest.raises(ValueError, match="effect 'plotka' is not a buffoonery effect"):
        kingscourt.load_game("uchokrola", cards=str(card_file))


def test_a_registered_test_only_card_is_played_asked_and_narrated(card_file: Path,
                                                                 registered: None) -> None:
    st = game_at(card_file)
    assert "play Plotka" in st.legal_texts()
    st.apply(0, "play Plotka")
    view = st.view(0)
    assert view["phase"] == "plotka-discard"
    assert view["question"] == "Plotka: discard a card from your hand"
    assert view["legal"] == ["discard Fraszka", "discard Faux pas", "discard Menuet"]
    with pytest.raises(IllegalAction) as refused:
        st.apply(0, "discard Maskarada")
    assert refused.value.violation.rule == "not-in-hand"
    st.apply(0, "discard Menuet")
    log = st.view(1)["log"]
    assert "Kawaler displays Plotka beside their own character." in log
    assert "Kawaler draws 2 cards." in log
    assert "Kawaler discards Menuet (Plotka)." in log
    assert st.view(0)["hand"] == ["Fraszka", "Faux pas"]
    # the ability phase of the test-only character: 2 cards in hand, so it may draw
    assert st.legal_texts() == ["use Kawaler: draw", "end turn"]
    st.apply(0, "use Kawaler: draw")
    assert "Kawaler uses Kawaler's ability." in st.view(1)["log"]
    assert st.view(0)["hand"] == ["Fraszka", "Podszepty", "Faux pas"]
    # its games replay from the record, the card file named in it
    record = json.loads(json.dumps(st.record()))
    assert record["rules"]["cards"] == str(card_file)
    assert kingscourt.replay(record).view(0) == st.view(0)


def test_a_test_only_card_refuses_with_its_own_rule(card_file: Path, registered: None) -> None:
    st = game_at(card_file, deck=["Menuet"])
    assert "play Plotka" not in st.legal_texts()
    violation = st.check(0, "play Plotka")
    assert violation is not None
    assert (violation.rule, violation.message) == ("plotka-deck",
                                                   "Plotka needs 2 cards in the deck.")


def test_the_registry_forgets_an_unregistered_card(card_file: Path) -> None:
    REGISTRY.register(PLOTKA)
    REGISTRY.unregister("plotka")
    assert "plotka-discard" not in REGISTRY.kinds
    with pytest.raises(ValueError, match="effect 'plotka' is not a buffoonery effect"):
        kingscourt.load_game("uchokrola", cards=str(card_file))


def test_every_task_kind_and_effect_is_declared_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        REGISTRY.register(REGISTRY.effects["fraszka"])
    bundled = kingscourt.load_game("uchokrola")
    effects = {t.effect for t in bundled.cards.types}
    assert effects == set(REGISTRY.effects) | set(REGISTRY.abilities)
    assert set(REGISTRY.required()) == {"savoir_vivre", "kasliwa_riposta", "menuet", "knucie",
                                        "ucho_krola", "podpicie"}
