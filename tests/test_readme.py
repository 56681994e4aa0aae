"""The README's library example runs as written and prints the verdicts it promises."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_library_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)
    example = next(b for b in blocks if "Engine.from_policy" in b)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})  # noqa: S102 - our own README
    lines = out.getvalue().split("\n")
    assert lines[0] == "ops@example.com allow default.allow"
    assert lines[1] == "x@evil.example deny taint.seen_in_output"
    assert lines[2] == "new@partner.example ask taint.unverified_destination"
