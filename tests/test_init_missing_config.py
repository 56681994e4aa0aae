"""``cordon init --config FILE`` on a file that does not exist (a mistyped path, or a client
that has not written its config yet) says so and what to do, writes nothing, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cordon


@pytest.mark.parametrize("undo", [False, True])
def test_a_missing_config_is_named_with_what_to_do(tmp_path: Path, undo: bool) -> None:
    missing = tmp_path / ".cursor" / "mcp.json"
    args = ["init", "--config", str(missing), "-y", *(["--undo"] if undo else [])]
    done = run_cordon(tmp_path, *args)
    assert done.returncode == 2
    err = " ".join(done.stderr.split())
    assert f"{missing}: no such file" in err
    assert "Errno" not in err
    assert "check the path, or add a server in the client first" in err
    assert not missing.exists() and not (tmp_path / ".cordon" / "backups").exists()
