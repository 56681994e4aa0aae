"""The review pack lists each approval a person gave: when, which record, what it allowed
(server, tool, destination), how (a one-time code, named, or an answer in the client) and
who (a code's approver as its record names them). It only counted answers by tool and rule,
so "who approved what and when" could not be answered from the pack."""

from __future__ import annotations

from pathlib import Path

from cordon.audit.log import AuditLog
from cordon.audit.report import build_report, render_html, render_markdown


def _log(path: Path) -> None:
    log = AuditLog(path)
    ask = {"kind": "verdict", "session": "s1", "server": "mail", "tool": "send_email"}
    log.write({**ask, "verdict": "ask", "rule": "taint.unverified_destination",
               "destination": "alice@partner.example", "asked": "code", "answer": "deny",
               "code": "TSB5-WXSF"})  # fmt: skip
    log.write({"kind": "approval", "session": "s1", "server": "mail", "tool": "send_email",
               "rule": "taint.unverified_destination", "destination": "alice@partner.example",
               "channel": "code", "answer": "accept", "code": "TSB5-WXSF",
               "approved_at": "2026-12-07T12:07:58.100Z",
               "approved_by": "alice (uid 1000) on /dev/pts/3"})  # fmt: skip
    log.write({"kind": "approval", "session": "s2", "server": "<b>files</b>",
               "tool": "write_file", "rule": "action.credential_write", "channel": "elicitation",
               "answer": "accept"})  # fmt: skip
    log.write({"kind": "approval", "session": "s2", "server": "files", "tool": "delete",
               "rule": "action.destructive", "channel": "elicitation", "answer": "decline"})  # fmt: skip
    log.close()


def test_each_approval_given_is_listed_with_when_what_how_and_who(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _log(path)
    data = build_report(audit=path)
    md = render_markdown(data)
    section = md.split("### Approvals given", 1)[1].split("###", 1)[0]
    assert (
        "| 2026-12-07T12:07:58.100Z | 2 | mail | send_email | `alice@partner.example` | "
        "code TSB5-WXSF | alice (uid 1000) on /dev/pts/3 |"
    ) in section, section
    assert "| write_file | - | elicitation | the MCP client's user |" in section, section
    assert "| \\<b\\>files\\</b\\> |" in section, section
    assert "delete" not in section, section  # a declined ask gave no approval
    html = render_html(data)
    assert "<h3>Approvals given</h3>" in html
    assert "<td>code TSB5-WXSF</td><td>alice (uid 1000) on /dev/pts/3</td>" in html, html
    assert "<b>files</b>" not in html  # a server's name is text


def test_an_older_code_record_without_the_approver_says_so(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.write({"kind": "approval", "session": "s1", "server": "mail", "tool": "send_email",
               "destination": "x@y.example", "channel": "code", "answer": "accept"})  # fmt: skip
    log.close()
    section = render_markdown(build_report(audit=path)).split("### Approvals given", 1)[1]
    assert "| code | not recorded |" in section.split("###", 1)[0], section
