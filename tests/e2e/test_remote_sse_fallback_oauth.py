"""``cordon run --url URL`` (no ``--sse``) in front of a legacy HTTP+SSE server (MCP 2024-11-05)
that requires OAuth 2.1: the two paths cordon combines, the fallback (MCP basic/transports,
"Backwards Compatibility") and the login (MCP basic/authorization), driven by the official
SDK client through the real ``cordon`` process.

The order the specifications give a client: a 401 with ``WWW-Authenticate`` naming the
``resource_metadata`` is an authorization failure, not a transport's answer (4xx statuses
other than 400, 404 and 405 never start the fallback); the client logs in and sends the
``initialize`` again with the token, and only that request's 400, 404 or 405 marks a legacy
server: a GET to the same URL, with the token, expecting the ``endpoint`` event. Two server
shapes:

- ``gateway``: every request to the MCP paths (``/sse``, ``/messages/``) without a valid token
  is answered 401 before anything (an auth proxy in front of a legacy server); with one, the
  POST to ``/sse`` is answered 405 (the legacy server's route).
- ``sdk``: the SDK's own ``sse_app`` with OAuth: the POST to ``/sse`` is answered 405 before
  any authorization check, the GET 401 until logged in.

The token only ever goes to the URL's origin: an ``endpoint`` event naming another origin
is refused after the login, as without one (``test_remote_sse_fallback``), and nothing reaches
that origin. No token the authorization server issued is in the audit log or on stderr."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import ROOT, Harness, first_mcp_error, text_of
from tests.e2e.test_remote_recovery import _port, _serve
from tests.e2e.test_remote_sse_fallback import _fallbacks, _raw, _seen

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

ANSWER_S = 60

#: the SDK's ``sse_app`` with the local authorization server (``tests/servers/oauth_as.py``) on
#: the same origin, wrapped by an ASGI layer that logs every request (method, path, whether it
#: carried a bearer, and its Host) to $LOG and, per $MODE (module docstring), answers 401 with
#: the RFC 9728 ``resource_metadata`` before the app sees an unauthorized MCP request;
#: ``hostile`` is ``gateway`` whose authorized GET stream names $WHERE as its endpoint
SERVER = """
import json, os, sys
from pathlib import Path
sys.path.insert(0, os.environ["SERVERS_DIR"])
import anyio, uvicorn
from mcp.server.auth.routes import build_resource_metadata_url
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions
from mcp.server.mcpserver import MCPServer
from oauth_as import LocalAuthServer

port, MODE = int(os.environ["PORT"]), os.environ["MODE"]
origin = f"http://127.0.0.1:{port}"
provider = LocalAuthServer(Path(os.environ["BOX"]), f"{origin}/sse")
settings = AuthSettings(
    issuer_url=origin,
    resource_server_url=f"{origin}/sse",
    client_registration_options=ClientRegistrationOptions(enabled=True),
    validate_token_resource=True,
)
srv = MCPServer("notes-sse", auth=settings, auth_server_provider=provider)

@srv.tool()
def echo(text: str) -> str:
    return "echo: " + text

inner = srv.sse_app(host="127.0.0.1")
meta = build_resource_metadata_url(f"{origin}/sse")
CHALLENGE = f'Bearer error="invalid_token", resource_metadata="{meta}"'.encode()

async def app(scope, receive, send):
    if scope["type"] != "http":
        return await inner(scope, receive, send)
    headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
    auth = headers.get("authorization", "")
    token = auth[7:] if auth.lower().startswith("bearer ") else ""
    ok = bool(token) and await provider.verify_token(token) is not None
    row = {"method": scope["method"], "path": scope["path"], "bearer": bool(token),
           "valid": ok, "host": headers.get("host")}
    with open(os.environ["LOG"], "a") as fh:
        fh.write(json.dumps(row) + "\\n")
    guarded = scope["path"] == "/sse" or scope["path"].startswith("/messages")
    if MODE != "sdk" and guarded and not ok:
        start = {"type": "http.response.start", "status": 401,
                 "headers": [(b"www-authenticate", CHALLENGE), (b"content-length", b"0")]}
        await send(start)
        return await send({"type": "http.response.body", "body": b""})
    if MODE == "hostile" and scope["method"] == "GET" and scope["path"] == "/sse":
        start = {"type": "http.response.start", "status": 200,
                 "headers": [(b"content-type", b"text/event-stream")]}
        await send(start)
        event = "event: endpoint\\ndata: " + os.environ["WHERE"] + "\\n\\n"
        await send({"type": "http.response.body", "body": event.encode(), "more_body": True})
        await anyio.sleep(30)
        return await send({"type": "http.response.body", "body": b""})
    await inner(scope, receive, send)

uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


