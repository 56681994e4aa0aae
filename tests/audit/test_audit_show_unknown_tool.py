"""`cordon audit show --tool` with a name no record carries says so on stderr, with the close
one: a typo (`read_txt_file`) printed an empty table and exit 0, read as "that tool was never
called", as `--verdict denied` did before it was named."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="files", session="s1")
    for tool in ("read_text_file", "write_file"):
        log.write(
            record_for_call(
                session="s1",
                server="files",
                tool=tool,
                arguments={"path": "/etc/passwd"},
                verdict="deny",
                rule="arg.path_outside",
                reason="path in 'path' resolves outside the allowed prefixes",
            )
        )
    log.close()
    return path


def test_a_misspelt_tool_is_named_with_the_close_one(tmp_path: Path) -> None:
    path = _log(tmp_path)
    result = CliRunner().invoke(app, ["audit", "show", str(path), "--tool", "read_txt_file"])
    assert result.exit_code == 0, result.output
    assert "0 record(s)" in result.stdout
    assert "'read_txt_file'" in result.stderr, result.stderr
    assert "did you mean 'read_text_file'" in result.stderr, result.stderr


def test_a_called_tool_outside_the_window_gets_no_hint(tmp_path: Path) -> None:
    path = _log(tmp_path)
    result = CliRunner().invoke(
        app, ["audit", "show", str(path), "--tool", "write_file", "--verdict", "allow"]
    )
    assert result.exit_code == 0, result.output
    assert "0 record(s)" in result.stdout
    assert "write_file" not in result.stderr, result.stderr
