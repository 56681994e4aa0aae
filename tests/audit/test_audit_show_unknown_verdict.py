"""`cordon audit show --verdict` with a value no record carries says so on stderr: a typo
(`denied` for `deny`) printed an empty table and exit 0, read as "nothing was denied"."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="files", session="s1")
    log.write(
        record_for_call(
            session="s1",
            server="files",
            tool="write_file",
            arguments={"path": "/etc/passwd"},
            verdict="deny",
            rule="arg.path_outside",
            reason="path in 'path' resolves outside the allowed prefixes",
        )
    )
    log.close()
    return path


def test_a_misspelt_verdict_is_named_with_the_close_one(tmp_path: Path) -> None:
    path = _log(tmp_path)
    result = CliRunner().invoke(app, ["audit", "show", str(path), "--verdict", "denied"])
    assert result.exit_code == 0, result.output
    assert "0 record(s)" in result.stdout
    assert "no record" in result.stderr and "'denied'" in result.stderr, result.stderr
    assert "did you mean 'deny'" in result.stderr, result.stderr


def test_a_verdict_or_kind_the_log_holds_is_not_questioned(tmp_path: Path) -> None:
    path = _log(tmp_path)
    for value in ("deny", "start", "ask"):  # ask: a verdict, though this log has none
        result = CliRunner().invoke(app, ["audit", "show", str(path), "--verdict", value])
        assert result.exit_code == 0, result.output
        assert result.stderr == "", (value, result.stderr)
