"""``cordon run --sse --url URL`` in front of a legacy HTTP+SSE server that requires OAuth 2.1
(the SDK's ``MCPServer.sse_app`` with the local authorization server of
``tests/servers/oauth_as.py``), driven by the SDK client over stdio: the login, then calls,
and no token the authorization server issued in the audit log or cordon's stderr. Clients
such as Claude Code log in to such servers themselves; behind ``cordon init`` cordon does."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import ROOT, Harness, text_of
from tests.e2e.test_remote_recovery import _port, _serve

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = """
import os, sys
from pathlib import Path
sys.path.insert(0, os.environ["SERVERS_DIR"])
import uvicorn
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions
from mcp.server.mcpserver import MCPServer
from oauth_as import LocalAuthServer

port = int(os.environ["PORT"])
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

uvicorn.run(srv.sse_app(host="127.0.0.1"), host="127.0.0.1", port=port, log_level="warning")
"""


def _tokens(box: Path) -> set[str]:
    out: set[str] = set()
    for line in (box / "oauth.log").read_text("utf-8").splitlines():
        rec = json.loads(line)
        out |= {str(v) for k, v in rec.items() if "token" in k and isinstance(v, str)}
    return out


async def test_an_oauth_server_over_legacy_sse_gets_a_login_and_calls(harness: Harness) -> None:
    port = _port()
    box = harness.tmp / "box"
    box.mkdir()
    script = harness.tmp / "sse_oauth.py"
    script.write_text(SERVER, "utf-8")
    env = {"PORT": str(port), "BOX": str(box), "SERVERS_DIR": str(ROOT / "tests" / "servers")}
    _serve(harness, script, env, port)
    harness.env["CORDON_OAUTH_TEST_AUTOLOGIN"] = "1"
    params = harness.cordon([], extra=["--sse", "--url", f"http://127.0.0.1:{port}/sse"])
    err = harness.tmp / "cordon.err"
    for text in ("first", "second"):  # the second run: the stored login, no new grant
        with err.open("a", encoding="utf-8") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                with anyio.fail_after(60):
                    await client.list_tools()
                    got = text_of(await client.call_tool("echo", {"text": text}))
        assert got == f"echo: {text}"
    grants = [json.loads(x)["event"] for x in (box / "oauth.log").read_text("utf-8").splitlines()]
    assert grants.count("authorize") == 1
    tokens = _tokens(box)
    assert tokens
    audit = harness.audit.read_text("utf-8")
    said = err.read_text("utf-8")
    assert not any(t in audit or t in said for t in tokens)
