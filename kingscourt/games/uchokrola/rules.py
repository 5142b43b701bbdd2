"""The rulebook's variants, as table rules of ``load_game("uchokrola", ...)``."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import rule
from ...i18n import N_


@dataclass(frozen=True, slots=True)
class UchoRules:
    # Wariant uproszczony: characters have no text (no abilities, no extra characters, no -5).
    simplified: bool = rule(
        False, (False, True), N_("Simplified variant"),
        N_("Characters are played as if they had no text: no abilities, Hrabia de Guiche "
        "draws no extra characters and loses no prestige."))
    # Wariant szybki: the game ends the first time the deck runs out.
    quick: bool = rule(
        False, (False, True), N_("Quick variant"),
        N_("The game ends at the end of the turn in which the deck runs out the first time."))
    # Wariant odkryty: a character card in the middle of the deck triggers a count.
    open: bool = rule(
        False, (False, True), N_("Open variant"),
        N_("A spare character card lies in the middle of the deck; when it comes to the top, "
        "and when the deck first runs out, every player's prestige is announced."))
    # Faworyt króla: one player takes two actions a turn.
    favourite: bool = rule(
        False, (False, True), N_("Faworyt króla (King's favourite)"),
        N_("A random player performs two actions a turn; with the Open variant the leader "
        "becomes the favourite at each count."))
    # Kokieteria: teams count their prestige together.
    teams: str = rule(
        "none", ("none", "pairs", "triples"), N_("Kokieteria (teams)"),
        N_("pairs (4 or 6 players) or triples (6 players); team members sit apart and add "
        "their prestige at the end."),
        {"none": N_("no teams"), "pairs": N_("pairs"), "triples": N_("triples")})
