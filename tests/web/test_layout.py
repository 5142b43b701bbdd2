"""The layout slips of issue 14, each measured in Chromium: the King choice table fits its
panel and says who chose what in which deal; a refused move is told beside its prompt (never
over the hand) and goes with the next action; the trick leaves the seat labels free on a
phone; Ku-Ka-König's reveal waits for the end of the count; Ucho Króla's options and narration
count seats from 1; keyboard focus is not the gold of a playable card; table rules in words."""

from __future__ import annotations

import random
import re
import time
from typing import TYPE_CHECKING, Any

import kingscourt

from .helpers import create_table, shot, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page

Box = dict[str, float]

#: mounts one game's board on the page with real views (no server state can be arranged so)
MOUNT = """async ([game, views, names]) => {
    const { gameInfo, gameModules } = await import("/web/js/games.js");
    const info = await gameInfo(game);
    const { board: mod, summary } = await gameModules(info);
    const board = document.createElement("div");
    board.className = "board";
    document.getElementById("app").replaceChildren(board);
    const ctx = { me: 0, refusal: null, name: (s) => names[s], act: () => {}, game: info, summary };
    const api = mod.mount(board, ctx);
    views.forEach((view, i) => api.update({ type: "state", version: i + 1, seat: 0, view, seats: [] }));
    window.boardApi = api;
}"""
NAMES = ["You", "Bea", "Cem", "Dana"]


def mount(page: Page, game: str, views: list[dict[str, Any]], names: list[str] = NAMES) -> None:
    """The game's own board module (as /api/games names it), mounted with ``views``."""
    page.goto("/")
    page.wait_for_selector(".game-tile")
    page.evaluate(MOUNT, [game, views, names])


def boxes(page: Page, selector: str) -> list[Box]:
    return [b for b in (e.bounding_box() for e in page.locator(selector).all()) if b]


def overlap(a: Box, b: Box) -> bool:
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


def inside(inner: Box, outer: Box) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def king_after(deals: int, seed: int = 4) -> kingscourt.State:
    """A King game played by random bots into deal ``deals + 1`` (its choices all made)."""
    state = kingscourt.load_game("king").new_state(seed=seed)
    rng = random.Random(seed)
    while state.view(0)["deal"] <= deals or state.view(0)["phase"] == "choose":
        seat = state.to_move()[0]
        state.apply(seat, rng.choice([str(a) for a in state.legal_actions(seat)]))
    return state


def test_the_choice_table_fits_and_says_who_chose_what(new_page) -> None:
    state = king_after(7)
    view = state.view(0)
    assert len(view["choices"]) == 8
    page = new_page(1366, 768)
    # the longest names the lobby takes (24 characters) must not widen the table
    names = ["You", "Maximiliane Habsburgerin", "Bot 3 (strong)", "Ağaoğlu Çağdaş Özdemir"]
    mount(page, "king", [view], names)
    page.evaluate("window.boardApi.key({ key: 't', preventDefault() {} })")
    panel = page.locator("#choice-table")
    panel.wait_for()
    fit = page.evaluate("""() => {
        const p = document.querySelector('#choice-table');
        const t = p.querySelector('table');
        return [t.scrollWidth, t.getBoundingClientRect().width, p.clientWidth];
    }""")
    assert fit[0] <= fit[1] + 1 and fit[1] <= fit[2], f"table {fit[0]}/{fit[1]} px in a {fit[2]} px panel"
    panel_box = panel.bounding_box()
    assert panel_box
    for cell in boxes(page, "#choice-table th, #choice-table td"):
        assert inside(cell, panel_box), (cell, panel_box)
    # every deal's choice, in its contract's row and its chooser's column, with its deal number
    for c in view["choices"]:
        cell = page.locator(f"#choice-table tr[data-contract='{c['contract']}'] td[data-seat='{c['seat']}']")
        assert cell.locator(f".chosen[data-deal='{c['deal']}']").count() == 1, c
        title = cell.locator(f".chosen[data-deal='{c['deal']}']").get_attribute("title") or ""
        assert title.startswith(f"Deal {c['deal']}: {names[c['seat']]} chose"), title
    assert page.locator("#choice-table .chosen").count() == len(view["choices"])
    headers = page.locator("#choice-table thead th").all_inner_texts()
    assert [h.replace("\n", "") for h in headers[1:]] == ["You", names[1], "Bot 3", names[3]]
    shot(page, "layout-choice-table-1366")


