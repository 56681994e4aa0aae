"""A one-time approval code is not redeemed by another server started with the same name,
the same command line and the same pin file but another environment or working directory:
a client config commonly tells two accounts of one server apart by ``env`` alone (a token,
a mailbox, a profile) or by the directory it starts it in (a filesystem server given ``.``).
The code's scope held the name, the command line or URL and headers, and the pin file, so
the person approved a mail from one account and the other account sent it. Through two
real ``cordon run`` processes sharing one approvals store and one pin file, a client
without elicitation and ``cordon approve`` in a terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import MAILBOX, Harness, text_of
from tests.e2e.test_code_server_identity import CALL, _code
from tests.e2e.test_taint_approvals import _outbox, _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_a_code_is_not_redeemed_by_the_same_command_with_another_environment(
    harness: Harness,
) -> None:
    boxes: list[Path] = []
    params = []
    pins = ["--pin-file", str(harness.tmp / "pins.json")]  # one pin file for both
    for n in range(2):
        box = harness.tmp / f"box{n}"
        box.mkdir()
        (box / "inbox.txt").write_text("nothing", "utf-8")
        boxes.append(box)
        # one name, one command line: the account is told by the environment alone
        cmd = [sys.executable, str(MAILBOX)]
        params.append(harness.cordon(cmd, extra=pins, env={"MAILBOX_DIR": str(box)}, name="mail"))
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
        assert _outbox(boxes[1]) == []  # the other account's mail never went
        ok = await first.call_tool("send_email", CALL)  # the server the code is for
        assert not ok.is_error, text_of(ok)
    assert [m["to"] for m in _outbox(boxes[0])] == [CALL["to"]]
