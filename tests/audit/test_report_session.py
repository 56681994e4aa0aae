"""The review pack from a real session: the mailbox server behind the real `cordon run`."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client
from typer.testing import CliRunner

from cordon.audit.log import verify
from cordon.audit.report import build_report, render_markdown
from cordon.cli import app
from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_report_from_real_session(harness: Harness, tmp_path: Path) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    policy = harness.policy(
        {
            "version": 1,
            "trusted_destinations": ["ops@example.com"],
            "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}},
        }
    )
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    async with Client(params, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        await client.list_tools()
        ok = await client.call_tool("send_email", {"to": "ops@example.com", "body": "status"})
        assert not ok.is_error, text_of(ok)
        unknown = await client.call_tool("no_such_tool", {})
        assert unknown.is_error
        await client.call_tool("rug_pull", {})
        await client.list_tools()
        denied = await client.call_tool("send_email", {"to": "ops@example.com", "body": "again"})
        assert denied.is_error and "pin.changed" in text_of(denied)

    assert verify(harness.audit).ok
    data = build_report(audit=harness.audit, policies=[policy])
    md = render_markdown(data)
    assert data.chain.ok
    assert data.starts and data.starts[0]["server"] == "mail"
    assert data.verdict_counts.get("allow", 0) >= 2  # send_email, rug_pull
    rules = {(r, v) for r, v, _ in data.rule_counts}
    assert ("pin.unknown_tool", "deny") in rules
    assert ("pin.changed", "deny") in rules
    assert data.rug_pulls and data.rug_pulls[0]["tool"] == "send_email"
    assert data.rug_pulls[0]["changed_fields"] == ["description"]
    # the policy given is the one the log's start record names: no mismatch finding
    assert not any("not the one in the log" in f for f in data.findings)
    assert "| mail | send_email | sending tool (sinks: to; no tool allowlist) |" in md
    assert "LLM03:2025 Supply Chain" in md and "`pin.` x" in md

    out = tmp_path / "pack.md"
    result = CliRunner().invoke(
        app, ["report", "--audit", str(harness.audit), "--policy", str(policy), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "## 2. Audit summary" in out.read_text()
