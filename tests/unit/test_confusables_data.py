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


def test_written_table_is_the_derived_one() -> None:
    # the same entries in the same order as the derivation from the installed package's data
    # (after an upgrade that changes them: python -m cordon._textnorm_unicode --write)
    derived = U._build_confusable_table()
    assert list(U._read_confusable_table().items()) == list(derived.items())
    assert list(U.CONFUSABLE_TABLE.items()) == list(derived.items())


def _in_a_process(code: str, **env: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin", **env},
        timeout=120,
    )
    return out.stdout


def test_import_does_not_parse_the_package_data() -> None:
    # deriving the table at import peaked at 5.0 MB traced (the package's JSON as objects);
    # reading the written one stays under 0.5 MB (bench/perf/README.md, "Resting memory")
    code = (
        "import json, re, unicodedata, importlib.util, tracemalloc\n"
        "import cordon._textnorm_decoders\n"
        "tracemalloc.start()\n"
        "import cordon._textnorm_unicode\n"
        "print(tracemalloc.get_traced_memory()[1])\n"
    )
    assert int(_in_a_process(code)) < 1_500_000


def test_confusable_data_variable_still_read(tmp_path: Path) -> None:
    # the package's own variable for a data directory of its own: that data, as before
    (tmp_path / "confusables.json").write_text(
        json.dumps({"\u0430": [{"c": "q", "n": "LATIN SMALL LETTER Q"}]}), "utf-8"
    )
    code = (
        "from cordon._textnorm_unicode import CONFUSABLE_TABLE as T\n"
        "print(T[0x430], T[0x0406], len(T))\n"
    )
    assert _in_a_process(code, CONFUSABLE_DATA=str(tmp_path)).split() == ["q", "i", "6"]
