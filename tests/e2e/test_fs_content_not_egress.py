"""A file's text is not a destination, through the setup the README's quick start gives: the
real ``cordon init`` wraps the npm filesystem server with ``packs: [filesystem]`` and the
fetch server with ``packs: [fetch]``; each wrapped entry is started as the client starts it
and driven by the SDK client. Writing an nginx or compose file that mentions ``127.0.0.1:8080``
or ``http://192.168.1.10/admin`` lands on disk (it was denied as ``egress.private_address``);
a fetch of a loopback address is still denied and never reaches the listening server."""

from __future__ import annotations

import http.server
import json
import os
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, text_of
from tests.e2e._init_cli import run_init
from tests.e2e._pack_servers import VENV_BIN

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

NGINX = "server {\n    listen 127.0.0.1:8080;\n    location /admin { proxy_pass http://192.168.1.10/admin; }\n}\n"
COMPOSE = "services:\n  web:\n    ports: ['127.0.0.1:8080:80']\n    healthcheck: {test: curl -f http://10.0.0.5/health}\n"


class _Seen(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.server.seen.append(self.path)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *_: Any) -> None:
        pass


@pytest.fixture
def local_site() -> Iterator[Any]:
    """A server on 127.0.0.1; ``local_site.seen`` lists the paths requested of it."""
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Seen)
    srv.daemon_threads = True
    srv.seen = []  # type: ignore[attr-defined]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _wrapped(harness: Harness, proj: Path) -> dict[str, Any]:
    """``cordon init`` once per server, as the README's quick start runs it."""
    config = proj / ".mcp.json"
    fetch = {"command": str(VENV_BIN / "mcp-server-fetch"), "args": ["--ignore-robots-txt"]}
    files = fs_server(proj)
    entries = {"files": {"command": files[0], "args": files[1:]}, "fetch": fetch}
    config.write_text(json.dumps({"mcpServers": entries}), "utf-8")
    policies = {
        "files": f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{proj}]\n",
        "fetch": "version: 1\npacks: [fetch]\n",
    }
    for name, text in policies.items():
        pol = proj / f"{name}.yaml"
        pol.write_text(text, "utf-8")
        run_init(harness, config, "--server", name, "--policy", str(pol))
    servers: dict[str, Any] = json.loads(config.read_text("utf-8"))["mcpServers"]
    return servers


def _params(harness: Harness, entry: dict[str, Any]) -> StdioServerParameters:
    env = {**os.environ, "HOME": str(harness.home), **entry.get("env", {})}
    return StdioServerParameters(command=entry["command"], args=entry["args"], env=env)


async def test_files_that_mention_private_addresses_are_written(harness: Harness) -> None:
    proj = harness.tmp / "proj"
    proj.mkdir()
    entry = _wrapped(harness, proj)["files"]
    assert entry["args"][0] == "run" and "x-cordon-upstream" in entry
    async with Client(_params(harness, entry), mode="legacy") as client:
        await client.list_tools()
        for name, text in (("nginx.conf", NGINX), ("compose.yaml", COMPOSE)):
            r = await client.call_tool("write_file", {"path": str(proj / name), "content": text})
            assert not r.is_error, text_of(r)
        (proj / "notes.md").write_text("the API listens on port 80\n", "utf-8")
        edit = {"oldText": "port 80", "newText": "127.0.0.1:8080 (http://192.168.1.10/admin)"}
        r = await client.call_tool("edit_file", {"path": str(proj / "notes.md"), "edits": [edit]})
        assert not r.is_error, text_of(r)
        outside = await client.call_tool(
            "write_file", {"path": str(harness.tmp / "x.conf"), "content": "listen 80;"}
        )
        assert outside.is_error and "arg.path_outside" in text_of(outside), text_of(outside)
    assert (proj / "nginx.conf").read_text("utf-8") == NGINX
    assert (proj / "compose.yaml").read_text("utf-8") == COMPOSE
    assert "127.0.0.1:8080 (http://192.168.1.10/admin)" in (proj / "notes.md").read_text("utf-8")
    assert not (harness.tmp / "x.conf").exists()


async def test_a_fetch_of_a_private_address_is_still_denied(
    harness: Harness, local_site: Any
) -> None:
    proj = harness.tmp / "proj"
    proj.mkdir()
    entry = _wrapped(harness, proj)["fetch"]
    url = f"http://127.0.0.1:{local_site.server_address[1]}/admin"
    async with Client(_params(harness, entry), mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("fetch", {"url": url})
        assert r.is_error and "egress.private_address" in text_of(r), text_of(r)
    assert local_site.seen == []
