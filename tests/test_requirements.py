"""Each DESIGN.md invariant has at least one test marked with its id, and no marker names an
unknown id (both directions, after the MCP SDK's tests/interaction/_requirements.py)."""

from __future__ import annotations

import re
from pathlib import Path

INVARIANTS = {
    "inv:deny-not-forwarded": "A denied call is never forwarded upstream.",
    "inv:fail-closed": "No answer, bad policy, unknown/changed tool, bad frame: refused.",
    "inv:deterministic": "Same call + same history = same verdict.",
    "inv:audit-before-forward": "Every verdict is one audit record, written before forwarding.",
    "inv:taint-grows": "Taint only grows within a session.",
    "inv:everything-untrusted": "Everything a server returns is untrusted.",
}

_MARK = re.compile(r'requirement\("(inv:[a-z-]+)"\)')


def test_every_invariant_has_a_test_and_every_marker_is_known() -> None:
    used: set[str] = set()
    for path in Path(__file__).parent.rglob("test_*.py"):
        if path.name == "test_requirements.py":
            continue
        used.update(_MARK.findall(path.read_text("utf-8")))
    assert used - set(INVARIANTS) == set(), "unknown invariant ids in markers"
    assert set(INVARIANTS) - used == set(), "invariants without a test"
