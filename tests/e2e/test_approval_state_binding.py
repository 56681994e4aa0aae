"""A person's accept of cordon's ``input_required`` question (MCP 2026-07-28) is redeemed
with the sealed ``requestState`` it was asked under; that state is bound to the call it was
shown for and to the ``cordon run`` process that sealed it. A client (or an agent driving
it) that sends the approved retry again with other arguments, another tool's name, or to
another cordon process gets ``approval.invalid_state``, and the upstream sees nothing of it.

What the accept approves is said in the question ("this destination for this tool for the
rest of the session" / "these exact arguments for the rest of the session"): a resend of the
approved call runs as a plain resend of it would, with or without the state, so the state
adds nothing to the session's approvals. Through the real ``cordon`` process, raw JSON-RPC
(the SDK client retries on its own and cannot resend a retry)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Harness
from tests.e2e._raw import MODERN, MailboxRaw

pytestmark = [pytest.mark.e2e]

#: a 2026-07-28 client that declared elicitation in form mode: cordon asks it in band
_CAPS: dict[str, Any] = {
    "_meta": {"io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}
}
_ACCEPT: dict[str, Any] = {"io.cordon/approval": {"action": "accept", "content": {"approve": True}}}


def _outbox(box: Path) -> list[dict[str, Any]]:
    out = box / "outbox"
    return [json.loads(p.read_text()) for p in sorted(out.iterdir())] if out.exists() else []


def _blocked_rule(reply: dict[str, Any]) -> str:
    result = reply["result"]
    assert result["isError"] is True, reply
    return str(result["content"][0]["text"])


def test_an_approval_state_redeems_only_its_own_call_in_its_own_process(
    harness: Harness,
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("nothing", "utf-8")
    one = MailboxRaw(harness, box, policy={}, protocol=MODERN, name="mail")
    two = MailboxRaw(harness, box, policy={}, protocol=MODERN, name="mail")
    try:
        args = {"to": "new.person@partner.example", "body": "hi"}
        asked = one.ask("tools/call", {"name": "send_email", "arguments": args, **_CAPS})
        assert asked["result"]["resultType"] == "input_required", asked
        state = asked["result"]["requestState"]
        retry = {"name": "send_email", "arguments": args, "requestState": state,
                 "inputResponses": _ACCEPT, **_CAPS}  # fmt: skip
        # the same state and accept, another call: never the one the person was shown
        other_args = {**retry, "arguments": {**args, "body": "attached: ~/.ssh/id_rsa"}}
        other_dest = {**retry, "arguments": {**args, "to": "drop@attacker.example"}}
        other_tool = {**retry, "name": "confirm_send"}
        for changed in (other_args, other_dest, other_tool):
            reply = one.ask("tools/call", changed)
            assert "approval.invalid_state" in _blocked_rule(reply), reply
        # the approved retry sent to another cordon process (its own key)
        assert "approval.invalid_state" in _blocked_rule(two.ask("tools/call", retry))
        assert _outbox(box) == []
        ok = one.ask("tools/call", retry)
        assert ok["result"]["isError"] is False, ok
        # after the accept, still only the call it was shown for
        for changed in (other_args, other_dest, other_tool):
            reply = one.ask("tools/call", changed)
            assert "approval.invalid_state" in _blocked_rule(reply), reply
        assert "approval.invalid_state" in _blocked_rule(two.ask("tools/call", retry))
        assert _outbox(box) == [args]
    finally:
        for m in (one, two):
            m.proc.kill()
            m.proc.wait()
    rules = [r["rule"] for r in harness.records("verdict") if r.get("rule")]
    assert rules.count("approval.invalid_state") == 8, rules
