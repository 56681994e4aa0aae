"""Answers a client reads differently from cordon, through the real ``cordon run`` in front of
a raw server (``tests/servers/oddframes.py``), driven by the official SDK client in the default
content mode (warn). A response with both ``result`` and ``"error": null`` (the Python SDK
reads the result), a frame whose ``method`` is not a string, an error without a message: each
went out unscanned and unrecorded; now refused (JSON-RPC 2.0 section 5) and audited. A valid
error's text and an ``input_required`` result's content reach the client sanitised."""

from __future__ import annotations

import sys

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = ROOT / "tests" / "servers" / "oddframes.py"
KEY = "AKIA" + "Q3EGRTXN5ZV7HBLM"


async def test_answers_read_differently_are_refused_and_errors_sanitised(
    harness: Harness,
) -> None:
    box = harness.tmp / "odd"
    box.mkdir()
    params = harness.cordon([sys.executable, str(SERVER)], env={"ODD_DIR": str(box)})
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for tool in ("null_error", "bad_error"):
            with pytest.raises(MCPError) as refused:
                await client.call_tool(tool, {})
            assert "not a valid JSON-RPC response" in str(refused.value), tool
            assert KEY not in str(refused.value)
        # the frame whose method is 5 is dropped; the server's real answer after it arrives
        r = await client.call_tool("int_method", {})
        assert text_of(r) == "ok"
        with pytest.raises(MCPError) as err:
            await client.call_tool("poisoned_error", {})
        shown = f"{err.value} {getattr(err.value, 'error', '')}"
        assert KEY not in shown and "untrusted instruction" in shown, shown
        r = await client.call_tool("asks", {})
        assert KEY not in text_of(r) and "untrusted instruction" in text_of(r), text_of(r)
    calls = (box / "calls.jsonl").read_text().split()
    assert len(calls) == 5  # every call reached the server; only its answers were refused
    refused_reasons = sorted(r["reason"] for r in harness.records("frame_refused"))
    assert refused_reasons == [
        "invalid response",
        "invalid response",
        "method is not a string",
    ], refused_reasons
    where = sorted((r.get("where"), r["action"]) for r in harness.records("content"))
    assert ("error", "sanitise") in where, where
