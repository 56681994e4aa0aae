"""The inflated-stream overlap's deletion table (``_encoded._removed``: every invisible code
point and whitespace character, 4,400 keys) is built at its first use, not at import: a
``cordon run`` whose results carry no compressed stream of mostly non-ASCII text does not
hold it (bench/perf/README.md, "Resting memory")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cordon.content import _encoded
from cordon.textnorm import INVISIBLE_CHARS

SRC = Path(__file__).resolve().parents[2] / "src"


def test_a_scan_without_such_a_stream_builds_no_table() -> None:
    # a fresh interpreter: this one may have read a stream already
    code = """
import json
from cordon.content import _encoded
from cordon.content.sanitize import evaluate_result
text = "Caf\\u00e9 r\\u00e9sum\\u00e9 \\u200b notes, see https://example.com/a?b=c " * 40
evaluate_result({"content": [{"type": "text", "text": text}]}, mode="warn")
print(json.dumps([hasattr(_encoded, "_REMOVED"), _encoded._removed.cache_info().currsize]))
"""
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=300,
    )
    assert json.loads(out.stdout.splitlines()[-1]) == [False, 0]


def test_the_table_deletes_what_the_normaliser_removes() -> None:
    spaces = {i for i in range(0x3001) if chr(i).isspace()}
    table = _encoded._removed()
    assert set(table) == {ord(c) for c in INVISIBLE_CHARS} | spaces
    assert set(table.values()) == {None}
    assert "a\u200b\U000e0041 b\u3000c".translate(table) == "abc"
