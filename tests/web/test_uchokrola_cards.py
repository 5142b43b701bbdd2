"""Ucho Króla in the browser takes each card's kind (its colour) and text from the card set that
/api/games serves, not from a list of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .helpers import create_table

if TYPE_CHECKING:
    from playwright.sync_api import Route


def test_card_kinds_come_from_the_served_card_set(new_page) -> None:
    page = new_page()

    def games(route: Route) -> None:
        # the served card set, with every non-character card called special
        response = route.fetch()
        served: list[dict[str, Any]] = response.json()
        for game in served:
            for c in game.get("cards", []):
                if c["kind"] != "character":
                    c["kind"] = "special"
        route.fulfill(response=response, json=served)

    page.route("**/api/games", games)
    create_table(page, "uchokrola", "Ada", seed=4, players=2)
    page.locator("#prompt button.uk-option").first.click()
    page.wait_for_selector("#uk-hand .uk-card")
    classes = page.locator("#uk-hand .uk-card").evaluate_all("els => els.map(e => e.className)")
    assert len(classes) == 5
    assert all("kind-special" in c for c in classes), classes
    titles = page.locator("#uk-hand .uk-card").evaluate_all("els => els.map(e => e.title)")
    assert all(": " in t for t in titles), titles


def test_the_court_is_drawn_as_cards_on_a_table(open_page) -> None:
    """Every card is a card-shaped drawing (its kind's emblem or its character's portrait, a
    prestige seal), the deck and the discard lie on the table, each courtier has a prestige
    pile; the hand and the prompt are in view at a phone's size and a laptop's."""
    from .helpers import shot

    for width, height in ((1366, 768), (390, 844)):
        page = open_page(width, height)
        create_table(page, "uchokrola", "Ada", seed=4, players=4)
        page.locator("#prompt button.uk-option").first.click()
        page.wait_for_selector("#uk-hand .uk-card")
        page.wait_for_timeout(600)
        shot(page, f"uchokrola-court-{width}x{height}-playing")
        hand = page.locator("#uk-hand .uk-card")
        assert hand.count() == 5
        assert page.locator("#uk-hand .uk-card svg.uk-emblem").count() == 5
        box = hand.first.bounding_box()
        assert box is not None and box["height"] > box["width"] * 1.3  # card-shaped
        assert page.locator(".courtier .uk-card.kind-character svg.uk-emblem").count() >= 4
        assert page.locator(".uk-court .uk-deck .uk-stack .uk-back").count() >= 1
        assert page.locator(".uk-court .discard").count() == 1
        assert page.locator(".courtier .uk-stack.pile").count() == 4
        for selector in ("#uk-hand", "#prompt"):
            b = page.locator(selector).bounding_box()
            assert b is not None and b["y"] + b["height"] <= height + 1, (selector, b, width)
        # the card's text on hover (its title) and on a tap (card_text.js)
        hand.first.click()
        page.wait_for_selector("#card-text")
        shot(page, f"uchokrola-court-{width}x{height}")
