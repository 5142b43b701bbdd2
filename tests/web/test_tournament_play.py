"""Tournaments played by people in Chromium (skipped where the browser tests cannot run).

- A King duplicate tournament of 8 (two tables, the short game's 12 deals): each entrant is a
  browser context of its own that enters through the link and plays by clicking at its table.
  Both tables are dealt the same hands at the same seat numbers; a deal's comparison appears
  on an entrant's tournament page only once their table (and the other) finished it; the
  standings are duplicate differences, which sum to 0 over the players of one hand position.
- A Swiss Ku-Ka-König of 6 over 3 rounds at two-seat tables, entered from the lobby's list:
  nobody meets an opponent twice, and the final standings are shown. Each round ends at its
  25 s limit (a whole game by clicking takes minutes here), so its scores so far count: as
  Ku-Ka-König scores at a game's end, every table is a draw.
- The lobby lists a tournament set up through the browser's form (and one made elsewhere),
  and the screens are kept at 1366×768 and 390×844, light and dark.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from tests.web.conftest import missing
from tests.web.helpers import shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))

#: one look at a table page: the board's version, the deal's words (King), the hand, whether
#: the game is over, and where this seat clicks now (its first or last move on offer), if it
#: has a move and the state answers its last click (or that click went unanswered a while)
LOOK = """([clickable, after, again, last]) => {
  const board = document.querySelector('.board');
  const deal = document.querySelector('#king-topbar .deal');
  const v = board ? Number(board.dataset.version) : -1;
  const look = {
    v,
    deal: deal ? deal.textContent : '',
    hand: [...document.querySelectorAll('.hand .card')].map((e) => e.dataset.card),
    over: Boolean(document.querySelector('#result')),
    at: null,
  };
  if (look.over || document.querySelector('#count') || (v <= after && !again)) return look;
  for (const s of clickable) {
    const all = document.querySelectorAll(s);
    if (!all.length) continue;
    const el = all[last ? all.length - 1 : 0];
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    const at = [r.left + Math.min(r.width / 2, 12), r.top + Math.min(r.height / 2, 20)];
    const hit = document.elementFromPoint(at[0], at[1]);
    if (hit && (hit === el || el.contains(hit))) look.at = at; // nothing over it (an announcement)
    break;
  }
  return look;
}"""
KING_MOVES = ["#chooser .contract-btn", ".hand .card.legal"]
KKK_MOVES = [".kkk-row:not([disabled])"]
#: a click not answered by a new state within this many seconds is made again
RECLICK_S = 2.0


class Seat:
    """One entrant's browser page at their table, and what it has clicked."""

    def __init__(self, page: Page, name: str, last: bool = False) -> None:
        self.page = page
        self.name = name
        self.last = last  # plays the last move offered (the first otherwise)
        self.clicked_at_version = -2
        self.clicked_when = 0.0
        self.over = False
        self.look: dict[str, Any] = {}

    def step(self, moves: list[str]) -> bool:
        """Look, and click this seat's move if it has one; whether it clicked. A click waits
        for the state it answers (a newer version) unless that has not come for a while."""
        again = time.monotonic() - self.clicked_when > RECLICK_S
        self.look = look = self.page.evaluate(LOOK, [moves, self.clicked_at_version, again, self.last])
        self.over = bool(look["over"])
        if look["at"] is None:
            return False
        self.clicked_at_version, self.clicked_when = look["v"], time.monotonic()
        self.page.mouse.click(*look["at"])  # where a player would click: the card's visible corner
        return True


def play(seats: list[Seat], moves: list[str], until: Callable[[], bool], limit_s: float,
         seen: Callable[[Seat], None] | None = None) -> int:
    """Click every seat's moves, in turn round the seats, until ``until()``; the clicks made."""
    deadline = time.monotonic() + limit_s
    clicks = 0
    while not until():
        if time.monotonic() >= deadline:
            for i, s in enumerate(seats):
                shot(s.page, f"tournament-play-stuck-{i + 1}")
            raise AssertionError(f"not done within {limit_s} s: {[s.look for s in seats]}")
        moved = False
        for s in seats:
            if s.over:
                continue
            moved = s.step(moves) or moved
            if seen is not None:
                seen(s)
            clicks += moved
        if not moved:
            seats[0].page.wait_for_timeout(20)
    return clicks


class RoundOver:
    """Whether every table of a tournament's round is over, as its API says (asked once a
    second at most)."""

    def __init__(self, server: Any, tid: str, round_no: int) -> None:
        self.server, self.tid, self.round_no = server, tid, round_no
        self.asked = 0.0
        self.over = False

    def __call__(self) -> bool:
        if not self.over and time.monotonic() - self.asked > 1:
            self.asked = time.monotonic()
            info = self.server.get(f"/api/tournaments/{self.tid}").json()
            rounds = info["tables"]
            self.over = info["status"] == "finished" or len(rounds) > self.round_no or (
                len(rounds) == self.round_no and all(t["over"] for t in rounds[-1]["tables"]))
        return self.over