def test_a_refusal_covers_nothing_of_the_hand_and_goes_with_the_next_move(new_page) -> None:
    page = new_page(390, 844)
    create_table(page, "king", "Ada", seed=5)
    deadline = time.monotonic() + 60
    while not (page.locator(".hand .card.illegal").count() and page.locator(".hand .card.legal").count()):
        assert time.monotonic() < deadline, "no illegal card came up within 60 s"
        if page.locator("#chooser").count():
            v = version(page)
            page.locator("#chooser .contract-btn").first.click()
            wait_past(page, v)
        elif page.locator(".hand .card.legal").count():
            v = version(page)
            page.locator(".hand .card.legal").first.click()
            wait_past(page, v)
        else:
            page.wait_for_timeout(30)
    page.locator(".hand .card.illegal").first.click()
    refusal = page.locator("#refusal")
    refusal.wait_for()
    assert re.search(r"\[[a-z-]+\]", refusal.inner_text()), refusal.inner_text()  # names the rule
    assert not page.locator("#toast").is_visible()  # no toast over the hand
    said = refusal.bounding_box()
    assert said
    for card in boxes(page, ".hand .card"):
        assert not overlap(said, card), (said, card)
    shot(page, "layout-refusal-phone")
    v = version(page)
    page.locator(".hand .card.legal").first.click()  # the next move: the refusal goes
    wait_past(page, v)
    assert page.locator("#refusal").count() == 0


def test_the_trick_leaves_every_seat_label_free(new_page) -> None:
    state = kingscourt.load_game("king").new_state(seed=9)
    rng = random.Random(9)
    views = []
    while len(views) < 2:
        seat = state.to_move()[0]
        view = state.view(0)
        if seat == 0 and view["phase"] == "play" and len(view["trick"]["cards"]) == 3:
            views.append(view)  # three cards on the trick
        state.apply(seat, rng.choice([str(a) for a in state.legal_actions(seat)]))
        if len(views) == 1 and state.view(0)["phase"] == "play" and not state.view(0)["trick"]["cards"]:
            views.append(state.view(0))  # the trick just taken: four cards shown
    for width, height in ((390, 844), (820, 1180), (1366, 768)):
        page = new_page(width, height)
        for view in views:
            mount(page, "king", [view])
            page.wait_for_selector(".felt .trick-slot .card")
            labels = boxes(page, ".felt .seat-box")
            cards = boxes(page, ".felt .trick-slot .card")
            assert len(labels) == 4 and len(cards) >= 3
            for label in labels:
                for card in cards:
                    assert not overlap(label, card), (width, label, card)
            felt = page.locator(".felt").bounding_box()
            assert felt and all(inside(b, felt) for b in labels + cards)
        shot(page, f"layout-trick-{width}")


def test_the_reveal_waits_for_the_end_of_the_count(new_page) -> None:
    page = new_page(1366, 768)
    create_table(page, "kukakoenig", "Ada", seed=5, players=3)
    for _ in range(3):
        # my pick is the call's last: every other chooser has picked (sit-outs pick nothing)
        page.wait_for_function("""() => document.querySelector('.kkk-row:not([disabled])')
            && !document.querySelector("#collections .player:not([data-seat='0']) .badge.wait")
            && !document.querySelector('#count')""")
        before = page.locator("#rows").inner_text()
        collections = page.locator("#collections").inner_text()
        page.locator(".kkk-row:not([disabled])").first.click()  # the last pick: the reveal
        page.wait_for_selector("#count")
        # under the count the board is the one before the reveal: no take, no result yet
        seen = 0
        while True:
            now = page.evaluate("""() => document.querySelector('#count') && [
                document.querySelector('#rows').innerText, document.querySelector('#collections').innerText,
                document.querySelectorAll('#reveal, #result').length]""")
            if not now:
                break
            assert now == [before, collections, 0]
            seen += 1
            page.wait_for_timeout(40)
        assert seen >= 3  # the count ran (Ku – Ka – König! takes over a second)
        page.wait_for_selector("#reveal")
        assert page.locator("#rows").inner_text() != before  # the take shows after "König!"
    shot(page, "layout-kukakoenig-after-count")


