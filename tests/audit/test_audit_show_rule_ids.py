"""`cordon audit show` (and tail, the same table) keeps a rule id on one line: the table
folded a long one (``taint.unverified_dest`` / ``ination``) on a terminal of ordinary width,
so it could be neither grepped nor copied into ``cordon rules`` or a policy."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app

_RULES = ("taint.unverified_destination", "action.credential_write", "hijack.fixed_recipient")


def test_show_keeps_each_rule_id_whole(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="mail", session="s1")
    for rule in _RULES:
        log.write(
            record_for_call(
                session="s1",
                server="a-server-with-a-long-name",
                tool="send_email_with_attachments",
                arguments={"to": "a@partner.example"},
                verdict="deny",
                rule=rule,
                reason="destination is not on an allowlist and was not approved " * 3,
            )
        )
    log.close()
    for columns in ("160", "100", "80"):
        for command in ("show", "tail"):
            result = CliRunner().invoke(
                app, ["audit", command, str(path)], env={"COLUMNS": columns}
            )
            assert result.exit_code == 0, result.output
            for rule in _RULES:
                assert rule in result.output, (columns, command, result.output)
