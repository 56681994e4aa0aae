"""``cordon init`` on a Codex ``config.toml``: the real ``cordon init`` rewrites the file, and
the wrapped servers are started as Codex starts a stdio server (codex-rs
``rmcp-client/src/utils.rs``: only a default set of variables such as ``HOME`` and ``PATH``,
the ones named in ``env_vars``, then ``env``), through the real ``cordon run`` in front of the
mailbox server over Streamable HTTP (it requires a bearer token) and over stdio.

Each of Codex's three header forms reaches the server: ``bearer_token_env_var``,
``env_http_headers`` and a literal ``http_headers`` value; the token is on no command line and
in no audit record, and the file never holds it."""

from __future__ import annotations

import json
import os
import tomllib
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, cordon_exe, mailbox_server, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TOKEN = "tok-codex-bearer-8e41f0"
TEAM = "team-codex-7b2"
#: the variables Codex gives every stdio MCP server (DEFAULT_ENV_VARS, unix)
CODEX_DEFAULT_ENV = (
    "HOME",
    "LOGNAME",
    "PATH",
    "SHELL",
    "USER",
    "__CF_USER_TEXT_ENCODING",
    "LANG",
    "LC_ALL",
    "TERM",
    "TMPDIR",
    "TZ",
)


def _as_codex_starts(entry: dict[str, Any], codex_env: dict[str, str]) -> StdioServerParameters:
    """The process Codex starts for a stdio table (the cordon it names: this test's)."""
    env = {k: codex_env[k] for k in CODEX_DEFAULT_ENV if k in codex_env}
    env.update({v: codex_env[v] for v in entry.get("env_vars", []) if v in codex_env})
    env.update(entry.get("env", {}))
    exe = cordon_exe()
    return StdioServerParameters(command=exe[0], args=[*exe[1:], *entry["args"]], env=env)


async def test_a_wrapped_codex_remote_server_gets_every_header_and_no_token_leaks(
    harness: Harness,
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)}, token=TOKEN)
    config = harness.tmp / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text(
        "# Codex settings\n"
        'model = "gpt-5"\n\n'
        "[mcp_servers.mail]\n"
        f'url = "{url}"\n'
        'bearer_token_env_var = "MAILBOX_TOKEN"\n'
        'env_http_headers = { "X-Team" = "TEAM_VAR" }\n'
        'http_headers = { "X-Literal" = "literal-value" }\n'
        "tool_timeout_sec = 30\n",
        "utf-8",
    )
    before = config.read_bytes()
    said = run_init(harness, config)
    assert "mail: wrapped" in said
    text = config.read_text("utf-8")
    assert text.startswith("# Codex settings\n")  # the rest of the file as it was
    wrapped = tomllib.loads(text)["mcp_servers"]["mail"]
    # Codex refuses a stdio table that carries any HTTP key
    assert not {"url", "bearer_token_env_var", "http_headers", "env_http_headers"} & set(wrapped)
    assert wrapped["tool_timeout_sec"] == 30
    assert sorted(wrapped["env_vars"]) == ["MAILBOX_TOKEN", "TEAM_VAR"]
    codex_env = {**os.environ, "HOME": str(harness.home), "MAILBOX_TOKEN": TOKEN}
    codex_env["TEAM_VAR"] = TEAM
    codex_env["UNRELATED_SECRET"] = "never-passed"
    async with Client(_as_codex_starts(wrapped, codex_env), mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("echo", {"text": "through codex config"})
        assert not r.is_error and "through codex config" in text_of(r), text_of(r)
    posts = [json.loads(x) for x in (box / "http.log").read_text("utf-8").splitlines()]
    assert posts
    for p in posts:
        assert p["headers"].get("authorization") == f"Bearer {TOKEN}"
        assert p["headers"].get("x-team") == TEAM
        assert p["headers"].get("x-literal") == "literal-value"
    assert TOKEN not in text
    assert TOKEN not in " ".join(wrapped["args"])
    assert TOKEN not in (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8")
    # --undo gives back the file byte for byte
    run_init(harness, config, "--undo")
    assert config.read_bytes() == before


async def test_a_wrapped_codex_stdio_server_runs_behind_cordon(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    command, *args = mailbox_server()
    config = harness.tmp / "config.toml"
    config.write_text(
        "[mcp_servers.mail]\n"
        f"command = {json.dumps(command)}\n"
        f"args = {json.dumps(args)}  # the test mailbox\n"
        f'env = {{ "MAILBOX_DIR" = {json.dumps(str(box))} }}\n',
        "utf-8",
    )
    run_init(harness, config)
    text = config.read_text("utf-8")
    assert "# the test mailbox" in text
    wrapped = tomllib.loads(text)["mcp_servers"]["mail"]
    assert wrapped["args"][-len(args) - 2 :] == ["--", command, *args]
    assert wrapped["x-cordon-upstream"]["command"] == command
    codex_env = {**os.environ, "HOME": str(harness.home)}
    async with Client(_as_codex_starts(wrapped, codex_env), mode="legacy") as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        assert "echo" in tools
        r = await client.call_tool("echo", {"text": "stdio via codex"})
        assert "stdio via codex" in text_of(r)
    audit = (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8")
    assert '"server": "mail"' in audit or '"server":"mail"' in audit
