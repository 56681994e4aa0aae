"""``cordon init --undo`` shows what it will do before it asks, and says what it did after
writing: the preview is in the future ("will restore the exact bytes of BACKUP"), the result
in the past. Before, the preview said "restored the exact bytes of ..." above the question,
which reads as already done to a user about to answer no. The real ``cordon`` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cordon.clientconfig import find_backups
from tests.conftest import MAILBOX, cordon_exe, run_cordon


def test_undo_preview_says_will_restore_and_the_result_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))  # find_backups looks under ~/.cordon/backups
    config = tmp_path / ".mcp.json"
    original = json.dumps(
        {"mcpServers": {"mail": {"command": sys.executable, "args": [str(MAILBOX)]}}}
    )
    config.write_text(original)
    wrapped = run_cordon(home, "init", "--config", str(config), "-y")
    assert wrapped.returncode == 0, wrapped.stdout + wrapped.stderr
    env = {**os.environ, "HOME": str(home), "COLUMNS": "300"}
    undo = [*cordon_exe(), "init", "--config", str(config), "--undo"]
    declined = subprocess.run(
        undo, input="n\n", capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert declined.returncode == 1 and "not written" in declined.stderr
    (backup,) = [b for b in find_backups(config) if b.read_text() == original]
    assert f"will restore the exact bytes of {backup}" in declined.stdout, declined.stdout
    assert "restored" not in declined.stdout
    assert "prompt hook: will be removed" in declined.stdout
    assert config.read_text() != original  # nothing was done

    done = run_cordon(home, "init", "--config", str(config), "--undo", "-y")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"written; restored the exact bytes of {backup}; backup at " in done.stdout
    assert config.read_text() == original
