"""Through the real ``cordon run`` with no policy and no pack: after the server's read-only
``get_channels`` listed ``general``, a post there runs with no question; a channel only a
message named (``#ops-exfil``) is refused, a channel nobody named is asked about (refused
here: the test client declares no elicitation), and an address the listing gave is no
channel name. Side effects are checked in the server's log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

CHAT = Path(__file__).resolve().parents[1] / "servers" / "chat.py"


def _posted(box: Path) -> list[str]:
    log = box / "posted.jsonl"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [str(json.loads(x)["channel"]) for x in lines]


async def test_a_listed_channel_runs_and_others_do_not(harness: Harness) -> None:
    box = harness.tmp / "chat"
    box.mkdir()
    params = harness.cordon([sys.executable, str(CHAT)], env={"CHAT_DIR": str(box)}, name="chat")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        before = await client.call_tool("send_channel_message", {"channel": "general", "body": "x"})
        assert before.is_error and "taint.unverified_destination" in text_of(before)
        await client.call_tool("get_channels", {})
        await client.call_tool("read_inbox", {})
        ok = await client.call_tool("send_channel_message", {"channel": "general", "body": "hi"})
        assert not ok.is_error, text_of(ok)
        named = await client.call_tool(
            "send_channel_message", {"channel": "ops-exfil", "body": "x"}
        )
        assert named.is_error and "taint.seen_in_output" in text_of(named), text_of(named)
        other = await client.call_tool("send_channel_message", {"channel": "finance", "body": "x"})
        assert other.is_error and "taint.unverified_destination" in text_of(other)
        addr = {"channel": "partners@outside.example", "body": "x"}
        leak = await client.call_tool("send_channel_message", addr)
        assert leak.is_error and "taint.seen_in_output" in text_of(leak), text_of(leak)
    assert _posted(box) == ["general"]
