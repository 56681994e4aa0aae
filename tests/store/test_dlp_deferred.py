"""detect-secrets' patterns are read without importing ``requests`` or ``multiprocessing``
(cordon.store.dlp).

Each case runs in a fresh interpreter: the test process may hold ``requests`` already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def _run(code: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


_LOAD = """
import json, sys
{before}
from cordon.store.dlp import PLUGINS, load_plugin_patterns
patterns = load_plugin_patterns()
print(json.dumps({{"patterns": patterns, "requests": "requests" in sys.modules,
                  "urllib3": "urllib3" in sys.modules, "plugins": len(PLUGINS),
                  "multiprocessing": "multiprocessing" in sys.modules,
                  "pickle": "pickle" in sys.modules}}))
"""


def test_patterns_are_read_without_requests() -> None:
    deferred = _run(_LOAD.format(before=""))
    assert deferred["requests"] is False and deferred["urllib3"] is False
    # detect-secrets' own file scanner's worker pool, which cordon never runs (nor pickles)
    assert deferred["multiprocessing"] is False and deferred["pickle"] is False
    # the same patterns as when requests is imported first (no stand-in then)
    real = _run(_LOAD.format(before="import requests, multiprocessing"))
    assert real["requests"] is True and real["multiprocessing"] is True
    assert deferred["patterns"] == real["patterns"]
    assert len(deferred["patterns"]) == deferred["plugins"]  # type: ignore[arg-type]


def test_the_stand_in_answers_as_requests() -> None:
    code = """
import json, sys
from cordon.store.dlp import load_plugin_patterns
load_plugin_patterns()
import detect_secrets.plugins.base as base
held = base.requests
exc = held.exceptions.RequestException  # the first read imports the real package
import requests
print(json.dumps({"same": exc is requests.exceptions.RequestException,
                  "real": sys.modules["requests"] is requests
                  and type(requests).__name__ == "module",
                  "get": held.get is requests.get}))
"""
    assert _run(code) == {"same": True, "real": True, "get": True}


def test_the_stand_in_answers_as_multiprocessing() -> None:
    code = """
import json, sys
from cordon.store.dlp import load_plugin_patterns
load_plugin_patterns()
from detect_secrets.core import secrets_collection
held = secrets_collection.mp
before = "multiprocessing" in sys.modules
count = held.cpu_count  # the first read imports the real package
import multiprocessing
print(json.dumps({"before": before, "same": count is multiprocessing.cpu_count,
                  "real": type(multiprocessing).__name__ == "module",
                  "pool": held.Pool is multiprocessing.Pool}))
"""
    assert _run(code) == {"before": False, "same": True, "real": True, "pool": True}
