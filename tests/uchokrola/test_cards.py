"""The card data file: the bundled deck, another file by path, and clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import kingscourt
from kingscourt.games.uchokrola import DEFAULT_CARDS, Kind, load_cards


def test_the_bundled_deck_matches_the_rules_notes() -> None:
    cs = load_cards()
    assert cs.total() == 120
    by_kind = {k: sum(t.copies for t in cs.types if t.kind is k) for k in Kind}
    assert by_kind == {Kind.BUFFOONERY: 44, Kind.INTRIGUE: 44, Kind.SPECIAL: 16,
                       Kind.UCHO: 6, Kind.CHARACTER: 10}
    faux = cs.types[cs.by_name["Faux pas"]]
    assert (faux.copies, faux.prestige, faux.colour.value) == (9, -1, "red")
    assert cs.types[cs.by_name["Kąśliwa riposta"]].prestige == -1


def deck_file(tmp_path: Path, change: Any) -> Path:
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    change(data["cards"])
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_another_card_file_by_path_and_its_games_replay(tmp_path: Path) -> None:
    def more_fraszka(cards: list[dict[str, Any]]) -> None:
        cards[0]["copies"] = 12
        cards[0]["prestige"] = 4
    path = deck_file(tmp_path, more_fraszka)
    game = kingscourt.load_game("uchokrola", cards=str(path))
    assert str(path) in repr(game)
    st = game.new_state(players=3, seed=2)
    rng = random.Random(2)
    while not st.is_over():
        s = st.to_move()[0]
        st.apply(s, rng.choice(st.legal_actions(s)))
    record = json.loads(json.dumps(st.record()))
    assert record["rules"]["cards"] == str(path)
    assert kingscourt.replay(record).view(0) == st.view(0)


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c[0].pop("copies"), "missing copies"),
    (lambda c: c[0].update(kind="joker"), "kind must be one of"),
    (lambda c: c[0].update(colour="pink"), "colour must be one of"),
    (lambda c: c[0].update(effect="fly"), "effect 'fly' is not a buffoonery effect"),
    (lambda c: c[1].update(name="Fraszka"), "name appears twice"),
    (lambda c: c[2].update(copies="7"), "copies must be an integer"),
    (lambda c: c.pop(12), "no card has the effect 'kasliwa_riposta'"),
    (lambda c: c[20].update(copies=2), "a character card has exactly 1 copy"),
    (lambda c: c[3].update(text=7), "text must be a string"),
])
def test_a_bad_card_file_is_refused_with_a_clear_error(tmp_path: Path, change: Any,
                                                       message: str) -> None:
    path = deck_file(tmp_path, change)
    with pytest.raises(ValueError, match=message):
        kingscourt.load_game("uchokrola", cards=str(path))


def test_every_card_carries_its_rulebook_text() -> None:
    game = kingscourt.load_game("uchokrola")
    texts = {t.name: t.text for t in game.cards.types}
    assert all(texts.values()), [n for n, t in texts.items() if not t]
    assert "Draw the 2 top cards of the draw deck." in texts["Faux pas"]
    assert texts["Hrabia de Guiche"].endswith("At the end of the game subtract 5 from your prestige.")


def test_unreadable_card_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot be read"):
        kingscourt.load_game("uchokrola", cards=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not JSON"):
        kingscourt.load_game("uchokrola", cards=str(bad))
