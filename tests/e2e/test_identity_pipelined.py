"""Nothing reaches a server before its handshake result names it, through the real
``cordon run`` with a pin file (``proxy/identity.py``).

A client that pipelines a ``tools/call`` behind its ``initialize`` (one write, no wait for the
answer) used to have the call forwarded before the ``serverInfo`` was compared with the pin:
a server swapped behind the pinned entry ran it. Now the call waits for the answer and is
decided behind its check. A handshake-era request sent with no ``initialize`` at all is
refused (MCP lifecycle: only ``ping`` may come first).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Harness, cordon_exe

pytestmark = [pytest.mark.e2e]

ANSWER_S = 30

#: a raw handshake-era stdio server named $NAME that logs every method it gets to $LOG; it
#: answers ``initialize`` after half a second (the client's next frames are already sent;
#: never, when $NAME is ``mute``), lists ``send`` and answers a call by writing its text to
#: $SENT
RAW = """
import json, os, sys, time

def log(method):
    with open(os.environ["LOG"], "a") as fh:
        fh.write(method + "\\n")

for line in sys.stdin.buffer:
    msg = json.loads(line)
    method = msg.get("method", "?")
    log(method)
    if "id" not in msg:
        continue
    result = {}
    if method == "initialize" and os.environ["NAME"] == "mute":
        continue  # never answered: the server leaves at the client's EOF
    if method == "initialize":
        time.sleep(0.5)
        info = {"name": os.environ["NAME"], "version": "1"}
        result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": info}
    elif method == "tools/list":
        result = {"tools": [{"name": "send", "inputSchema": {"type": "object"}}]}
    elif method == "tools/call":
        with open(os.environ["SENT"], "a") as fh:
            fh.write(msg["params"]["arguments"]["text"] + "\\n")
        result = {"content": [{"type": "text", "text": "sent"}]}
    sys.stdout.buffer.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}).encode() + b"\\n")
    sys.stdout.buffer.flush()
"""

INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "c"}},
}


def _call(rid: int, text: str) -> dict[str, Any]:
    params = {"name": "send", "arguments": {"text": text}}
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params}


def _cordon(h: Harness, name: str) -> subprocess.Popen[bytes]:
    script = h.tmp / "raw_server.py"
    script.write_text(RAW, "utf-8")
    env = {**os.environ, "HOME": str(h.home), "NAME": name}
    env |= {"LOG": str(h.tmp / f"methods-{name}"), "SENT": str(h.tmp / "sent")}
    args = [*cordon_exe(), "run", "--audit", str(h.audit), "--name", "mail"]
    args += ["--pin-file", str(h.tmp / "pins.json"), "--", sys.executable, str(script)]
    return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)


def _write(proc: subprocess.Popen[bytes], *msgs: dict[str, Any]) -> None:
    """All of ``msgs`` in one write: nothing waits for an answer."""
    assert proc.stdin is not None
    proc.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in msgs))
    proc.stdin.flush()


def _replies(proc: subprocess.Popen[bytes], ids: set[int]) -> dict[int, dict[str, Any]]:
    """The replies to requests ``ids``, read within :data:`ANSWER_S` (from the pipe's file
    descriptor: a buffered ``readline`` would keep a second line where ``select`` cannot see
    it)."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    out: dict[int, dict[str, Any]] = {}
    buf = b""
    deadline = time.monotonic() + ANSWER_S
    while ids - out.keys() and (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        chunk = os.read(fd, 1 << 16) if ready else b""
        if not chunk:
            break
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for line in lines:
            msg = json.loads(line)
            if msg.get("id") in ids and "method" not in msg:
                out[msg["id"]] = msg
    return out


def _methods(h: Harness, name: str) -> list[str]:
    return Path(h.tmp / f"methods-{name}").read_text("utf-8").splitlines()


def _pin(h: Harness) -> None:
    """A first session pins the server ``mailer`` and its tool."""
    proc = _cordon(h, "mailer")
    try:
        _write(proc, INIT)
        assert 0 in _replies(proc, {0})
        _write(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _write(proc, {"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert 1 in _replies(proc, {1})
    finally:
        proc.kill()
        proc.wait()


def test_a_call_pipelined_behind_initialize_never_reaches_a_swapped_server(
    harness: Harness,
) -> None:
    _pin(harness)
    proc = _cordon(harness, "impostor")
    try:
        _write(proc, INIT, _call(7, "ops@example.com"))
        got = _replies(proc, {0, 7})
        assert got[7]["result"]["isError"] is True  # (a refused call is a tool error)
        assert "pin.server_changed" in json.dumps(got[7])
        assert _methods(harness, "impostor") == ["initialize"]
        assert not (harness.tmp / "sent").exists()  # the side effect never happened
    finally:
        proc.kill()
        proc.wait()


def test_a_call_pipelined_behind_initialize_reaches_the_pinned_server_after_it(
    harness: Harness,
) -> None:
    _pin(harness)
    proc = _cordon(harness, "mailer")
    try:
        _write(proc, INIT, _call(7, "hello"))
        got = _replies(proc, {0, 7})
        assert got[7]["result"]["content"][0]["text"] == "sent"
        assert _methods(harness, "mailer")[-2:] == ["initialize", "tools/call"]
        assert (harness.tmp / "sent").read_text("utf-8") == "hello\n"
    finally:
        proc.kill()
        proc.wait()


def test_a_call_with_no_initialize_is_refused(harness: Harness) -> None:
    _pin(harness)
    proc = _cordon(harness, "mailer")
    try:
        _write(proc, _call(7, "hello"), {"jsonrpc": "2.0", "id": 8, "method": "ping"})
        got = _replies(proc, {7, 8})
        assert got[7]["error"]["code"] == -32600 and "initialize" in got[7]["error"]["message"]
        assert "result" in got[8]
        assert _methods(harness, "mailer")[-1] == "ping"
        assert not (harness.tmp / "sent").exists()
    finally:
        proc.kill()
        proc.wait()


def test_calls_held_behind_an_unanswered_initialize_are_recorded_at_the_clients_eof(
    harness: Harness,
) -> None:
    _pin(harness)
    proc = _cordon(harness, "mute")
    try:
        _write(proc, INIT, _call(7, "ops@example.com"), _call(8, "again"))
        assert proc.stdin is not None
        proc.stdin.close()  # the client gives up before the server answers
        assert proc.wait(ANSWER_S) == 0
    finally:
        proc.kill()
        proc.wait()
    assert _methods(harness, "mute") == ["initialize"]
    assert not (harness.tmp / "sent").exists()
    refused = [r for r in harness.records("frame_refused") if r.get("requests")]
    assert len(refused) == 1, harness.records()
    held = [(r["id"], r["method"], r.get("tool")) for r in refused[0]["requests"]]
    assert held == [(7, "tools/call", "send"), (8, "tools/call", "send")]
