"""Browser tests: the real server in a subprocess, Debian's Chromium driven by Playwright.

Skipped, with the reason, where /usr/bin/chromium or the playwright package is missing.
Each test leaves a screenshot under test-artifacts/web/.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from ..server.harness import Server
from .helpers import ARTIFACTS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("KINGSCOURT_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


#: test files here that need no browser (the client's unit tests under Node)
NO_BROWSER = frozenset({"test_node_units.py", "test_game_files.py"})


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "browser tests need the playwright package (pip install -e '.[dev]')"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = missing()
    if reason is None:
        return
    here = Path(__file__).parent
    for item in items:
        path = Path(str(item.fspath))
        if here in path.parents and path.name not in NO_BROWSER:
            item.add_marker(pytest.mark.skip(reason=reason))


class WebServer(Server):
    """``kingscourt serve`` on a free port with a fresh SQLite file and no bot delay; seeds
    may be fixed at any table (``--insecure-seeds``), so that two browsers get a known deal."""

    def __init__(self, tmp: Path) -> None:
        super().__init__(f"sqlite:///{tmp / 'serve.sqlite3'}", tmp / "serve.log",
                         options=("--insecure-seeds",))

    @property
    def url(self) -> str:
        return self.http

    def restart(self) -> None:
        """Stop the server and start it again on the same port and database."""
        self.stop()
        self.start()


#: Chromium says a refused inline script on the console, but a refused eval only to the page
#: (an EvalError the client may catch): every violation is said on the console as well
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) => console.error(
  `Content Security Policy: ${e.effectiveDirective} refused ${e.blockedURI}`
  + ` at ${e.sourceFile}:${e.lineNumber}`));"""


def refused(message: Any, errors: list[str]) -> None:
    """A console message that says the page's security headers refused something (an inline
    script or style, eval, a foreign source) or were not understood: a failure, like a
    JavaScript error."""
    text = message.text
    if message.type in ("error", "warning") and any(
            w in text for w in ("Content Security Policy", "Permissions-Policy", "Refused to")):
        errors.append(text)


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    server = WebServer(tmp_path_factory.mktemp("web")).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Browser, web_server: WebServer,
             request: pytest.FixtureRequest) -> Iterator[Any]:
    """``new_page(width, height)`` -> a page in a fresh context; every page is screenshotted
    at the end of the test as test-artifacts/web/<test>[-n].png."""
    contexts = []
    pages: list[Page] = []

    def make(width: int = 1280, height: int = 720) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      base_url=web_server.url)
        context.set_default_timeout(15_000)
        context.add_init_script(REPORT_VIOLATIONS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: refused(m, errors))
        pages.append(page)
        return page

    errors: list[str] = []
    yield make
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for i, page in enumerate(pages):
        suffix = f"-{i + 1}" if len(pages) > 1 else ""
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}{suffix}.png"), full_page=True)
    for c in contexts:
        c.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def open_page(browser: Browser, web_server: WebServer) -> Iterator[Any]:
    """``open_page(width, height, **context options)`` -> a page in a fresh context (no
    screenshot kept: the test takes its own); JavaScript errors fail the test."""
    contexts = []
    errors: list[str] = []

    def make(width: int = 1366, height: int = 768, **options: Any) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      base_url=web_server.url, **options)
        context.set_default_timeout(15_000)
        context.add_init_script(REPORT_VIOLATIONS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: refused(m, errors))
        return page

    yield make
    for c in contexts:
        c.close()
    assert not errors, f"JavaScript errors: {errors}"
