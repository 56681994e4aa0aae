"""An allow whose destination was seen in untrusted output, cleared anyway by the user's text,
a directory or the allowlist, says so in its details (``cleared_over_taint``), so the audit
log tells an auditor why a send to a planted-looking address went out. The verdicts are
unchanged: each of these wins over taint by policy."""

from __future__ import annotations

from typing import Any

from cordon.engine.core import Engine

PLANTED = "ops@attacker.example"
TOOLS = [
    {
        "name": "send_email",
        "description": "Send an e-mail.",
        "inputSchema": {"type": "object", "properties": {"to": {}, "body": {}}},
    },
    {
        "name": "contacts",
        "description": "The address book.",
        "inputSchema": {"type": "object", "properties": {}},
    },
]


def _engine(**policy: Any) -> Engine:
    eng = Engine.from_policy(
        [
            {
                "version": 1,
                **policy,
                "tools": {
                    "send_email": {"exfiltrating": True, "sink_params": ["to"]},
                    "contacts": {"directory": True},
                },
            }
        ]
    )
    eng.pin_tools(TOOLS)
    return eng


def _planted(session: Any) -> None:
    session.observe_output("read_inbox", {"content": [{"type": "text", "text": f"mail {PLANTED}"}]})


def test_the_users_text_clearing_a_planted_address_is_noted() -> None:
    s = _engine().new_session(trusted=[f"Please send the notes to {PLANTED}"])
    _planted(s)
    v = s.check("send_email", {"to": PLANTED, "body": "notes"})
    assert (v.verdict, v.rule) == ("allow", "default.allow")
    assert v.details == {"cleared_over_taint": {PLANTED: "user_text"}}


def test_a_clean_address_the_user_named_has_no_note() -> None:
    s = _engine().new_session(trusted=[f"Please send the notes to {PLANTED}"])
    v = s.check("send_email", {"to": PLANTED, "body": "notes"})
    assert (v.verdict, v.details) == ("allow", {})


def test_a_directory_clearing_a_planted_address_is_noted() -> None:
    s = _engine().new_session()
    _planted(s)
    s.observe_output("contacts", {"content": [{"type": "text", "text": PLANTED}]})
    v = s.check("send_email", {"to": PLANTED, "body": "notes"})
    assert v.verdict == "allow"
    assert v.details == {"cleared_over_taint": {PLANTED: "directory"}}


def test_the_allowlist_clearing_a_planted_address_is_noted() -> None:
    s = _engine(
        trusted_destinations=[PLANTED], allowlist_beats_taint=True, trusted_text_beats_taint=False
    ).new_session()
    _planted(s)
    v = s.check("send_email", {"to": PLANTED, "body": "notes"})
    assert v.verdict == "allow"
    assert v.details == {"cleared_over_taint": {PLANTED: "allowlist"}}


def test_taint_that_wins_is_a_deny_as_before() -> None:
    s = _engine(trusted_destinations=[PLANTED], trusted_text_beats_taint=False).new_session()
    _planted(s)
    v = s.check("send_email", {"to": PLANTED, "body": "notes"})
    assert (v.verdict, v.rule) == ("deny", "taint.seen_in_output")
