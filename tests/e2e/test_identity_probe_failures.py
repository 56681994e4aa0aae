"""The discover cordon sends before a 2026-07-28 client's first request (``proxy/identity.py``)
failing in ways a hostile or broken server chooses, through the real ``cordon run``: each held
request gets an error (none waits forever) and none reaches the server.

- over Streamable HTTP, the discover's POST answered with HTTP 500 (no JSON-RPC body): the
  transport fails only a request the core still awaits, and cordon's discover was not one;
- over stdio, an answer to the discover that does not parse (``1e400``): dropped as an
  answer to no request, the discover stayed out for good;
- a server that answers the client's *own* ``server/discover`` with an error (it will not be
  named): the handshake request alone marked the server named, and the call went to it;
- a server that never answers the discover (one that ignores a method it does not know),
  and a client that closes its end: cordon waited for the answer for good, and the server
  for its stdin to close.
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

from cordon.proxy.transport import PROBE_EOF_S
from tests.conftest import Harness, cordon_exe
from tests.e2e.test_remote_recovery import _port, _serve

pytestmark = [pytest.mark.e2e]

MODERN = "2026-07-28"
META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
}
ANSWER_S = 30

#: a raw 2026-07-28 server (stdio, or Streamable HTTP when $PORT is set) that logs every
#: method it gets to $LOG and answers ``server/discover`` as $MODE says: ``http500``,
#: ``unparseable`` (a result holding 1e400), ``refuse`` (a JSON-RPC error), ``silent`` (no
#: answer, stdio), or ``ok`` (it names itself ``raw``); ``tools/list`` lists ``note``; any
#: other request gets {}
RAW = """
import json, os, sys

SERVER_INFO = "io.modelcontextprotocol/serverInfo"

def log(method):
    with open(os.environ["LOG"], "a") as fh:
        fh.write(method + "\\n")

def answer(msg):
    if msg.get("method") == "server/discover" and os.environ["MODE"] == "refuse":
        error = {"code": -32601, "message": "method not found"}
        return json.dumps({"jsonrpc": "2.0", "id": msg["id"], "error": error}).encode()
    if msg.get("method") == "server/discover" and os.environ["MODE"] == "unparseable":
        rid = json.dumps(msg["id"]).encode()
        return b'{"jsonrpc":"2.0","id":' + rid + b',"result":{"n":1e400}}'
    result = {}
    if msg.get("method") == "server/discover":
        info = {"name": "raw", "version": "1"}
        result = {"capabilities": {"tools": {}}, "_meta": {SERVER_INFO: info}}
    elif msg.get("method") == "tools/list":
        result = {"tools": [{"name": "note", "inputSchema": {"type": "object"}}]}
    return json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}).encode()

