"""One approval covers the whole call a person was shown, through the real ``cordon run``.

A ``send_email`` to two new addresses needs approval for both. The person is asked once,
about both; one approval (a one-time code typed into ``cordon approve``, a legacy
elicitation, a 2026-07-28 ``input_required`` answer) lets exactly that call through. Before,
the proxy asked about one address at a time, and with a one-time code the retry asked about
the other address with the first approval spent: the call never went through.

The upstream is tests/servers/mailbox.py; a sent mail lands in ``outbox/``, so every assertion
is on the side effect.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import Harness, mailbox_server, text_of
from tests.e2e.test_taint_approvals import _outbox, _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TWO = "first.person@partner-one.example, second.person@partner-two.example"
ARGS = {"to": TWO, "subject": "q3", "body": "the totals"}


def _box(harness: Harness) -> Path:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("nothing interesting", "utf-8")
    return box


def _names_both(text: str) -> bool:
    return "first.person@partner-one.example" in text and (
        "second.person@partner-two.example" in text
    )


@pytest.mark.requirement("inv:deny-not-forwarded")
async def test_one_code_lets_a_two_destination_call_through_once(harness: Harness) -> None:
    box = _box(harness)
    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("send_email", ARGS)
        assert r.is_error and _names_both(text_of(r)), text_of(r)
        m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text_of(r))
        assert m, text_of(r)
        rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"yes\n")
        assert rc == 0, out
        assert _names_both(" ".join(out.split())), out  # the person saw both addresses
        assert _outbox(box) == []

        # the code is bound to this exact call: not another body, not one address alone
        for other in (
            {**ARGS, "body": "everything else"},
            {**ARGS, "to": "first.person@partner-one.example"},
        ):
            denied = await client.call_tool("send_email", other)
            assert denied.is_error and "cordon approve" in text_of(denied), text_of(denied)
        assert _outbox(box) == []

        ok = await client.call_tool("send_email", ARGS)
        assert not ok.is_error, text_of(ok)
        again = await client.call_tool("send_email", ARGS)
        assert again.is_error and "cordon approve" in text_of(again)  # one retry only
    sent = _outbox(box)
    assert [(s["to"], s["body"]) for s in sent] == [(TWO, "the totals")]
    codes = [a for a in harness.records("approval") if a["channel"] == "code"]
    assert len(codes) == 1 and codes[0]["answer"] == "accept"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_one_question_about_both_destinations(harness: Harness, mode: str) -> None:
    """Legacy ``elicitation/create`` and 2026-07-28 ``input_required``: one question naming
    both addresses; its accept sends the mail, and lasts for the session (no second question
    for either address)."""
    box = _box(harness)
    asked: list[str] = []

    async def on_elicit(ctx: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"approve": True})

    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(params, mode=mode, elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("send_email", ARGS)
        assert not r.is_error, text_of(r)
        assert len(asked) == 1 and _names_both(asked[0]), asked
        r2 = await client.call_tool(
            "send_email", {"to": "second.person@partner-two.example", "body": "again"}
        )
        assert not r2.is_error, text_of(r2)
        assert len(asked) == 1
        # a destination the person was not shown is asked about, alone
        r3 = await client.call_tool(
            "send_email", {"to": "third@partner-three.example", "body": "x"}
        )
        assert not r3.is_error, text_of(r3)
        assert len(asked) == 2 and "third@partner-three.example" in asked[1]
        assert "partner-one" not in asked[1] and "partner-two" not in asked[1]
    assert [m["to"] for m in _outbox(box)] == [
        TWO,
        "second.person@partner-two.example",
        "third@partner-three.example",
    ]
    approvals = harness.records("approval")
    assert [a["answer"] for a in approvals] == ["accept", "accept"]
