"""`cordon audit tail` caps what the adversary wrote (a tool's name a hostile server listed,
a reason that quotes a destination or a program): the start and the end of each, the cut
said, so one long record cannot fill the screen or hide the end of its own reason."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def test_tail_shows_the_start_and_end_of_long_adversary_text(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="mail", session="s1")
    log.write(
        record_for_call(
            session="s1",
            server="mail",
            tool="send_" + "x" * 3000 + "_END-TOOL",
            arguments={"to": "eve@evil.example"},
            verdict="deny",
            rule="taint.unproven",
            reason="first seen in output: " + "pad " * 2500 + "END-OF-REASON",
        )
    )
    log.close()
    result = CliRunner().invoke(app, ["audit", "tail", str(path)], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    out = result.output  # (the table folds a long cell over lines)
    assert "first seen in output" in out and "END-OF-REASON" in out, out
    assert "9,441 of 10,035" in out and "characters not" in out, out  # (cut between words)
    assert "send_xx" in out and "_END-TOOL" in out and "2,954 of 3,014" in out, out
    assert len(result.output) < 6000, len(result.output)


def test_tail_shows_an_ask_s_whole_reason_wrapped(tmp_path: Path) -> None:
    # cordon's own words run past 80 characters (two destinations, the code's note before
    # them): the row wraps them whole, on a wide terminal or a narrow one
    reason = (
        "'to': destination is not on an allowlist and was not approved; 'cc': destination "
        "is not on an allowlist and was not approved (one approval covers both)"
    )
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="mail", session="s1")
    rec = record_for_call(
        session="s1",
        server="mail",
        tool="send_email",
        arguments={"to": "a@partner.example", "cc": "b@partner.example"},
        verdict="ask",
        rule="taint.unverified_destination",
        reason=reason,
    )
    log.write({**rec, "asked": "code", "code": "ABCD-EFGH"})
    log.close()
    for columns in ("250", "100"):
        result = CliRunner().invoke(app, ["audit", "tail", str(path)], env={"COLUMNS": columns})
        assert result.exit_code == 0, result.output
        assert "not shown" not in result.output, result.output
        cells = "".join(
            line.split("│")[7].strip() for line in result.output.splitlines() if "│" in line
        )
        assert reason.replace(" ", "") in cells.replace(" ", ""), result.output
