"""The end of the game in the browser: King's summary after a whole 20-deal game against fast
bots, the King celebration for a King arranged through an explicit deal, the Ku-Ka-König and
Ucho Króla summaries, and a rematch with two browser contexts."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import httpx

import kingscourt

from .helpers import create_table, shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .conftest import WebServer

#: seat 1 (the human) holds all 13 diamonds, 2♦ included: it chooses first, takes diamonds as
#: trumps and every trick (King); the other seats one suit each
KING_DEAL = ["AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
             "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]
KING_MOVES = ["#chooser [data-action='choose trump D']", "#chooser .contract-btn", ".hand .card.legal"]

#: In the page: click the first of ``selectors`` present whenever the board shows a version it
#: has not acted at (so that each decision gets one click), every ``ms`` milliseconds.
AUTOPLAY = """([selectors, ms]) => {
  let last = null;
  clearInterval(window.__autoplay);
  window.__autoplay = setInterval(() => {
    const board = document.querySelector(".board[data-version]");
    if (!board || document.querySelector("#count, #result")) return;
    const v = board.dataset.version;
    if (v === last) return;
    for (const sel of selectors) {
      const el = document.querySelector(sel);
      if (el && !el.disabled) { last = v; el.click(); return; }
    }
  }, ms);
}"""


def autoplay(page: Page, selectors: list[str], ms: int = 15) -> None:
    page.evaluate(AUTOPLAY, [selectors, ms])


def stop_autoplay(page: Page) -> None:
    page.evaluate("clearInterval(window.__autoplay)")


def table(server: WebServer, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats, **extra}, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def numbers(texts: list[str]) -> list[int]:
    return [int(t.replace("+", "").replace("−", "-").split()[0]) for t in texts]


def test_king_summary_after_twenty_deals(new_page) -> None:
    page = new_page(1366, 900)
    create_table(page, "king", "Eda", seed=21, seats={s: "bot:random" for s in (1, 2, 3)})
    autoplay(page, KING_MOVES)
    page.wait_for_selector("#result", timeout=150_000)
    sheet = page.locator("#summary-sheet")
    rows = sheet.locator("tbody tr")
    assert rows.count() == 20
    per_seat = [[0] * 4 for _ in range(20)]
    for d in range(20):
        cells = rows.nth(d).locator("td").all_inner_texts()
        assert cells[0] == str(d + 1) and cells[1] and cells[2], cells
        per_seat[d] = numbers(cells[3:7])
    totals = numbers(sheet.locator("tfoot th.num").all_inner_texts())
    assert totals == [sum(row[s] for row in per_seat) for s in range(4)]
    # a penalty contract hands out its whole penalty, a trump deal +650: the rulebook's sums
    assert sum(totals) == sum(sum(row) for row in per_seat)
    kinds = page.locator("#summary-kinds tbody tr[data-contract]")
    assert kinds.count() == 7
    assert sum(int(k.split("×")[1]) for k in kinds.locator("th").all_inner_texts()) == 20
    penalties = numbers(page.locator("#summary-kinds tr.total td").all_inner_texts())
    trump_row = page.locator("#summary-kinds tr[data-contract=trump] td").all_inner_texts()
    trump = [0 if t == "—" else int(t.split("·")[1].replace("+", "")) for t in trump_row]
    assert [p + t for p, t in zip(penalties, trump, strict=True)] == totals
    # Kings made and King points (placement: 6 among four seats, plus one per King)
    kings = numbers(page.locator("#summary-kinds tr[data-line=kings] td").all_inner_texts())
    points = [float(x) for x in page.locator("#summary-kinds tr[data-line=king-points] td").all_inner_texts()]
    assert sum(points) == 6 + sum(kings)
    assert page.locator("#summary-sheet thead th.winner").count() >= 1
    shot(page, "king-summary")


#: the banner closes by itself after a while: a page notes its text the moment it shows
#: notes the banner's text when it shows, how often a banner is put into the page (a banner
#: put back starts its fade again: a flicker) and the board's versions drawn under it
NOTE_BANNER = """() => new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
        if (n.classList && n.classList.contains("celebration")) {
            window.__bannerPuts = (window.__bannerPuts || 0) + 1;
        }
    }
    const c = document.querySelector(".celebration");
    if (c && !window.__celebrated) window.__celebrated = c.innerText;
    const board = document.querySelector(".board[data-version]");
    if (c && board) (window.__underBanner ||= new Set()).add(board.dataset.version);
}).observe(document.body,
            { childList: true, subtree: true, attributes: true, attributeFilter: ["data-version"] })"""


def test_king_celebration_from_an_explicit_deal(new_page, web_server) -> None:
    t = table(web_server, "king", [{"kind": "human", "name": "Eda"},
                                   *[{"kind": "bot", "level": "random"}] * 3],
              seed=8, setup={"deal": KING_DEAL})
    player, watcher = new_page(), new_page()
    watcher.goto(f"/#/table/{t['id']}")
    watcher.wait_for_selector(".board[data-version]")
    # the banner closes by itself after a while: the watcher's page notes its text when it shows
    watcher.evaluate(NOTE_BANNER)
    player.goto(f"/#/table/{t['id']}/{t['seats'][0]['token']}")
    player.wait_for_selector("#chooser")
    player.evaluate(NOTE_BANNER)
    assert player.locator(".hand .card").count() == 13
    autoplay(player, KING_MOVES)
    player.wait_for_function("() => Boolean(window.__celebrated)", timeout=30_000)
    stop_autoplay(player)
    texts = {"You": player.evaluate("window.__celebrated")}
    if player.locator(".celebration button").count():  # a busy machine may outlast the banner
        shot(player, "king-celebration-explicit-deal")
        player.click(".celebration button")
    watcher.wait_for_function("() => Boolean(window.__celebrated)")
    texts["Eda"] = watcher.evaluate("window.__celebrated")
    # the bots play on under the banner: it stays put, once, while the board is drawn again
    watcher.wait_for_function("() => (window.__underBanner || new Set()).size >= 2", timeout=6000)
    assert watcher.evaluate("window.__bannerPuts") == 1
    for who, text in texts.items():
        assert "KING!" in text and f"{who} · Seat 1" in text, text
        assert f"{who} {'take' if who == 'You' else 'takes'} all 13 tricks of deal 1" in text
    assert player.locator(".celebration").count() == 0
    assert player.inner_text("#king-topbar .deal").startswith("Deal 2/")


def test_kukakoenig_summary(new_page) -> None:
    page = new_page(1366, 900)
    create_table(page, "kukakoenig", "Eda", seed=3, players=3)
    autoplay(page, [".kkk-row:not([disabled])"], 40)
    page.wait_for_selector("#summary-sheets", timeout=90_000)
    sheet = page.locator("#summary-sheets")
    lines = sheet.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.line)")
    assert lines == ["kings", "churches", "victory_points", "knights", "animals", "farms", "total"]
    # per seat both scorings, as the board's own sheets say; the game total is their sum
    totals = numbers(sheet.locator("tr[data-line=total] td").all_inner_texts())
    firsts = numbers(page.locator("#sheets table[data-scoring=first] tr.total td").all_inner_texts())
    seconds = numbers(page.locator("#sheets table[data-scoring=second] tr.total td").all_inner_texts())
    assert totals == [x for pair in zip(firsts, seconds, strict=True) for x in pair]
    game = numbers(sheet.locator("tfoot th.num").all_inner_texts())
    assert game == [f + s for f, s in zip(firsts, seconds, strict=True)]
    assert sheet.locator("thead th.winner").count() >= 1
    shot(page, "kukakoenig-summary")


def test_uchokrola_summary(new_page) -> None:
    page = new_page(1366, 900)
    create_table(page, "uchokrola", "Eda", seed=4, players=2)
    autoplay(page, ["#prompt button.uk-option"], 40)
    page.wait_for_selector("#summary-piles", timeout=90_000)
    rows = page.locator("#summary-piles tbody tr")
    assert rows.count() == 2
    for i in range(2):
        cells = rows.nth(i).locator("td").all_inner_texts()
        pile, penalty, total = int(cells[1]), cells[2], int(cells[3])
        minus = int(penalty.rsplit("−", 1)[1]) if penalty != "—" else 0
        assert total == pile - minus, cells
        values = rows.nth(i).locator(".prestige-value").all_inner_texts()
        assert sum(int(v) for v in values) == pile
    assert page.inner_text("#tie-break")
    shot(page, "uchokrola-summary")


def tied_game() -> tuple[Any, list[Any]]:
    """A random Ucho Króla game whose best total is tied and broken by Ucho króla cards."""
    game = kingscourt.load_game("uchokrola")
    for seed in range(200):
        st = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            s = st.to_move()[0]
            st.apply(s, rng.choice(st.legal_actions(s)))
        scores, results = st.scores(), st.results()
        top = [s for s in range(3) if scores[s] == max(scores)]
        if len(top) == 2 and len(st.winners()) == 1 and any(r["penalty"] for r in results):
            return st, results
    raise AssertionError("no tied game among 200 seeds")


def test_uchokrola_tie_break_and_guiche(new_page) -> None:
    """The tie-break and Hrabia de Guiche's −5, from a real finished game's view and results."""
    st, results = tied_game()
    page = new_page()
    page.goto("/")
    page.wait_for_selector(".game-tile")
    page.evaluate("""async ([view, results]) => {
        const { summary } = await import("/games/uchokrola/summary.js");
        const { gameInfo } = await import("/web/js/games.js");
        const names = ["You", "Bea", "Cem"];
        const ctx = { me: 0, name: (s) => names[s], results, game: await gameInfo("uchokrola") };
        document.getElementById("app").replaceChildren(summary(view, ctx));
    }""", [st.view(0), results])
    names = ["You", "Bea", "Cem"]
    winner = st.winners()[0]
    text = page.inner_text("#tie-break")
    assert f"Tied at {max(st.scores())} prestige" in text, text
    assert f"{names[winner]} win".lower() in text.lower(), text  # "…: you win." or "Bea wins."
    guiche = next(r for r in results if r["penalty"])
    row = page.locator(f"#summary-piles tr[data-seat='{guiche['seat']}']").inner_text()
    assert "Hrabia de Guiche −5" in row, row
    shot(page, "uchokrola-tie-break")


def test_rematch_with_two_players(new_page, web_server) -> None:
    """Two humans and two bots play a whole King deal, chatting; then a rematch; then the
    replay of the finished game."""
    t = table(web_server, "king", [{"kind": "human", "name": "Eda"}, {"kind": "human"},
                                   {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "basic"}],
              rules={"king_ends_game": True}, seed=9, setup={"deal": KING_DEAL})
    host, guest = new_page(), new_page()
    host.goto(f"/#/table/{t['id']}/{t['seats'][0]['token']}")
    guest.goto(f"/#/join/{t['id']}/{t['seats'][1]['invite']}")
    guest.fill("#join-name", "Fen")
    guest.click("form.join button[type=submit]")
    for page in (host, guest):
        page.wait_for_selector(".board[data-version]")
    # the chat, while the deal is played: each sees the other's words, with seat and name
    host.fill(".chat-input", "Good luck, Fen")
    host.press(".chat-input", "Enter")
    guest.locator(".chat-players .chat-text", has_text="Good luck, Fen").first.wait_for()
    assert "Eda (seat 1)" in guest.inner_text(".chat-players .chat-msg")
    for page in (host, guest):
        autoplay(page, KING_MOVES)
    for page in (host, guest):
        page.wait_for_selector("#result #rematch", timeout=30_000)
        assert "0 of 2 players want a rematch" in page.inner_text("#rematch")
        assert "Kings made" in page.inner_text("#summary")
        stop_autoplay(page)
    host.click("#play-again")
    for page in (host, guest):
        page.wait_for_selector("#rematch .rematch-count[data-accepted='1']")
        assert "1 of 2 players wants a rematch" in page.inner_text("#rematch")
    assert "Waiting for Fen" in host.inner_text("#rematch")
    assert "You want a rematch." in host.inner_text("#rematch")
    shot(guest, "rematch-offer")
    guest.click("#play-again")
    new_id = None
    for page, seat in ((host, 1), (guest, 2)):
        page.wait_for_function("id => location.hash.startsWith(`#/table/`) && !location.hash.includes(id)",
                               arg=t["id"])
        page.wait_for_selector(".board[data-version]")
        assert page.inner_text(".seat-label") == f"You: seat {seat}"
        new_id = page.evaluate("location.hash.split('/')[2]")
    old = httpx.get(f"{web_server.url}/api/tables/{t['id']}", timeout=10)
    assert old.json()["rematch"] == new_id
    new = httpx.get(f"{web_server.url}/api/tables/{new_id}", timeout=10).json()
    assert [s["name"] for s in new["seats"][:2]] == ["Eda", "Fen"]
    assert new["rules"]["king_ends_game"] is True
    # going back to the finished table stays there, with a link to the rematch
    host.goto(f"/#/table/{t['id']}/{t['seats'][0]['token']}")
    host.wait_for_selector("#rematch-link")
    assert new_id in (host.get_attribute("#rematch-link", "href") or "")
    shot(host, "rematch-back-at-the-old-table")
    # the finished game's replay: the chat was kept with it, its deal can be stepped through
    assert "Good luck, Fen" in host.inner_text(".chat-players")
    host.goto(f"/#/replay/{t['id']}")
    host.wait_for_selector(".replay-page[data-version]")
    last = httpx.get(f"{web_server.url}/api/tables/{t['id']}/replay?version=0", timeout=10).json()["last"]
    assert host.locator("#replay-moves li").count() == last + 1
    host.click("#replay-last")
    host.wait_for_selector(f".replay-page[data-version='{last}']")
    host.click("#replay-first")
    host.wait_for_selector(".replay-page[data-version='0']")
    host.click("#replay-next")
    host.wait_for_selector(".replay-page[data-version='1']")
    shot(host, "rematch-then-replay")
