"""Test tiers: the browser and cluster folders carry their marker, so that ``make check`` can
leave them out (``-m "not slow and not browser and not cluster"``); slow tests say so
themselves with ``pytest.mark.slow``."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
TIERS = {HERE / "web": pytest.mark.browser, HERE / "cluster": pytest.mark.cluster}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        for folder, mark in TIERS.items():
            if folder in path.parents:
                item.add_marker(mark)
