"""A later call that a person's approval covers (the same destination, or the same
arguments, for the rest of the session) is recorded as covered by that approval: its
``verdict`` record names the approved ask's rule and says so, so ``cordon audit`` shows why
it ran. It recorded ``default.allow``, "no rule objected", read as if nothing had been asked.
Through the real ``cordon run`` and the SDK client, answering cordon's question (an
elicitation) once."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import Harness, mailbox_server, run_cordon, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def _accept(ctx: Any, params: Any) -> ElicitResult:
    return ElicitResult(action="accept", content={"approve": True})


async def test_calls_an_approval_covers_name_it(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("nothing", "utf-8")
    policy = harness.policy({"version": 1, "tools": {"echo": {"destructive": True}}})
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    to = "new.person@partner.example"
    async with Client(params, mode="legacy", elicitation_callback=_accept) as client:  # type: ignore[arg-type]
        await client.list_tools()
        for body in ("hi", "again", "a third"):
            r = await client.call_tool("send_email", {"to": to, "body": body})
            assert not r.is_error, text_of(r)
        for _ in range(2):
            r = await client.call_tool("echo", {"text": "wipe it"})
            assert not r.is_error, text_of(r)
    approvals = harness.records("approval")
    assert len(approvals) == 2, approvals  # one question each, then covered
    calls = [r for r in harness.records("verdict") if r.get("tool") == "send_email"]
    assert [r["verdict"] for r in calls] == ["ask", "allow", "allow", "allow"], calls
    first, *later = calls[1:]
    assert first["rule"] == "taint.unverified_destination", first
    assert "approved by a person (when asked)" in first["reason"], first
    for rec in later:
        assert rec["rule"] == "taint.unverified_destination", rec
        assert "covered by" in rec["reason"] and to in rec["reason"], rec
        assert rec["details"]["approved"] == "session", rec
    echoes = [r for r in harness.records("verdict") if r.get("tool") == "echo"]
    assert [r["verdict"] for r in echoes] == ["ask", "allow", "allow"], echoes
    assert echoes[0]["rule"] == echoes[2]["rule"] != "default.allow", echoes
    assert "covered by" in echoes[2]["reason"], echoes
    shown = run_cordon(harness.home, "audit", "show", str(harness.audit), "--tool", "echo")
    rows = [line for line in shown.stdout.splitlines() if "│ allow " in line]
    assert len(rows) == 2 and all(echoes[0]["rule"] in row for row in rows), shown.stdout
    assert "covered by" in rows[1], shown.stdout
