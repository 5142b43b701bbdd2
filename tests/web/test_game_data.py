"""The browser takes its game data from /api/games: King's contracts, Ku-Ka-König's card set
and scoring sheet, each table rule's value labels. Each test rewrites the served data on its
way to the page and sees the page follow. The three tables show their result with one block."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import kingscourt

from .helpers import create_table, shot, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

#: a King seed whose first deal seat 1 (the lobby's own seat) chooses
KING_CHOOSER_SEED = 2


def serve_rewritten(page: Page, rewrite: Callable[[dict[str, Any]], None]) -> None:
    """Every answer of /api/games reaches the page with each game rewritten by ``rewrite``."""

    def games(route: Route) -> None:
        response = route.fetch()
        served: list[dict[str, Any]] = response.json()
        for game in served:
            rewrite(game)
        route.fulfill(response=response, json=served)

    page.route("**/api/games", games)


def served_games(page: Page) -> dict[str, dict[str, Any]]:
    games: list[dict[str, Any]] = page.evaluate("fetch('/api/games').then(r => r.json())")
    return {g["name"]: g for g in games}


def test_king_contracts_come_from_the_served_data(new_page) -> None:
    page = new_page()

    def rewrite(game: dict[str, Any]) -> None:
        for c in game["contracts"]:
            c["name"] = c["name"].upper()
            c["description"] = f"served {c['description']}"

    serve_rewritten(page, rewrite)
    assert kingscourt.load_game("king").new_state(seed=KING_CHOOSER_SEED).view(0)["chooser"] == 0
    create_table(page, "king", "Ada", seed=KING_CHOOSER_SEED)
    contracts = served_games(page)["king"]["contracts"]
    penalties = [c for c in contracts if c["penalty"]]
    assert len(penalties) == 6 and penalties[0]["name"] == "EL ALMAZ"
    page.wait_for_selector("#chooser")
    buttons = page.locator("#chooser .contract-btn:not(.suit)")
    assert buttons.locator("strong").all_inner_texts() == [c["name"] for c in penalties]
    abouts = buttons.locator("span").all_inner_texts()
    assert all(a.startswith(f"{c['description']} (") for a, c in zip(abouts, penalties, strict=True)), abouts
    assert abouts[0] == "served no tricks (-50 per trick)", abouts
    assert "KOZ (TRUMP)" in page.inner_text("#chooser")
    assert "KOZ (TRUMP) ×8" in page.inner_text("#open-contracts")
    page.keyboard.press("t")  # the choice table's rows are the contracts, by their served names
    heads = page.locator("#choice-table tbody th").all_inner_texts()
    assert heads == [c["name"] for c in penalties] + ["KOZ (TRUMP)"], heads
    shot(page, "king-served-contracts")
    v = version(page)
    page.locator("#chooser .contract-btn[data-action='choose kiz-almaz']").click()
    wait_past(page, v)
    page.wait_for_selector("#contract:text('KIZ ALMAZ')")
    assert "served no queens" in page.inner_text("#king-topbar")


def test_rule_values_are_shown_by_their_served_labels(new_page) -> None:
    page = new_page()

    def rewrite(game: dict[str, Any]) -> None:
        for r in game["rules"]:
            r["choice_labels"] = [f"«{label}»" for label in r["choice_labels"]]

    serve_rewritten(page, rewrite)
    page.goto("/#/new/king")
    page.wait_for_selector("#rule-heart_lead_ban")
    options = page.locator("#rule-heart_lead_ban option").all_inner_texts()
    assert options == ["«in Kupa Almaz and Rıfkı» (default)", "«in every penalty contract»"]
    assert page.locator("#rule-short_game option").all_inner_texts() == ["«off» (default)", "«on»"]
    setup = page.inner_text(".setup")
    for code in ("kupa-rifki", "all-penalty", "any-heart"):
        assert code not in setup, code
    page.select_option("#rule-heart_lead_ban", label="«in every penalty contract»")
    page.select_option("#rule-rifki_void", label="«discard any heart»")
    shot(page, "king-setup-rule-labels")
    page.click("details.advanced summary")
    page.fill("#player-name", "Ada")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector("#king-topbar")
    page.keyboard.press("r")
    panel = page.locator("#rules-panel")
    panel.locator("[data-rule='heart_lead_ban']").wait_for()
    assert panel.locator("[data-rule='heart_lead_ban']").inner_text() == "«in every penalty contract»"
    assert panel.locator("[data-rule='rifki_void']").inner_text() == "«discard any heart»"
    assert panel.locator("[data-rule='must_beat']").inner_text() == "«never»"
    for code in ("kupa-rifki", "all-penalty", "any-heart"):
        assert code not in panel.inner_text(), code
    shot(page, "king-rules-panel")


def test_kukakoenig_cards_come_from_the_served_card_set(new_page) -> None:
    page = new_page()

    def rewrite(game: dict[str, Any]) -> None:
        for c in game.get("cards", []):
            if game["name"] == "kukakoenig":
                c["label"] = f"{c['label'].upper()}!"
                c["sheet"] = "kings"  # every card coloured as a king
        for line in game.get("sheet", []):
            line["label"] = f"{line['label']} (served)"

    serve_rewritten(page, rewrite)
    create_table(page, "kukakoenig", "Ada", seed=5, players=2)
    page.wait_for_selector(".kkk-row .kkk-card")
    cards = {c["name"]: c for c in served_games(page)["kukakoenig"]["cards"]}
    tiles = page.locator(".kkk-row .kkk-card")
    shown = tiles.evaluate_all("els => els.map(e => [e.dataset.card, e.textContent, e.className])")
    assert len(shown) >= 4
    for name, text, classes in shown:
        assert text == cards[name]["label"], (name, text)
        assert "cat-kings" in classes, classes
    # a row taken (the bot may pick the same row: then again): the collection groups by the
    # served sheet's lines
    mine = "#collections .player[data-seat='0'] .coll-label"
    deadline = time.monotonic() + 30
    while not page.locator(mine).count():
        assert time.monotonic() < deadline, "no row was taken within 30 s"
        row = page.locator(".kkk-row:not([disabled])")
        if row.count() and not page.locator("#count").count():
            v = version(page)
            row.first.click()
            wait_past(page, v)
        else:
            page.wait_for_timeout(30)
    labels = page.locator("#collections .player[data-seat='0'] .coll-label").all_inner_texts()
    assert labels == ["Kings (served)"], labels
    shot(page, "kukakoenig-served-cards")


def finished_view(game: str, players: int, seed: int, **rules: Any) -> dict[str, Any]:
    """Seat 0's view of a game played to the end by random moves."""
    state = kingscourt.load_game(game, **rules).new_state(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view: dict[str, Any] = state.view(0)
    return view


MOUNT = """async ([game, view]) => {
    const { gameInfo, gameModules } = await import("/web/js/games.js");
    const info = await gameInfo(game);
    const { board: boardModule, summary } = await gameModules(info);
    const board = document.createElement("div");
    board.className = "board";
    document.getElementById("app").replaceChildren(board);
    const names = ["You", "Bea", "Cem", "Dana"];
    const ctx = { me: 0, seats: [], name: (s) => names[s], act: () => {}, game: info, summary };
    boardModule.mount(board, ctx).update({ type: "state", version: 1, seat: 0, view, seats: [] });
}"""


def test_one_result_block_at_every_table(new_page) -> None:
    """A finished game of each, shown by its own board: the same block names the winners and
    lists every seat from the best score down; each game adds its own part to a line."""
    page = new_page()
    page.goto("/")
    page.wait_for_selector(".game-tile")
    views = {"king": finished_view("king", 4, 3, short_game=True),
             "kukakoenig": finished_view("kukakoenig", 3, 4),
             "uchokrola": finished_view("uchokrola", 3, 5)}
    views["king"]["kings"] = [{"deal": 2, "seat": 1, "tricks": 13}]
    for game, view in views.items():
        assert view["over"] and view["winners"]
        page.evaluate(MOUNT, [game, view])
        page.wait_for_selector("#result")
        lines = page.locator("#result .final li")
        seats = [int(s) for s in lines.evaluate_all("els => els.map(e => e.dataset.seat)")]
        scores = view["scores"]
        assert sorted(seats) == list(range(len(scores))), (game, seats)
        assert [scores[s] for s in seats] == sorted(scores, reverse=True), (game, seats)
        winners = page.locator("#result .final li.winner").evaluate_all(
            "els => els.map(e => +e.dataset.seat)")
        assert winners == [s for s in seats if s in view["winners"]], game
        heading = page.inner_text("#result h2")
        assert heading.endswith("!") and (" win" in heading), heading
        assert page.locator("#result a.button[href='#/']").inner_text() == "Back to the lobby"
        shot(page, f"result-{game}")
        if game == "king":
            assert page.locator("#result .final li[data-seat='1'] .kings").count() == 1
            assert page.locator("#result .kings").count() == 1
        if game == "uchokrola":
            assert page.inner_text("#result h3") == "The prestige piles, revealed"
            assert heading.endswith("the King's ear!")
            assert page.locator("#result .final li .pile-content").count() == len(scores)
