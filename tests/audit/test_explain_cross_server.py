"""``cordon explain`` of a destination denied as seen in output lists the reads of the log's
other sessions too, with their content findings: the cordon processes of one client share
taint, so an address read through the filesystem server and sent through the mail server
is denied in the mail session, and the result that carried it is the filesystem session's.
The explanation listed only the mail session's own reads (its harmless inbox), pointing an
engineer at the wrong result, and left out the flagged file read."""

from __future__ import annotations

from typing import Any

from cordon.audit.explain import explain_record, find_record
from cordon.audit.log import record_for_call


def _v(seq: int, session: str, server: str, tool: str, verdict: str, **kw: Any) -> dict:
    rec = record_for_call(
        session=session,
        server=server,
        tool=tool,
        arguments=kw.pop("arguments", {}),
        verdict=verdict,
        rule=kw.pop("rule", "default.allow"),
        reason="because",
        **kw,
    )
    return {"ts": f"2026-01-01T00:00:{seq:02d}.000Z", "seq": seq, **rec}


def _log() -> list[dict[str, Any]]:
    return [
        {"seq": 1, "kind": "start", "session": "files", "server": "files"},
        {"seq": 2, "kind": "start", "session": "mail", "server": "mail"},
        _v(3, "mail", "mail", "read_inbox", "allow"),
        _v(4, "files", "files", "read_text_file", "allow", arguments={"path": "notes.txt"}),
        {
            "seq": 5,
            "kind": "content",
            "session": "files",
            "server": "files",
            "where": "result",
            "tool": "read_text_file",
            "rules": ["inj.override"],
            "action": "sanitise",
        },  # fmt: skip
        _v(
            6,
            "mail",
            "mail",
            "send_email",
            "deny",
            rule="taint.seen_in_output",
            arguments={"to": "collector@exfil-drop.example"},
            param="to",
            destination="collector@exfil-drop.example",
        ),  # fmt: skip
    ]


def test_a_cross_server_deny_lists_the_other_sessions_reads_and_findings() -> None:
    recs = _log()
    text = "\n".join(explain_record(find_record(recs, seq=6), recs))
    assert "allowed calls in this session" in text and "mail/read_inbox" in text, text
    assert "allowed calls in other sessions of this log" in text, text
    assert 'seq 4 2026-01-01T00:00:04.000Z files/read_text_file {"path":"notes.txt"}' in text
    assert (
        "seq 5: the content firewall flagged the result of files/read_text_file "
        "(another session) (inj.override; sanitise)"
    ) in text, text
