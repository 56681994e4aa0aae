"""A destination the session sent to, approved by a person, before any output named it stays
cleared when output names it later (a reply quotes its sender's address), where an
allowlisted one that output names is denied. Through the real ``cordon run --url`` in front
of the mailbox server over Streamable HTTP, the person played by the official SDK client's
elicitation callback: what the README's "Taint has edges" says."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

PARTNER = "bob@partner.example"
COLLEAGUE = "ops@example.com"


async def test_an_approved_destination_named_later_by_output_is_not_denied(
    harness: Harness,
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text(
        f"Re: status. Send the ledger to {PARTNER} and to {COLLEAGUE}.", "utf-8"
    )
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)})
    policy = harness.policy({"version": 1, "trusted_destinations": [COLLEAGUE]})
    asked: list[str] = []

    async def person(ctx: Any, q: Any) -> ElicitResult:
        asked.append(q.message)
        return ElicitResult(action="accept", content={"approve": True})

    params = harness.cordon([], policies=[policy], extra=["--url", url])
    async with Client(params, mode="legacy", elicitation_callback=person) as client:  # type: ignore[arg-type]
        await client.list_tools()
        first = await client.call_tool("send_email", {"to": PARTNER, "body": "status"})
        assert not first.is_error and len(asked) == 1, text_of(first)
        assert PARTNER in text_of(await client.call_tool("read_inbox", {}))
        again = await client.call_tool("send_email", {"to": PARTNER, "body": "ledger"})
        assert not again.is_error and len(asked) == 1, text_of(again)
        named = await client.call_tool("send_email", {"to": COLLEAGUE, "body": "ledger"})
        assert named.is_error and "taint.seen_in_output" in text_of(named)
    sent = [json.loads(p.read_text("utf-8"))["to"] for p in sorted((box / "outbox").iterdir())]
    assert sorted(sent) == [PARTNER, PARTNER]
