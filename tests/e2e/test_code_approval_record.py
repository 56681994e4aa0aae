"""The ``approval`` record of a call a person approved with ``cordon approve CODE`` says which
ask it answers, when the person approved and who: it names the code (as the ask's record
does), the time ``cordon approve`` was run (the record itself is written at the retry, which
may come minutes later) and the account and terminal it was run from. ``cordon explain`` of
the allowed retry shows them. Through the real ``cordon`` process and the SDK client."""

from __future__ import annotations

import os
import pwd
import re
import time

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, run_cordon, text_of
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_the_approval_record_names_the_code_its_time_and_the_approver(
    harness: Harness,
) -> None:
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
        approved = time.strftime("%Y-%m-%dT%H:%M", time.gmtime())
        time.sleep(1.2)  # the retry's record comes later than the approval
        ok = await client.call_tool("send_email", args)
        assert not ok.is_error, text_of(ok)
    ask = next(x for x in harness.records("verdict") if x.get("verdict") == "ask")
    (rec,) = harness.records("approval")
    allowed = harness.records("verdict")[-1]
    assert rec["code"] == ask["code"] == m.group(1), rec
    assert ask["ts"] < rec["approved_at"] < allowed["ts"], (ask, rec, allowed)
    assert rec["approved_at"].startswith(approved[:13]), rec
    assert rec["approved_by"].startswith(f"{pwd.getpwuid(os.getuid()).pw_name} (uid "), rec
    assert "/dev/" in rec["approved_by"], rec  # the terminal it was answered on
    shown = run_cordon(harness.home, "explain", str(allowed["seq"]), "--audit", str(harness.audit))
    assert f"(code {m.group(1)}, approved {rec['approved_at']} by " in shown.stdout, shown.stdout
