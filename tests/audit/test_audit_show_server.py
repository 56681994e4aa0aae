"""`cordon audit show --server NAME`: one log holds every wrapped server's records (the
default ~/.cordon/audit.jsonl), so a review of one server needs its records alone; a name no
record carries is said on stderr with the close one, not an empty table read as "it never
ran"."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for server, session in (("files", "s1"), ("mail", "s2")):
        log.start(version="0.1.0", policy_hash="ab" * 32, server=server, session=session)
        log.write(
            record_for_call(
                session=session,
                server=server,
                tool=f"{server}_tool",
                arguments={"path": "/etc/passwd"},
                verdict="deny",
                rule="arg.path_outside",
                reason="path in 'path' resolves outside the allowed prefixes",
            )
        )
    log.close()
    return path


def _shown(stdout: str) -> set[str]:
    return {t for t in ("files_tool", "mail_tool") if t in stdout}


def test_only_the_named_servers_records(tmp_path: Path) -> None:
    path = _log(tmp_path)
    run = CliRunner().invoke(
        app, ["audit", "show", str(path), "--server", "mail"], env={"COLUMNS": "200"}
    )
    assert run.exit_code == 0, run.output
    assert _shown(run.stdout) == {"mail_tool"}, run.stdout
    both = ["audit", "show", str(path), "--server", "mail", "--server", "files"]
    run = CliRunner().invoke(app, both, env={"COLUMNS": "200"})
    assert _shown(run.stdout) == {"files_tool", "mail_tool"}, run.stdout
    kept = [json.loads(x) for x in path.read_text("utf-8").splitlines()]
    assert {r.get("server") for r in kept} >= {"files", "mail"}


def test_a_misspelt_server_is_named_with_the_close_one(tmp_path: Path) -> None:
    path = _log(tmp_path)
    run = CliRunner().invoke(app, ["audit", "show", str(path), "--server", "mial"])
    assert run.exit_code == 0, run.output
    assert "0 record(s)" in run.stdout
    assert "no record names server 'mial'" in run.stderr, run.stderr
    assert "did you mean 'mail'" in run.stderr, run.stderr
