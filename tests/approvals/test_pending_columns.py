"""``cordon pending`` at 80 columns, the real command: a rule id is never wrapped (it is
what a person looks up in docs/rules.md). Eight columns do not fit 80: folded, the rule
``action.credential_write`` took five lines; a table that does not fit whole is shown as one
block per code instead (a name and a value a line)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from tests.conftest import cordon_exe

from cordon.approvals.codes import CodeStore


def test_pending_keeps_rule_ids_whole_at_80_columns(tmp_path: Path) -> None:
    store_path = tmp_path / "approvals.json"
    dest = "/home/someone/projects/service/.aws/credentials"
    code = CodeStore(store_path, clock=time.time).issue(
        server="filesystem",
        tool="write_file",
        param="path",
        destination=dest,
        rule="action.credential_write",
        reason="a write to a credential file",
        approval_key=["filesystem", "write_file", "path", dest],
    )
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "LINES")}
    proc = subprocess.run(
        [*cordon_exe(), "pending", "--store", str(store_path)],
        capture_output=True,
        text=True,
        env={**env, "HOME": str(tmp_path), "COLUMNS": "80"},
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert max(len(line) for line in proc.stdout.splitlines()) <= 80
    assert "action.credential_write" in proc.stdout, proc.stdout
    assert code in proc.stdout
    assert dest in proc.stdout  # (fits a block's line whole)
