"""The browser tests' fixtures (tests/web/conftest.py) for the tournament's page."""

from __future__ import annotations

from tests.web.conftest import browser, new_page, web_server  # noqa: F401 (fixtures)
