"""axe-core in the test's page: the npm package's file (package.json, installed by ``npm ci``)
evaluated through the browser's debugging protocol, never fetched by the client. Serious and
critical violations are failures (WCAG 2.2 AA rules)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN = """async (tags) => {
  const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"] });
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length,
                   where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}"""


@cache
def source() -> str:
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (npm ci)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Page) -> list[dict[str, Any]]:
    """The serious and critical violations on the page as it stands."""
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(f"() => {{ {source()}\n }}")
    found: list[dict[str, Any]] = page.evaluate(RUN, TAGS)
    return found