def test_ucho_krola_speaks_of_seats_from_1(new_page) -> None:
    from kingscourt.games.uchokrola.localize import localize_view
    from tests.uchokrola.helpers import play, position

    st = position(3, hands=[["Kuzyneczka"], [], []], displays=[[], ["Faux pas"], ["Menuet"]])
    play(st, "play Kuzyneczka")
    view = st.view(0)
    localize_view(st, view, 0, "en")  # as the server sends it: the legal actions in parts
    assert "swap Faux pas at 1:1" in view["legal"]
    page = new_page(1366, 768)
    mount(page, "uchokrola", [view])
    page.wait_for_selector(".uk-option")
    options = page.locator(".uk-option").all_inner_texts()
    assert any("Swap Faux pas beside Hrabia de La Fare (Bea) (card 1)" in o for o in options), options
    assert not any(" at beside" in o or re.search(r"\d:\d", o) for o in options), options
    narration = page.inner_text("#narration")
    assert "Seat 1 is Madame du Barry" in narration and "Seat 3 is Baron de Chantal" in narration
    assert not re.search(r"\bPlayer \d", narration) and "Seat 0" not in narration
    # a table played through the server: its narration and header count from 1 as well
    create_table(page, "uchokrola", "Ada", seed=5, players=3)
    page.wait_for_selector("#narration li")
    assert page.inner_text(".seat-label") == "You: seat 1"
    deadline = time.monotonic() + 20
    while page.locator("#narration li").count() < 3:
        assert time.monotonic() < deadline
        if page.locator(".uk-option").count():
            v = version(page)
            page.locator(".uk-option").first.click()
            wait_past(page, v)
        page.wait_for_timeout(30)
    text = page.inner_text("#narration")
    assert not re.search(r"\bPlayer \d|\b[Ss]eat 0\b", text), text
    assert all(1 <= int(n) <= 3 for n in re.findall(r"\b[Ss]eat (\d+)", text)), text
    shot(page, "layout-uchokrola-seats")


def test_keyboard_focus_is_not_the_gold_of_a_playable_card(new_page) -> None:
    page = new_page(1366, 768)
    create_table(page, "king", "Ada", seed=11)
    deadline = time.monotonic() + 30
    while page.locator(".hand .card.legal").count() < 2:
        assert time.monotonic() < deadline
        if page.locator("#chooser").count():
            v = version(page)
            page.locator("#chooser .contract-btn").first.click()
            wait_past(page, v)
        page.wait_for_timeout(30)
    for _ in range(14):  # the arrow keys walk the hand: focus a playable card
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.activeElement.classList.contains('legal')"):
            break
    style = page.evaluate("""() => {
        const focused = document.activeElement;
        const other = [...document.querySelectorAll('.hand .card.legal')].find((c) => c !== focused);
        const f = getComputedStyle(focused), o = getComputedStyle(other);
        return { focusVisible: focused.matches(':focus-visible'), outline: f.outlineColor,
                 outlineStyle: f.outlineStyle, outlineWidth: f.outlineWidth,
                 legalBorder: o.borderTopColor, legalShadow: o.boxShadow, focusedBorder: f.borderTopColor };
    }""")
    assert style["focusVisible"] and style["outlineStyle"] != "none" and style["outlineWidth"] != "0px", style

    def rgb(text: str) -> tuple[int, ...]:
        return tuple(int(x) for x in re.findall(r"\d+", text)[:3])

    ring = rgb(style["outline"])
    gold = [rgb(style["legalBorder"])] + [rgb(m) for m in re.findall(r"rgba?\([^)]*\)", style["legalShadow"])]
    for colour in gold:  # clearly another colour: far apart in RGB
        assert sum((a - b) ** 2 for a, b in zip(ring, colour, strict=True)) ** 0.5 > 120, (ring, colour)
    assert style["focusedBorder"] == style["legalBorder"]  # the focused card still shows it is legal
    shot(page, "layout-focus-ring")


