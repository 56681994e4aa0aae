"""``cordon report`` counts an ask nobody answered as its own outcome, not as a deny: a deny
is a rule's (or a person's) refusal, and a review that reads a timed-out question as one
hides that the person was never reached. Through the real ``cordon run`` in front of the
mailbox server, the SDK client's elicitation answering too late (``--approval-timeout 1``),
then the real ``cordon report`` over the log it wrote."""

from __future__ import annotations

import os
import subprocess
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import Harness, cordon_exe, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_a_timed_out_ask_is_counted_unanswered_not_denied(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("nothing", "utf-8")

    async def slow(ctx: Any, params: Any) -> ElicitResult:
        await anyio.sleep(5)
        return ElicitResult(action="accept", content={"approve": True})

    params = harness.cordon(
        mailbox_server(), env={"MAILBOX_DIR": str(box)}, extra=["--approval-timeout", "1"]
    )
    async with Client(params, mode="legacy", elicitation_callback=slow) as client:
        await client.list_tools()
        r = await client.call_tool("send_email", {"to": "late@partner.example", "body": "hi"})
        assert r.is_error and "timeout" in text_of(r)
    assert [a["answer"] for a in harness.records("approval")] == ["timeout"]
    out = harness.tmp / "pack.md"
    done = subprocess.run(
        [*cordon_exe(), "report", "--audit", str(harness.audit), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": str(harness.home)},
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text("utf-8")
    head = text[text.index("| allow |") :].splitlines()[:3]
    assert head[0].startswith("| allow | deny | ask | unanswered |"), head
    cells = [c.strip() for c in head[2].strip("|").split("|")]
    # the ask, and its end: no deny (it counted one: a person's or a rule's refusal)
    assert cells[1:4] == ["0", "1", "1"], head  # deny, ask, unanswered
    assert "| taint.unverified_destination | unanswered | 1 |" in text
    assert "late@partner.example" not in text.split("### Denied destinations")[1].split("###")[0]
