"""The README's `cordon audit show --verdict deny` line says that an ask stays `ask` in the log
however it was answered: a call refused with a one-time code (the agent read "[cordon
blocked]") or declined in the client's form is recorded as `ask` with its answer, so
`--verdict deny` alone leaves it out. Checked against records the real audit writer makes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"


def test_a_code_ask_is_not_listed_as_deny(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="mail", session="s1")
    rec = record_for_call(
        session="s1",
        server="mail",
        tool="send_email",
        arguments={"to": "new@partner.example"},
        verdict="ask",
        rule="taint.unverified_destination",
        reason="destination is not on an allowlist and was not approved",
    )
    log.write(rec | {"asked": "code", "code": "8KC7-VC5P", "answer": "deny"})
    log.close()
    runner = CliRunner()
    deny = runner.invoke(app, ["audit", "show", str(path), "--verdict", "deny"])
    ask = runner.invoke(app, ["audit", "show", str(path), "--verdict", "ask"])
    assert "0 record(s)" in deny.stdout, deny.stdout
    assert "1 record(s)" in ask.stdout, ask.stdout


def test_the_readme_says_an_ask_stays_ask() -> None:
    line = next(x for x in README.read_text("utf-8").splitlines() if "audit show --verdict" in x)
    assert "--verdict ask" in line, line
