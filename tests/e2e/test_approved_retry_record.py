"""The retry a person approved with ``cordon approve CODE`` is recorded as allowed by that
approval: its ``verdict`` record names the ask's rule and says a person approved it, so
``cordon audit tail`` shows why it passed (``default.allow``, "no rule objected", read as if
nothing had been asked). Through the real ``cordon`` process and the SDK client."""

from __future__ import annotations

import re

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, run_cordon, text_of
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_an_approved_retry_names_the_approval(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("nothing", "utf-8")
    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    args = {"to": "new.person@partner.example", "body": "hi"}
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("send_email", args)
        m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text_of(r))
        assert r.is_error and m, text_of(r)
        rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"yes\n")
        assert rc == 0, out
        ok = await client.call_tool("send_email", args)
        assert not ok.is_error, text_of(ok)
    calls = [r for r in harness.records("verdict") if r.get("tool") == "send_email"]
    asked, allowed = calls[0], calls[-1]
    assert asked["verdict"] == "ask" and allowed["verdict"] == "allow", calls
    assert allowed["rule"] == asked["rule"] == "taint.unverified_destination", allowed
    assert "approved by a person" in allowed["reason"], allowed
    tail = run_cordon(harness.home, "audit", "tail", str(harness.audit)).stdout
    row = next(line for line in tail.splitlines() if "│ allow " in line and "send_email" in line)
    assert "taint.unverified_destination" in row and "approved by a person" in row, tail
