"""A Streamable HTTP server (``cordon run --url``) that never started is recorded as
``start_failed`` once a run, however its requests fail: a 404 to the first request (a
server that gives a session id, so not a legacy HTTP+SSE one) and then a connection that
cannot be made were two ``start_failed`` records, read as two starts that failed. The
later failure is a ``request_failed``. Through the real ``cordon run``, driven by the
official MCP SDK client, which gets an error each time (fail closed)."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from tests.conftest import Harness

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


class _NotFound(http.server.BaseHTTPRequestHandler):
    """Every request answered 404 with a session id (a Streamable HTTP server's route)."""

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("content-length") or 0))
        data = b"no such endpoint"
        self.send_response(404)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Mcp-Session-Id", "s-1")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST  # noqa: N815

    def log_message(self, *_: Any) -> None:
        pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("order", [("up", "down"), ("down", "up")])
async def test_start_failed_is_recorded_once(harness: Harness, order: tuple[str, str]) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    params = harness.cordon([], name="broken", extra=["--url", url, "--no-oauth"])
    said: list[str] = []
    srv: http.server.ThreadingHTTPServer | None = None
    async with stdio_client(params) as (r, w), ClientSession(r, w) as session:
        for state in order:
            if state == "up":
                srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), _NotFound)
                threading.Thread(target=srv.serve_forever, daemon=True).start()
            elif srv is not None:
                srv.shutdown()
                srv.server_close()
            with pytest.raises(MCPError) as failed:
                await session.initialize()
            said.append(str(failed.value))
    if srv is not None and state == "up":
        srv.shutdown()
        srv.server_close()
    assert any("404" in s for s in said) and any("cannot reach" in s for s in said), said
    events = [r.get("event") for r in harness.records("upstream")]
    assert events.count("start_failed") == 1, json.dumps(harness.records("upstream"), indent=1)
    first = next(r for r in harness.records("upstream") if r.get("event") == "start_failed")
    assert ("answered 404" if order[0] == "up" else "cannot reach") in first["reason"], first
    assert events == ["start_failed", "request_failed"] if order[0] == "up" else ["start_failed"]
