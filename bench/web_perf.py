"""Benchmark (not a test): how fast the browser client is, with Debian's Chromium.

Figures, median of RUNS: the lobby interactive (a fresh load until the game tiles can be
clicked; the navigation's domInteractive too), a King table open (from the lobby, in-app, until
its board shows), and the long tasks (> 50 ms, PerformanceObserver 'longtask') while cards
glide into the trick and closed tricks fly to their winner.

    .venv/bin/python bench/web_perf.py
"""

from __future__ import annotations

import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

RUNS = 5
CHROMIUM = os.environ.get("KINGSCOURT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", "from kingscourt.cli import main; main()", "serve",
                             "--port", str(port), "--db", f"sqlite:///{tmp / 'perf.sqlite3'}",
                             "--bot-delay", "0.3", "--insecure-seeds"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return proc, url
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def lobby_interactive(page: Page) -> tuple[float, float]:
    page.goto("/")
    page.wait_for_selector("a[data-game]")
    tiles = page.evaluate("performance.now()")
    dom = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
    return float(tiles), float(dom)


def new_table(page: Page) -> str:
    page.goto("/")
    page.fill("#player-name", "Perf")
    page.click("a[data-game=king]")
    page.wait_for_selector("#create")
    page.click("details.advanced summary")
    page.fill("#seed", "11")
    page.click("#create")
    page.wait_for_selector(".board[data-version]")
    return page.evaluate("location.hash")  # type: ignore[no-any-return]


OPEN = """hash => new Promise(done => {
  const t0 = performance.now();
  const check = () => document.querySelector('.board[data-version]')
    ? done(performance.now() - t0) : requestAnimationFrame(check);
  location.hash = hash; check();
})"""

WATCH = """() => { window.__long = [];
  new PerformanceObserver(l => window.__long.push(...l.getEntries().map(e => e.duration)))
    .observe({type: 'longtask'}); }"""


def table_open(page: Page, hash_: str) -> float:
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("a[data-game]")
    return float(page.evaluate(OPEN, hash_))


def trick_long_tasks(page: Page, plays: int) -> tuple[list[float], int]:
    page.evaluate(WATCH)
    before = int(page.evaluate("Number(document.documentElement.dataset.motions || 0)"))
    done = 0
    deadline = time.monotonic() + 60
    while done < plays and time.monotonic() < deadline:
        button = page.locator("#chooser .contract-btn, .hand .card.legal").first
        if not button.count():
            page.wait_for_timeout(30)
            continue
        v = int(page.get_attribute(".board", "data-version") or -1)
        button.click()
        page.wait_for_function("v => Number(document.querySelector('.board').dataset.version) > v", arg=v)
        done += 1
    page.wait_for_timeout(1200)  # the bots' cards and the last glides
    motions = int(page.evaluate("Number(document.documentElement.dataset.motions || 0)")) - before
    return [float(x) for x in page.evaluate("window.__long")], motions


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                lobby, dom, opens = [], [], []
                for _ in range(RUNS):
                    ctx = browser.new_context(base_url=url, viewport={"width": 1366, "height": 768})
                    page = ctx.new_page()
                    t, d = lobby_interactive(page)
                    lobby.append(t)
                    dom.append(d)
                    ctx.close()
                ctx = browser.new_context(base_url=url, viewport={"width": 1366, "height": 768})
                page = ctx.new_page()
                hash_ = new_table(page)
                for _ in range(RUNS):
                    opens.append(table_open(page, hash_))
                longs, motions = trick_long_tasks(page, 8)
                ctx.close()
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"lobby interactive (tiles clickable): median {statistics.median(lobby):6.1f} ms, "
          f"slowest {max(lobby):6.1f} ms; domInteractive median {statistics.median(dom):6.1f} ms")
    print(f"King table open (in-app, until the board): median {statistics.median(opens):6.1f} ms, "
          f"slowest {max(opens):6.1f} ms")
    print(f"during 8 plays ({motions} glides/ghosts): {len(longs)} long tasks > 50 ms"
          + (f", longest {max(longs):.0f} ms" if longs else ""))


if __name__ == "__main__":
    main()
