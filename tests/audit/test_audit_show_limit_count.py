"""`cordon audit show` says when `--limit` (1,000 by default) cut what matched: the title gave
the rows shown as the count ("2 record(s)" of 13 denies), so a reviewer counting denies in a
busy log read the limit as the total."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def _log(tmp_path: Path, denies: int) -> Path:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="files", session="s1")
    for i in range(denies):
        log.write(
            record_for_call(
                session="s1",
                server="files",
                tool="read_text_file",
                arguments={"path": f"/etc/file{i}"},
                verdict="deny",
                rule="arg.path_outside",
                reason="path in 'path' resolves outside the allowed prefixes",
            )
        )
    log.close()
    return path


def _title(output: str) -> str:
    return output.splitlines()[0]


def test_a_cut_listing_says_how_many_matched(tmp_path: Path) -> None:
    path = _log(tmp_path, 13)
    shown = CliRunner().invoke(
        app,
        ["audit", "show", str(path), "--verdict", "deny", "--limit", "2"],
        env={"COLUMNS": "200"},
    )
    assert shown.exit_code == 0, shown.output
    title = _title(shown.stdout)
    assert "2 of 13" in title, title
    assert "--limit" in title, title


def test_an_uncut_listing_gives_the_count_alone(tmp_path: Path) -> None:
    path = _log(tmp_path, 3)
    shown = CliRunner().invoke(
        app, ["audit", "show", str(path), "--verdict", "deny"], env={"COLUMNS": "200"}
    )
    assert shown.exit_code == 0, shown.output
    title = _title(shown.stdout)
    assert "3 record(s)" in title and " of " not in title, title
