"""The golden playthroughs still hold, and together they cover every table rule, variant,
character and card effect (and Ku-Ka-König's every scoring line). Regenerate them with
``.venv/bin/python -m tests.playthrough --regenerate`` after a deliberate change to rules,
views or notation, and read the diff."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.playthrough import CASES, COVERS, REGENERATE, Case, coverage, path_of, playthrough, required


def _paths(old: Any, new: Any, at: str = "") -> list[str]:
    """Where two JSON values differ, with both values (shortened)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [p for k in sorted(set(old) | set(new))
                for p in _paths(old.get(k, "<absent>"), new.get(k, "<absent>"), f"{at}.{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [p for i, (o, n) in enumerate(zip(old, new, strict=True))
                for p in _paths(o, n, f"{at}[{i}]")]
    if old == new:
        return []

    def short(x: Any) -> str:
        text = json.dumps(x, ensure_ascii=False)
        return text if len(text) <= 160 else text[:157] + "..."

    return [f"  {at or '.'}: {short(old)} -> {short(new)}"]


def explain(golden: str, now: str) -> str:
    """The first lines where the playthroughs part, and what differs in them."""
    old, new = golden.splitlines(), now.splitlines()
    out: list[str] = []
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else "null"
        b = new[i] if i < len(new) else "null"
        if a != b:
            out.append(f"line {i + 1}:")
            out += _paths(json.loads(a), json.loads(b))[:20]
            if len(out) > 40:
                break
    return "\n".join(out)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.game}/{c.name}" for c in CASES])
def test_the_seeded_game_plays_as_its_golden_playthrough(case: Case) -> None:
    golden = path_of(case).read_text(encoding="utf-8")
    now = playthrough(case)
    if now != golden:
        pytest.fail(f"{case.game}/{case.name} plays differently from {path_of(case)} "
                    f"(regenerate with `{REGENERATE}` if deliberate):\n{explain(golden, now)}")


@pytest.mark.parametrize("case", CASES, ids=[f"{c.game}/{c.name}" for c in CASES])
def test_each_case_covers_what_it_is_kept_for(case: Case) -> None:
    key = f"{case.game}/{case.name}"
    missing = set(COVERS[key]) - coverage(case)
    assert not missing, f"{key} no longer covers {sorted(missing)}"


@pytest.mark.parametrize("game", ["king", "kukakoenig", "uchokrola"])
def test_the_playthroughs_cover_every_rule_variant_character_and_card(game: str) -> None:
    declared = {x for c in CASES if c.game == game for x in COVERS[f"{c.game}/{c.name}"]}
    missing = required(game) - declared
    assert not missing, f"no {game} playthrough covers {sorted(missing)}: add a case"
    assert set(COVERS) == {f"{c.game}/{c.name}" for c in CASES}
