"""``cordon.audit.explain`` on hand-built audit records (issue 24)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cordon.audit.explain import explain_record, find_record
from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def _v(seq: int, tool: str, verdict: str, rule: str, session: str = "s1", **kw: Any) -> dict:
    rec = record_for_call(
        session=session,
        server=kw.pop("server", "mail"),
        tool=tool,
        arguments=kw.pop("arguments", {}),
        verdict=verdict,
        rule=rule,
        reason=kw.pop("reason", "because"),
        **kw,
    )
    return {"ts": f"2025-01-01T00:00:{seq:02d}.000Z", "seq": seq, **rec}


def _log() -> list[dict[str, Any]]:
    dest = "evil@attacker.example"
    return [
        {"seq": 1, "kind": "start", "session": "s1", "server": "mail"},
        _v(2, "read_inbox", "allow", "default.allow"),
        {
            "seq": 3,
            "kind": "content",
            "session": "s1",
            "where": "result",
            "tool": "read_inbox",
            "rules": ["inj.ignore_previous"],
            "action": "deliver",
        },  # fmt: skip
        _v(
            4,
            "send_email",
            "deny",
            "taint.seen_in_output",
            param="to",
            destination=dest,
            destinations=[dest],
            arguments={"to": dest, "body": "x"},
            reason="destination in 'to' first appeared in untrusted tool output",
        ),  # fmt: skip
        _v(
            5,
            "send_email",
            "ask",
            "taint.unverified_destination",
            param="to",
            destination="new@partner.example",
            arguments={"to": "new@partner.example"},
            asked="elicitation",
        ),  # fmt: skip
        {
            "seq": 6,
            "kind": "approval",
            "session": "s1",
            "tool": "send_email",
            "rule": "taint.unverified_destination",
            "destination": "new@partner.example",
            "channel": "elicitation",
            "answer": "accept",
        },  # fmt: skip
        _v(
            7,
            "send_email",
            "allow",
            "default.allow",
            destinations=["new@partner.example"],
            arguments={"to": "new@partner.example"},
        ),  # fmt: skip
        _v(
            8,
            "send_email",
            "allow",
            "default.allow",
            destinations=[dest],
            details={"cleared_over_taint": {dest: "directory"}},
        ),  # fmt: skip
        _v(9, "send_email", "deny", "taint.seen_in_output", session="s2", destination=dest),
    ]


def test_find_record_by_seq_and_last_deny() -> None:
    recs = _log()
    assert find_record(recs, seq=5)["verdict"] == "ask"
    assert find_record(recs, last_deny=True)["seq"] == 9
    assert find_record(recs)["seq"] == 9
    with pytest.raises(LookupError, match="its kind is 'start'"):
        find_record(recs, seq=1)
    with pytest.raises(LookupError, match="no record with seq 42"):
        find_record(recs, seq=42)
    with pytest.raises(LookupError, match="no deny"):
        find_record(recs[:3])


def test_deny_names_rule_reason_destination_history_and_fix() -> None:
    recs = _log()
    text = "\n".join(explain_record(find_record(recs, seq=4), recs))
    assert "verdict: DENY by rule taint.seen_in_output (destination taint)" in text
    assert "the rule stops: a destination that first appeared in untrusted tool output" in text
    assert "parameter: to" in text and "destination(s): evil@attacker.example" in text
    assert "does not keep tool output text" in text
    assert "seq 2 " in text and "mail/read_inbox" in text
    assert "seq 3: the content firewall flagged the result of read_inbox" in text
    assert "inj.ignore_previous" in text
    assert "`trusted_destinations` with `allowlist_beats_taint: true`" in text


def test_deny_with_no_read_in_its_session_names_other_sessions() -> None:
    recs = _log()
    text = "\n".join(explain_record(find_record(recs, seq=9), recs))
    assert "no earlier call in this session was allowed" in text
    assert "other sessions of this log" in text and "mail/read_inbox" in text


def test_ask_says_how_it_was_asked_the_answer_and_the_later_call() -> None:
    recs = _log()
    text = "\n".join(explain_record(find_record(recs, seq=5), recs))
    assert "verdict: ASK by rule taint.unverified_destination" in text
    assert "the client prompted the person (elicitation)" in text
    assert "seq 6: approval by elicitation: accept" in text
    assert "the same call later in this session:" in text and "seq 7 " in text
    assert "approve the ask" in text


def test_allow_says_what_cleared_it() -> None:
    recs = _log()
    approved = "\n".join(explain_record(find_record(recs, seq=7), recs))
    assert "seq 6: a person approved send_email to new@partner.example" in approved
    assert "nothing to change, it was allowed" in approved
    cleared = "\n".join(explain_record(find_record(recs, seq=8), recs))
    assert "cleared by policy (cleared_over_taint)" in cleared
    assert "evil@attacker.example: directory" in cleared
    assert "does not keep tool output text" not in cleared


def test_unknown_rule_and_long_argument_and_control_characters() -> None:
    long = "A" * 10_000
    rec = _v(2, "t", "deny", "made.up", arguments={"blob": long, "x": "a\x1b[31mred"})
    text = "\n".join(explain_record(rec, [rec]))
    assert "not in this cordon's rule catalogue" in text
    assert "the catalogue names none for this rule" in text
    assert long not in text and '"truncated":true' in text
    assert "\x1b" not in text


def test_cli_explain_reads_a_real_chained_log(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    with AuditLog(path, tracer=None) as log:
        for rec in _log():
            log.write({k: v for k, v in rec.items() if k not in ("ts", "seq")})
    runner = CliRunner()
    res = runner.invoke(app, ["explain", "--audit", str(path), "--last-deny"])
    assert res.exit_code == 0, res.output
    assert "record 9 " in res.output and "taint.seen_in_output" in res.output
    res = runner.invoke(app, ["explain", "--audit", str(path), "5"])
    assert res.exit_code == 0 and "ASK" in res.output
    res = runner.invoke(app, ["explain", "--audit", str(path), "5", "--last-deny"])
    assert res.exit_code != 0
    res = runner.invoke(app, ["explain", "--audit", str(tmp_path / "none.jsonl")])
    assert res.exit_code == 1


def test_an_upstream_record_says_what_happened_instead_of_a_verdict() -> None:
    failed = {
        "seq": 2,
        "kind": "upstream",
        "event": "start_failed",
        "reason": "cannot start 'mcp-nothing': No such file or directory",
    }
    with pytest.raises(LookupError) as err:
        find_record([*_log()[:1], failed], seq=2)
    said = str(err.value)
    assert "its kind is 'upstream' (start_failed: cannot start 'mcp-nothing'" in said
    assert "a upstream" not in said


def test_a_credential_write_ask_warns_that_trusting_the_writer_drops_every_such_question() -> None:
    """The fix `cordon explain` offers for an ask about a write to an auto-run file: trusting
    the tool turns all its later writes to MCP configs, git hooks and CLAUDE.md into silent
    allows (persistence, MITRE ATT&CK T1546), so the hint says so, not just "trust it"."""
    rec = {"seq": 1, "verdict": "ask", "rule": "action.credential_write", "tool": "write_file"}
    text = "\n".join(explain_record(rec, [rec]))
    assert "trust_tools" in text
    assert "unasked" in text and "git hooks" in text
