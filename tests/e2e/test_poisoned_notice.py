"""A tool hidden for a poisoned definition is named on stderr, once, as a changed tool is.

Through the real ``cordon run`` in front of the mailbox server with ``MAILBOX_POISON_TOOL=1``
(a ``weather`` tool whose description carries hidden instructions), from the first start:
the client never sees the tool, and the person who started the client is told why on
stderr instead of finding only a missing tool (the reason was in the audit log alone).
"""

from __future__ import annotations

import json
import subprocess

import pytest

from cordon.audit.listing import as_per_tool
from tests.conftest import Harness, mailbox_server

pytestmark = [pytest.mark.e2e]


def test_a_tool_hidden_for_its_definition_is_named_on_stderr_once(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    p = harness.cordon(
        mailbox_server(), env={"MAILBOX_DIR": str(box), "MAILBOX_POISON_TOOL": "1"}, name="mail"
    )
    proc = subprocess.Popen(
        [p.command, *p.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=p.env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    init = {"protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
    frames = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {}},
    ]
    proc.stdin.write(b"".join(json.dumps(f).encode() + b"\n" for f in frames))
    proc.stdin.flush()
    listed = []
    while len(listed) < 2:
        msg = json.loads(proc.stdout.readline())
        if msg.get("id") in (2, 3):
            listed.append({t["name"] for t in msg["result"]["tools"]})
    _, err = proc.communicate(timeout=30)  # closes stdin: the client is done
    assert all("weather" not in names and "echo" in names for names in listed), listed
    lines = [ln for ln in err.decode().splitlines() if "'weather'" in ln]
    assert len(lines) == 1, err.decode()  # two lists, one notice
    assert "hidden" in lines[0] and "inj." in lines[0], lines[0]
    assert any(
        r.get("tool") == "weather" and r.get("rule") == "content.poisoned_definition"
        for r in as_per_tool(harness.records())
    )