#: how long a step may take: eight browsers share a 2-core machine with the other tests' work
LONG = 45_000


def enter(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#tournament-name", name)
    page.click("form.join button")
    page.wait_for_selector("#tournament-name", state="detached")


def to_table(page: Page) -> None:
    page.wait_for_selector("#tournament-your-table", timeout=LONG)
    page.click("#tournament-your-table")
    try:
        page.wait_for_selector(".board[data-version]", timeout=LONG)
    except Exception as e:  # a timeout: say where the page stood
        raise AssertionError(f"no board at {page.url}: {page.inner_text('body')[:400]!r}") from e


def deal_no(look: dict[str, Any]) -> int:
    """The deal a King page shows ("Deal 3/12" -> 3), 0 before the first."""
    words = str(look.get("deal", "")).split()
    for w in words:
        if "/" in w and w.split("/")[0].isdigit():
            return int(w.split("/")[0])
    return 0


def both_modes(page: Page, name: str) -> None:
    """Screenshots of the page as it is at 1366×768 and 390×844, light and dark."""
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(50)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{name} scrolls sideways at {width}px ({scheme}): {wide}px"
            shot(page, f"{name}-{width}-{scheme}")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.emulate_media(color_scheme="light")


def test_king_duplicate_of_eight_by_clicking(open_page: Any, web_server: Any) -> None:
    r = web_server.post("/api/tournaments", {"game": "king", "format": "duplicate", "players": 8,
                                             "rules": {"short_game": True}})
    assert r.status_code == 201, r.text
    made = r.json()
    tid = made["id"]
    names = ["Ada", "Ben", "Cem", "Dan", "Eda", "Fey", "Gul", "Hal"]
    pages = [open_page(1366, 768, reduced_motion="reduce") for _ in names]
    for page in pages:  # eight browsers on a small machine beside other tests: slow, not stuck
        page.set_default_timeout(LONG)
    for page, name in zip(pages, names, strict=True):
        enter(page, made["link"], name)
    # the last entrant filled it: the round's two tables, each entrant told where to sit
    info = web_server.get(f"/api/tournaments/{tid}").json()
    assert info["status"] == "playing"
    tables = info["tables"][0]["tables"]
    assert len(tables) == 2
    seat_of: dict[str, tuple[int, int]] = {}
    for table in tables:
        for seat, name in enumerate(table["seats"]):
            seat_of[name] = (table["table"], seat)
    assert sorted(seat_of) == sorted(names)
    # one entrant keeps the tournament's page open in a second tab (the same browser: its token)
    watcher_name = next(n for n, (tb, s) in seat_of.items() if tb == 0 and s == 0)
    watcher_ctx = pages[names.index(watcher_name)].context
    board = watcher_ctx.new_page()
    board.goto(f"/#/tournament/{tid}")
    board.wait_for_selector("table.standings")
    shot(board, "tournament-play-king-start")
    for page in pages:
        to_table(page)
    # the two tables play differently (the first card or contract offered, the last): the
    # same hands, different results
    seats = [[Seat(p, n, last=tb == 1) for p, n in zip(pages, names, strict=True) if seat_of[n][0] == tb]
             for tb in (0, 1)]
    for row in seats:
        row.sort(key=lambda s: seat_of[s.name][1])
    # the hand each seat was dealt in each deal, as its page showed it before its first card
    hands: dict[tuple[int, int, int], list[str]] = {}

    def seen(s: Seat) -> None:
        n = deal_no(s.look)
        if n and len(s.look["hand"]) == 13:
            tb, seat = seat_of[s.name]
            hands.setdefault((tb, seat, n), sorted(s.look["hand"]))

    # table 1 plays its first deal alone: nobody may compare it yet, not even its players
    started = time.monotonic()
    play(seats[0], KING_MOVES, lambda: deal_no(seats[0][0].look) >= 2, 90, seen)
    board.wait_for_timeout(3500)  # the page reads the tournament again every 3 s
    assert board.locator(".deal-choice button").count() == 0
    assert "once your table and every other table" in board.inner_text(".tournament")
    token = board.evaluate(f"localStorage.getItem('kingscourt.tournament.{tid}')")
    assert web_server.get(f"/api/tournaments/{tid}/deals/1?token={token}").status_code == 409
    # table 2 catches up: now deal 1 is compared, at both tables' pages
    play(seats[1], KING_MOVES, lambda: deal_no(seats[1][0].look) >= 2, 90, seen)
    board.locator(".deal-choice button[data-deal='1']").wait_for(timeout=LONG)
    board.click(".deal-choice button[data-deal='1']")
    board.wait_for_selector("table.compare tbody tr.yours")
    assert board.locator("table.compare tbody tr").count() == 2
    assert "Your result against the other tables" in board.inner_text(".tournament-compare")
    both_modes(board, "tournament-play-king-compare")
    # the rest of the round, both tables at once
    everyone = seats[0] + seats[1]
    play(everyone, KING_MOVES, lambda: all(s.over for s in everyone), 240, seen)
    played_s = time.monotonic() - started
    # the same hands at the same seat numbers at both tables, deal by deal
    for n in range(1, 13):
        for seat in range(4):
            assert (0, seat, n) in hands and (1, seat, n) in hands, (seat, n, sorted(hands))
            assert hands[(0, seat, n)] == hands[(1, seat, n)], (seat, n)
    assert hands[(0, 0, 1)] != hands[(0, 1, 1)]
    # the round is over: the tournament finished, standings as duplicate differences
    deadline = time.monotonic() + 20
    while web_server.get(f"/api/tournaments/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the tournament did not finish"
        time.sleep(0.3)
    info = web_server.get(f"/api/tournaments/{tid}").json()
    totals = {s["name"]: s["total"] for s in info["standings"]}
    for seat in range(4):
        group = [n for n, (tb, s) in seat_of.items() if s == seat]
        assert len(group) == 2
        assert sum(totals[n] for n in group) == pytest.approx(0), (seat, group, totals)
    assert any(totals.values()), totals  # the tables played differently
    # each entrant's total is the sum of their deals' differences, as the comparisons say
    tokens = {n: p.evaluate(f"localStorage.getItem('kingscourt.tournament.{tid}')")
              for n, p in zip(names, pages, strict=True)}
    for name in (watcher_name, next(n for n in names if seat_of[n] == (1, 2))):
        diffs = [web_server.get(f"/api/tournaments/{tid}/deals/{n}?token={tokens[name]}").json()["diff"]
                 for n in range(1, 13)]
        assert sum(diffs) == pytest.approx(totals[name]), name
    board.wait_for_selector(".tournament-status[data-status=finished]", timeout=LONG)
    shown = board.locator("table.standings tbody tr").all_inner_texts()
    assert len(shown) == 8
    board.click(".deal-choice button[data-deal='12']")
    board.wait_for_selector("table.compare tbody tr.yours")
    both_modes(board, "tournament-play-king-after")
    print(f"king duplicate: the round played in {played_s:.0f} s")


def test_swiss_kukakoenig_of_six_from_the_lobby(open_page: Any, web_server: Any) -> None:
    # a round lasts 25 s at most: past it the tables still played stop, their scores so far
    # counting (a whole game of Ku-Ka-König by clicking takes minutes on a loaded machine)
    r = web_server.post("/api/tournaments", {"game": "kukakoenig", "format": "swiss", "players": 6,
                                             "seats": 2, "rounds": 3, "open": True, "round_seconds": 25})
    assert r.status_code == 201, r.text
    made = r.json()
    tid = made["id"]
    names = ["Ira", "Jan", "Kai", "Lea", "Max", "Nil"]
    pages = [open_page(1366, 768, reduced_motion="reduce") for _ in names]
    for page in pages:  # eight browsers on a small machine beside other tests: slow, not stuck
        page.set_default_timeout(LONG)
    for page, name in zip(pages, names, strict=True):
        # from the lobby's list: it is open to anyone, the row's Enter carries the invitation
        page.goto("/")
        page.locator(f"tr[data-tournament='{tid}'] a[data-enter]").click(timeout=LONG)
        page.fill("#tournament-name", name)
        page.click("form.join button")
        page.wait_for_selector("#tournament-name", state="detached")
    started = time.monotonic()
    met: set[frozenset[str]] = set()
    for round_no in (1, 2, 3):
        deadline = time.monotonic() + 30
        while True:
            info = web_server.get(f"/api/tournaments/{tid}").json()
            if info["status"] in ("playing", "finished") and len(info["tables"]) >= round_no:
                break
            assert time.monotonic() < deadline, f"round {round_no} was not opened"
            time.sleep(0.3)
        # a round is listed once all its tables are made
        tables = info["tables"][round_no - 1]["tables"]
        assert len(tables) == 3 and all(len(t["seats"]) == 2 for t in tables)
        for t in tables:
            pair = frozenset(t["seats"])
            assert pair not in met, f"round {round_no}: {sorted(pair)} met again"
            met.add(pair)
        if round_no == 2:
            shot(pages[0], "tournament-play-swiss-during")
        for page in pages:
            page.goto(f"/#/tournament/{tid}")
            page.wait_for_selector(f".tournament-tables[data-round='{round_no}']")
            to_table(page)
        seats = [Seat(p, n) for p, n in zip(pages, names, strict=True)]
        play(seats, KKK_MOVES, RoundOver(web_server, tid, round_no), 90)
    played_s = time.monotonic() - started
    deadline = time.monotonic() + 20
    while web_server.get(f"/api/tournaments/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the tournament did not finish"
        time.sleep(0.3)
    page = pages[0]
    page.goto(f"/#/tournament/{tid}")
    page.wait_for_selector(".tournament-status[data-status=finished]", timeout=LONG)
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 6
    info = web_server.get(f"/api/tournaments/{tid}").json()
    points = [s["points"] for s in info["standings"]]
    assert points == sorted(points, reverse=True) and sum(points) == pytest.approx(9)  # a point a game
    assert [row.split("\t")[1] for row in rows.all_inner_texts()] == [s["name"] for s in info["standings"]]
    both_modes(page, "tournament-play-swiss-after")
    print(f"swiss: three rounds played in {played_s:.0f} s")


def test_set_up_in_the_browser_and_listed_in_the_lobby(open_page: Any, web_server: Any) -> None:
    """The host's form makes a King duplicate tournament open to anyone; a lobby open
    meanwhile lists it within seconds, with Enter; one entered only by its link shows Open."""
    lobby = open_page(1366, 768)
    lobby.goto("/")
    lobby.wait_for_selector(".lobby-tournaments")
    host = open_page(1366, 768)
    host.goto("/")
    host.click("#new-tournament")
    host.wait_for_selector("#tournament-form")
    # every game offers Swiss; only King duplicate, which takes a multiple of four
    host.select_option("#tournament-game", "kukakoenig")
    # choosing a game re-draws the form (its route names the game): between the two there is
    # no select to read
    host.wait_for_function("document.querySelector('#tournament-game')?.value === 'kukakoenig'")
    host.wait_for_selector("#tournament-format")
    assert host.eval_on_selector_all("#tournament-format option", "os => os.map(o => o.value)") == ["swiss"]
    assert host.is_visible("#tournament-seats")
    host.select_option("#tournament-game", "king")
    host.wait_for_selector("#rule-short_game")
    assert host.eval_on_selector_all("#tournament-format option", "os => os.map(o => o.value)") == [
        "duplicate", "swiss"]
    assert not host.is_visible("#tournament-seats")
    assert host.input_value("#tournament-players") == "8"
    host.select_option("#rule-short_game", index=1)
    host.fill("#tournament-turn-seconds", "30")
    host.check("#tournament-at-time")
    both_modes(host, "tournament-setup")
    host.check("#tournament-when-full")
    host.click("#tournament-create")
    host.wait_for_selector("#tournament-link")
    link = host.input_value("#tournament-link")
    tid = link.split("/#/tournament/")[1].split("/")[0]
    info = web_server.get(f"/api/tournaments/{tid}").json()
    assert (info["game"], info["format"], info["players"], info["rounds"], info["turn_seconds"]) == (
        "king", "duplicate", 8, 1, 30)
    assert info["rules"].get("short_game") is True and info["start_at"] is None
    shot(host, "tournament-created")
    # one made elsewhere (the API), entered only through its link
    r = web_server.post("/api/tournaments",
                        {"game": "uchokrola", "format": "swiss", "players": 4, "seats": 2})
    assert r.status_code == 201, r.text
    shut = r.json()["id"]
    # the lobby open all along lists both within its next reads, without a reload
    lobby.locator(f"tr[data-tournament='{tid}'] a[data-enter]").wait_for(timeout=LONG)
    lobby.locator(f"tr[data-tournament='{shut}']").wait_for(timeout=LONG)
    assert lobby.locator(f"tr[data-tournament='{shut}'] a[data-enter]").count() == 0
    assert "Open" in lobby.inner_text(f"tr[data-tournament='{shut}']")
    assert "0 of 8" in lobby.inner_text(f"tr[data-tournament='{tid}']")
    lobby.locator("section.lobby-tournaments").scroll_into_view_if_needed()
    both_modes(lobby, "tournament-lobby")
    lobby.click(f"tr[data-tournament='{tid}'] a[data-enter]")
    lobby.wait_for_selector("#tournament-name")
    lobby.fill("#tournament-name", "Zoe")
    lobby.click("form.join button")
    lobby.wait_for_selector("#tournament-name", state="detached")
    assert "Zoe" in lobby.inner_text(".entrants")
