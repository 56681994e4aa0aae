"""A server URL that carries a key (``?api_key=``, a capability URL's path key) stays off
cordon's command line: ``cordon init`` writes ``cordon run --url-env CORDON_URL`` with the URL
in the entry's ``env`` (every local user can read a process's arguments with ``ps``; the
environment only its owner). Through the real ``cordon init`` and ``cordon run`` in front of
the token-checking mailbox server over Streamable HTTP."""

from __future__ import annotations

import json
import os
import tomllib

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, cordon_exe, first_mcp_error, text_of
from tests.e2e._init_cli import run_init
from tests.e2e.test_remote_header_env import _cordon_cmdlines

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

KEY = "k3yInTheUrl9f2c71d04be8a6"
TOKEN = "tok-url-env-5c02"


@pytest.mark.parametrize("client", ["claude-code", "codex"])
async def test_a_url_with_a_key_is_read_from_the_environment_never_the_command_line(
    harness: Harness, client: str
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)}, token=TOKEN) + f"?api_key={KEY}"
    if client == "codex":
        config = harness.tmp / "config.toml"
        config.write_text(
            f'[mcp_servers.mail]\nurl = "{url}"\nhttp_headers = {{ "Authorization" = '
            f'"Bearer {TOKEN}" }}\n',
            "utf-8",
        )
    else:
        config = harness.tmp / ".mcp.json"
        entry = {"type": "http", "url": url, "headers": {"Authorization": f"Bearer {TOKEN}"}}
        config.write_text(json.dumps({"mcpServers": {"mail": entry}}), "utf-8")
    before = config.read_bytes()
    said = run_init(harness, config)
    (line,) = [x for x in said.splitlines() if "mail: wrapped" in x]
    assert KEY not in line and "api_key=***" in line  # the plan's line names it masked
    text = config.read_text("utf-8")
    servers = tomllib.loads(text) if client == "codex" else json.loads(text)
    wrapped = (servers["mcp_servers"] if client == "codex" else servers["mcpServers"])["mail"]
    args = wrapped["args"]
    assert "--url" not in args and args[args.index("--url-env") + 1] == "CORDON_URL"
    assert wrapped["env"]["CORDON_URL"] == url
    exe = cordon_exe()
    env = {**os.environ, "HOME": str(harness.home), **wrapped["env"]}
    params = StdioServerParameters(command=exe[0], args=[*exe[1:], *args], env=env)
    async with Client(params, mode="legacy") as session:
        await session.list_tools()
        r = await session.call_tool("echo", {"text": "by url-env"})
        assert "by url-env" in text_of(r), text_of(r)
        running = _cordon_cmdlines(str(harness.tmp / "pins"))
        assert running
        for cmdline, _ in running.values():
            assert KEY.encode() not in cmdline and TOKEN.encode() not in cmdline
        # the key is the server's own secret: refused in a call (secret.egress)
        r = await session.call_tool("echo", {"text": f"leak {KEY}"})
        assert r.is_error and "secret.egress" in text_of(r)
    assert KEY not in (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8")
    run_init(harness, config, "--undo")
    assert config.read_bytes() == before


async def test_url_env_unset_or_beside_url_is_an_error_that_shows_no_value(
    harness: Harness,
) -> None:
    params = harness.cordon([], extra=["--url-env", "NO_SUCH_CORDON_URL"])
    said = await first_mcp_error(Client(params, mode="legacy"))
    assert "--url-env NO_SUCH_CORDON_URL: environment variable NO_SUCH_CORDON_URL is not set" in (
        said
    )
    env = {"CORDON_URL": f"http://127.0.0.1:9/mcp?api_key={KEY}"}
    params = harness.cordon([], extra=["--url-env", "CORDON_URL", "--url", "http://127.0.0.1:9/x"])
    params = StdioServerParameters(
        command=params.command, args=params.args, env={**(params.env or {}), **env}
    )
    said = await first_mcp_error(Client(params, mode="legacy"))
    assert "either --url or --url-env" in said and KEY not in said
