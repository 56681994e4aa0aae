"""A remote server's credential header given to ``cordon run`` through its environment
(``--header-env NAME``, the value in ``CORDON_HEADER_<NAME>``), as ``cordon init`` writes every
header: through the real ``cordon init`` and ``cordon run --url`` processes in front of the
mailbox server that requires a bearer token. The token reaches the server, and never cordon's
command line (``/proc/<pid>/cmdline``, what ``ps`` shows every local user), after the client
expanded its own variables in the entry (each client's syntax, done here as the client does)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, cordon_exe, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TOKEN = "tok-mailbox-env-header-5d1c9a"


def _cordon_cmdlines(marker: str) -> dict[int, tuple[bytes, bytes]]:
    """``(cmdline, environ)`` of each running ``cordon run`` whose arguments hold ``marker``."""
    out: dict[int, tuple[bytes, bytes]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if marker.encode() in cmdline and b"\0run\0" in cmdline:
                out[int(proc.name)] = (cmdline, (proc / "environ").read_bytes())
        except OSError:
            continue
    return out


def _client_expands(style: str, value: str, client_env: dict[str, str]) -> str:
    """What each client makes of a string in an entry's ``env`` before starting it."""
    if style == "claude-code":  # ${VAR} and ${VAR:-default}
        return re.sub(
            r"\$\{(\w+)(?::-([^}]*))?\}",
            lambda m: client_env.get(m.group(1), m.group(2) or m.group(0)),
            value,
        )
    if style == "cursor":
        return re.sub(r"\$\{env:(\w+)\}", lambda m: client_env[m.group(1)], value)
    if style == "vscode":  # the value the user typed at VS Code's prompt
        return value.replace("${input:tok}", TOKEN)
    return value  # Claude Desktop expands nothing


STYLES = {
    "claude-code": ({"Authorization": "Bearer ${MAILBOX_TOKEN}"}, None),
    "cursor": ({"Authorization": "Bearer ${env:MAILBOX_TOKEN}"}, None),
    "vscode": ({"Authorization": "Bearer ${input:tok}"}, None),
    # mcp-remote under Claude Desktop: its own env carries the header, read by ${AUTH_HEADER}
    "claude-desktop": ("Authorization:${AUTH_HEADER}", {"AUTH_HEADER": f"Bearer {TOKEN}"}),
    "literal": ({"Authorization": f"Bearer {TOKEN}"}, None),
}


def _entry(style: str, url: str) -> dict[str, Any]:
    headers, env = STYLES[style]
    if isinstance(headers, str):
        return {
            "command": "npx",
            "args": ["-y", "mcp-remote", url, "--header", headers],
            "env": env,
        }
    return {"type": "http", "url": url, "headers": headers}


@pytest.mark.parametrize("style", sorted(STYLES))
async def test_an_init_wrapped_header_reaches_the_server_and_never_the_command_line(
    harness: Harness, style: str
) -> None:
    from typer.testing import CliRunner

    from cordon.cli import app

    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)}, token=TOKEN)
    config = harness.tmp / ".mcp.json"
    config.write_text(json.dumps({"mcpServers": {"mail": _entry(style, url)}}, indent=2))
    pins = harness.tmp / "pins"
    done = CliRunner().invoke(
        app,
        ["init", "--config", str(config), "--pin-dir", str(pins), "-y", "--no-hook"],
        env={"HOME": str(harness.home)},
    )
    assert done.exit_code == 0, done.output
    wrapped = json.loads(config.read_text("utf-8"))["mcpServers"]["mail"]
    client_env = {**os.environ, "HOME": str(harness.home), "MAILBOX_TOKEN": TOKEN}
    entry_env = {k: _client_expands(style, v, client_env) for k, v in wrapped["env"].items()}
    args = [_client_expands(style, a, client_env) for a in wrapped["args"]]
    exe = cordon_exe()
    params = StdioServerParameters(
        command=exe[0], args=[*exe[1:], *args], env={**client_env, **entry_env}
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("echo", {"text": "through env"})
        assert not r.is_error and "through env" in text_of(r), text_of(r)
        running = _cordon_cmdlines(str(pins))
        assert running, "no cordon run process found"
        for cmdline, environ in running.values():
            assert TOKEN.encode() not in cmdline
            assert b"--header-env\0Authorization" in cmdline
            assert TOKEN.encode() in environ  # delivered, by the environment
    posts = [json.loads(x) for x in (box / "http.log").read_text("utf-8").splitlines()]
    assert posts and all(p["headers"].get("authorization") == f"Bearer {TOKEN}" for p in posts)
    assert TOKEN not in (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8")


async def test_a_header_env_that_is_not_set_is_a_jsonrpc_error(harness: Harness) -> None:
    from tests.conftest import first_mcp_error

    url = "http://127.0.0.1:9/mcp"
    params = harness.cordon([], extra=["--url", url, "--header-env", "X-Api-Key"])
    said = await first_mcp_error(Client(params, mode="legacy"))
    assert "--header-env X-Api-Key: environment variable CORDON_HEADER_X_API_KEY is not set" in (
        said
    )
