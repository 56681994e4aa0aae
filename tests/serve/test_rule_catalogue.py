"""``cordon serve`` lists every rule id the engine can return (``ENGINE_RULES``)."""

from __future__ import annotations

import re
from pathlib import Path

from cordon.engine import rules
from cordon.server import ENGINE_RULES

ENGINE = Path(__file__).resolve().parents[2] / "src" / "cordon" / "engine"


def test_every_engine_rule_id_is_in_the_catalogue() -> None:
    ids: set[str] = set()
    for f in ENGINE.rglob("*.py"):
        text = f.read_text("utf-8")
        ids |= set(re.findall(r'rule="([a-z0-9_]+\.[a-z0-9_]+)"', text))
        # rules are named by their constant in ``cordon.engine.rules``
        consts = [getattr(rules, n) for n in re.findall(r"\b_?rules\.([A-Z0-9_]+)\b", text)]
        ids |= {c for c in consts if isinstance(c, str)}
    assert len(ids) >= 15  # the scan found the engine's rules
    assert sorted(ids - set(ENGINE_RULES) - {"default.allow"}) == []
