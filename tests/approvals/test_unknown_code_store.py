"""``cordon approve CODE`` with a code its store does not hold names the store it looked in
and ``--store``: a ``cordon run`` given ``--approvals-store FILE`` keeps its codes there, and
"Unknown approval code" alone sent a person who left out ``--store`` looking for a typo.
Driven through a pseudo-terminal, as a person runs it."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from tests._tty import plain, run_in_pty

from cordon.approvals.codes import CodeStore

REPO = Path(__file__).resolve().parents[2]
CORDON = REPO / ".venv" / "bin" / "cordon"


def _argv() -> list[str]:
    return [str(CORDON)] if CORDON.exists() else [sys.executable, "-m", "cordon.cli"]


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env["PYTHONPATH"] = str(REPO / "src")
    env["HOME"] = str(home)  # never the real ~/.cordon
    env["TERM"] = "xterm-256color"
    return env


def test_a_code_of_another_store_names_the_store_and_store_option(tmp_path: Path) -> None:
    own = tmp_path / "run" / "approvals.json"
    code = CodeStore(own, clock=time.time).issue(
        server="fs",
        tool="write_file",
        param="path",
        destination=None,
        rule="action.credential_write",
        reason="writes to a credential or auto-run path",
        approval_key=["fs", "write_file", "path", ".envrc"],
    )
    home = tmp_path / "home"
    rc, out = run_in_pty([*_argv(), "approve", code], _env(home), None)
    text = plain(out)
    assert rc == 1, text
    assert f"Unknown approval code {code}" in text, text
    assert str(home / ".cordon" / "approvals.json") in text.replace(" ", ""), text
    assert "--store" in text, text
    assert "Approve it?" not in text
