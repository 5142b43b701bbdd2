"""Ucho Króla in the terminal teaches: ``?NAME`` and ``help NAME`` give a card's or a
character's text from the card set (translated), the start shows the player's own character's
ability, rule ids and typed text keep their brackets, and the seats a refusal quotes are the
ones the player typed."""

from __future__ import annotations

import re

import pytest

import kingscourt
from kingscourt.engine import IllegalAction
from kingscourt.games.uchokrola import UchoGame
from kingscourt.games.uchokrola import terminal as client
from kingscourt.games.uchokrola.cards import CardType
from kingscourt.i18n import text
from kingscourt.terminal import speaking
from tests.terminal_input import play_typed
from tests.uchokrola.helpers import play, position


def game() -> UchoGame:
    g = kingscourt.load_game("uchokrola")
    assert isinstance(g, UchoGame)
    return g


def card(name: str) -> CardType:
    g = game()
    return g.cards.types[g.cards.by_name[name]]


def run(monkeypatch: pytest.MonkeyPatch, typed: list[str], lang: str = "en", **kwargs: object
        ) -> str:
    with speaking(lang):
        said = play_typed(monkeypatch, client.play, "\n".join(typed), width=120,
                          **({"seat": 0, "bots": "basic", "players": 3, "seed": 5,
                              "options": {"quick": True}} | kwargs))
    return " ".join(said.split())  # the texts wrap: compare them as words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_question_mark_or_help_and_a_name_tell_its_text(monkeypatch: pytest.MonkeyPatch,
                                                        lang: str) -> None:
    said = run(monkeypatch, ["?Faux pas", "help Markiz de Callières", "?rozwiazlosc",
                             "? Ucho króla", "help hrabina", "help Baron de Chantal", "q"], lang)
    for name in ("Faux pas", "Markiz de Callières", "Rozwiązłość", "Ucho króla",
                 "Hrabina de Bragelonne", "Hrabina de Vardes", "Baron de Chantal"):
        t = card(name)
        told = " ".join(text(lang, t.text).split())
        assert f"{name} (" in said and told in said, (lang, name)
        if lang != "en":
            assert told != " ".join(t.text.split())  # translated, not the English
    kind = {"en": ("Intrigue", "prestige −1"), "de": ("Intrige", "Prestige −1")}[lang]
    assert f"Faux pas ({kind[0]}, {kind[1]}): " in said
    assert "Markiz de Callières (" + {"en": "Character", "de": "Figur"}[lang] + "): " in said


def test_an_unknown_name_lists_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["?Dragon", "q"])
    assert "No card or character is called 'Dragon'. Cards: Fraszka, Podszepty" in said
    assert "Characters: Hrabina de Bragelonne" in said


def test_the_characters_offered_show_their_abilities(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["q"])
    offered = [t for t in game().cards.types if f". choose {t.name} " in said]
    assert len(offered) == 2
    for t in offered:
        assert f"choose {t.name} {' '.join(t.text.split())}" in said


def test_the_start_shows_your_characters_ability(monkeypatch: pytest.MonkeyPatch) -> None:
    for lang, heading, kind in (("en", "Your character:", "Character"),
                                ("pl", "Twoja postać:", "Postać")):
        said = run(monkeypatch, ["1", "q"], lang)
        m = re.search(re.escape(heading) + r" (.+?) \1 \(", said)
        assert m, (lang, said[:2000])
        name = m.group(1)
        ability = " ".join(text(lang, card(name).text).split())
        assert f"{heading} {name} {name} ({kind}): {ability}" in said, lang


def test_the_simplified_variant_says_characters_have_no_ability(
        monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["1", "q"], options={"simplified": True})
    assert "Simplified variant: characters have no abilities." in said


def test_rule_ids_and_typed_brackets_are_printed_intact(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["play [bold]Faux[/bold] -> 2", "1", "1", "1", "1",
                             "play Rozwiązłość -> 1", "q"])
    assert ("'play [bold]Faux[/bold] -> 2' is not an action: no card is called "
            "'[bold]Faux[/bold]'") in said
    # seat 1 is the player's own: a rule's refusal, its id in brackets
    assert "Rozwiązłość is displayed beside another player's character. [needs-target]" in said


def test_a_refusal_quotes_the_seat_that_was_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    said = run(monkeypatch, ["play Fauxpas -> 2", "take Fauxpas from 3:1", "play Faux pas -> 01",
                             "play Faux pas -> 7", "q"])
    assert "'play Fauxpas -> 2' is not an action: no card is called 'Fauxpas'" in said
    assert "'take Fauxpas from 3:1' is not an action" in said
    assert "'play Faux pas -> 01' is not an action" in said
    assert "'play Faux pas -> 7' is not an action: there is no seat 7: the seats are 1 to 3" in said
    assert "-> 1'" not in said and "from 2:1'" not in said


def test_a_place_in_a_refusal_is_counted_from_1() -> None:
    st = position(3, hands=[["Kuzyneczka"], [], []], displays=[[], ["Faux pas"], ["Menuet"]])
    play(st, "play Kuzyneczka")
    typed = "swap Menuet at 2:1"  # Menuet lies beside seat 3, not 2
    with pytest.raises(IllegalAction) as refused:
        st.apply(0, client.typed(typed, 3))
    assert refused.value.rule == "no-such-card"
    assert client.refusal(refused.value.violation) == "Menuet is not displayed at 2:1."
    with speaking("de"):
        assert "2:1" in client.refusal(refused.value.violation)