if "PORT" in os.environ:
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class H(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass
        def do_POST(self):
            msg = json.loads(self.rfile.read(int(self.headers["content-length"])))
            log(msg.get("method", "?"))
            if "id" not in msg:
                self.send_response(202)
                self.end_headers()
                return
            if msg.get("method") == "server/discover" and os.environ["MODE"] == "http500":
                body = b"internal error"
                self.send_response(500)
                self.send_header("content-type", "text/plain")
            else:
                body = answer(msg)
                self.send_response(200)
                self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    ThreadingHTTPServer(("127.0.0.1", int(os.environ["PORT"])), H).serve_forever()
else:
    for line in sys.stdin.buffer:
        msg = json.loads(line)
        log(msg.get("method", "?"))
        silent = os.environ["MODE"] == "silent" and msg.get("method") == "server/discover"
        if "id" in msg and not silent:
            sys.stdout.buffer.write(answer(msg) + b"\\n")
            sys.stdout.buffer.flush()
"""


def _cordon(h: Harness, mode: str, log: str = "methods") -> subprocess.Popen[bytes]:
    script = h.tmp / "raw_server.py"
    script.write_text(RAW, "utf-8")
    env = {**os.environ, "HOME": str(h.home), "LOG": str(h.tmp / log), "MODE": mode}
    args = [*cordon_exe(), "run", "--audit", str(h.audit), "--name", "notes"]
    args += ["--pin-file", str(h.tmp / "pins.json")]
    if mode == "http500":
        port = _port()
        _serve(h, script, {**env, "PORT": str(port)}, port)
        args += ["--url", f"http://127.0.0.1:{port}/mcp"]
    else:
        args += ["--", sys.executable, str(script)]
    return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)


def _reply(proc: subprocess.Popen[bytes], rid: int) -> dict[str, Any] | None:
    """The reply to request ``rid`` within :data:`ANSWER_S`, or None."""
    assert proc.stdout is not None
    deadline = time.monotonic() + ANSWER_S
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if not ready:
            return None
        line = proc.stdout.readline()
        if not line:
            return None
        out: dict[str, Any] = json.loads(line)
        if out.get("id") == rid and "method" not in out:
            return out
    return None


@pytest.mark.parametrize("mode", ["http500", "unparseable"])
def test_a_discover_that_fails_answers_the_held_call_and_forwards_nothing(
    harness: Harness, mode: str
) -> None:
    proc = _cordon(harness, mode)
    try:
        assert proc.stdin is not None
        params = {"name": "note", "arguments": {"text": "x"}, "_meta": META}
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
        proc.stdin.write(json.dumps(call).encode() + b"\n")
        proc.stdin.flush()
        reply = _reply(proc, 1)
        assert reply is not None, "the held call was never answered"
        assert "error" in reply and "pinned identity" in reply["error"]["message"]
        methods = Path(harness.tmp / "methods").read_text("utf-8").splitlines()
        assert methods == ["server/discover"]  # the call never reached the server
        probes = [r for r in harness.records("upstream") if r.get("event") == "discover"]
        assert len(probes) == 1
        assert any(r.get("direction") == "server" for r in harness.records("frame_refused"))
        proc.stdin.close()  # (and cordon exits: nothing is held)
        assert proc.wait(ANSWER_S) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _send(proc: subprocess.Popen[bytes], rid: int, method: str, params: Any) -> Any:
    assert proc.stdin is not None
    msg = {"jsonrpc": "2.0", "id": rid, "method": method, "params": {**params, "_meta": META}}
    proc.stdin.write(json.dumps(msg).encode() + b"\n")
    proc.stdin.flush()
    return _reply(proc, rid)


def test_a_server_refusing_the_clients_discover_gets_no_call(harness: Harness) -> None:
    """The pinned server (named ``raw``, its tool listed) first; then one that answers the
    client's own discover with an error, so it names nobody: the call goes to it only once
    cordon's own discover named it, and that one is refused too."""
    first = _cordon(harness, "ok", "first")
    try:
        assert "result" in _send(first, 1, "server/discover", {})
        assert "result" in _send(first, 2, "tools/list", {})
    finally:
        first.kill()
        first.wait()
    proc = _cordon(harness, "refuse")
    try:
        refused = _send(proc, 1, "server/discover", {})
        assert refused is not None and "error" in refused
        reply = _send(proc, 2, "tools/call", {"name": "note", "arguments": {"text": "x"}})
        assert reply is not None and "error" in reply
        assert "pinned identity" in reply["error"]["message"]
        methods = Path(harness.tmp / "methods").read_text("utf-8").splitlines()
        assert methods == ["server/discover", "server/discover"]  # (the client's, cordon's)
    finally:
        proc.kill()
        proc.wait()


def test_a_discover_never_answered_does_not_keep_cordon_up_after_the_client_left(
    harness: Harness,
) -> None:
    proc = _cordon(harness, "silent")
    try:
        assert proc.stdin is not None
        params = {"name": "note", "arguments": {"text": "x"}, "_meta": META}
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
        proc.stdin.write(json.dumps(call).encode() + b"\n")
        proc.stdin.close()
        assert proc.wait(PROBE_EOF_S + ANSWER_S) == 0
        methods = Path(harness.tmp / "methods").read_text("utf-8").splitlines()
        assert methods == ["server/discover"]  # the held call was never forwarded
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
