"""A phone held sideways (issue 31): at 640×360 and 844×390, light and dark, for each game,
the whole hand (King's cards, Ku-Ka-König's rows, Ucho Króla's cards) and the prompt lie in
sight while playing, and King's contract dialog with every option while choosing, covering no
card of the hand. "In sight" is stricter than inside the viewport: no box that clips its
content (a scrolling board, a panel) may hide any part of it either, so nothing needs a
scroll. The figures are left in test-artifacts/web/landscape.json and the screenshots beside
them as landscape-*.png."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from .helpers import ARTIFACTS, create_table, merge_figures, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page

SIZES = [(640, 360), (844, 390)]

#: each selector's boxes joined, and how much of that joined box is hidden: by the viewport
#: and by every ancestor that clips its content (overflow other than visible)
MEASURE = """sels => Object.fromEntries(sels.map((s) => {
  const els = [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length);
  if (!els.length) return [s, null];
  const rs = els.map((e) => e.getBoundingClientRect());
  const box = { top: Math.min(...rs.map((b) => b.top)), bottom: Math.max(...rs.map((b) => b.bottom)),
                left: Math.min(...rs.map((b) => b.left)), right: Math.max(...rs.map((b) => b.right)) };
  let seen = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  for (const e of els) {
    for (let p = e.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (st.overflowX === "visible" && st.overflowY === "visible") continue;
      const r = p.getBoundingClientRect();
      seen = { top: Math.max(seen.top, r.top + p.clientTop), left: Math.max(seen.left, r.left + p.clientLeft),
               bottom: Math.min(seen.bottom, r.top + p.clientTop + p.clientHeight),
               right: Math.min(seen.right, r.left + p.clientLeft + p.clientWidth) };
    }
  }
  const hidden = Math.max(0, seen.top - box.top, box.bottom - seen.bottom,
                          seen.left - box.left, box.right - seen.right);
  const round = Object.fromEntries(Object.entries(box).map(([k, v]) => [k, Math.round(v)]));
  return [s, { ...round, hidden: Math.round(hidden) }];
}))"""
PAGE = """() => ({ width: innerWidth, height: innerHeight,
  scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth })"""
#: how far the box of ``a`` covers any single element of ``b`` (px of height, 0 for none)
COVER = """([a, b]) => {
  const d = document.querySelector(a);
  if (!d) return 0;
  const r = d.getBoundingClientRect();
  let most = 0;
  for (const e of document.querySelectorAll(b)) {
    const c = e.getBoundingClientRect();
    const w = Math.min(r.right, c.right) - Math.max(r.left, c.left);
    const h = Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top);
    if (w > 0.5 && h > 0.5) most = Math.max(most, h);
  }
  return Math.round(most);
}"""


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
    page.wait_for_selector("#prompt button.uk-option")


#: game -> table options, and each moment: (name, how to reach it, the hand, the prompt,
#: what else must be whole in sight)
GAMES: dict[str, tuple[dict[str, Any], list[tuple[str, Any, str, str, list[str]]]]] = {
    "king": (dict(seed=2), [
        ("choosing", king_choosing, "#hand .card", "#chooser", ["#chooser .contract-btn"]),
        ("playing", king_playing, "#hand .card", ".hand-title", ["#trick", ".seat-box"]),
    ]),
    "kukakoenig": (dict(seed=5, players=3), [
        ("playing", kkk_playing, ".kkk-row", "#pick-status", []),
    ]),
    "uchokrola": (dict(seed=4, players=4), [
        ("playing", ucho_playing, "#uk-hand .uk-card", "#prompt",
         ["#prompt button.uk-option", "#uk-hand h3"]),
    ]),
}
FIGURES = ARTIFACTS / "landscape.json"
CASES = [pytest.param(game, size, id=f"{game}-{size[0]}x{size[1]}") for game in GAMES for size in SIZES]


@pytest.mark.parametrize(("game", "size"), CASES)
def test_a_phone_held_sideways_shows_the_hand_and_the_prompt(open_page: Any, game: str,
                                                             size: tuple[int, int]) -> None:
    width, height = size
    page = open_page(width, height, has_touch=True, is_mobile=True)
    options, moments = GAMES[game]
    create_table(page, game, "Ada", **options)
    found: dict[str, Any] = {}
    problems: list[str] = []
    for moment, reach, hand, prompt, more in moments:
        reach(page)
        page.wait_for_timeout(200)  # the glide of a card into place
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            key = f"{game}-{moment}-{width}x{height}-{scheme}"
            m = {"page": page.evaluate(PAGE), "boxes": page.evaluate(MEASURE, [hand, prompt, *more])}
            m["covered"] = page.evaluate(COVER, [prompt, hand]) if moment == "choosing" else 0
            found[key] = m
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"landscape-{key}.png"))
            p = m["page"]
            for sel, b in m["boxes"].items():
                if b is None:
                    problems.append(f"{key}: {sel} missing")
                elif b["hidden"] > 1:
                    problems.append(f"{key}: {b['hidden']} px of {sel} out of sight {b}")
            if p["scrollHeight"] > p["height"] or p["scrollWidth"] > p["width"]:
                problems.append(f"{key}: the page scrolls {p}")
            if m["covered"]:
                problems.append(f"{key}: the dialog covers {m['covered']} px of a card of the hand")
        page.emulate_media(color_scheme="light")
    merge_figures(FIGURES, found)
    assert not problems, "\n".join(problems)


LONG = "Maximiliane Habsburgerin"  # 24 characters, the longest name a seat takes


def test_a_long_name_at_a_seat_ends_in_an_ellipsis_and_stays_whole(new_page: Any) -> None:
    """At 390×844 a 24-character name on King's felt is cut short with an ellipsis, never
    clipped silently: its title and its text (the accessible name) hold the whole name."""
    from .helpers import invite_friend, shot

    assert len(LONG) == 24
    ada, max_ = new_page(390, 844), new_page(390, 844)
    create_table(ada, "king", "Ada", seed=2, seats={1: "human"})
    invite_friend(ada, max_, LONG)
    who = ada.locator(".felt .seat-box[data-seat='1'] .seat-who")
    who.wait_for()
    fit = who.evaluate("""e => ({ title: e.title, text: e.textContent,
        overflow: getComputedStyle(e).textOverflow, cut: e.scrollWidth > e.clientWidth,
        inside: e.getBoundingClientRect().right <= innerWidth,
        box: e.closest('.seat-box').getBoundingClientRect().right <= innerWidth })""")
    assert fit["title"] == LONG and fit["text"] == LONG, fit
    assert fit["overflow"] == "ellipsis" and fit["cut"], fit  # shortened, and it says so
    assert fit["inside"] and fit["box"], fit
    assert ada.evaluate("document.documentElement.scrollWidth") <= 390
    # the accessible name of the seat's box holds the whole name
    snapshot = ada.locator(".felt .seat-box[data-seat='1']").aria_snapshot()
    assert LONG in snapshot, snapshot
    ada.locator("#chooser .contract-btn").first.click()  # the felt in sight, the dialog gone
    ada.wait_for_selector(".felt .seat-box[data-seat='1'] .seat-who")
    ada.wait_for_function("() => !document.querySelector('#chooser')")
    shot(ada, "landscape-long-name-390")
