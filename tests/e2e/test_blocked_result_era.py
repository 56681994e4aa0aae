"""A blocked ``tools/call`` result in each protocol era, as JSON on the wire.

2026-07-28 results carry ``resultType`` (``"complete"``); the CallToolResult of the
``initialize`` era (2025-11-25 and earlier) defines no such field, so cordon's own blocked
result for a request of that era must not carry it (newcomer trial). The era is the
request's: a 2026-07-28 request has ``_meta["io.modelcontextprotocol/protocolVersion"]``.
Both cases go through the real ``cordon run`` in front of the mailbox server (mcp 2.x), and
the denied mail is checked absent from the outbox.
"""

from __future__ import annotations

import pytest

from tests.conftest import Harness
from tests.e2e._raw import MODERN, MailboxRaw

pytestmark = [pytest.mark.e2e]

POLICY = {"version": 1, "tools": {"send_email": {"max_calls": 0}}}


@pytest.mark.parametrize(
    ("protocol", "result_type"),
    [("2025-06-18", None), ("2025-11-25", None), (MODERN, "complete")],
)
def test_a_blocked_result_has_result_type_only_in_the_2026_era(
    harness: Harness, protocol: str, result_type: str | None
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hello\n", "utf-8")
    c = MailboxRaw(harness, box, policy=POLICY, protocol=protocol)
    try:
        reply = c.ask("tools/call", {"name": "send_email", "arguments": {"to": "a@b.example"}})
        result = reply["result"]
        assert result["isError"] is True
        assert result["content"][0]["text"].startswith("[cordon blocked]")
        assert result.get("resultType") == result_type
        assert ("resultType" in result) == (result_type is not None)
        # an allowed call of the same connection is answered by the server as usual
        assert c.call("read_inbox", {})["content"][0]["text"].startswith("hello")
        assert c.sent() == []
    finally:
        assert c.close() == 0
