"""The browser client's pure modules (plural rules, layout maths, replay stepping) under
Node's own test runner: ``node --test tests/js``. Skipped, with the reason, where ``node``
is missing; no browser is needed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_node_unit_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the client's unit tests need Node.js (node on the PATH)")
    run = subprocess.run([node, "--test", str(ROOT / "tests" / "js")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