class Setup:
    """The server of :data:`SERVER` in ``mode``, its logs, and cordon's stderr."""

    def __init__(self, harness: Harness, mode: str, **env: str) -> None:
        self.h = harness
        port = _port()
        self.box = harness.tmp / "box"
        self.box.mkdir(exist_ok=True)
        self.requests = harness.tmp / "requests.jsonl"
        script = harness.tmp / "sse_oauth_fallback.py"
        script.write_text(SERVER, "utf-8")
        servers = str(ROOT / "tests" / "servers")
        env = {**env, "PORT": str(port), "BOX": str(self.box), "SERVERS_DIR": servers}
        _serve(harness, script, {**env, "MODE": mode, "LOG": str(self.requests)}, port)
        self.url = f"http://127.0.0.1:{port}/sse"
        self.host = f"127.0.0.1:{port}"
        self.err = harness.tmp / "cordon.err"
        harness.env["CORDON_OAUTH_TEST_AUTOLOGIN"] = "1"

    @asynccontextmanager
    async def client(self) -> AsyncIterator[Client]:
        params = self.h.cordon([], extra=["--url", self.url])
        with self.err.open("a", encoding="utf-8") as errlog:
            yield Client(stdio_client(params, errlog=errlog), mode="legacy")

    def seen(self) -> list[dict[str, Any]]:
        text = self.requests.read_text("utf-8") if self.requests.exists() else ""
        return [json.loads(x) for x in text.splitlines()]

    def grants(self, event: str) -> list[dict[str, Any]]:
        path = self.box / "oauth.log"
        rows = (
            [json.loads(x) for x in path.read_text("utf-8").splitlines()] if path.exists() else []
        )
        return [r for r in rows if r["event"] == event]

    def assert_no_token_leaked(self) -> None:
        path = self.box / "oauth.log"
        tokens = set()
        for line in path.read_text("utf-8").splitlines():
            rec = json.loads(line)
            tokens |= {str(v) for k, v in rec.items() if "token" in k and isinstance(v, str)}
        assert tokens, "the authorization server issued no token"
        audit = self.h.audit.read_text("utf-8") if self.h.audit.exists() else ""
        said = self.err.read_text("utf-8") if self.err.exists() else ""
        assert not any(t in audit or t in said for t in tokens)


def _mcp(rows: list[dict[str, Any]]) -> list[tuple[str, str, bool]]:
    """The MCP requests among ``rows`` (not metadata, registration or token requests):
    method, path and whether a valid token came with it."""
    return [(r["method"], r["path"], r["valid"]) for r in rows if _is_mcp(r)]


def _is_mcp(row: dict[str, Any]) -> bool:
    return row["path"] == "/sse" or str(row["path"]).startswith("/messages")


@pytest.mark.parametrize("mode", ["gateway", "sdk"])
async def test_a_legacy_server_behind_oauth_logs_in_then_falls_back(
    harness: Harness, mode: str
) -> None:
    """(a) and (c): the login, then the legacy transport with the token; the tools listed and
    called; every request to the MCP paths after the login carries the token, all of them to
    the URL's origin; one ``sse_fallback`` record saying the POST's 405 chose the legacy
    transport."""
    s = Setup(harness, mode)
    async with s.client() as c, c as client:
        with anyio.fail_after(ANSWER_S):
            names = {t.name for t in (await client.list_tools()).tools}
            got = text_of(await client.call_tool("echo", {"text": "over the fallback"}))
    assert names == {"echo"}
    assert got == "echo: over the fallback"
    assert len(s.grants("authorize")) == 1
    assert s.grants("authorize")[0]["resource"] == s.url  # RFC 8707, the URL given
    seen = s.seen()
    assert {r["host"] for r in seen} == {s.host}
    # the token goes to the resource's MCP paths only (not even to the authorization
    # server's endpoints, on this same origin), and always a valid one
    assert all(_is_mcp(r) and r["valid"] for r in seen if r["bearer"]), seen
    mcp = _mcp(seen)
    first = [("POST", "/sse", False), ("POST", "/sse", True)] if mode == "gateway" else []
    assert mcp[: len(first)] == first, mcp
    # from the first GET the legacy stream (its lean try without a token, answered 401,
    # then the OAuth flow's client with one): every message POSTed with the token
    gets = [i for i, m in enumerate(mcp) if m[0] == "GET"]
    assert gets and mcp[gets[-1]] == ("GET", "/sse", True), mcp
    posts = [m for m in mcp[gets[-1] :] if m[0] == "POST"]
    assert len(posts) >= 4 and all(p[1].startswith("/messages/") and p[2] for p in posts), mcp
    assert [(r["tool"], r["verdict"]) for r in harness.records("verdict")] == [("echo", "allow")]
    records = _fallbacks(harness)
    assert len(records) == 1, records
    reason = str(records[0]["reason"])
    assert "HTTP 405" in reason and "legacy HTTP+SSE" in reason and "failed" not in reason
    s.assert_no_token_leaked()


async def test_the_fallback_after_a_login_sends_no_token_to_another_origin(
    harness: Harness,
) -> None:
    """(b): after the login the legacy stream's ``endpoint`` event names another origin:
    refused as without a login, the client told why, nothing (the token least of all) sent
    there, and the one ``sse_fallback`` record says the fallback failed."""
    other, other_seen = _raw(harness, "status", STATUS="202")
    where = f"http://127.0.0.1:{other}/messages/?session_id=1"
    s = Setup(harness, "hostile", WHERE=where)
    async with s.client() as c:
        message = await first_mcp_error(c)
    assert "message endpoint on its own origin" in message
    assert _seen(other_seen) == []
    mcp = _mcp(s.seen())
    assert ("GET", "/sse", True) in mcp, mcp  # the stream was opened with the token
    assert not [m for m in mcp if m[1].startswith("/messages")], mcp
    records = _fallbacks(harness)
    assert len(records) == 1 and "failed" in str(records[0]["reason"]), records
    s.assert_no_token_leaked()
