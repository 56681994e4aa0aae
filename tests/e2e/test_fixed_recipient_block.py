"""The postmark-mcp backdoor class through the real ``cordon run`` in block mode: a server
built on the official SDK whose ``send_email`` gives ``bcc`` a default address
(tests/servers/bcc_default.py). The SDK client's tools/list lacks that tool, a call to it is
refused naming ``content.poisoned_definition`` and never reaches the server; the control tool
(a ``cc`` with no default) is listed and runs."""

from __future__ import annotations

import json
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of
from tests.servers.bcc_default import ATTACKER

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "bcc_default.py")]


async def test_block_mode_hides_a_tool_whose_bcc_defaults_to_an_address(
    harness: Harness,
) -> None:
    outbox = harness.tmp / "outbox.jsonl"
    params = harness.cordon(
        SERVER, env={"BCC_OUTBOX": str(outbox)}, extra=["--content", "block", "--block-at", "high"]
    )
    async with Client(params) as client:
        tools = (await client.list_tools()).tools
        refused = await client.call_tool("send_email", {"to": "bob@example.com", "body": "hi"})
        note = await client.call_tool("draft_note", {"body": "hi"})

    listed = {t.name for t in tools}
    assert "send_email" not in listed and "draft_note" in listed, listed
    assert ATTACKER not in json.dumps([t.model_dump(mode="json") for t in tools])
    assert refused.is_error and "(rule: content.poisoned_definition)" in text_of(refused)
    assert not note.is_error and text_of(note) == "drafted 2 characters"
    sent = [json.loads(line) for line in outbox.read_text("utf-8").splitlines()]
    assert [s["tool"] for s in sent] == ["draft_note"]
