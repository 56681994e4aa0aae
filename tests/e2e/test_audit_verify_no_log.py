"""`cordon audit verify` on a home where no log was written yet says so plainly (exit 1), not
"BROKEN", which reads as tampering; a log whose current file is gone while rotated files
remain still reports a break. Through the real `cordon` process."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import cordon_exe

pytestmark = [pytest.mark.e2e]


def _verify(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "COLUMNS": "300"}
    return subprocess.run(
        [*cordon_exe(), "audit", "verify", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_new_home_has_no_log_yet(tmp_path: Path) -> None:
    r = _verify(tmp_path)
    out = r.stdout + r.stderr
    assert r.returncode == 1
    assert "BROKEN" not in out and "no such file" not in out, out
    assert f"no audit log at {tmp_path / '.cordon' / 'audit.jsonl'} yet" in out, out


def test_current_file_gone_beside_rotated_ones_is_still_broken(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    Path(f"{log}.1").write_text("", "utf-8")
    r = _verify(tmp_path, str(log))
    assert r.returncode == 1
    assert "BROKEN" in r.stdout + r.stderr, r.stdout + r.stderr
