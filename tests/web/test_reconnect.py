"""Reconnect: when the server goes away and comes back, the page finds its seat again by
itself; the table is rebuilt from its stored record."""

from __future__ import annotations

from .conftest import WebServer
from .helpers import create_table, shot, version


def test_connection_lost_and_back(new_page, tmp_path) -> None:
    server = WebServer(tmp_path).start()
    try:
        page = new_page()
        page.goto(server.url + "/")
        create_table(page, "king", "Ada", seed=9, base=server.url)
        page.wait_for_selector(".hand .card")
        hand = sorted(page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)"))
        v = version(page)
        server.stop()
        page.wait_for_selector(".status.lost")
        server.restart()
        page.wait_for_selector(".status.open", timeout=20_000)
        page.wait_for_selector(".hand .card")
        assert page.inner_text(".seat-label") == "You: seat 1"
        assert version(page) >= v
        again = sorted(page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)"))
        assert again == hand or len(again) < len(hand)  # same hand, or the game went on
        shot(page, "king-reconnected")
    finally:
        server.stop()
