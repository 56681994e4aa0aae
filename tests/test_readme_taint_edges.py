"""The README's "Taint has edges" names every way a destination named by untrusted output is
still sent to without a question, with the test that shows it: a destination the session
sent to (a person approved it) before output named it is one (a reply quotes its sender),
unlike an allowlisted one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _taint_edges() -> str:
    text = (ROOT / "README.md").read_text("utf-8")
    start = text.index("- **Taint has edges.**")
    return " ".join(text[start : text.index("\n- **", start + 1)].split())


def test_a_destination_cleared_before_output_named_it_is_stated_with_its_test() -> None:
    edges = _taint_edges()
    assert re.search(r"sent to[^.]*before[^.]*output named it", edges), edges
    test = "tests/e2e/test_remote_vouched_then_named.py"
    assert f".venv/bin/pytest {test}" in edges
    assert (ROOT / test).is_file()
