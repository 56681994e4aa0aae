"""``cordon init`` on Gemini CLI's ``settings.json`` and Windsurf's ``mcp_config.json``, whose
remote entries name their endpoint otherwise than ``url``: Gemini CLI's ``httpUrl`` is
Streamable HTTP and its ``url`` the legacy SSE transport; Windsurf's ``serverUrl`` is either.
The real ``cordon init`` rewrites the file; the wrapped entry, started as the client starts a
stdio server (its environment and the entry's ``env``), reaches the token-checking mailbox
server through the real ``cordon run --url``; an SSE entry becomes ``cordon run --sse --url``
(Gemini CLI's without a ``type``, which it knows only as ``sse`` or ``http``); ``--undo`` gives
the file back byte for byte. tests/e2e/test_init_sse.py runs such an entry against a real
legacy SSE server."""

from __future__ import annotations

import json
import os

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, cordon_exe, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TOKEN = "tok-gemini-windsurf-41c7"

CLIENTS = {
    # (config path under HOME, the remote key, its SSE entry, the label)
    "gemini": (".gemini/settings.json", "httpUrl", {"url": "https://x.example/events"}),
    "windsurf": (
        ".codeium/windsurf/mcp_config.json",
        "serverUrl",
        {"serverUrl": "https://x.example/sse"},
    ),
}


@pytest.mark.parametrize("client", sorted(CLIENTS))
async def test_a_remote_entry_of_gemini_or_windsurf_runs_behind_cordon(
    harness: Harness, client: str
) -> None:
    where, key, sse = CLIENTS[client]
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)}, token=TOKEN)
    config = harness.home / where
    config.parent.mkdir(parents=True)
    entry = {key: url, "headers": {"Authorization": f"Bearer {TOKEN}"}, "timeout": 5000}
    config.write_text(json.dumps({"mcpServers": {"mail": entry, "old": sse}}, indent=2), "utf-8")
    before = config.read_bytes()
    said = run_init(harness, config)
    assert "mail: wrapped" in said and "--url " + url in said
    servers = json.loads(config.read_text("utf-8"))["mcpServers"]
    wrapped = servers["mail"]
    assert key not in wrapped and "url" not in wrapped and wrapped["timeout"] == 5000
    old = servers["old"]  # the legacy SSE transport: cordon run --sse
    assert old["args"][-3:] == ["--sse", "--url", next(iter(sse.values()))]
    assert "type" not in old and old["x-cordon-upstream"] == sse
    assert wrapped["x-cordon-upstream"] == entry
    assert TOKEN not in " ".join(wrapped["args"])
    exe = cordon_exe()
    params = StdioServerParameters(
        command=exe[0],
        args=[*exe[1:], *wrapped["args"]],
        env={**os.environ, "HOME": str(harness.home), **wrapped["env"]},
    )
    async with Client(params, mode="legacy") as session:
        await session.list_tools()
        r = await session.call_tool("echo", {"text": f"through {client}"})
        assert not r.is_error and f"through {client}" in text_of(r), text_of(r)
    posts = [json.loads(x) for x in (box / "http.log").read_text("utf-8").splitlines()]
    assert posts and all(p["headers"].get("authorization") == f"Bearer {TOKEN}" for p in posts)
    assert TOKEN not in (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8")
    run_init(harness, config, "--undo")
    assert config.read_bytes() == before


def test_an_edit_since_init_is_kept_by_undo_and_the_endpoint_key_restored(
    harness: Harness,
) -> None:
    config = harness.home / ".gemini" / "settings.json"
    config.parent.mkdir(parents=True)
    entry = {"httpUrl": "https://mcp.example.com/mcp", "timeout": 5000}
    config.write_text(json.dumps({"mcpServers": {"r": entry}}), "utf-8")
    run_init(harness, config)
    data = json.loads(config.read_text("utf-8"))
    data["mcpServers"]["r"]["timeout"] = 9000
    config.write_text(json.dumps(data), "utf-8")
    said = run_init(harness, config, "--undo")
    assert "kept your edits since init: timeout" in said
    assert json.loads(config.read_text("utf-8"))["mcpServers"]["r"] == {
        "httpUrl": "https://mcp.example.com/mcp",
        "timeout": 9000,
    }
