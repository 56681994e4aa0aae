"""A registered secret of digits sent as a JSON number is refused by every front end: the
proxy (``cordon run`` in front of tests/servers/mailbox.py, driven by the MCP SDK client),
the library's Gateway and ``cordon serve``'s ``check_tool_call``. The server would read
``4111111111111111`` as the same digits as the string; only strings were matched."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client

from cordon import Blocked, Gateway
from tests.conftest import Harness, mailbox_server, text_of
from tests.serve.test_serve_mcp import serve_params

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_CARD = 4111111111111111
_ECHO = {
    "name": "echo",
    "description": "Echo text back.",
    "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
}


async def test_a_secret_sent_as_a_number_is_refused_by_every_front_end(harness: Harness) -> None:
    card_file = harness.tmp / "card.txt"
    card_file.write_text(str(_CARD), "utf-8")
    policy = harness.policy({"version": 1, "secrets": {"files": [str(card_file)]}})
    box = harness.tmp / "box"
    box.mkdir()
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for args in ({"text": _CARD}, {"text": [1, {"n": _CARD}]}):
            r = await client.call_tool("echo", args)
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        r = await client.call_tool("echo", {"text": _CARD + 1})
        assert not r.is_error, text_of(r)
    arrived = [json.loads(x)["arguments"] for x in (box / "calls.log").read_text().splitlines()]
    assert arrived == [{"text": _CARD + 1}]
    assert str(_CARD) not in harness.audit.read_text("utf-8")

    sent: list[Any] = []
    gw = Gateway(policy=[policy])
    gw.add_tool("echo", "Echo text back.", lambda text: sent.append(text) or "ok")
    with pytest.raises(Blocked) as blocked:
        gw.call("echo", {"text": _CARD}, session=gw.new_session())
    assert blocked.value.rule == "secret.egress"
    assert sent == []

    serve = serve_params(harness.tmp, "--policy", str(policy))
    async with Client(serve, mode="legacy") as client:
        r = await client.call_tool(
            "check_tool_call",
            {
                "tool": "echo",
                "arguments": {"text": _CARD},
                "context": {"session_id": "numbers", "tools": [_ECHO]},
            },
        )
        sc = r.structured_content
        assert not r.is_error and sc is not None, text_of(r)
        assert (sc["verdict"], sc["rule"]) == ("deny", "secret.egress"), sc
