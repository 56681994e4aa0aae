"""`cordon audit show` and `tail` keep a content record's row readable: its rule cell lists
several ids ("a, b, c +1 more (4 rules)"), and the whole list was kept on one line, so at 100
columns every other column shrank to nothing (no time, server, tool or verdict shown). Each
id stays whole (it can be grepped and copied); the list wraps between them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cordon.audit.log import AuditLog
from cordon.cli import app

_RULES = [
    "hijack.credential_file_request",
    "hijack.credential_harvest",
    "hijack.secret_request",
    "hijack.sensitive_path",
]


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="files", session="s1")
    log.write(
        {
            "session": "s1",
            "server": "files",
            "kind": "content",
            "where": "result",
            "tool": "read_text_file",
            "action": "sanitise",
            "rules": _RULES,
            "max_severity": "critical",
        }
    )
    log.close()
    return path


@pytest.mark.parametrize("columns", ["120", "100", "80"])
@pytest.mark.parametrize("command", ["show", "tail"])
def test_a_content_row_shows_every_column(tmp_path: Path, command: str, columns: str) -> None:
    path = _log(tmp_path)
    result = CliRunner().invoke(app, ["audit", command, str(path)], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    out = result.output
    for rule in _RULES[:3]:  # the three most severe are named, each whole
        assert rule in out, (rule, out)
    if columns != "80":  # at 80 columns every cell of this table folds, the rule ids aside
        assert "content" in out, out  # the verdict column
        assert "files" in out, out  # the server column
