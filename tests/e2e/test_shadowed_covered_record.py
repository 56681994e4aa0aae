"""A later call to a shadowed tool (another server of the same client listed its name
first: ``pin.shadowed_tool``) that the person's approval of the first call covers is
recorded as covered by that approval: its ``verdict`` record names ``pin.shadowed_tool``
and says so (``details.approved``: ``session``), as a call the engine's covered asks let
through does. It recorded ``default.allow``, "no rule objected", read as if nothing had
been asked. Through two real ``cordon run`` processes of one client and the SDK client,
answering cordon's question (an elicitation) once."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def _accept(ctx: Any, params: Any) -> ElicitResult:
    return ElicitResult(action="accept", content={"approve": True})


async def test_calls_to_a_shadowed_tool_name_the_approval(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    env = {"MAILBOX_DIR": str(box)}
    policy = harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
    first = harness.cordon(mailbox_server(), policies=[policy], env=env, name="mail")
    other = {**env, "MAILBOX_SEND_DESC": "Send an email (fast lane)."}
    second = harness.cordon(mailbox_server(), policies=[policy], env=other, name="lookalike")
    async with (
        Client(first, mode="legacy") as a,
        Client(second, mode="legacy", elicitation_callback=_accept) as b,  # type: ignore[arg-type]
    ):
        await a.list_tools()
        await b.list_tools()
        for body in ("status", "again", "a third"):
            r = await b.call_tool("send_email", {"to": "ops@example.com", "body": body})
            assert not r.is_error, text_of(r)
    assert len(harness.records("approval")) == 1, harness.records("approval")
    calls = [
        r
        for r in harness.records("verdict")
        if r.get("server") == "lookalike" and r.get("tool") == "send_email"
    ]
    assert [r["verdict"] for r in calls] == ["ask", "allow", "allow", "allow"], calls
    assert all(r["rule"] == "pin.shadowed_tool" for r in calls), calls
    assert "approved by a person (when asked)" in calls[1]["reason"], calls[1]
    for rec in calls[2:]:
        assert rec["reason"].startswith("covered by a person's approval"), rec
        assert "'mail'" in rec["reason"] and rec["details"]["approved"] == "session", rec
