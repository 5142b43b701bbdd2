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
