"""Test tiers: the browser and cluster folders carry their marker, so that ``make check`` can
leave them out (``-m "not slow and not browser and not cluster"``); slow tests say so
themselves with ``pytest.mark.slow``.

Where the tests run on several workers (``--dist loadgroup``, the Makefile's), a file's tests
stay on one worker (its fixtures are made once), and the cluster's files all share one: each
of their tests starts three servers and a Redis, and two such clusters at once on a 2-core
machine missed their deadlines (a sweep, a lease) for want of CPU, not for a fault."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
TIERS = {HERE / "web": pytest.mark.browser, HERE / "cluster": pytest.mark.cluster}
#: the folders whose files run one after another, on one worker
SERIAL = {HERE / "cluster": "cluster"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        for folder, mark in TIERS.items():
            if folder in path.parents:
                item.add_marker(mark)
        group = next((name for folder, name in SERIAL.items() if folder in path.parents),
                     str(path.relative_to(HERE.parent)) if HERE.parent in path.parents else str(path))
        item.add_marker(pytest.mark.xdist_group(group))
