"""A one-time approval code lets through a retry on the server it was issued for, not on
another server given the same name: codes were keyed by the server's name (with the tool,
the ask and the call), so two wrapped servers of one name (two ``cordon run --name mail``
with different commands, or a client config listing one name twice, each with its own pin
file as ``cordon init`` gives it) redeemed each other's codes: a person approved the call
to one program and the other ran it. Through two real ``cordon run`` processes sharing one
approvals store, a client without elicitation and ``cordon approve`` in a terminal."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import MAILBOX, Harness, text_of
from tests.e2e.test_taint_approvals import _outbox, _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

CALL = {"to": "new.person@partner.example", "body": "the totals"}


def _code(text: str) -> str:
    m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text)
    assert m, text
    return m.group(1)


async def code_stays_with_its_server(
    harness: Harness, params: list[Any], boxes: list[Path]
) -> None:
    """A code issued by the first server and approved in a terminal: the second (the same
    name) asks again with another code and sends nothing; the first's retry is sent."""
    async with Client(params[0], mode="legacy") as first:
        await first.list_tools()
        r = await first.call_tool("send_email", CALL)
        assert r.is_error, text_of(r)
        code = _code(text_of(r))
        rc, out = _run_approve_in_pty(code, harness.store, harness.home, b"yes\n")
        assert rc == 0, out
        async with Client(params[1], mode="legacy") as second:
            await second.list_tools()
            other = await second.call_tool("send_email", CALL)
            assert other.is_error, text_of(other)
            assert _code(text_of(other)) != code, text_of(other)
        assert _outbox(boxes[1]) == []  # the other server's mail never went
        ok = await first.call_tool("send_email", CALL)  # the server the code is for
        assert not ok.is_error, text_of(ok)
    assert [m["to"] for m in _outbox(boxes[0])] == [CALL["to"]]


async def test_a_code_is_redeemed_only_by_the_server_it_was_issued_for(
    harness: Harness,
) -> None:
    boxes: list[Path] = []
    params = []
    # one program under one name, two command lines (the second runs it with -I)
    for n, command in enumerate(
        ([sys.executable, str(MAILBOX)], [sys.executable, "-I", str(MAILBOX)])
    ):
        box = harness.tmp / f"box{n}"
        box.mkdir()
        (box / "inbox.txt").write_text("nothing", "utf-8")
        boxes.append(box)
        pins = ["--pin-file", str(harness.tmp / f"pins{n}.json")]
        params.append(
            harness.cordon(command, extra=pins, env={"MAILBOX_DIR": str(box)}, name="mail")
        )
    await code_stays_with_its_server(harness, params, boxes)
