"""Egress reads the places a sending tool sends to, not the addresses its message text
mentions, when its policy names its sinks (``exfiltrating: true`` with ``sink_params``): "db
at 10.2.3.4 is down" posted to the channel the user named was denied
(``egress.private_address``) with no approval to pass it. What the platform fetches from the
text is still judged (a ``renders`` tool's images, an ``unfurls`` tool's links), and so is a
sink, and every string of a sending tool with no declared sinks."""

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


def _session(pack: str, *tools: dict[str, Any], **policy: Any) -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": [pack] if pack else [], **policy}])
    engine.pin_tools(list(tools))
    return engine.new_session(
        trusted=["Post to C0OPS00001 and comment on me/app; mail ops@corp.com"]
    )


@pytest.mark.parametrize(
    "text",
    [
        "db at 10.2.3.4 is down",
        "the exporter listens on 127.0.0.1:9100",
        "metadata service 169.254.169.254 timed out",
        "host db.internal is down",
    ],
)
def test_an_address_in_a_chat_post_is_data(text: str) -> None:
    s = _session("slack", _tool("slack_post_message", "channel_id", "text"))
    v = s.check("slack_post_message", {"channel_id": "C0OPS00001", "text": text})
    assert v.verdict == "allow", v


def test_an_address_in_an_issue_comment_is_data() -> None:
    s = _session("github", _tool("add_issue_comment", "owner", "repo", "issue_number", "body"))
    args = {"owner": "me", "repo": "app", "issue_number": "7", "body": "Fails on 10.0.0.5:5432."}
    assert s.check("add_issue_comment", args).verdict == "allow"


def test_a_link_the_platform_unfurls_is_still_judged() -> None:
    s = _session("slack", _tool("slack_post_message", "channel_id", "text"))
    v = s.check("slack_post_message", {"channel_id": "C0OPS00001", "text": "http://10.0.0.5/x"})
    assert (v.verdict, v.rule) == ("deny", "egress.private_address"), v


def test_an_image_the_platform_renders_is_still_judged() -> None:
    s = _session("github", _tool("add_issue_comment", "owner", "repo", "issue_number", "body"))
    body = "![x](http://169.254.169.254/latest/meta-data/x.png)"
    args = {"owner": "me", "repo": "app", "issue_number": "7", "body": body}
    v = s.check("add_issue_comment", args)
    assert v.verdict == "deny" and v.rule.startswith("egress."), v


def test_a_sink_is_still_judged() -> None:
    tools = {"post_webhook": {"exfiltrating": True, "sink_params": ["url"]}}
    s = _session("", _tool("post_webhook", "url", "body"), tools=tools)
    v = s.check("post_webhook", {"url": "http://169.254.169.254/latest", "body": "x"})
    assert v.verdict == "deny" and v.rule.startswith("egress."), v


def test_a_sending_tool_with_no_declared_sinks_has_every_string_read() -> None:
    tools = {"notify": {"exfiltrating": True}}
    s = _session("", _tool("notify", "message"), tools=tools)
    v = s.check("notify", {"message": "see http://169.254.169.254/latest"})
    assert v.verdict == "deny" and v.rule.startswith("egress."), v
