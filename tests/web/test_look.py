"""The look and feel of the tables: SVG card faces and backs, the four-colour deck, Ucho
Króla's card texts by a tap, the remembered mute switch, the your-turn notice of a hidden tab,
reduced motion, and each table's boxes apart at 1366×768 and 390×844, light and dark."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from .helpers import ARTIFACTS, create_table, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page


SIZES = {"desktop": (1366, 768), "phone": (390, 844)}




def play_king(page: Page) -> bool:
    """The seat's move in King if it has one: the first contract, or the first legal card."""
    if page.locator("#chooser").count():
        button = page.locator("#chooser .contract-btn").first
    elif page.locator(".hand .card.legal").count():
        button = page.locator(".hand .card.legal").first
    else:
        return False
    v = version(page)
    button.click()
    wait_past(page, v)
    return True


def until(page: Page, test: str, step: Any = None, seconds: float = 30) -> None:
    """Make moves with ``step`` (or wait) until the page's ``test`` expression holds."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(test):
        assert time.monotonic() < deadline, f"not within {seconds} s: {test}"
        if step is None or not step(page):
            page.wait_for_timeout(40)


def colour_of(page: Page, suit: str) -> str:
    return page.evaluate(
        "s => getComputedStyle(document.querySelector(`.card.suit-${s} .suit-shape`)).fill", suit)


def test_king_faces_backs_and_four_colours(open_page) -> None:
    page = open_page()
    create_table(page, "king", "Ada", seed=11)
    page.wait_for_selector(".hand .card")
    faces = page.locator(".hand .card").evaluate_all(
        "els => els.map(e => [e.dataset.card, !!e.querySelector('svg.face'), "
        "e.querySelectorAll('svg.face .suit-shape').length])")
    assert len(faces) == 13
    for card, has_svg, shapes in faces:
        assert has_svg, card
        pips = {"A": 1, "K": 1, "Q": 1, "J": 1, "T": 10}.get(card[0]) or int(card[0])
        assert shapes == pips + 2, (card, shapes)  # the pips and the two index corners
    # the other three seats' hands as fans of backs, one back per card
    fans = page.locator(".seat-box .fan").evaluate_all(
        "els => els.map(e => [Number(e.dataset.cards), e.querySelectorAll('svg.back').length])")
    # (the bots may already have led to the first trick: 12 or 13 cards, one back for each)
    assert len(fans) == 3 and all(n == backs and n in (12, 13) for n, backs in fans), fans
    suits = {c[1] for c, _, _ in faces}
    assert {"D", "C"} <= suits, suits
    red, black = colour_of(page, "D"), colour_of(page, "C")
    assert red == colour_of(page, "H") and black == colour_of(page, "S")
    page.check("#look-fourColour")
    assert colour_of(page, "D") not in (red, black)
    assert colour_of(page, "C") not in (red, black, colour_of(page, "D"))
    four = colour_of(page, "D")
    page.reload()
    page.wait_for_selector(".hand .card")
    assert page.is_checked("#look-fourColour") and colour_of(page, "D") == four
    page.screenshot(path=str(ARTIFACTS / "look-king-four-colours.png"))


def test_ucho_card_text_by_tap(open_page) -> None:
    page = open_page(390, 844, has_touch=True, is_mobile=True)
    create_table(page, "uchokrola", "Ada", seed=4, players=2)
    page.locator("#prompt button.uk-option").first.tap()
    page.wait_for_selector("#uk-hand .uk-card[data-text]")
    first = page.locator("#uk-hand .uk-card[data-text]").first
    text = first.get_attribute("data-text") or ""
    assert len(text) > 10
    first.tap()
    pop = page.locator("#card-text")
    pop.wait_for()
    assert text in pop.inner_text()
    box = pop.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=str(ARTIFACTS / "look-ucho-tap.png"))
    page.locator(".table-title").tap()
    assert page.locator("#card-text").count() == 0


def test_mute_is_remembered(open_page) -> None:
    page = open_page()
    create_table(page, "king", "Ada", seed=11)
    page.wait_for_selector("#look-muted")
    assert page.is_checked("#look-muted")  # sound on by default
    until(page, "document.querySelectorAll('.trick .card').length > 0", play_king)
    assert page.evaluate("document.documentElement.dataset.lastSound") in ("play", "trick", "turn")
    page.uncheck("#look-muted")
    page.reload()
    page.wait_for_selector("#look-muted")
    assert not page.is_checked("#look-muted")
    page.evaluate("delete document.documentElement.dataset.lastSound")
    n = page.locator(".trick .card").count()
    until(page, f"document.querySelectorAll('.trick .card').length != {n}", play_king)
    assert page.evaluate("document.documentElement.dataset.lastSound") is None


HIDE = """h => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => h});
  Object.defineProperty(document, 'visibilityState',
                        {configurable: true, get: () => h ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_title_marks_your_turn_in_a_hidden_tab(open_page) -> None:
    page = open_page()
    create_table(page, "king", "Ada", seed=11)
    until(page, "!!document.querySelector('#chooser, .hand .card.legal')")
    plain = page.title()
    assert not plain.startswith("●")
    page.evaluate(HIDE, True)
    assert page.title().startswith("● Your turn")
    icon = page.get_attribute("link[rel~='icon']", "href") or ""
    assert icon.startswith("data:image/svg")
    page.evaluate(HIDE, False)
    assert page.title() == plain
    # hidden while the bots play: the mark comes with the turn, and goes when it passes
    play_king(page)
    page.evaluate(HIDE, True)
    until(page, "!!document.querySelector('#chooser, .hand .card.legal')")
    assert page.title().startswith("● Your turn")
    play_king(page)
    assert not page.title().startswith("●") or page.locator(".hand .card.legal, #chooser").count()


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_turns_motion_off(open_page, reduced: bool) -> None:
    page = open_page()
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    create_table(page, "king", "Ada", seed=11)
    until(page, "document.querySelectorAll('.trick .card').length >= 2", play_king)
    until(page, "document.querySelectorAll('.trick .card').length == 1", play_king)
    motions = int(page.evaluate("document.documentElement.dataset.motions || '0'"))
    if reduced:
        assert motions == 0
        assert page.evaluate("document.getAnimations().length") == 0
    else:
        assert motions > 0


def boxes(page: Page, selectors: list[str]) -> list[tuple[str, dict[str, float]]]:
    return page.evaluate("""sels => sels.flatMap(s => [...document.querySelectorAll(s)].map((e, i) => {
        const r = e.getBoundingClientRect();
        return [s + ' @' + i, {x: r.left, y: r.top + scrollY, w: r.width, h: r.height}];
    }))""", selectors)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["w"] - 1 and b["x"] < a["x"] + a["w"] - 1
            and a["y"] < b["y"] + b["h"] - 1 and b["y"] < a["y"] + a["h"] - 1)


def assert_apart(page: Page, selectors: list[str], width: int) -> None:
    found = boxes(page, selectors)
    assert {s.split(" @")[0] for s, _ in found} == set(selectors), found
    for i, (na, a) in enumerate(found):
        assert a["x"] >= -1 and a["x"] + a["w"] <= width + 1, f"{na} clipped: {a}"
        for nb, b in found[i + 1:]:
            assert not overlap(a, b), f"{na} overlaps {nb}: {a} {b}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def to_ucho_turn(page: Page) -> None:
    page.locator("#prompt button.uk-option").first.click()
    page.wait_for_selector("#uk-hand .uk-card")


SETUP = {
    "king": (dict(seed=11),
             lambda p: until(p, "document.querySelectorAll('.trick .card').length >= 2", play_king),
             [".topbar", ".seat-box", "#trick", "#hand", ".toolbar"]),
    "kukakoenig": (dict(seed=5, players=3), lambda p: p.wait_for_selector(".kkk-row .kkk-card"),
                   [".topbar", ".kkk-row", "#collections"]),
    "uchokrola": (dict(seed=4, players=4), to_ucho_turn,
                  [".topbar", "#prompt", "#uk-hand"]),  # the court scrolls within the board, under neither
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(SETUP))
def test_table_fits_light_and_dark(open_page, game: str, size: str) -> None:
    width, height = SIZES[size]
    page = open_page(width, height)
    options, ready, selectors = SETUP[game]
    # a phone's side panels and King's toolbar are drawers behind the tab bar (drawers.js)
    if size == "phone":
        selectors = [s for s in selectors if s not in (".toolbar", "#collections")] + ["#table-tabs"]
    create_table(page, game, "Ada", **options)  # type: ignore[arg-type]
    ready(page)
    assert_apart(page, selectors, width)
    if game == "king":  # the trick stays clear of every seat, within the felt
        felt = boxes(page, [".felt"])[0][1]
        for name, b in boxes(page, [".seat-box", "#trick"]):
            assert felt["y"] <= b["y"] and b["y"] + b["h"] <= felt["y"] + felt["h"] + 1, name
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"look-{game}-{size}-light.png"), full_page=True)
    page.emulate_media(color_scheme="dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(244, 241, 234)"
    page.screenshot(path=str(ARTIFACTS / f"look-{game}-{size}-dark.png"), full_page=True)


def test_confirm_before_playing(open_page) -> None:
    page = open_page()
    create_table(page, "king", "Ada", seed=11)
    page.wait_for_selector("#look-confirmPlay")
    page.check("#look-confirmPlay")
    until(page, "!!document.querySelector('.hand .card.legal')", lambda p: bool(
        p.locator("#chooser").count()) and play_king(p))
    card = page.locator(".hand .card.legal").first
    name = card.get_attribute("data-card")
    v = version(page)
    card.click()
    page.wait_for_timeout(300)
    assert version(page) == v, "one click played the card"
    assert "selected" in (card.get_attribute("class") or "")
    card.click()
    wait_past(page, v)
    assert name not in page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")


def test_auto_play_of_a_single_legal_card(open_page) -> None:
    """With the switch on, a hand with exactly one legal card plays it without a click (at
    the latest in the deal's last trick); with more than one legal card nothing moves."""
    page = open_page()
    create_table(page, "king", "Ada", seed=11)
    page.wait_for_selector("#look-autoPlay")
    page.check("#look-autoPlay")
    hand = "els => els.map(e => e.dataset.card)"
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no single legal card within the first deal"
        legal = page.eval_on_selector_all(".hand .card.legal", hand)
        if len(legal) == 1:
            until(page, f"!document.querySelector('.hand .card[data-card=\"{legal[0]}\"]')",
                  seconds=10)  # played for the seat: nobody clicked it
            break
        if len(legal) > 1:
            v = version(page)
            page.wait_for_timeout(600)  # longer than the auto-play's pause
            if version(page) == v:
                assert page.eval_on_selector_all(".hand .card.legal", hand) == legal
        if not play_king(page):
            page.wait_for_timeout(50)
