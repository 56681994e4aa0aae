"""The confusables table is read from confusable-homoglyphs' data file without importing its
``utils`` module (which imports urllib.request and with it an HTTP client)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cordon import _textnorm_unicode as U

SRC = Path(__file__).resolve().parents[2] / "src"


def test_data_is_the_packages_own() -> None:
    from confusable_homoglyphs.utils import load

    theirs = load("confusables.json")
    ours = U._confusables_data()
    assert ours == {k: [e.get("c", "") for e in v] for k, v in theirs.items()}
    assert len(U.CONFUSABLE_TABLE) > 1000
    assert "p\u0430ypal".translate(U.CONFUSABLE_TABLE) == "paypal"  # Cyrillic a


def test_textnorm_import_holds_no_http_client() -> None:
    code = (
        "import json, sys, cordon.textnorm\n"
        "print(json.dumps([m for m in ('urllib.request', 'http.client', "
        "'confusable_homoglyphs.utils') if m in sys.modules]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert json.loads(out.stdout) == []