def test_table_rules_are_shown_in_words(new_page) -> None:
    page = new_page(1366, 768)
    page.goto("/")
    page.fill("#player-name", "Ada")
    page.click("a[data-game=king]")
    page.wait_for_selector("#setup-summary")
    assert page.inner_text("#setup-summary") == "Rules: 20 deals · rulebook rules"
    page.select_option("select[data-rule=heart_lead_ban]", label="in every penalty contract")
    page.select_option("select[data-rule=rifki_void]", label="discard any heart")
    page.select_option("select[data-rule=short_game]", label="on")
    summary = page.inner_text("#setup-summary")
    # the rules' labels as the catalogue names them in English (no German name with a gloss)
    assert summary == ("Rules: 12 deals · Heart lead ban: in every penalty contract · "
                       "Void in Rıfkı: discard any heart"), summary
    page.click("#create")
    page.wait_for_selector(".board[data-version]")
    table_id = page.url.split("/table/")[1].split("/")[0]
    assert page.inner_text("#table-rules") == summary.removeprefix("Rules: ")
    page.keyboard.press("r")
    page.wait_for_selector("#rules-panel dt")
    page.goto("/")
    row = page.locator(f"tr[data-table='{table_id}'] td.rules")
    row.wait_for()
    assert row.inner_text() == summary.removeprefix("Rules: ")
    for code in ("all-penalty", "any-heart", "kupa-rifki", "short_game"):
        assert code not in page.inner_text("body")
    shot(page, "layout-rules-in-words-lobby")


def test_the_setup_screen_fits_a_phone(new_page) -> None:
    page = new_page(390, 844)
    page.goto("/")
    page.click("a[data-game=uchokrola]")
    page.wait_for_selector("#seat-1")
    page.wait_for_timeout(100)
    panel = page.locator(".setup").bounding_box()
    assert panel
    right = panel["x"] + panel["width"]
    for control in boxes(page, ".setup select, .setup input, .setup button"):  # none runs out sideways
        assert panel["x"] <= control["x"] and control["x"] + control["width"] <= right, (control, panel)
    shot(page, "layout-setup-phone")


def test_the_waiting_room_marks_a_guest_host_in_one_pair_of_brackets(new_page) -> None:
    """Issue 31: the host, a guest, read "Ada (host) (guest)"; now "Ada (host, guest)"."""
    page = new_page(390, 844)
    create_table(page, "kukakoenig", "Ada", seed=3, players=2, seats={1: "human"})
    page.wait_for_selector(".room-seats li[data-seat='0']")
    line = page.inner_text(".room-seats li[data-seat='0']")
    assert "Ada (host, guest)" in line and ") (" not in line, line


def test_the_header_folds_into_a_menu_on_a_phone(new_page) -> None:
    page = new_page(390, 844)
    page.goto("/")
    page.wait_for_selector(".game-tile")
    assert page.locator(".topnav a[href='#/leaderboard']").is_hidden()
    header = page.locator(".topnav").bounding_box()
    assert header and header["height"] < 60, header  # one line: the brand and the menu's button
    page.click("#menu-toggle")
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "true"
    page.click(".topnav a[href='#/leaderboard']")
    page.wait_for_selector("#rating-board")
    assert page.locator(".topnav a[href='#/leaderboard']").is_hidden()  # folded again
    wide = new_page(1366, 768)
    wide.goto("/")
    wide.wait_for_selector(".game-tile")
    assert wide.locator(".topnav a[href='#/leaderboard']").is_visible()
    assert wide.locator("#menu-toggle").is_hidden()


def test_a_wide_screen_shows_the_score_sheet_beside_the_felt(open_page: Any) -> None:
    """At 1920×1080 the score sheet and the choice table stand in a column beside the felt from
    the start, every seat's column in sight; at 1366×768 they wait for the toolbar."""
    page = open_page(1920, 1080)
    create_table(page, "king", "Ada", seed=2)
    page.wait_for_selector("#score-table")
    boxes = page.evaluate("""() => Object.fromEntries(['#score-table', '#choice-table', '.felt'].map((s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return [s, { left: r.left, right: r.right, top: r.top }];
    }))""")
    assert boxes["#score-table"]["left"] >= boxes[".felt"]["right"], boxes
    assert boxes["#choice-table"]["left"] >= boxes[".felt"]["right"], boxes
    wide = page.evaluate("() => { const t = document.querySelector('#score-table');"
                         " return t.scrollWidth <= t.clientWidth + 1; }")
    assert wide, "the score sheet's seat columns do not fit its column"
    page.keyboard.press("t")  # the toolbar's key still closes them
    page.wait_for_selector("#score-table", state="detached")
    small = open_page(1366, 768)
    create_table(small, "king", "Ada", seed=2)
    small.wait_for_selector(".hand .card")
    assert small.locator("#score-table").count() == 0
