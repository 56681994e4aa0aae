"""``cordon approve`` shows which server a one-time code belongs to: its name and what it
runs (the command line, and the directory it started in; or the URL). Codes are scoped to
the server instance (two servers given one name do not redeem each other's), but the
approver saw only the name, so could not tell which of two ``mail`` servers asked. Through
two real ``cordon run`` processes of one name sharing an approvals store, a client without
elicitation, and ``cordon approve`` in a terminal (answered no)."""

from __future__ import annotations

import os
import re
import shlex
import sys

import pytest
from mcp import Client

from tests._tty import plain
from tests.conftest import MAILBOX, Harness, text_of
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

CALL = {"to": "new.person@partner.example", "body": "the totals"}


async def test_approve_names_the_command_line_of_the_code_server(harness: Harness) -> None:
    commands = ([sys.executable, str(MAILBOX)], [sys.executable, "-I", str(MAILBOX)])
    shown = []
    for n, command in enumerate(commands):
        box = harness.tmp / f"box{n}"
        box.mkdir()
        (box / "inbox.txt").write_text("nothing", "utf-8")
        pins = ["--pin-file", str(harness.tmp / f"pins{n}.json")]
        params = harness.cordon(command, extra=pins, env={"MAILBOX_DIR": str(box)}, name="mail")
        async with Client(params, mode="legacy") as client:
            await client.list_tools()
            r = await client.call_tool("send_email", CALL)
        m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text_of(r))
        assert m, text_of(r)
        rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"no\n")
        assert rc == 1, out  # (nothing approved)
        shown.append(plain(out))
    assert shlex.join(commands[0]) in shown[0], shown[0]
    assert shlex.join(commands[1]) in shown[1], shown[1]
    assert shlex.join(commands[1][:2]) not in shown[0], shown[0]  # (the other's is not shown)
    assert f"(in {os.getcwd()})" in shown[0], shown[0]  # (the directory it started in)
