"""A table's side panels on a phone are drawers (issue 31, item 1): at 390×844 and 640×360,
light and dark, for each game, the panels (King's scores, choice table, last trick, counter and
rules; Ku-Ka-König's collections; Ucho Króla's narration) are out of the page's flow (the page
does not scroll, no panel is drawn under the table) and a tab bar opens each one as a drawer in
view, the focus inside it; Escape closes it and gives the focus back to its tab, as do its
close button and a tap outside. At 1366×768 the panels stay a side column, with no tab bar. The
header folds into a menu on a phone, upright and sideways, that Escape and a tap outside fold
again. Screenshots: test-artifacts/web/drawers-*.png; figures: drawers.json."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .axe import violations
from .helpers import ARTIFACTS, create_table, merge_figures, version, wait_past
from .test_landscape import kkk_playing, ucho_playing
from .test_screens import king_playing

if TYPE_CHECKING:
    from playwright.sync_api import Page

PHONES = [(390, 844), (640, 360)]

#: game -> (table options, how to reach a move, the hand, the panels' tabs every phone shows)
GAMES: dict[str, tuple[dict[str, Any], Any, str, list[str]]] = {
    "king": (dict(seed=2), king_playing, "#hand", ["scores", "choices", "last", "counter", "rules"]),
    "kukakoenig": (dict(seed=5, players=3), kkk_playing, "#rows", ["collections"]),
    "uchokrola": (dict(seed=4, players=4), ucho_playing, "#uk-hand", ["narration"]),
}

FIGURES = ARTIFACTS / "drawers.json"

#: the page's size and scroll, each selector's box, and which side panels are drawn at all
STATE = """([hand]) => {
  const box = (e) => {
    if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
      right: Math.round(r.right) };
  };
  return { width: innerWidth, height: innerHeight, scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth, hand: box(document.querySelector(hand)),
    bar: box(document.querySelector('#table-tabs')),
    drawn: [...document.querySelectorAll('.board [data-tab]')]
      .filter((p) => p.getClientRects().length).map((p) => p.dataset.tab),
    tabs: [...document.querySelectorAll('#table-tabs .tab')].map((b) => b.dataset.tabKey) };
}"""
OPEN = """() => {
  const p = document.querySelector('.board .drawer-open');
  if (!p) return null;
  const r = p.getBoundingClientRect();
  return { key: p.dataset.tab, top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
    right: Math.round(r.right), focusInside: p.contains(document.activeElement), role: p.getAttribute('role'),
    label: p.getAttribute('aria-label') };
}"""


def inside(b: dict[str, int] | None, width: int, height: int) -> bool:
    return (b is not None and b["top"] >= -1 and b["left"] >= -1
            and b["bottom"] <= height + 1 and b["right"] <= width + 1)


def save(found: dict[str, Any]) -> None:
    merge_figures(FIGURES, found)


CASES = [pytest.param(game, size, id=f"{game}-{size[0]}x{size[1]}") for game in GAMES for size in PHONES]


@pytest.mark.parametrize(("game", "size"), CASES)
def test_a_phone_opens_each_side_panel_as_a_drawer(open_page: Any, game: str, size: tuple[int, int]) -> None:
    width, height = size
    page: Page = open_page(width, height, has_touch=True, is_mobile=True)
    options, reach, hand, tabs = GAMES[game]
    create_table(page, game, "Ada", **options)
    reach(page)
    page.wait_for_timeout(200)
    found: dict[str, Any] = {}
    problems: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        key = f"{game}-{width}x{height}-{scheme}"
        s = page.evaluate(STATE, [hand])
        found[key] = s
        page.screenshot(path=str(ARTIFACTS / f"drawers-{key}.png"))
        if s["scrollHeight"] > s["height"] or s["scrollWidth"] > s["width"]:
            problems.append(f"{key}: the page scrolls {s}")
        if s["drawn"]:
            problems.append(f"{key}: side panels drawn in the page: {s['drawn']}")
        if not inside(s["hand"], width, height):
            problems.append(f"{key}: the hand is out of view {s['hand']}")
        if not inside(s["bar"], width, height):
            problems.append(f"{key}: the tab bar is out of view {s['bar']}")
        missing = [t for t in tabs if t not in s["tabs"]]
        if missing:
            problems.append(f"{key}: no tab for {missing} in {s['tabs']}")
        for tab in s["tabs"]:
            button = page.locator(f"#table-tabs .tab[data-tab-key='{tab}']")
            button.click()
            page.wait_for_selector(f".board [data-tab='{tab}'].drawer-open")
            o = page.evaluate(OPEN)
            found[f"{key}-{tab}"] = o
            if button.get_attribute("aria-expanded") != "true":
                problems.append(f"{key}: the tab {tab} does not say it is expanded")
            if not o or not inside(o, width, height) or o["bottom"] - o["top"] < 40:
                problems.append(f"{key}: the drawer {tab} is not in view {o}")
            elif not o["focusInside"] or o["role"] != "dialog" or not o["label"]:
                problems.append(f"{key}: the drawer {tab} holds no focus or no name {o}")
            page.screenshot(path=str(ARTIFACTS / f"drawers-{key}-{tab}.png"))
            if tab == s["tabs"][0]:
                problems += [f"{key}: axe with {tab} open: {v}" for v in violations(page)]
            page.keyboard.press("Escape")
            page.wait_for_selector(f".board [data-tab='{tab}']:not(.drawer-open)", state="attached")
            if page.evaluate(OPEN) is not None:
                problems.append(f"{key}: Escape left the drawer {tab} open")
            if not page.evaluate(f"() => document.activeElement?.dataset.tabKey === '{tab}'"):
                problems.append(f"{key}: Escape did not give the focus back to the tab {tab}")
            if button.get_attribute("aria-expanded") != "false":
                problems.append(f"{key}: the tab {tab} still says it is expanded")
        # the close button, and a tap outside the drawer
        first = page.locator(f"#table-tabs .tab[data-tab-key='{s['tabs'][0]}']")
        first.click()
        page.click(".drawer-open .drawer-close")
        if page.evaluate(OPEN) is not None:
            problems.append(f"{key}: the close button left the drawer open")
        first.click()
        page.mouse.click(5, 5)  # the header's corner: outside the drawer, on its backdrop
        if page.evaluate(OPEN) is not None:
            problems.append(f"{key}: a tap outside left the drawer open")
        problems += [f"{key}: axe: {v}" for v in violations(page)]
    page.emulate_media(color_scheme="light")
    save(found)
    assert not problems, "\n".join(problems)


def test_the_tab_bar_is_named_and_keyboard_usable(open_page: Any) -> None:
    page: Page = open_page(390, 844)
    options, reach, _, _ = GAMES["kukakoenig"]
    create_table(page, "kukakoenig", "Ada", **options)
    reach(page)
    assert page.get_attribute("#table-tabs", "aria-label")
    page.focus("#table-tabs .tab[data-tab-key='collections']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#collections.drawer-open")
    assert page.evaluate("() => document.activeElement.classList.contains('drawer-close')")
    assert page.get_attribute("#table-tabs .tab", "aria-controls") == "collections"
    # a pick (its number key) brings new states that draw the board again: the drawer stays
    # open, the focus in it
    v = version(page)
    page.keyboard.press("1")
    wait_past(page, v)
    page.wait_for_timeout(1500)  # the count, "Ku – Ka – König!", and the reveal
    assert page.locator("#collections.drawer-open").count() == 1
    assert page.evaluate("() => !!document.activeElement.closest('.drawer-open')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#collections:not(.drawer-open)", state="attached")
    # the head line's pop-ups: the settings (the rules in short) and the chat's drawer
    page.click(".more-toggle")
    assert page.locator("#table-more").is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#table-more").is_hidden()
    assert page.evaluate("() => document.activeElement.classList.contains('more-toggle')")
    page.click(".more-toggle")
    page.mouse.click(200, 700)  # a tap outside it
    assert page.locator("#table-more").is_hidden()
    page.click(".chat > summary")
    assert page.locator(".chat-input").is_visible()
    page.keyboard.press("Escape")
    assert page.locator(".chat-input").is_hidden()
    # King's keys open its drawers on a phone
    king: Page = open_page(390, 844)
    create_table(king, "king", "Ada", **GAMES["king"][0])
    king_playing(king)
    king.keyboard.press("l")
    king.wait_for_selector("#last-trick.drawer-open")
    king.keyboard.press("Escape")
    king.wait_for_selector("#last-trick:not(.drawer-open)", state="attached")
    assert king.evaluate("() => document.activeElement?.dataset.tabKey") == "last"


def test_a_drawer_in_german(open_page: Any) -> None:
    page: Page = open_page(390, 844, locale="de-DE", has_touch=True, is_mobile=True)
    create_table(page, "king", "Ada", **GAMES["king"][0])
    king_playing(page)
    labels = page.locator("#table-tabs .tab").all_inner_texts()
    assert "Scores" not in labels and "Last trick" not in labels, labels
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(ARTIFACTS / f"drawers-king-390x844-de-{scheme}.png"))
        page.click("#table-tabs .tab[data-tab-key='scores']")
        page.wait_for_selector("#score-table.drawer-open")
        page.screenshot(path=str(ARTIFACTS / f"drawers-king-390x844-de-{scheme}-scores.png"))
        assert "Close" not in page.inner_text(".drawer-open .drawer-close")
        page.keyboard.press("Escape")
    page.emulate_media(color_scheme="light")


WIDE = {"king": None, "kukakoenig": "#collections", "uchokrola": "#narration"}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_wide_screen_keeps_the_side_column(open_page: Any, game: str) -> None:
    page: Page = open_page(1366, 768)
    options, reach, hand, _ = GAMES[game]
    create_table(page, game, "Ada", **options)
    reach(page)
    page.wait_for_timeout(200)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(ARTIFACTS / f"drawers-{game}-1366x768-{scheme}.png"))
        assert page.locator("#table-tabs").is_hidden()
        assert page.locator(".drawer-backdrop").is_hidden()
        main = page.locator(hand).bounding_box()
        panel = WIDE[game]
        if panel is None:  # King: its toolbar opens the column beside the felt, as before
            assert page.locator(".toolbar").is_visible()
            continue
        box = page.locator(panel).bounding_box()
        assert box and main and page.locator(panel).is_visible(), (panel, box)
        assert box["x"] >= main["x"] + main["width"] - 1, f"{panel} {box} is not a column beside {main}"
        assert box["y"] < 768, box
    page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("size", [(390, 844), (640, 360), (844, 390)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_header_folds_into_a_menu_on_a_phone(open_page: Any, size: tuple[int, int]) -> None:
    width, height = size
    page: Page = open_page(width, height, has_touch=True, is_mobile=True)
    page.goto("/")
    page.wait_for_selector(".game-tile")
    link = page.locator(".topnav a[href='#/leaderboard']")
    toggle = page.locator("#menu-toggle")
    assert toggle.is_visible() and link.is_hidden()
    header = page.locator(".topnav").bounding_box()
    assert header and header["height"] < 50, header
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true" and link.is_visible()
    page.screenshot(path=str(ARTIFACTS / f"drawers-menu-{width}x{height}.png"))
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false" and link.is_hidden()
    assert page.evaluate("() => document.activeElement?.id") == "menu-toggle"
    toggle.click()
    page.mouse.click(width // 2, height - 10)  # outside the header
    assert toggle.get_attribute("aria-expanded") == "false" and link.is_hidden()
    wide: Page = open_page(1366, 768)
    wide.goto("/")
    wide.wait_for_selector(".game-tile")
    assert wide.locator("#menu-toggle").is_hidden()
    assert wide.locator(".topnav a[href='#/leaderboard']").is_visible()
