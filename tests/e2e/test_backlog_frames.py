"""A flood of tiny frames behind a slow result, through the real ``cordon run``: memory stays
bounded by the number of frames that may wait, not only their bytes.

The server answers a call with a large result (scanned and recorded by jobs on the decision
thread, a few seconds) and at once sends tens of thousands of one-line log notifications.
Each waits behind the result (warn mode delivers them in order, after it) with its recording
queued: ~1.3 KB of cordon's memory for ~90 bytes of frame. Under the byte cap alone (16 MiB)
all of them were taken in and held; the frame cap stops reading the server after a few
thousand (it waits on its full pipe), and reads on as the backlog goes down. Every frame
still arrives, in order.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

import pytest

from tests.conftest import Harness

pytestmark = [pytest.mark.e2e]

#: a stdio MCP server (newline-delimited JSON-RPC, no SDK: it writes as fast as the pipe
#: takes): ``flood`` answers with a result of ROWS distinct URLs and addresses, then sends
#: NOTES log notifications
SERVER = r"""
import json, sys
ROWS, NOTES, PROGRESS = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
out = sys.stdout.buffer
def send(msg):
    out.write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
    out.flush()
for line in sys.stdin.buffer:
    msg = json.loads(line)
    method, rid = msg.get("method"), msg.get("id")
    if rid is None:
        continue
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": rid, "result": {
            "protocolVersion": msg["params"]["protocolVersion"],
            "capabilities": {"tools": {}, "logging": {}},
            "serverInfo": {"name": "flood", "version": "1"}}})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": rid, "result": {"tools": [{
            "name": "flood", "description": "Report.",
            "inputSchema": {"type": "object", "properties": {}}}]}})
    elif method == "tools/call":
        text = "".join(f"row {i}: https://h{i}.example.com/r/{i} by u{i}@c{i}.example\n"
                       for i in range(ROWS))
        send({"jsonrpc": "2.0", "id": rid,
              "result": {"content": [{"type": "text", "text": text}]}})
        note = {"jsonrpc": "2.0", "method": "notifications/message",
                "params": {"level": "info", "data": {}}}
        for i in range(NOTES):
            note["params"]["data"] = {"tick": i}
            out.write(json.dumps(note, separators=(",", ":")).encode() + b"\n")
            if i % 250 == 0:  # how far it got (a write blocks while cordon does not read)
                with open(PROGRESS, "w") as f:
                    f.write(str(i))
        out.flush()
    else:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "no"}})
"""
ROWS = 60_000  # ~4 MB of distinct URLs and addresses: seconds of scanning and recording
NOTES = 30_000  # ~2.4 MB of frames: far under the byte cap, far over the frame cap


def test_a_flood_of_tiny_frames_behind_a_slow_result_is_left_in_the_pipe(
    harness: Harness,
) -> None:
    """While the result is scanned (warn mode: nothing behind it goes out before it), the
    server writes its notifications as fast as the pipe takes them. cordon takes in a few
    thousand and stops reading: the server is blocked on its full pipe, most of the flood
    still unread, when the result reaches the client (under the byte cap alone cordon had
    read and held every one: ~1.3 KB each). Then every notification arrives, in order."""
    server = harness.tmp / "flood.py"
    server.write_text(SERVER, "utf-8")
    progress = harness.tmp / "progress"
    progress.write_text("0")
    policy = harness.policy({"version": 1, "content": {"mode": "warn"}})
    upstream = [sys.executable, str(server), str(ROWS), str(NOTES), str(progress)]
    p = harness.cordon(upstream, policies=[policy])
    proc = subprocess.Popen(
        [p.command, *p.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=p.env
    )
    assert proc.stdin is not None and proc.stdout is not None

    def send(msg: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(msg).encode() + b"\n")
        proc.stdin.flush()

    init = {"protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
    assert json.loads(proc.stdout.readline())["id"] == 1
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
    assert json.loads(proc.stdout.readline())["id"] == 2  # (pinned)
    got: list[Any] = []
    written: list[int] = []
    done = threading.Event()

    def read() -> None:  # the client reads as fast as cordon writes (its stdout never full)
        assert proc.stdout is not None
        for line in proc.stdout:
            msg = json.loads(line)
            if msg.get("id") == 3:
                written.append(int(progress.read_text() or 0))  # (the server's count)
            got.append(msg["id"] if "id" in msg else msg["params"]["data"]["tick"])
            if msg.get("id") == 4:
                break
        done.set()

    threading.Thread(target=read, daemon=True).start()
    send({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
          "params": {"name": "flood", "arguments": {}}})  # fmt: skip
    # (answered after the flood: the server reads it once every notification is written)
    send({"jsonrpc": "2.0", "id": 4, "method": "ping"})
    try:
        assert done.wait(150), f"got {len(got)} frames"
    finally:
        proc.stdin.close()
        proc.wait(30)
    assert got == [3, *range(NOTES), 4]
    # read and waiting: ~2,000 notifications (a lane slot and a queued recording each count
    # against the 4,096), one read's worth beside them, the pipe's 64 KB: well under half
    (ahead,) = written
    assert ahead < NOTES // 2, f"the server wrote {ahead} notifications before the result"
