"""A Streamable HTTP server (``cordon run --url``) that answers its first request with an
HTTP error never started: the audit says so (``kind: upstream``, ``event: start_failed``,
the status in the reason), as it does for a command that cannot start or a URL that cannot
be reached; only stderr said it. Through the real ``cordon run``, driven by the official MCP
SDK client, which still gets an error (fail closed)."""

from __future__ import annotations

import http.server
import json
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, first_mcp_error
from tests.e2e._json_stub import send_json, serving

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


class _Broken:
    url = ""
    status = 503
    body: Any = None  # a JSON body, or None for a text/plain one


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        api: _Broken = self.server.api  # type: ignore[attr-defined]
        self.rfile.read(int(self.headers.get("content-length") or 0))
        if api.body is not None:
            send_json(self, api.status, api.body)
            return
        data = b"upstream unavailable"
        self.send_response(api.status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST  # noqa: N815

    def log_message(self, *_: Any) -> None:
        pass


_RPC_ERROR = {"jsonrpc": "2.0", "id": None, "error": {"code": -32603, "message": "overloaded"}}


@pytest.mark.parametrize("era", ["legacy", "2026-07-28"])
@pytest.mark.parametrize(("status", "body"), [(503, None), (500, _RPC_ERROR), (401, None)])
async def test_an_http_error_to_the_first_request_is_recorded_as_start_failed(
    harness: Harness, era: str, status: int, body: Any
) -> None:
    api = _Broken()
    api.status, api.body = status, body
    with serving(api, _Handler):
        url = f"{api.url}/mcp"
        params = harness.cordon([], name="broken", extra=["--url", url, "--no-oauth"])
        said = await first_mcp_error(Client(params, mode=era))
    assert said, said
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(failed) == 1, json.dumps(harness.records(), indent=1)
    assert failed[0]["server"] == "broken" and f"HTTP {status}" in failed[0]["reason"], failed


@pytest.mark.parametrize("era", ["legacy", "2026-07-28"])
async def test_a_server_that_answers_records_no_start_failed(harness: Harness, era: str) -> None:
    # a handshake-era server refuses cordon's own server/discover (HTTP 400): expected, and
    # the server runs
    env = {"MAILBOX_DIR": str(harness.tmp)}
    params = harness.cordon([], name="mail", extra=["--url", harness.http_mailbox(env)])
    async with Client(params, mode=era) as client:
        await client.list_tools()
    events = [r.get("event") for r in harness.records("upstream")]
    assert "start_failed" not in events, harness.records()
