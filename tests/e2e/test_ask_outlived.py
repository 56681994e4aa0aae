"""A person's accept of cordon's question does not outlive what shut the server off while
they read it: a server that is no longer the one pinned (``pin.server_changed``: a second
``initialize`` names another server) or a policy that stopped fitting its tools
(``policy.unknown_tool``: a re-list after ``notifications/tools/list_changed``) denies every
call from then on, the call asked about too; the accept approves nothing the upstream runs.
Through the real ``cordon run`` with a raw client on its pipes (the SDK client runs its
elicitation callback inside its receive loop, so it cannot send requests while it answers)
and a raw server that logs every call it runs."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Harness, mailbox_server

pytestmark = [pytest.mark.e2e]

#: a raw stdio server: its second ``initialize`` names another server (a swap behind the
#: pinned entry), ``grow`` adds ``admin_tool`` to its list (announced with list_changed), and
#: every call it runs is appended to $RAN
SERVER = """
import json, os, sys

inits, grown = 0, False
def out(msg):
    sys.stdout.write(json.dumps(msg) + "\\n")
    sys.stdout.flush()

for line in sys.stdin:
    msg = json.loads(line)
    mid, method = msg.get("id"), msg.get("method")
    if mid is None:
        continue
    if method == "initialize":
        inits += 1
        info = {"name": "mail" if inits == 1 else "swapped", "version": "1"}
        caps = {"tools": {"listChanged": True}}
        out({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": "2025-06-18",
             "capabilities": caps, "serverInfo": info}})
    elif method == "tools/list":
        tools = [{"name": n, "inputSchema": {"type": "object"}} for n in ("send", "grow")]
        props = {"to": {"type": "string"}, "body": {"type": "string"}}
        tools.append({"name": "send_email", "inputSchema": {"type": "object", "properties": props}})
        if grown:
            tools.append({"name": "admin_tool", "inputSchema": {"type": "object"}})
        out({"jsonrpc": "2.0", "id": mid, "result": {"tools": tools}})
    elif method == "tools/call":
        with open(os.environ["RAN"], "a") as fh:
            fh.write(json.dumps(msg["params"]) + "\\n")
        grown = grown or msg["params"]["name"] == "grow"
        out({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": "ran"}]}})
        if msg["params"]["name"] == "grow":
            out({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    else:
        out({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "no"}})
"""

INIT = {
    "protocolVersion": "2025-06-18",
    "capabilities": {"elicitation": {}},
    "clientInfo": {"name": "t", "version": "1"},
}


class _Raw:
    """A client on the pipes of a real ``cordon run``."""

    def __init__(self, h: Harness, policy: Path) -> None:
        script = h.tmp / "server.py"
        script.write_text(SERVER, "utf-8")
        self.log = h.tmp / "ran.jsonl"
        p = h.cordon(["python3", str(script)], policies=[policy], name="mail",
                     env={"RAN": str(self.log)})  # fmt: skip
        env = {**p.env, "RAN": str(self.log)} if p.env else None
        self.proc = subprocess.Popen([p.command, *p.args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env)  # fmt: skip

    def send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, rid: int, method: str, params: dict[str, Any]) -> None:
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})

    def until(self, want: Any) -> list[dict[str, Any]]:
        """Every frame cordon writes up to the response with id ``want`` (or, for ``want``
        ``"elicitation/create"``, up to cordon's question)."""
        assert self.proc.stdout is not None
        frames = []
        while True:
            line = self.proc.stdout.readline()
            assert line, f"cordon closed its stdout: {frames}"
            msg = json.loads(line)
            frames.append(msg)
            if msg.get("method") == want or (msg.get("id") == want and "method" not in msg):
                return frames

    def ran(self) -> list[str]:
        if not self.log.exists():
            return []
        return [json.loads(x)["name"] for x in self.log.read_text("utf-8").splitlines()]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(20)


def _asked(raw: _Raw) -> str:
    """Start a session, call ``send`` (asked about: destructive) and return the id of
    cordon's question."""
    raw.request(1, "initialize", INIT)
    raw.until(1)
    raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    raw.request(2, "tools/list", {})
    raw.until(2)
    raw.request(3, "tools/call", {"name": "send", "arguments": {"text": "ledger"}})
    question = raw.until("elicitation/create")[-1]
    assert "send" in question["params"]["message"], question
    return str(question["id"])


def _accept(raw: _Raw, eid: str) -> dict[str, Any]:
    answer = {"action": "accept", "content": {"approve": True}}
    raw.send({"jsonrpc": "2.0", "id": eid, "result": answer})
    return raw.until(3)[-1]


def _policy(h: Harness) -> Path:
    # send: asked about; admin_tol: a typo of admin_tool, which the server lists after grow
    tools = {"send": {"destructive": True}, "admin_tol": {"max_calls": 0}}
    return h.policy({"version": 1, "tools": tools})


def test_an_accept_after_the_server_changed_runs_nothing(harness: Harness) -> None:
    raw = _Raw(harness, _policy(harness))
    try:
        eid = _asked(raw)
        raw.request(4, "initialize", INIT)  # the server answers as another one
        raw.until(4)
        answered = _accept(raw, eid)
    finally:
        raw.close()
    assert raw.ran() == [], raw.ran()
    text = json.dumps(answered)
    assert "pin.server_changed" in text and "ran" not in answered.get("result", {}), answered
    allowed = [r for r in harness.records("verdict") if r.get("verdict") == "allow"]
    assert allowed == [], allowed


def test_an_accept_after_the_policy_stopped_fitting_runs_nothing(harness: Harness) -> None:
    raw = _Raw(harness, _policy(harness))
    try:
        eid = _asked(raw)
        raw.request(4, "tools/call", {"name": "grow", "arguments": {}})
        raw.until(4)
        raw.request(5, "tools/list", {})  # (the client re-lists after list_changed)
        raw.until(5)
        answered = _accept(raw, eid)
    finally:
        raw.close()
    assert raw.ran() == ["grow"], raw.ran()
    assert "policy.unknown_tool" in json.dumps(answered), answered
    sends = [r for r in harness.records("verdict") if r.get("tool") == "send"]
    assert [r["verdict"] for r in sends] == ["ask", "deny"], sends
    assert os.path.exists(harness.audit)


def test_a_call_cancelled_while_its_accept_is_acted_on_is_not_sent(harness: Harness) -> None:
    """The person accepts, and the client cancels the call before cordon has acted on the
    accept (both in one write; a call over 32 KB is checked again on the decision thread
    while the loop reads on): the call is not sent upstream after its cancel, nothing
    answers it, and its record says it was cancelled. Before, it went out with the cancel
    right behind it and ran."""
    raw = _Raw(harness, _policy(harness))
    try:
        raw.request(1, "initialize", INIT)
        raw.until(1)
        raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        raw.request(2, "tools/list", {})
        raw.until(2)
        mail = {"to": "new.person@partner.example", "body": "x" * 200_000}
        raw.request(3, "tools/call", {"name": "send_email", "arguments": mail})
        eid = raw.until("elicitation/create")[-1]["id"]
        accept = {"action": "accept", "content": {"approve": True}}
        cancel = {"requestId": 3, "reason": "user pressed stop"}
        assert raw.proc.stdin is not None
        raw.proc.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": eid, "result": accept}).encode()
            + b"\n"
            + json.dumps(
                {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": cancel}
            ).encode()
            + b"\n"
        )
        raw.proc.stdin.flush()
        raw.request(4, "ping", {})
        frames = raw.until(4)
    finally:
        raw.close()
    assert [(f.get("id"), f.get("method")) for f in frames] == [(4, None)], frames
    assert raw.ran() == [], raw.ran()
    sends = [r for r in harness.records("verdict") if r.get("tool") == "send_email"]
    assert [(r["verdict"], r.get("answer")) for r in sends][-1] == ("ask", "cancelled"), sends


def test_an_accept_after_the_tool_changed_runs_nothing(harness: Harness) -> None:
    """The tool asked about changes its definition while the person reads the question (a
    rug pull, re-listed after list_changed): the accept is checked against the pins again
    and the changed tool is denied (``pin.changed``); the upstream never gets the call."""
    box = harness.tmp / "box"
    box.mkdir()
    env = {"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}
    p = harness.cordon(mailbox_server(), env=env, name="mail")
    proc = subprocess.Popen([p.command, *p.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=p.env)  # fmt: skip
    raw = _Raw.__new__(_Raw)
    raw.proc = proc
    try:
        raw.request(1, "initialize", INIT)
        raw.until(1)
        raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        raw.request(2, "tools/list", {})
        raw.until(2)
        mail = {"to": "new.person@partner.example", "body": "the ledger"}
        raw.request(3, "tools/call", {"name": "send_email", "arguments": mail})
        eid = str(raw.until("elicitation/create")[-1]["id"])
        raw.request(4, "tools/call", {"name": "rug_pull", "arguments": {}})
        raw.until(4)
        raw.request(5, "tools/list", {})
        raw.until(5)
        answered = _accept(raw, eid)
    finally:
        raw.close()
    calls = (box / "calls.log").read_text("utf-8") if (box / "calls.log").exists() else ""
    assert "send_email" not in calls and not (box / "outbox").exists(), calls
    assert "pin.changed" in json.dumps(answered), answered
