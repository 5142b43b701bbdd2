"""Steps the browser tests share: create a table through the lobby, wait for a new state."""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: where each browser test leaves its screenshots (git-ignored)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def merge_figures(path: Path, found: dict[str, Any]) -> None:
    """Add `found` to the JSON figures at `path`. Tests on other xdist workers merge into the same
    file: each holds a lock while it reads and rewrites it, and the new text replaces the old at
    once, so no reader sees a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        old = json.loads(path.read_text()) if path.exists() else {}
        part = path.with_name(f"{path.name}.{os.getpid()}")
        part.write_text(json.dumps({**old, **found}, indent=1))
        part.replace(path)

#: every text the live region takes from now on, kept in window.heard
LISTEN = """() => {
  window.heard = [];
  const el = document.getElementById("announcer");
  new MutationObserver(() => { if (el.textContent) window.heard.push(el.textContent); })
    .observe(el, { childList: true, characterData: true, subtree: true });
}"""


def listen(page: Page) -> None:
    page.evaluate(LISTEN)


def heard(page: Page) -> list[str]:
    return list(page.evaluate("window.heard"))


def create_table(page: Page, game: str, name: str, seed: int, players: int | None = None,
                 seats: dict[int, str] | None = None, base: str = "") -> None:
    """From the lobby: name, game, players, seat kinds ("human" or "bot:LEVEL"), seed; create."""
    page.goto(base + "/")
    page.fill("#player-name", name)
    page.click(f"a[data-game={game}]")
    page.wait_for_selector("#create")
    if players is not None:
        page.select_option("#players", str(players))
    for seat, kind in (seats or {}).items():
        page.select_option(f"#seat-{seat}", kind)
    page.click("details.advanced summary")
    page.fill("#seed", str(seed))
    page.click("#create")
    # a table with a friend's seat opens its waiting room; one with bots only, its board
    page.wait_for_selector(".board[data-version], .table-page[data-status=waiting]")


def version(page: Page) -> int:
    return int(page.get_attribute(".board", "data-version") or -1)


def wait_past(page: Page, v: int) -> None:
    """Wait until the board shows a state newer than version ``v``."""
    page.wait_for_function("v => Number(document.querySelector('.board').dataset.version) > v", arg=v)


def shot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def invite_friend(host: Page, guest: Page, name: str) -> None:
    """The guest opens the host's first invitation link and takes the seat as ``name``."""
    host.wait_for_selector(".invite-link")
    link = host.locator(".invite-link").first.input_value()
    guest.goto(link)
    guest.fill("#join-name", name)
    guest.click("form.join button[type=submit]")
    guest.wait_for_selector(".board[data-version]")
