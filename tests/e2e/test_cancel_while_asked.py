"""A call the client cancels while cordon decides it, whose verdict is an ask, is resolved:
no one is asked about it, nothing answers it, and its id is free for the next request.
Through the real `cordon` process, with a client that declared elicitation."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tests.conftest import Harness, mailbox_server

pytestmark = [pytest.mark.e2e]


def _frames(proc: subprocess.Popen[bytes], until_id: Any) -> list[dict[str, Any]]:
    """Every frame cordon writes up to the response with ``until_id``."""
    assert proc.stdout is not None
    out = []
    while True:
        line = proc.stdout.readline()
        assert line, "cordon closed its stdout"
        msg = json.loads(line)
        out.append(msg)
        if msg.get("id") == until_id and "method" not in msg:
            return out


def test_cancel_while_decided_then_ask_asks_no_one_and_frees_the_id(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    p = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    proc = subprocess.Popen([p.command, *p.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=p.env)  # fmt: skip
    assert proc.stdin is not None

    def send(*msgs: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in msgs))
        proc.stdin.flush()

    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
        _frames(proc, 1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        _frames(proc, 2)
        # a call whose verdict is an ask (a destination never seen), cancelled in the same
        # write: the cancel reaches cordon while the call is still being decided (a call over
        # 32 KB is decided on the decision thread while the loop reads on: proxy/transport.py)
        call = {"name": "send_email", "arguments": {"to": "new.person@partner.example",
                                                    "body": "x" * 200_000}}  # fmt: skip
        cancel = {"requestId": 3, "reason": "user pressed stop"}
        send(
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": call},
            {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": cancel},
        )
        # a ping behind them in the client's lane is answered once the call is decided;
        # nothing about the cancelled call (no question to a person, no answer) comes first
        send({"jsonrpc": "2.0", "id": 4, "method": "ping"})
        frames = _frames(proc, 4)
        assert [(f.get("id"), f.get("method")) for f in frames] == [(4, None)], frames
        # and its id is free again: a new request with it is answered
        echo = {"name": "echo", "arguments": {"text": "still here"}}
        send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": echo})
        frames = _frames(proc, 3)
        assert "result" in frames[-1], frames[-1]
        assert frames[-1]["result"]["content"][0]["text"] == "still here", frames
    finally:
        proc.stdin.close()
        proc.wait(20)
    assert not (box / "outbox").exists()
    verdicts = [r for r in harness.records("verdict") if r["tool"] == "send_email"]
    assert len(verdicts) == 1 and verdicts[0].get("answer") == "cancelled", verdicts
