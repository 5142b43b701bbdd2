"""Every table fits its screen (issue 31): at 390×844, 820×1180, 1366×768 and 1920×1080, light
and dark, for each game (King also at 360×640, 640×360, 844×390 and 2560×1440), the hand
(King's cards, Ku-Ka-König's rows, Ucho Króla's cards) and the prompt lie inside the viewport
while playing, and King's contract dialog with every option and the hand while choosing; the
page needs no scrolling to play (its scroll height is at most the viewport's, the prompt's options need
no scrolling within it, the contract dialog covers no card of the hand), King's cards grow with the screen
(at least a tenth of its width or 8% of its height, the smaller) and axe-core finds no serious or critical
violation. One page per size, seeded games against bots; the
screenshots are left in test-artifacts/web/screen-*.png."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from .axe import violations
from .helpers import ARTIFACTS, create_table, merge_figures, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page

SIZES = [(390, 844), (820, 1180), (1366, 768), (1920, 1080)]

#: what is measured: the element named by each selector must lie inside the viewport
BOX = """sels => sels.map((s) => {
  const els = [...document.querySelectorAll(s)];
  if (!els.length) return [s, null];
  const r = els.map((e) => e.getBoundingClientRect());
  return [s, { top: Math.min(...r.map((b) => b.top)), bottom: Math.max(...r.map((b) => b.bottom)),
               left: Math.min(...r.map((b) => b.left)), right: Math.max(...r.map((b) => b.right)) }];
})"""
PAGE = """() => ({ width: innerWidth, height: innerHeight,
  scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
  promptScrolls: [...document.querySelectorAll('#prompt, #chooser')]
    .some((e) => e.scrollHeight > e.clientHeight + 1),
  cardHeight: Math.min(...[...document.querySelectorAll('#hand .card')]
    .map((c) => c.getBoundingClientRect().height)),
  handCovered: [...document.querySelectorAll('#hand .card')].some((card) => {
    const c = document.querySelector('#chooser');
    if (!c) return false;
    const r = card.getBoundingClientRect(), q = c.getBoundingClientRect();
    return r.top < q.bottom - 1 && r.bottom > q.top + 1 && r.left < q.right && r.right > q.left;
  }) })"""


def king_choosing(page: Page) -> None:
    page.wait_for_selector("#chooser .contract-btn")


def king_playing(page: Page) -> None:
    deadline = time.monotonic() + 30
    while not page.locator(".hand .card.legal").count():
        assert time.monotonic() < deadline, "no card to play within 30 s"
        if page.locator("#chooser .contract-btn").count():
            v = version(page)
            page.locator("#chooser .contract-btn").first.click()
            wait_past(page, v)
        else:
            page.wait_for_timeout(40)


def kkk_playing(page: Page) -> None:
    page.wait_for_selector(".kkk-row:not([disabled]) .kkk-card")


def ucho_playing(page: Page) -> None:
    page.locator("#prompt button.uk-option").first.click()
    page.wait_for_selector("#uk-hand .uk-card")


#: game -> table options, and each moment: (name, how to reach it, what must be in view)
GAMES: dict[str, tuple[dict[str, Any], list[tuple[str, Any, list[str]]]]] = {
    "king": (
        dict(seed=2),
        [
            ("choosing", king_choosing, ["#chooser .contract-btn", "#hand", ".seat-box"]),
            ("playing", king_playing, ["#hand", ".hand-title", ".seat-box", "#trick"]),
        ],
    ),
    "kukakoenig": (dict(seed=5, players=3), [("playing", kkk_playing, ["#rows", "#pick-status"])]),
    "uchokrola": (dict(seed=4, players=4), [("playing", ucho_playing, ["#uk-hand", "#prompt", ".courtier"])]),
}
FIGURES = ARTIFACTS / "screens.json"


def measure(page: Page, selectors: list[str]) -> dict[str, Any]:
    return {"page": page.evaluate(PAGE), "boxes": dict(page.evaluate(BOX, selectors))}


def outside(m: dict[str, Any]) -> list[str]:
    """What a player would have to scroll for."""
    p = m["page"]
    bad = [f"{s} missing" for s, b in m["boxes"].items() if b is None]
    bad += [
        f"{s} {b}"
        for s, b in m["boxes"].items()
        if b is not None
        and (b["top"] < -1 or b["left"] < -1 or b["bottom"] > p["height"] + 1 or b["right"] > p["width"] + 1)
    ]
    if p["scrollHeight"] > p["height"] or p["scrollWidth"] > p["width"]:
        bad.append(f"the page scrolls: {p}")
    if p["promptScrolls"]:
        bad.append("the prompt's options scroll within it")
    if p["cardHeight"] != float("inf") and p["cardHeight"] < min(p["width"] * 0.1, p["height"] * 0.08):
        bad.append(f"the hand's cards are small for the screen: {p['cardHeight']:.0f} px high")
    if p["handCovered"]:
        bad.append("the contract dialog covers cards of the hand")
    return bad


#: the ends of the range and a phone held sideways, for King (played mostly on phones)
EXTREMES = [(360, 640), (640, 360), (844, 390), (2560, 1440)]
CASES = [pytest.param(game, size, id=f"{game}-{size[0]}x{size[1]}") for game in GAMES for size in SIZES] + [
    pytest.param("king", size, id=f"king-{size[0]}x{size[1]}") for size in EXTREMES
]


@pytest.mark.parametrize(("game", "size"), CASES)
def test_every_table_fits_the_screen(open_page: Any, game: str, size: tuple[int, int]) -> None:
    width, height = size
    page = open_page(width, height)
    found: dict[str, Any] = {}
    problems: list[str] = []
    options, moments = GAMES[game]
    create_table(page, game, "Ada", **options)
    for moment, reach, selectors in moments:
        reach(page)
        page.wait_for_timeout(150)  # the glide of a card into place
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            m = measure(page, selectors)
            m["axe"] = violations(page)
            key = f"{game}-{moment}-{width}x{height}-{scheme}"
            found[key] = m
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"screen-{key}.png"))
            problems += [f"{key}: {b}" for b in outside(m)]
            problems += [f"{key}: axe {v}" for v in m["axe"]]
        page.emulate_media(color_scheme="light")
    merge_figures(FIGURES, found)
    assert not problems, "\n".join(problems)
