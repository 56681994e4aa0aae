"""A remote server's session that ends is said as what it is, on stderr and in the audit
record (``upstream``, event ``ended``): the URL, the transport tried and the HTTP status or
error, not "upstream server exited with status 1" (the words for a process, with a status
cordon made up). Through the real ``cordon run --url`` process, driven by the SDK client, in
front of scripted servers: a refused fallback (405 to the ``initialize`` POST, 404 to the
legacy stream's GET) and a legacy stream the server closes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import Harness, first_mcp_error

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


class _Legacy(BaseHTTPRequestHandler):
    """``initialize`` POSTed to the URL: 405 (a legacy server's answer); the GET: 404
    (``mode`` ``get-404``) or an SSE stream naming its endpoint, then closed (``closes``)."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if getattr(self.server, "mode", "") == "get-404":
            self.send_response(404)
            self.send_header("content-length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("connection", "close")
        self.end_headers()
        self.wfile.write(b"event: endpoint\ndata: /message?sessionId=1\n\n")
        self.wfile.flush()
        self.close_connection = True

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self.send_response(202 if self.path.startswith("/message") else 405)
        self.send_header("content-length", "0")
        self.end_headers()


def _serve(mode: str) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Legacy)
    server.daemon_threads = True
    server.mode = mode  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/sse"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def get_404() -> Iterator[str]:
    yield from _serve("get-404")


@pytest.fixture
def closes() -> Iterator[str]:
    yield from _serve("closes")


async def _run(harness: Harness, extra: list[str], err: Path) -> str:
    params = harness.cordon([], extra=extra)
    with err.open("a", encoding="utf-8") as errlog, anyio.fail_after(60):
        said = await first_mcp_error(Client(stdio_client(params, errlog=errlog), mode="legacy"))
    return said


def _ended(harness: Harness) -> list[str]:
    recs = harness.records("upstream")
    assert not [r for r in recs if r.get("event") == "exited"], recs
    return [str(r["reason"]) for r in recs if r.get("event") == "ended"]


async def test_a_failed_fallback_says_what_failed(harness: Harness, get_404: str) -> None:
    err = harness.tmp / "stderr.txt"
    said = await _run(harness, ["--url", get_404], err)
    assert "HTTP 404" in said, said
    (reason,) = _ended(harness)
    assert get_404 in reason and "HTTP 405" in reason and "HTTP 404" in reason, reason
    assert "legacy HTTP+SSE" in reason, reason
    text = err.read_text("utf-8")
    assert "exited with status" not in text and reason.removeprefix("cordon: ") in text, text


async def test_a_legacy_stream_the_server_closes_is_said_closed(
    harness: Harness, closes: str
) -> None:
    err = harness.tmp / "stderr.txt"
    said = await _run(harness, ["--url", closes, "--sse"], err)
    (reason,) = _ended(harness)
    assert closes in reason and "SSE stream" in reason, reason
    assert "exited with status" not in err.read_text("utf-8")
    # the client's pending request is told the same, not that a process exited
    assert "exited" not in said and "SSE stream" in said, said
