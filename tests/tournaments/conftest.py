"""Fixtures of the browser tests (tests/web/conftest.py: the tournament's page) and of the
cluster's (tests/cluster/conftest.py: a tournament over three processes)."""

from __future__ import annotations

from tests.cluster.conftest import cluster, pg_url, redis_server  # noqa: F401 (fixtures)
from tests.web.conftest import browser, new_page, web_server  # noqa: F401 (fixtures)
