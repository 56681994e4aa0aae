"""What the class-rule tests assert on: the rules that give a text a finding at high or above."""

from __future__ import annotations

from cordon._types import SEVERITY_ORDER
from cordon.content import scan_text


def high_rules(text: str) -> set[str]:
    """The ids of the rules whose findings on ``text`` are at high or above."""
    return {f.rule for f in scan_text(text) if SEVERITY_ORDER[f.severity] >= SEVERITY_ORDER["high"]}
