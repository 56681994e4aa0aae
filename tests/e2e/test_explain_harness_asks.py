"""``cordon explain`` on an ask that ``cordon serve`` or the library's ``Gateway`` recorded.

Neither puts an ask to a person through cordon: ``cordon serve`` hands it back to the
harness that called ``check_tool_call`` (it keeps no approvals and issues no code), and the
``Gateway`` puts it to its ``on_ask``. Their ask records carry no ``asked`` key (that is
``cordon run``'s: code, elicitation ...), and explain printed ``asked: None`` for them. It says
who got the question, and that no one-time code exists for ``cordon approve``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client

from cordon import Blocked, Gateway
from cordon.audit.log import AuditLog
from tests.conftest import run_cordon
from tests.serve.test_serve_mcp import serve_params

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TOOLS = [
    {
        "name": "send_email",
        "description": "Send mail.",
        "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}}},
    }
]


def _asked_line(stdout: str) -> str:
    lines = [line for line in stdout.splitlines() if line.startswith("asked:")]
    assert len(lines) == 1, stdout
    return lines[0]


async def test_explain_says_serve_returned_the_ask_to_its_caller(tmp_path: Path) -> None:
    log = tmp_path / "serve-audit.jsonl"
    async with Client(serve_params(tmp_path, "--audit", str(log)), cache=None) as client:
        r = await client.call_tool(
            "check_tool_call",
            {
                "tool": "send_email",
                "arguments": {"to": "new@partner.example"},
                "context": {"server": "mail", "tools": TOOLS},
            },
        )
        assert r.structured_content is not None
        assert r.structured_content["verdict"] == "ask"
    done = run_cordon(tmp_path, "explain", "--audit", str(log))
    assert done.returncode == 0, done.stdout + done.stderr
    line = _asked_line(done.stdout)
    assert "None" not in line
    assert "cordon serve" in line and "no one-time code" in line


def test_explain_says_the_gateway_put_the_ask_to_on_ask(tmp_path: Path) -> None:
    log = tmp_path / "agent-audit.jsonl"
    gw = Gateway(policy={"version": 1}, audit=AuditLog(log), on_ask=lambda d: False)
    gw.add_tool("send_email", "Send mail.", lambda to: "sent", egress=True)
    with pytest.raises(Blocked):
        gw.call("send_email", {"to": "new@partner.example"}, session=gw.new_session())
    records = [json.loads(line) for line in log.read_text().splitlines()]
    seq = next(str(r["seq"]) for r in records if r.get("verdict") == "ask")
    done = run_cordon(tmp_path, "explain", seq, "--audit", str(log))
    assert done.returncode == 0, done.stdout + done.stderr
    line = _asked_line(done.stdout)
    assert "None" not in line
    assert "on_ask" in line and "no one-time code" in line
    assert "approval by on_ask: deny" in done.stdout
